"""The table on screens wider than a phone: a tablet either way up, a laptop, a desktop.

The phone comes first (test_phone.py, test_polish.py); these check that widening keeps the
table the centre of the screen: the side seats do not eat its width, and the sum's chip stays
inside it.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Page

from .playing import open_page, overlap, play_first_move

pytestmark = pytest.mark.e2e

GAME = "?seed=5&speed=0&seats=human,greedy,greedy,greedy"

#: The board's parts, as rectangles.
PARTS = """() => Object.fromEntries(
  [["table", ".table-area"], ["west", ".seat--west"], ["east", ".seat--east"], ["sum", ".sum"]]
    .map(([name, sel]) => {
      const r = document.querySelector(sel).getBoundingClientRect();
      return [name, { left: r.left, right: r.right, width: r.width }];
    }))"""


@pytest.mark.parametrize("size", ["768x1024", "820x1180", "1024x768", "1366x768"])
def test_the_table_takes_most_of_a_wide_screens_width(
    viewport_page: Callable[..., Page], size: str
) -> None:
    """On a tablet upright the side seats sized to their one-line captions took a third of the
    width each, and the table was a strip 249 px wide between them, too narrow for the sum's
    chip ("3 + 6 + 12 = 21 → no points" cut at both ends)."""
    page = viewport_page(size, phone=False)
    open_page(page, GAME)
    for _ in range(3):
        play_first_move(page)
    page.wait_for_selector(".sum:not(:empty)")
    parts = page.evaluate(PARTS)
    width = page.viewport_size["width"] if page.viewport_size else 0
    assert parts["table"]["width"] >= 0.5 * width, parts
    for side in ("west", "east"):
        assert parts[side]["width"] <= parts["table"]["width"] / 2, parts
    sum_chip, table = parts["sum"], parts["table"]
    assert table["left"] <= sum_chip["left"] and sum_chip["right"] <= table["right"], parts


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


@pytest.mark.parametrize("font", [20, 24])
def test_a_larger_browser_font_never_runs_the_hand_over_the_move_line(
    viewport_page: Callable[..., Page], font: int
) -> None:
    """A laptop's browser set to a large font (20 px, Chrome's "Large"; 24 px, "Very large")
    at 1280x720: the table kept its 14rem floor, the board overflowed its room, and South's
    tiles were drawn over the prompt and the move line. The table now gives way first; past
    that the page scrolls."""
    page = viewport_page("1280x720", phone=False)
    cdp = page.context.new_cdp_session(page)
    cdp.send("Page.setFontSizes", {"fontSizes": {"standard": font}})
    open_page(page, GAME)
    page.wait_for_selector("#announce li:last-child")
    parts = page.evaluate(SOUTH)
    for other in ("prompt", "line", "table"):
        assert not overlap(parts["hand"], parts[other]), f"the hand runs over the {other}: {parts}"
    assert not overlap(parts["prompt"], parts["line"]), parts
    if font == 20:  # "Large" still fits the window: nothing to scroll to
        assert parts["line"]["bottom"] <= 720, f"the move line is below the edge: {parts}"
