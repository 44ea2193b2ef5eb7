"""A phone's screen, upright, on its side and with larger text: the hand, the table, the hint,
the move line and the seats' captions fit, and turning the phone mid-game lays the game's
table, the coach's board and the replay's table out again for the new shape."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from .playing import (
    GREEDY_GAME,
    LANGUAGE,
    NEXT_FRAME,
    PLAYABLE,
    POLL_MS,
    RECTS,
    SHEET,
    SUMMARY,
    open_page,
    open_round_review,
    play_first_move,
    wait_for_human_or,
)

pytestmark = pytest.mark.e2e


#: The lines the first tile name in a seat's caption is drawn on (1: it is not broken).
TILE_NAME_LINES = """(el) => {
  const text = el.firstChild, at = text ? text.data.search(/[0-6]/) : -1;
  if (at < 0) return 0;
  const range = document.createRange();
  range.setStart(text, at);
  range.setEnd(text, at + 3);
  return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
}"""


def test_a_side_seats_last_tile_keeps_its_name_on_one_line(
    viewport_page: Callable[..., Page],
) -> None:
    """West's caption is a narrow column on a phone: a tile's name ("jogou 0-6") is never
    broken at its hyphen."""
    page = viewport_page("360x740", init=LANGUAGE.replace("{lang}", "pt-BR"))
    open_page(page, "?seed=5&speed=0&seats=human,greedy,greedy,greedy")
    status = page.locator("[data-seat='1'] .seat__status")
    checked = []
    while wait_for_human_or(page, f"{SUMMARY}[open]") == "turn":
        if status.get_attribute("data-kind") == "play":
            checked.append(status.inner_text())
            assert status.evaluate(TILE_NAME_LINES) == 1, checked[-1]
        play_first_move(page)
    assert checked, "West never played"


#: Where South's tiles, the prompt and the table are (css px).
HAND_ROW = """() => {
  const tiles = [...document.querySelectorAll("[data-hand='0'] [data-tile]")]
    .map((el) => el.getBoundingClientRect());
  const prompt = document.querySelector(".prompt").getBoundingClientRect();
  const table = document.querySelector(".table-area").getBoundingClientRect();
  return {
    left: Math.min(...tiles.map((r) => r.left)), right: Math.max(...tiles.map((r) => r.right)),
    prompt: { left: prompt.left, right: prompt.right, width: prompt.width },
    table: table.height,
  };
}"""


def test_a_phone_on_its_side_zoomed_for_larger_text_keeps_the_hand_and_the_table(
    viewport_page: Callable[..., Page],
) -> None:
    """A 360 px phone set to larger text (Chrome zooms the page with the system's font size)
    is about 569x277 on its side: seven tiles and the prompt beside them fit across it, the
    prompt keeps a readable width, and the table keeps a useful height; so at 740x360."""
    page = viewport_page("569x277", init=LANGUAGE.replace("{lang}", "pt-BR"))
    open_page(page, "?seed=5&speed=0")
    page.locator(PLAYABLE).nth(1).tap()  # 5-6, with two places: the longest prompt
    expect(page.locator("[data-target]").first).to_be_visible()
    for width, height in ((569, 277), (740, 360)):
        page.set_viewport_size({"width": width, "height": height})
        page.evaluate(NEXT_FRAME)
        row = page.evaluate(HAND_ROW)
        assert row["left"] >= 0 and row["right"] <= width, f"a tile is off the screen: {row}"
        assert row["right"] <= row["prompt"]["left"] and row["prompt"]["right"] <= width, row
        assert row["prompt"]["width"] >= 120, f"the prompt is squeezed: {row}"
        assert row["table"] >= 100, f"the table is a sliver: {row}"


def test_a_hint_on_a_short_phone_on_its_side_keeps_the_hand_on_screen(
    viewport_page: Callable[..., Page],
) -> None:
    """At 569x277 an open hint scrolls within its panel: the board keeps to the screen, with
    South's hand above its lower edge and the table more than a sliver."""
    page = viewport_page("569x277", init=LANGUAGE.replace("{lang}", "pt-BR"))
    open_page(page, "?seed=5&speed=0")
    # South's turn: a tap while the bots still play would show no hint.
    assert wait_for_human_or(page, SUMMARY) == "turn"
    page.locator("[data-action='hint']").first.tap()
    # A hint is a search: on a slow machine it takes seconds.
    expect(page.locator("[data-hint][data-state='shown']")).to_be_visible(timeout=30_000)
    row = page.evaluate(HAND_ROW)
    tiles = page.locator("[data-hand='0'] [data-tile]").evaluate_all(RECTS)
    height = page.viewport_size["height"] if page.viewport_size else 0
    assert max(tile["bottom"] for tile in tiles) <= height, f"the hand is below the edge: {tiles}"
    assert row["table"] >= 80, f"the table is a sliver: {row}"


#: The move line's latest sentence: is any of it cut off, and how many lines does it take?
MOVE_LINE = """(el) => {
  const style = getComputedStyle(el);
  const r = el.getBoundingClientRect();
  return {
    cut: el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1,
    lines: r.height / parseFloat(style.lineHeight),
    right: r.right,
  };
}"""


def test_on_a_small_phone_a_long_move_line_shows_whole_in_two_lines(
    viewport_page: Callable[..., Page],
) -> None:
    """The move line is the one place that says what the last move was and what it scored:
    on a small phone (320 and 360 px wide) a long sentence ("..., ends 3 + 6 + 12 = 21, no
    points") wraps to a second line, whole, and is never cut."""
    sizes = ((320, 568), (360, 640))
    page = viewport_page("320x568")
    open_page(page, "?seed=5&speed=0&seats=human,greedy,greedy,greedy")
    line = page.locator("#announce li").last
    wrapped: dict[int, list[str]] = {width: [] for width, _ in sizes}
    while wait_for_human_or(page, f"{SUMMARY}[open]") == "turn":
        for width, height in sizes:
            page.set_viewport_size({"width": width, "height": height})
            page.evaluate(NEXT_FRAME)
            shown = line.evaluate(MOVE_LINE)
            text = line.inner_text()
            assert shown["right"] <= width, f"the move line runs off {width} px: {shown}"
            assert not shown["cut"], f"the move line is cut at {width} px: {text!r}"
            assert shown["lines"] <= 2.3, f"{shown['lines']:.1f} lines at {width} px: {text!r}"
            if shown["lines"] > 1.5:
                wrapped[width].append(text)
        play_first_move(page)
    assert all(wrapped.values()), f"no move line long enough to need two lines: {wrapped}"


#: How the layout sits on its table: the share of the area's width and height its tiles
#: span (0 to 1), and whether it runs the same way as the area (wider than tall on a wide
#: table, taller than wide on a tall one).
LAYOUT_FILL = """(svg) => {
  const area = svg.getBoundingClientRect();
  const tiles = [...svg.querySelectorAll("[data-tile]")]
    .map((el) => el.getBoundingClientRect()).filter((r) => r.width > 0);
  if (!tiles.length) return { fill: 0, sameWay: false };
  const across = Math.max(...tiles.map((r) => r.right)) - Math.min(...tiles.map((r) => r.left));
  const down = Math.max(...tiles.map((r) => r.bottom)) - Math.min(...tiles.map((r) => r.top));
  return {
    fill: Math.max(across / area.width, down / area.height),
    sameWay: (across >= down) === (area.width >= area.height),
  };
}"""


def test_turning_a_phone_mid_round_lays_the_table_out_for_its_new_shape(
    viewport_page: Callable[..., Page],
) -> None:
    """Turned on its side mid-round (and back, and to another size), the table's layout is
    fitted again to the area's new shape once it settles after the resize, not at the next
    move: it fills the felt and runs the felt's way."""
    page = viewport_page("360x740")
    open_page(page, "?seed=5&speed=0")
    for _ in range(3):
        play_first_move(page)
    page.wait_for_selector(PLAYABLE)
    turn_and_check_the_fill(page, "#table")


#: ``arg``: a table's selector; whether its layout fills it the table's way (see LAYOUT_FILL).
FILLS = f"""(selector) => {{
  const seen = ({LAYOUT_FILL})(document.querySelector(selector));
  return seen.fill >= 0.6 && seen.sameWay;
}}"""


def turn_and_check_the_fill(page: Page, table: str) -> None:
    """Turn the phone three ways; each time the layout of ``table`` (a selector) must come
    to fill it."""
    for width, height in ((740, 360), (360, 740), (844, 390)):
        page.set_viewport_size({"width": width, "height": height})
        try:
            page.wait_for_function(FILLS, arg=table, polling=POLL_MS, timeout=10_000)
        except PlaywrightTimeout:
            seen = page.locator(table).evaluate(LAYOUT_FILL)
            raise AssertionError(f"at {width}x{height} the layout: {seen}") from None


def test_turning_a_phone_during_a_review_lays_its_board_out_again(
    viewport_page: Callable[..., Page],
) -> None:
    """The coach's board, like the game's table, is fitted again to each new shape."""
    page = viewport_page("360x740")
    open_round_review(page)
    page.locator("[data-review-step='next']").tap()
    turn_and_check_the_fill(page, "[data-review-table]")


def test_turning_a_phone_during_a_replay_lays_its_table_out_again(
    viewport_page: Callable[..., Page],
) -> None:
    """The replay viewer's table, like the game's, is fitted again to each new shape."""
    page = viewport_page("360x740")
    open_page(page, GREEDY_GAME)
    for _ in range(3):
        play_first_move(page)
    page.locator("#menu-button").tap()
    page.locator("#toolbar [data-action='sheet']").tap()
    page.locator(f"{SHEET} [data-action='replay-game']").tap()
    replay = page.locator("dialog[data-replay]")
    for _ in range(20):  # a layout long enough to run one way
        replay.locator("[data-replay-step='next']").tap()
    turn_and_check_the_fill(page, "dialog[data-replay] [data-replay-table]")
