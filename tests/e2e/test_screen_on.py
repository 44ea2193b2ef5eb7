"""The screen stays on while a game goes on (a phone put down while the bots move, or passed
round the table, would otherwise dim and lock mid-round), and is let go once it is over.

The browser's screen wake lock is replaced by a stand-in that records what the page asks
for and can let the lock go as the system does when the page is hidden."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from .playing import GAME_OVER, open_page, play_first_move, wait_for_human_or

pytestmark = pytest.mark.e2e

#: navigator.wakeLock as a stand-in: `held` locks now, `log` of requests and releases,
#: `hide()` / `show()` the page as the system does (a hidden page loses its lock).
WAKE_LOCK = """(() => {
  const log = [];
  const held = new Set();
  let visibility = "visible";
  Object.defineProperty(document, "visibilityState", { configurable: true, get: () => visibility });
  const hidden = () => visibility === "hidden";
  Object.defineProperty(document, "hidden", { configurable: true, get: hidden });
  class Sentinel extends EventTarget {
    async release() {
      if (!held.delete(this)) return;
      log.push("release");
      this.dispatchEvent(new Event("release"));
    }
  }
  Object.defineProperty(navigator, "wakeLock", {
    configurable: true,
    value: {
      async request(type) {
        log.push(`request ${type}`);
        const lock = new Sentinel();
        held.add(lock);
        return lock;
      },
    },
  });
  const turn = (state) => {
    visibility = state;
    document.dispatchEvent(new Event("visibilitychange"));
  };
  window.__wake = {
    log,
    held: () => held.size,
    hide() {
      for (const lock of [...held]) lock.release();
      turn("hidden");
    },
    show: () => turn("visible"),
  };
})();"""

#: Whether the page holds `n` locks now (a function: the page's policy allows no eval).
HOLDS = "(n) => window.__wake.held() === n"


def held(page: Page) -> int:
    count: int = page.evaluate("() => window.__wake.held()")
    return count


def test_the_screen_stays_on_through_a_game_and_after_the_page_is_shown_again(
    viewport_page: Callable[..., Page],
) -> None:
    page = viewport_page("390x844", init=WAKE_LOCK)
    open_page(page, "?seed=2&speed=0&seats=human,greedy,greedy,greedy")
    assert wait_for_human_or(page, GAME_OVER) == "turn"
    page.wait_for_function(HOLDS, arg=1, timeout=5_000)
    # Hidden (another app, the screen locked by hand): the system lets the lock go; shown
    # again with the game still on, the page asks for it again, once.
    page.evaluate("window.__wake.hide()")
    assert held(page) == 0
    page.evaluate("window.__wake.show()")
    page.wait_for_function(HOLDS, arg=1, timeout=5_000)
    assert page.evaluate("window.__wake.log") == [
        "request screen",
        "release",
        "request screen",
    ]


def test_the_screen_is_let_go_when_the_game_is_over(viewport_page: Callable[..., Page]) -> None:
    page = viewport_page("390x844", init=WAKE_LOCK)
    open_page(page, "?seats=greedy,random,greedy,random&seed=7&speed=0")
    expect(page.locator(GAME_OVER)).to_be_visible(timeout=90_000)
    page.wait_for_function(HOLDS, arg=0, timeout=5_000)
    log = page.evaluate("window.__wake.log")
    assert log[0] == "request screen" and log[-1] == "release", log
    # Shown again after the game: nothing to keep on. (The page asks in the same task as the
    # visibilitychange event, so a request would be in the log as soon as show() returns.)
    page.evaluate("window.__wake.hide(); window.__wake.show()")
    assert held(page) == 0
    assert page.evaluate("window.__wake.log") == log


def test_a_game_left_alone_lets_the_screen_sleep_until_it_is_touched(
    viewport_page: Callable[..., Page],
) -> None:
    """A phone forgotten on the table with a game open kept its screen on all night: five
    minutes with nothing moved or touched now let it sleep; the next touch keeps it on."""
    page = viewport_page("390x844", init=WAKE_LOCK)
    open_page(page, "?seed=2&speed=0&seats=human,greedy,greedy,greedy")
    assert wait_for_human_or(page, GAME_OVER) == "turn"
    page.wait_for_function(HOLDS, arg=1, timeout=5_000)
    page.clock.install()  # the page's timers from now on run on the test's clock
    play_first_move(page)  # a touch: the game moves on, and South's turn comes back
    assert wait_for_human_or(page, GAME_OVER) == "turn"
    page.clock.fast_forward("04:50")
    assert held(page) == 1, "the screen was let go before five minutes of stillness"
    page.clock.fast_forward("00:20")
    page.wait_for_function(HOLDS, arg=0, timeout=5_000)
    play_first_move(page)
    page.wait_for_function(HOLDS, arg=1, timeout=5_000)
