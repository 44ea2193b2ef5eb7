"""Helpers for driving the game page like a player: open it, play a move, read the score."""

from __future__ import annotations

import contextlib
import time
from typing import Any

from playwright.sync_api import BrowserContext, Locator, Page, Route, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from seven_rocks.engine.record import from_record

from .conftest import BOOT_TIMEOUT_MS, ENGINE_SETTLED

HAND = "[data-hand='0'] [data-tile]"
PLAYABLE = "[data-hand='0'] .hand-tile--playable"
HUMAN_TURN = "#board[data-human-turn]"
SUMMARY = "dialog[data-round-summary]"
GAME_OVER = "dialog[data-game-over]"
#: The game loop is parked while a panel holds the bots (controller.js): no move under way.
HELD = "#app[data-held]"
#: A person at South against three greedy bots on deal 2, the bots without pauses.
GREEDY_GAME = "?seed=2&speed=0&seats=human,greedy,greedy,greedy"
#: An init script choosing the page's language before it loads (``.replace("{lang}", ...)``).
LANGUAGE = "try { localStorage.setItem('seven-rocks:lang', '{lang}'); } catch {}"


def open_page(page: Page, query: str = "") -> None:
    """Open the game with ``query`` and wait until the first table is drawn."""
    page.goto("/" + query)
    page.wait_for_selector(ENGINE_SETTLED, state="attached", timeout=BOOT_TIMEOUT_MS)
    state = page.evaluate("document.body.dataset.engine")
    assert state == "ready", f"engine {state}: {page.inner_text('#status')}"
    page.wait_for_selector("body[data-game='ready']", state="attached", timeout=30_000)


def open_site_file(page: Page) -> None:
    """Open a small file of the site that is not the game (its icon), for a test to set up
    the storage the game will then find, without booting the game.

    Shown as a document of its own, an image makes the browser ask the site for
    ``/favicon.ico`` (whenever it gets to it), which the site has no need of (the game's
    page names its icon): that request is answered with nothing, so it logs no error."""
    page.route("**/favicon.ico", lambda route: route.fulfill(status=204))
    page.goto("/favicon.svg")


def set_browser_font(page: Page, px: int) -> None:
    """Set the browser's default font size, as a reader does in its settings (Chrome's
    "Large" is 20 px, "Very large" 24 px): the page's rem and its rem breakpoints follow."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("Page.setFontSizes", {"fontSizes": {"standard": px}})


def call(page: Page, method: str, params: dict[str, Any] | None = None) -> Any:
    return page.evaluate(
        "([method, params]) => window.sevenRocks.engine.call(method, params)",
        [method, params or {}],
    )


def number(text: str) -> int:
    """A number as the page shows it: a minus is U+2212 ("−15")."""
    return int(text.replace("\u2212", "-"))


def team_scores(page: Page) -> list[int]:
    return [number(page.inner_text(f"[data-team-score='{team}']")) for team in (0, 1)]


def layout_tiles(page: Page) -> list[str]:
    text = page.get_attribute("[data-layout]", "data-layout") or ""
    return text.split()


#: ``arg``: a list of states, each a list of selectors that must all match ("!" before one:
#: that nothing matches it); the number of the first state that holds, from 1, or false.
HOLDS = """(states) => {
  const holds = (s) => s.startsWith("!")
    ? !document.querySelector(s.slice(1)) : Boolean(document.querySelector(s));
  const index = states.findIndex((all) => all.every(holds));
  return index < 0 ? false : index + 1;
}"""
#: How often a wait on the page's state looks again (Playwright's polling; ms). An interval
#: rather than every frame: a hidden page draws no frames but changes state all the same.
POLL_MS = 20


#: Runs ``CHECK`` (an async function of ``arg``, spliced in) in the page until it resolves to
#: something truthy, looking again every ``every`` ms; that value, or null after ``timeout``
#: ms. (``wait_for_function`` cannot: it takes the promise an async function returns for a
#: truthy answer at once.)
POLL = """async ([arg, timeout, every]) => {
  const check = CHECK;
  const end = performance.now() + timeout;
  for (;;) {
    const found = await check(arg);
    if (found) return found;
    if (performance.now() > end) return null;
    await new Promise((ready) => setTimeout(ready, every));
  }
}"""


def poll(page: Page, check: str, arg: Any = None, *, timeout: float = 30, what: str) -> Any:
    """Wait until the async JavaScript function ``check`` resolves, for ``arg``, to something
    truthy in the page, and return that; fail with ``what`` did not happen otherwise."""
    found = page.evaluate(POLL.replace("CHECK", check, 1), [arg, timeout * 1000, POLL_MS])
    if not found:
        raise AssertionError(f"{what} within {timeout} s")
    return found


def wait_for_state(page: Page, *states: str | tuple[str, ...], timeout: float = 30) -> int:
    """Wait until one of ``states`` holds in the page; return the first one's index.

    A state is a selector, or a tuple of selectors that must all match; ``"!selector"``
    holds while nothing matches (see :data:`HOLDS`). The page is asked in one go, so the
    answer is one moment's, never a mix of two."""
    groups = [[state] if isinstance(state, str) else list(state) for state in states]
    try:
        found = page.wait_for_function(
            HOLDS, arg=groups, polling=POLL_MS, timeout=timeout * 1000
        ).json_value()
    except PlaywrightTimeout:
        raise AssertionError(f"none of {groups} within {timeout} s") from None
    return int(found) - 1


def wait_for_human_or(page: Page, other: str, timeout: float = 30) -> str:
    """Wait until South may move (returns "turn") or ``other`` shows (returns "other")."""
    try:
        found = wait_for_state(page, other, (HUMAN_TURN, PLAYABLE), timeout=timeout)
    except AssertionError:
        raise AssertionError(f"neither South's turn nor {other} within {timeout} s") from None
    return ("other", "turn")[found]


def play_first_move(page: Page, hand: str = "[data-hand='0']") -> str:
    """Click the first playable tile of ``hand`` (South's, or in pass-and-play the one face
    up), and its first lit place if it has several; return the tile once it has left."""
    playable = page.locator(f"{hand} .hand-tile--playable").first
    # A locator's wait, not wait_for_selector: that returns a handle the page keeps alive
    # until the test ends, and a long game would pile up one removed tile per move.
    playable.wait_for(timeout=30_000)
    tile = playable.get_attribute("data-tile") or ""
    playable.click()
    place_picked(page, hand, tile)
    return tile


def place_picked(page: Page, hand: str, tile: str, timeout: float = 20) -> None:
    """The tile of ``hand`` just picked: click its first lit place while it has several,
    until it has left the hand."""
    played, lit = f"!{hand} [data-tile='{tile}']", "[data-target]"
    deadline = time.monotonic() + timeout
    left = timeout
    while wait_for_state(page, played, lit, timeout=left):
        # A redraw may replace the place under the pointer (a loaded machine's slow frames):
        # then look again, as a person would, rather than wait on a stale one.
        if tap(page.locator(lit).first):
            wait_for_state(page, played, f"!{lit}", timeout=left)
        left = deadline - time.monotonic()
        assert left > 0, f"{tile} was not played"


def press(page: Page, selector: str, phone: bool) -> None:
    """Tap (a phone) or click (a mouse) the first element ``selector`` finds."""
    element = page.locator(selector).first
    if phone:
        element.tap()
    else:
        element.click()


def tap(target: Locator, timeout_ms: float = 3_000) -> bool:
    """Click ``target`` if it can be clicked within ``timeout_ms``; whether it was."""
    try:
        target.click(timeout=timeout_ms)
    except PlaywrightTimeout:
        return False
    return True


def close_dialog(dialog: Locator, button: str = "[data-action='close']") -> None:
    """Click ``dialog``'s ``button`` until the dialog is gone (a click that lands while the
    dialog still slides in can miss; a person taps again)."""
    deadline = time.monotonic() + 30
    while dialog.count() and dialog.is_visible():
        assert time.monotonic() < deadline, "the dialog did not close"
        tap(dialog.locator(button))
        with contextlib.suppress(PlaywrightTimeout):
            dialog.wait_for(state="hidden", timeout=1_000)


#: ``arg``: the save's storage key; the engine's game once the stored save holds it, else
#: false. Both are put in one key order before they are compared, as JSON's objects have none.
SAVED = """async (key) => {
  const canon = (v) => Array.isArray(v) ? v.map(canon)
    : v && typeof v === "object"
      ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, canon(v[k])])) : v;
  const game = await window.sevenRocks.engine.call("save");
  const stored = localStorage.getItem(key);
  const same = (a, b) => JSON.stringify(canon(a)) === JSON.stringify(canon(b));
  return stored !== null && same(JSON.parse(stored), game) ? game : false;
}"""
SAVE_KEY = "seven-rocks:save"


def wait_saved(page: Page, timeout: float = 10) -> dict[str, Any]:
    """Wait until the stored save is the engine's current game; return it.

    The engine is asked again on every look: bots may still be moving when this starts, and
    the stored save must catch up with where the game is, not with where it was."""
    game: dict[str, Any] = poll(
        page, SAVED, SAVE_KEY, timeout=timeout, what="the game was not saved"
    )
    return game


def played_moves(page: Page) -> list[list[str]]:
    """The moves of each round so far, as the engine recorded them ("3-4@4-6:low", "pass")."""
    game = from_record(call(page, "record"))
    return [[str(turn.move) for turn in rnd.turns] for rnd in game.rounds]


def overlap(a: dict[str, float], b: dict[str, float]) -> bool:
    """Do two rectangles share more than a hairline?"""
    return (
        min(a["right"], b["right"]) - max(a["left"], b["left"]) > 1
        and min(a["bottom"], b["bottom"]) - max(a["top"], b["top"]) > 1
    )


#: A function for ``wait_for_function`` (``arg``: a table's selector): whether that table is
#: drawn for the shape it has, its view's width / height that of its drawing area. A view
#: fitted to another shape is letterboxed: bands of empty felt, tiles smaller than needed.
VIEW_FITS = """(selector) => { const svg = document.querySelector(selector);
  const [, , w, h] = svg.getAttribute('viewBox').split(' ').map(Number);
  const r = svg.getBoundingClientRect();
  return r.width > 0 && Math.abs(w / h / (r.width / r.height) - 1) < 0.03; }"""


NAMES = "[data-team] .team__name"
#: Each team name's text, and whether it runs past its box (an ellipsis, or hidden).
CUT = """(els) => els.map((el) =>
  ({ text: el.textContent, cut: el.scrollWidth > el.clientWidth }))"""


def names_read(page: Page, expected: list[str]) -> None:
    """The header shows ``expected`` (team 0's, team 1's), neither of them cut."""
    names = page.locator(NAMES)
    expect(names).to_have_text(expected)
    shown = names.evaluate_all(CUT)
    assert not any(n["cut"] for n in shown), f"a team name is cut: {shown}"


SHEET = "dialog[data-sheet]"
#: The coach's review, analysed to the end.
REVIEW_DONE = "dialog[data-review-panel] [data-review][data-review-state='done']"
#: An init script storing the settings (``.replace("{prefs}", "{ theme: 'contrast' }")``).
PREFS = "try { localStorage.setItem('seven-rocks:prefs', JSON.stringify({prefs})); } catch {}"
#: An init script: this browser's player chose the fastest pace in the settings (speed 0),
#: so its page shows each move as soon as it comes (the table's animations still play). For
#: a guest's phone in tests whose subject is not the pace and that play many moves.
FASTEST_PACE = """try {
  localStorage.setItem("seven-rocks:settings", JSON.stringify(
    { levels: [null, null, null, null], speed: 0, names: [null, null, null, null] }));
} catch {}"""
#: Resolves once two frames have passed: what a change made has been laid out and drawn.
NEXT_FRAME = "() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))"
#: An element's rectangle (css px), for ``locator.evaluate``.
RECT = """(el) => { const r = el.getBoundingClientRect();
  return { left: r.left, top: r.top, right: r.right, bottom: r.bottom }; }"""
#: The rectangles of the elements that have a width, for ``locator.evaluate_all``.
RECTS = """(els) => els.map((el) => {
  const r = el.getBoundingClientRect();
  return { left: r.left, top: r.top, right: r.right, bottom: r.bottom };
}).filter((r) => r.right > r.left)"""
#: Can a tap land on the element's middle (on screen, nothing over it, not scrolled away)?
TAPPABLE = """(el) => {
  const r = el.getBoundingClientRect();
  const x = (r.left + r.right) / 2, y = (r.top + r.bottom) / 2;
  if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) return false;
  const top = document.elementFromPoint(x, y);
  return Boolean(top && (el === top || el.contains(top)));
}"""
#: Is the review's move being shown in the part of the list that can be seen (all of it, or
#: its top if it is taller than that part)?
CURRENT_IN_SIGHT = """() => {
  const item = document.querySelector("[data-review-move][aria-current='true']");
  const list = document.querySelector("[data-review-list]").getBoundingClientRect();
  const r = item.getBoundingClientRect();
  const top = Math.max(0, list.top) - 1, bottom = Math.min(innerHeight, list.bottom) + 1;
  return r.top >= top && (r.bottom <= bottom || r.top <= top + 2);
}"""


def next_round_or_turn(page: Page) -> str:
    """Play South's first playable tile until a round summary shows ("summary") or the game
    ends ("over")."""
    while True:
        found = wait_for_human_or(page, f"{SUMMARY}[open], {GAME_OVER}[open]", timeout=60)
        if found == "other":
            return "summary" if page.locator(f"{SUMMARY}[open]").count() else "over"
        play_first_move(page)


def open_round_review(page: Page) -> None:
    """Play round 1 of :data:`GREEDY_GAME` to its summary and open the coach's review of it,
    analysed."""
    open_page(page, GREEDY_GAME)
    assert next_round_or_turn(page) == "summary"
    page.locator(f"{SUMMARY}[open] [data-action='review']").tap()
    page.wait_for_selector(REVIEW_DONE, timeout=60_000)


def open_sheet(page: Page) -> None:
    """Open the score sheet with its key, S."""
    page.keyboard.press("s")
    expect(page.locator(SHEET)).to_be_visible()


class HeldRequests:
    """The requests of one URL pattern kept waiting until the test lets them through (a boot
    held at a known point); after :meth:`release` every later one passes at once."""

    def __init__(self, context: BrowserContext, pattern: str) -> None:
        self.held: list[Route] = []
        self.released = False
        context.route(pattern, self._hold)

    def _hold(self, route: Route) -> None:
        if self.released:
            route.fallback()
        else:
            self.held.append(route)

    def release(self) -> None:
        self.released = True
        for route in self.held:
            route.fallback()
