"""A phone's back gesture and Escape put away the tour, the hint, the menu and a picked tile.

Modal dialogs get both from the browser. The tour, the hint and the phone's menu are not modal:
left to the browser, a back gesture there would go back in history, leaving the game (or,
installed as an app, closing it), so the page closes them itself. Android's back gesture
reaches a page as a *close request*, the same one Escape makes on a desktop. Playwright has no
back button, so these tests send the close request the way the browser does: to the newest
`CloseWatcher`, through `requestClose()`, recorded by an init script. Escape is pressed for
real.

Safari has no `CloseWatcher`: its back swipe goes back in history. There every open overlay
and dialog keeps a history entry, so going back (Playwright's ``go_back``, in a Chromium
whose `CloseWatcher` is taken away) closes the newest and the page stays.
"""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from .conftest import BOOT_TIMEOUT_MS
from .playing import GAME_OVER, call, open_site_file, play_first_move, wait_for_human_or

pytestmark = pytest.mark.e2e

GAME = "/?seed=2&speed=0&seats=human,greedy,greedy,greedy"
HINT = "[data-hint][data-state='shown']"
RULES = "dialog[data-rules]"
#: The first visit's guided hand (guide.js): a light overlay like the tour.
TOUR = "dialog[data-guide]"

#: Keeps every CloseWatcher the page makes, and which are still listening.
WATCHERS = """(() => {
  const Native = window.CloseWatcher;
  if (!Native) return;
  window.__watchers = [];
  window.CloseWatcher = class extends Native {
    constructor(...args) {
      super(...args);
      window.__watchers.push(this);
      this.addEventListener("close", () => { this.__done = true; });
    }
    destroy() { this.__done = true; super.destroy(); }
  };
})();"""

#: What a back gesture does: a close request to the newest watcher still listening.
BACK = """() => {
  const watcher = (window.__watchers || []).filter((w) => !w.__done).at(-1);
  if (watcher) watcher.requestClose();
  return Boolean(watcher);
}"""


def back(page: Page) -> None:
    assert page.evaluate(BACK), "a back gesture here would leave the page: nothing listens"


#: A browser without CloseWatcher (Firefox, Safari): Escape alone, from a key listener.
NO_WATCHER = "delete window.CloseWatcher;"


def first_visit(viewport_page: Callable[..., Page], init: str = WATCHERS) -> Page:
    page = viewport_page("390x844", init=init)
    page.goto("/?speed=0")  # a first visit: the guided hand starts by itself
    page.wait_for_selector("body[data-game='ready']", state="attached", timeout=BOOT_TIMEOUT_MS)
    expect(page.locator(TOUR)).to_be_visible()
    return page


def test_the_back_gesture_puts_the_tour_away_and_stays_in_the_game(
    viewport_page: Callable[..., Page],
) -> None:
    page = first_visit(viewport_page)
    address = page.url
    back(page)
    expect(page.locator(TOUR)).to_have_count(0)
    assert page.url == address
    expect(page.locator("[data-hand='0'] [data-tile]")).to_have_count(7)


def test_the_back_gesture_closes_the_newest_overlay_first(
    viewport_page: Callable[..., Page],
) -> None:
    """The menu opened over the tour: one back closes the menu, the next the tour."""
    page = first_visit(viewport_page)
    menu = page.locator("#menu-button")
    menu.tap()
    expect(menu).to_have_attribute("aria-expanded", "true")
    back(page)
    expect(menu).to_have_attribute("aria-expanded", "false")
    expect(menu).to_be_focused()
    expect(page.locator(TOUR)).to_be_visible()
    back(page)
    expect(page.locator(TOUR)).to_have_count(0)


@pytest.mark.parametrize("browser_kind", ["close-watcher", "escape-only"])
def test_escape_closes_the_menu_and_leaves_the_tour(
    viewport_page: Callable[..., Page], browser_kind: str
) -> None:
    page = first_visit(viewport_page, WATCHERS if browser_kind == "close-watcher" else NO_WATCHER)
    menu = page.locator("#menu-button")
    menu.tap()
    expect(menu).to_have_attribute("aria-expanded", "true")
    page.keyboard.press("Escape")
    expect(menu).to_have_attribute("aria-expanded", "false")
    expect(page.locator(TOUR)).to_be_visible()
    page.keyboard.press("Escape")
    expect(page.locator(TOUR)).to_have_count(0)


def show_a_hint(page: Page, *, phone: bool) -> None:
    """Open a game at South's turn and ask for a hint (a tap on a phone, a click elsewhere)."""
    page.goto(GAME)
    page.wait_for_selector("body[data-game='ready']", state="attached", timeout=BOOT_TIMEOUT_MS)
    assert wait_for_human_or(page, GAME_OVER) == "turn"
    button = page.locator("[data-action='hint']")
    if phone:
        button.tap()
    else:
        button.click()
    expect(page.locator(HINT)).to_be_visible(timeout=30_000)


def test_the_back_gesture_puts_the_hint_away(viewport_page: Callable[..., Page]) -> None:
    page = viewport_page("390x844", init=WATCHERS)
    show_a_hint(page, phone=True)
    expect(page.locator("#table [data-target][data-hinted]")).to_have_count(1)
    back(page)
    expect(page.locator("[data-hint]")).to_have_count(0)
    expect(page.locator("[data-hinted]")).to_have_count(0)
    # Still South's turn, nothing played: the hint went, the game stayed.
    expect(page.locator("[data-hand='0'] [data-tile]")).to_have_count(7)


@pytest.mark.parametrize("browser_kind", ["close-watcher", "escape-only"])
def test_escape_puts_the_hint_away_on_a_desktop(
    viewport_page: Callable[..., Page], browser_kind: str
) -> None:
    page = viewport_page(
        "1280x800", phone=False, init=NO_WATCHER if browser_kind == "escape-only" else None
    )
    show_a_hint(page, phone=False)
    # Away from the board, where Escape first cancels a picked tile.
    page.locator("[data-action='hint']").focus()
    page.keyboard.press("Escape")
    expect(page.locator("[data-hint]")).to_have_count(0)


def test_the_back_gesture_puts_a_picked_tile_down(viewport_page: Callable[..., Page]) -> None:
    """A tile that fits two places, tapped: its places light up. Back puts it down again
    (the page stays on the game); nothing is played."""
    page = viewport_page("390x844", init=WATCHERS)
    page.goto(GAME)
    page.wait_for_selector("body[data-game='ready']", state="attached", timeout=BOOT_TIMEOUT_MS)
    tile = None
    while tile is None:
        assert wait_for_human_or(page, GAME_OVER) == "turn", "no tile with two places all game"
        legal: dict[str, list[str]] = call(page, "state")["legal"]
        tile = next((name for name, places in legal.items() if len(places) > 1), None)
        if tile is None:
            play_first_move(page)
    in_hand = page.locator("[data-hand='0'] [data-tile]").count()
    page.locator(f"[data-hand='0'] [data-tile='{tile}']").tap()
    expect(page.locator("#table [data-target]")).to_have_count(len(legal[tile]))
    back(page)
    expect(page.locator("#table [data-target]")).to_have_count(0)
    expect(page.locator("[data-hand='0'] [data-tile]")).to_have_count(in_hand)
    expect(page.locator(f"[data-hand='0'] [data-tile='{tile}']")).to_have_count(1)


def after_another_page(page: Page, address: str) -> Page:
    """Open ``address`` after another of the site's pages, as a link from it would: going
    back past the game leaves it for that page."""
    open_site_file(page)
    page.goto(address)
    page.wait_for_selector("body[data-game='ready']", state="attached", timeout=BOOT_TIMEOUT_MS)
    return page


def test_without_close_watcher_going_back_closes_a_dialog_and_stays(
    viewport_page: Callable[..., Page],
) -> None:
    page = after_another_page(viewport_page("390x844", init=NO_WATCHER), GAME)
    assert wait_for_human_or(page, GAME_OVER) == "turn"
    address = page.url
    rules = page.locator(RULES)
    # Closed by Escape: its history entry goes with it.
    page.keyboard.press("?")
    expect(rules).to_be_visible()
    page.keyboard.press("Escape")
    expect(rules).to_have_count(0)
    # Closed by going back: the game stays, as it was.
    page.keyboard.press("?")
    expect(rules).to_be_visible()
    page.go_back()
    expect(rules).to_have_count(0)
    assert page.url == address
    expect(page.locator("[data-hand='0'] [data-tile]")).to_have_count(7)
    # Nothing is open and no entry is left over: the next back leaves the game.
    page.go_back()
    expect(page).to_have_url(re.compile(r"/favicon\.svg$"))


def test_without_close_watcher_going_back_closes_the_newest_overlay_first(
    viewport_page: Callable[..., Page],
) -> None:
    """The menu opened over the first visit's tour: one back closes the menu, the next the
    tour, and the game stays."""
    page = after_another_page(viewport_page("390x844", init=NO_WATCHER), "/?speed=0")
    expect(page.locator(TOUR)).to_be_visible()
    address = page.url
    menu = page.locator("#menu-button")
    menu.tap()
    expect(menu).to_have_attribute("aria-expanded", "true")
    page.go_back()
    expect(menu).to_have_attribute("aria-expanded", "false")
    expect(page.locator(TOUR)).to_be_visible()
    page.go_back()
    expect(page.locator(TOUR)).to_have_count(0)
    assert page.url == address
    expect(page.locator("[data-hand='0'] [data-tile]")).to_have_count(7)
