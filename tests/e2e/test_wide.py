"""The table on screens wider than a phone: a tablet either way up, a laptop, a desktop.

The phone comes first (test_phone.py, test_polish.py); these check that widening keeps the
table the centre of the screen: the side seats do not eat its width, and the sum's chip stays
inside it.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from .playing import (
    LANGUAGE,
    NEXT_FRAME,
    SUMMARY,
    names_read,
    open_page,
    overlap,
    play_first_move,
    set_browser_font,
    wait_for_human_or,
)

pytestmark = pytest.mark.e2e

GAME = "?seed=5&speed=0&seats=human,greedy,greedy,greedy"

#: The board's parts, as rectangles.
PARTS = """() => Object.fromEntries(
  [["table", ".table-area"], ["west", ".seat--west"], ["east", ".seat--east"], ["sum", ".sum"]]
    .map(([name, sel]) => {
      const r = document.querySelector(sel).getBoundingClientRect();
      return [name, { left: r.left, right: r.right, width: r.width }];
    }))"""


def _resize(page: Page, size: str) -> tuple[int, int]:
    """Resize the window to ``size`` ("1024x768") and wait until it is laid out and drawn."""
    width, height = map(int, size.split("x"))
    page.set_viewport_size({"width": width, "height": height})
    page.evaluate(NEXT_FRAME)
    return width, height


def test_the_table_takes_most_of_a_wide_screens_width(
    viewport_page: Callable[..., Page],
) -> None:
    """On a tablet upright the side seats sized to their one-line captions took a third of the
    width each, and the table was a strip 249 px wide between them, too narrow for the sum's
    chip ("3 + 6 + 12 = 21 → no points" cut at both ends). A tablet either way up, a laptop."""
    page = viewport_page("768x1024", phone=False)
    open_page(page, GAME)
    for _ in range(3):
        play_first_move(page)
    page.wait_for_selector(".sum:not(:empty)")
    for size in ("768x1024", "820x1180", "1024x768", "1366x768"):
        width, _ = _resize(page, size)
        parts = page.evaluate(PARTS)
        assert parts["table"]["width"] >= 0.5 * width, (size, parts)
        for side in ("west", "east"):
            assert parts[side]["width"] <= parts["table"]["width"] / 2, (size, parts)
        sum_chip, table = parts["sum"], parts["table"]
        assert table["left"] <= sum_chip["left"] and sum_chip["right"] <= table["right"], (
            size,
            parts,
        )


#: A function for ``wait_for_function`` (``arg``: a share of the felt's height): whether every
#: tile on the table is drawn at least that long on screen (its face's longer side).
TILES_AT_LEAST = """(share) => {
  const felt = document.querySelector('.table-area').getBoundingClientRect();
  const faces = [...document.querySelectorAll('.table-area [data-tile] .domino__body')];
  return faces.length > 0 && faces.every((face) => {
    const r = face.getBoundingClientRect();
    return Math.max(r.width, r.height) >= share * felt.height;
  }); }"""

#: The table's tiles that reach outside the felt (by more than a pixel), by name.
OFF_THE_FELT = """() => {
  const felt = document.querySelector('.table-area').getBoundingClientRect();
  return [...document.querySelectorAll('.table-area [data-tile]')].filter((tile) => {
    const r = tile.querySelector('.domino__body').getBoundingClientRect();
    return r.left < felt.left - 1 || r.right > felt.right + 1
      || r.top < felt.top - 1 || r.bottom > felt.bottom + 1;
  }).map((tile) => tile.dataset.tile); }"""


WIDE = ("1280x720", "1366x768", "1920x1080")


def test_a_wide_screen_draws_the_tables_tiles_large_and_keeps_them_on_the_felt(
    viewport_page: Callable[..., Page],
) -> None:
    """A laptop's felt is about 2.7 times as wide as it is tall. Its view was fitted to 13
    tile units across that height, more than the table a round starts with, so at 1366x768
    the tiles were 52 px long, half a tile in the hand, in a sea of felt. The view now zooms
    in as far as the starting table (a tile spans about a sixth of the felt's height: 15.5% or
    more, where it was 13-15%), and grows with the layout: the round's tiles never leave the
    felt, at each of a laptop's and a desktop's sizes."""
    page = viewport_page(WIDE[0], phone=False)
    open_page(page, GAME)
    for size in WIDE:
        _resize(page, size)
        page.wait_for_function(TILES_AT_LEAST, arg=0.155, timeout=5_000)
    moves = 0
    while wait_for_human_or(page, SUMMARY) == "turn":
        for size in WIDE:
            _resize(page, size)
            off = page.evaluate(OFF_THE_FELT)
            assert off == [], f"{off} off the felt at {size} after {moves} of South's moves"
        play_first_move(page)
        moves += 1
    for size in WIDE:
        _resize(page, size)
        assert page.evaluate(OFF_THE_FELT) == [], f"off the felt at {size} at the round's end"
    assert moves >= 4, f"the round ended after {moves} of South's moves"


#: South's tiles, the prompt and the move line, as rectangles.
SOUTH = """() => {
  const box = (el) => { const r = el.getBoundingClientRect();
    return { left: r.left, top: r.top, right: r.right, bottom: r.bottom }; };
  const tiles = [...document.querySelectorAll("[data-hand='0'] [data-tile]")].map(box);
  return {
    hand: { left: Math.min(...tiles.map((r) => r.left)), top: Math.min(...tiles.map((r) => r.top)),
            right: Math.max(...tiles.map((r) => r.right)),
            bottom: Math.max(...tiles.map((r) => r.bottom)) },
    prompt: box(document.querySelector(".prompt")),
    line: box(document.querySelector("#announce li:last-child")),
    table: box(document.querySelector(".table-area")),
  };
}"""


@pytest.mark.parametrize(
    ("font", "sizes"), [(20, ("1280x720",)), (24, ("1280x720", "1366x768", "1280x800"))]
)
def test_a_larger_browser_font_keeps_the_hand_and_the_move_line_in_the_window(
    viewport_page: Callable[..., Page], font: int, sizes: tuple[str, ...]
) -> None:
    """A laptop's browser set to a large font (20 px, Chrome's "Large"; 24 px, "Very large"):
    at 1280x720 the table kept its 14rem floor, the board overflowed its room, and South's
    tiles were drawn over the prompt and the move line. The table now gives way first.

    At 24 px the desktop layout did not fit at all (its toolbar wrapped to three rows, a
    215 px header): the page scrolled to reach South's hand, or the move line. The style
    sheets' breakpoints are in rem, the reader's font size, so such a window is laid out as
    the smaller screen it is in letters: the slim header wherever the toolbar would wrap,
    and at 1280x720 (853x480 at 16 px) a phone on its side's flat hand; everything is in the
    window without scrolling."""
    page = viewport_page(sizes[0], phone=False)
    set_browser_font(page, font)
    open_page(page, GAME)
    page.wait_for_selector("#announce li:last-child")
    for size in sizes:
        width, height = _resize(page, size)
        parts = page.evaluate(SOUTH)
        for other in ("prompt", "line", "table"):
            assert not overlap(parts["hand"], parts[other]), f"{size}: the hand over the {other}"
        assert not overlap(parts["prompt"], parts["line"]), (size, parts)
        for part in ("hand", "prompt", "line"):
            assert parts[part]["bottom"] <= height, f"{size}: the {part} is below the window"
        assert parts["hand"]["right"] <= width, (size, parts)
        scroller = page.evaluate(
            "(() => { const m = document.querySelector('main');"
            " return [m.scrollHeight, m.clientHeight]; })()"
        )
        assert scroller[0] <= scroller[1], f"{size}: the page scrolls to the rest: {scroller}"


def test_a_tablet_has_the_slim_header_with_the_toolbar_in_its_menu(
    viewport_page: Callable[..., Page],
) -> None:
    """Between a phone and a laptop (a tablet either way up, a half-screen window) the full
    toolbar wrapped to two rows under the title and the scores with their "0 of 250" lines:
    a 144 px header over a table that wanted the room. Wherever the toolbar would wrap, the
    header is the phone's slim one (the scores as bars, Hint, the rest in the menu), with
    the team names whole, and the menu opens the toolbar's panels."""
    page = viewport_page("1024x768", init=LANGUAGE.replace("{lang}", "pt-BR"))
    open_page(page, GAME)
    for size in ("1024x768", "768x1024"):
        _resize(page, size)
        header = page.locator(".masthead").bounding_box()
        assert header is not None and header["height"] <= 64, f"{size}: the header is {header}"
        expect(page.locator("[data-action='hint']")).to_be_visible()
        expect(page.locator(".toolbar [data-action='sheet']")).to_be_hidden()
        names_read(page, ["Você e Norte", "Oeste e Leste"])
        page.locator("#menu-button").tap()
        expect(page.locator("#menu-button")).to_have_attribute("aria-expanded", "true")
        page.locator(".toolbar [data-action='sheet']").tap()
        sheet = page.locator("dialog[data-sheet]")
        expect(sheet).to_be_visible()
        sheet.locator("[data-action='close-panel']").last.tap()
        expect(sheet).to_have_count(0)
