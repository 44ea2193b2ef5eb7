"""Helpers for driving the game page like a player: open it, play a move, read the score."""

from __future__ import annotations

import time
from typing import Any

from playwright.sync_api import Locator, Page, expect
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


def wait_for_human_or(page: Page, other: str, timeout: float = 30) -> str:
    """Wait until South may move (returns "turn") or ``other`` shows (returns "other")."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if page.locator(other).count():
            return "other"
        if page.locator(HUMAN_TURN).count() and page.locator(PLAYABLE).count():
            return "turn"
        page.wait_for_timeout(50)
    raise AssertionError(f"neither South's turn nor {other} within {timeout} s")


def play_first_move(page: Page) -> str:
    """Click South's first playable tile (and its first target if asked); return the tile."""
    # A locator's wait, not wait_for_selector: that returns a handle the page keeps alive
    # until the test ends, and a long game would pile up one removed tile per move.
    page.locator(PLAYABLE).first.wait_for(timeout=30_000)
    tile = page.locator(PLAYABLE).first.get_attribute("data-tile") or ""
    page.locator(PLAYABLE).first.click()
    deadline = time.monotonic() + 20
    while page.locator(f"{HAND}[data-tile='{tile}']").count():
        assert time.monotonic() < deadline, f"{tile} was not played"
        targets = page.locator("[data-target]")
        if targets.count():
            # A redraw may replace the target under the pointer (a loaded machine's slow
            # frames): then look again, as a person would, rather than wait on a stale one.
            tap(targets.first)
        page.wait_for_timeout(50)
    return tile


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
        dialog.page.wait_for_timeout(100)


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
