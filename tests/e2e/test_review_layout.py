"""The coach's review laid out on the screen: on a phone stepping through it keeps the table
and Next in sight, every move's caption and reasons are read whole, Best and Played keep to
one row; its board is fitted to the shape it ends with; with a large font the reasons are
read beside the board; a tap far down the list brings the move's board into sight."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from .playing import (
    CURRENT_IN_SIGHT,
    LANGUAGE,
    NEXT_FRAME,
    RECT,
    RECTS,
    SUMMARY,
    TAPPABLE,
    VIEW_FITS,
    open_page,
    open_round_review,
    overlap,
    set_browser_font,
)
from .test_records import drop_file
from .test_review import (
    GAME,
    MOVES,
    PANEL,
    _short_record,
    first_costly,
    listed,
    play_to_summary,
    wait_state,
)

pytestmark = pytest.mark.e2e


#: The review's parts that must be on screen together and clear of one another.
REVIEW_PARTS = """() => Object.fromEntries(["[data-review-table]", "[data-review-caption]",
  ".review__steps", "[data-review-list]", "[data-review-headline]"].map((s) => {
    const r = document.querySelector(s).getBoundingClientRect();
    return [s, { top: r.top, bottom: r.bottom, left: r.left, right: r.right }];
  }))"""


@pytest.mark.parametrize("size", ["740x360", "844x390", "360x740"])
def test_stepping_through_a_review_on_a_phone_keeps_the_table_and_next_in_sight(
    viewport_page: Callable[..., Page], size: str
) -> None:
    """On a phone on its side the review is laid out in columns, its table, caption, steps and
    list all above the screen's edge and clear of one another; tapping Next keeps the table
    where it is and in sight (and, on a side, the move shown in sight in the list)."""
    page = viewport_page(size, init=LANGUAGE.replace("{lang}", "pt-BR"))
    open_round_review(page)
    table = page.locator("[data-review-table]")
    next_step = page.locator("[data-review-step='next']")
    top = table.evaluate(RECT)["top"]
    landscape = size.startswith(("740", "844"))
    if landscape:
        parts = page.evaluate(REVIEW_PARTS)
        for name, box in parts.items():
            assert box["bottom"] <= int(size.split("x")[1]) + 0.5, f"{name} is below the edge"
        names = list(parts)
        for i, a in enumerate(names):
            for b in names[i + 1 :]:
                assert not overlap(parts[a], parts[b]), f"{a} and {b} overlap"
        # The head's word on the costliest move is read whole, on one line above the board.
        headline = page.locator("[data-review-headline] > *").first
        assert headline.evaluate("(e) => e.scrollWidth <= e.clientWidth + 1"), "it is cut short"
        assert parts["[data-review-headline]"]["bottom"] <= top, "the headline is not above"
    for _ in range(4):
        number = page.get_attribute("[data-review-move][aria-current='true']", "data-number")
        assert next_step.evaluate(TAPPABLE), "Next is out of reach"
        next_step.tap()
        current = page.locator("[data-review-move][aria-current='true']")
        expect(current).not_to_have_attribute("data-number", number or "")
        move = current.get_attribute("data-number")
        expect(page.locator("[data-review-board]")).to_have_attribute("data-number", move or "")
        assert abs(table.evaluate(RECT)["top"] - top) < 1, "the table moved as Next was tapped"
        assert table.evaluate(TAPPABLE), "the table went out of sight"
        if landscape:
            assert page.evaluate(CURRENT_IN_SIGHT), "the move shown is not in sight in the list"


#: Where the move's caption text is drawn, and the steps and the move's box it must fit in.
CAPTION_FIT = """() => {
  const range = document.createRange();
  range.selectNodeContents(document.querySelector("[data-review-caption]"));
  const text = range.getBoundingClientRect();
  const steps = document.querySelector(".review__steps").getBoundingClientRect();
  const move = document.querySelector(".review__move").getBoundingClientRect();
  const summary = document.createRange();
  summary.selectNodeContents(document.querySelector("[data-review-summary]"));
  const main = document.querySelector(".review__main").getBoundingClientRect();
  return { text: text.bottom, steps: steps.top, move: move.bottom, words: range.toString(),
           summary: summary.getBoundingClientRect().bottom, main: main.top };
}"""


@pytest.mark.parametrize("size", ["569x277", "740x360"])
def test_the_reviews_caption_is_read_whole_on_a_phone_on_its_side(
    viewport_page: Callable[..., Page], size: str
) -> None:
    """At 569x277 (a 360 px phone with larger text, on its side) and at 740x360, every
    caption stepped through is drawn above Previous and Next, inside the move's box, and
    the game's summary above the board; each of the move's reasons, brought into view, is
    inside the move's box with the steps."""
    page = viewport_page(size, init=LANGUAGE.replace("{lang}", "pt-BR"))
    open_round_review(page)
    next_step = page.locator("[data-review-step='next']")
    for _ in range(4):
        fit = page.evaluate(CAPTION_FIT)
        assert fit["text"] <= fit["steps"] + 0.5, f"the caption runs under the steps: {fit}"
        assert fit["text"] <= fit["move"] + 0.5, f"the caption is cut off: {fit}"
        assert fit["summary"] <= fit["main"] + 0.5, f"the game's summary runs under: {fit}"
        if next_step.is_disabled():
            break
        number = page.get_attribute("[data-review-move][aria-current='true']", "data-number")
        next_step.tap()
        expect(page.locator("[data-review-move][aria-current='true']")).not_to_have_attribute(
            "data-number", number or ""
        )
    # The move's reasons are there to read too (at 569x277 they had no room at all): brought
    # into view, each is inside the move's box, and Previous and Next stay in it.
    reasons = page.locator("[data-review-reasons] li")
    assert reasons.count() > 0
    for index in range(reasons.count()):
        reasons.nth(index).scroll_into_view_if_needed()
        box = page.locator(".review__move").evaluate(RECT)
        reason = reasons.nth(index).evaluate(RECT)
        steps = page.locator(".review__steps").evaluate(RECT)
        assert reason["bottom"] > reason["top"] and box["top"] - 0.5 <= reason["top"], (reason, box)
        assert reason["bottom"] <= box["bottom"] + 0.5, (reason, box)
        assert box["top"] - 0.5 <= steps["top"] and steps["bottom"] <= box["bottom"] + 0.5


def test_the_reviews_best_and_played_keep_to_one_row_on_a_small_phone(
    viewport_page: Callable[..., Page],
) -> None:
    """On a phone on its side zoomed for larger text (626x313, 569x277) and on a 320 px phone
    upright, "Melhor jogada" and "Jogada feita" keep to one row; upright, the move's caption
    stays above Previous and Next. One review, the phone's window changed under it."""
    page = viewport_page("626x313", init=LANGUAGE.replace("{lang}", "pt-BR"))
    open_round_review(page)
    toggles = page.locator(".review__toggle .button")
    expect(toggles).to_have_count(2)
    for size in ("626x313", "569x277", "320x568"):
        width, height = map(int, size.split("x"))
        page.set_viewport_size({"width": width, "height": height})
        page.evaluate(NEXT_FRAME)
        tops = {round(box["top"]) for box in toggles.evaluate_all(RECTS)}
        assert len(tops) == 1, f"Best and Played take {len(tops)} rows at {size}"
    caption = page.locator(".review__caption").evaluate(RECT)
    steps = page.locator(".review__steps").evaluate(RECT)
    assert caption["bottom"] <= steps["top"] + 0.5, "the move's caption is under the steps"


@pytest.mark.parametrize("viewport", ["569x277", "390x844"])
def test_the_reviews_board_is_fitted_to_the_shape_it_ends_with(
    viewport_page: Callable[..., Page], viewport: str
) -> None:
    """The board is first drawn while the review runs, under its progress bar; once the bar
    goes and the board grows, its view is fitted to the new shape (no band of felt either
    side, the tiles as large as the room allows), whatever the timing."""
    page = viewport_page(viewport)
    open_page(page, GAME)
    play_to_summary(page)
    page.locator(f"{SUMMARY} [data-action='review']").tap()
    assert wait_state(page, "done") == "done"
    expect(page.locator(f"{PANEL} [data-review-progress-box]")).to_be_hidden()
    page.wait_for_function(VIEW_FITS, arg="[data-review-table]", timeout=5_000)


#: The parts of the review's board column, as on screen, and the scroller they sit in.
BOARD_PARTS = """() => {
  const box = (s) => document.querySelector(s).getBoundingClientRect();
  const main = box('dialog[data-review-panel] .review__main');
  const reasons = [...document.querySelectorAll('[data-review-reasons] li')]
    .map((li) => li.getBoundingClientRect());
  return {
    main: { top: main.top, bottom: main.bottom },
    table: box('[data-review-table]').height,
    reasons: reasons.map((r) => ({ top: r.top, bottom: r.bottom })),
    steps: { top: box('.review__steps').top, bottom: box('.review__steps').bottom },
  };
}"""


@pytest.mark.parametrize(
    ("font", "size"), [(24, "1366x768"), (20, "1280x800"), (16, "1280x720"), (16, "1024x768")]
)
def test_the_moves_reasons_are_read_beside_the_board_with_a_large_font(
    viewport_page: Callable[..., Page], font: int, size: str
) -> None:
    """Side by side, the table takes what the rest of the panel leaves, measured in the
    reader's letters: on a laptop with the browser's font at up to 24 px ("Very large") the
    move's reasons sit above Previous and Next, read without scrolling the board's column."""
    page = viewport_page(size, phone=False)
    set_browser_font(page, font)
    open_page(page, GAME)
    play_to_summary(page)
    page.locator(f"{SUMMARY} [data-action='review']").click()
    assert wait_state(page, "done") == "done"
    costly = first_costly(page)  # a move with its reasons: what it scores, the reply, the search
    costly.click()
    drawn = f"{costly.get_attribute('data-round')}-{costly.get_attribute('data-number')}"
    expect(page.locator(f"{PANEL} [data-review-board]")).to_have_attribute("data-drawn", drawn)
    expect(page.locator(f"{PANEL} [data-review-reasons] li")).not_to_have_count(0)
    parts = page.evaluate(BOARD_PARTS)
    for reason in parts["reasons"]:
        assert reason["top"] >= parts["main"]["top"], f"a reason is above the panel: {parts}"
        assert reason["bottom"] <= parts["steps"]["top"] + 0.5, (
            f"a reason is under the steps: {parts}"
        )
    assert parts["steps"]["bottom"] <= parts["main"]["bottom"] + 0.5, f"Next is cut off: {parts}"
    assert parts["table"] >= 8 * font - 0.5, f"the table is squeezed: {parts}"


@pytest.mark.parametrize("viewport", ["390x844", "360x740", "1280x720"])
def test_a_tap_on_a_move_far_down_the_list_shows_its_board(
    viewport_page: Callable[..., Page], viewport: str
) -> None:
    """Upright, the list of moves runs on under the board: a tap on a move far down it
    chooses the move and brings its board, caption and reasons back into sight, as a tap on
    the chart does. Beside the list (a laptop) nothing scrolls: the tapped move stays in
    sight."""
    page = viewport_page(viewport, phone=viewport != "1280x720")
    open_page(page, GAME)
    drop_file(page, json.dumps(_short_record(target=100)))
    page.locator("dialog[data-replay] [data-action='review']").click()
    assert wait_state(page, "done") == "done"
    rows = listed(page)
    last = page.locator(MOVES).nth(len(rows) - 1)
    last.scroll_into_view_if_needed()
    table = page.locator(f"{PANEL} [data-review-table]")
    if viewport != "1280x720":
        expect(table).not_to_be_in_viewport()  # the case in question: scrolled far down
    last.click()
    board = page.locator(f"{PANEL} [data-review-board]")
    expect(board).to_have_attribute("data-number", rows[-1]["number"])
    expect(board).to_have_attribute("data-round", rows[-1]["round"])
    expect(table).to_be_in_viewport(ratio=0.9)
    if viewport == "1280x720":
        expect(last).to_be_in_viewport()


#: The move's box and its reasons, where they are drawn, and whether anything is scrolled off.
MOVE_BOX = """() => { const m = document.querySelector('dialog[data-review-panel] .review__move');
  const box = (el) => {
    const r = el.getBoundingClientRect();
    return { top: r.top, bottom: r.bottom };
  };
  return { move: box(m), hidden: m.scrollHeight - m.clientHeight, height: innerHeight,
    reasons: [...m.querySelectorAll('[data-review-reasons] li')].map(box) }; }"""


def test_on_a_phone_on_its_side_every_moves_explanation_is_read_whole(
    viewport_page: Callable[..., Page],
) -> None:
    """At 844x390, in Portuguese (the longer sentences), the move's reasons show whole for
    every move of the round, none cut at the box's foot with its end scrolled out of sight."""
    page = viewport_page("844x390", init=LANGUAGE.replace("{lang}", "pt-BR"))
    open_page(page, GAME)
    play_to_summary(page)
    page.locator(f"{SUMMARY} [data-action='review']").click()
    assert wait_state(page, "done") == "done"
    rows = page.locator(MOVES)
    most = 0
    for index in range(rows.count()):
        row = rows.nth(index)
        row.click()
        drawn = f"{row.get_attribute('data-round')}-{row.get_attribute('data-number')}"
        expect(page.locator(f"{PANEL} [data-review-board]")).to_have_attribute("data-drawn", drawn)
        parts = page.evaluate(MOVE_BOX)
        most = max(most, len(parts["reasons"]))
        assert parts["hidden"] <= 1, f"move {drawn}: {parts['hidden']:.0f} px scrolled away"
        for reason in parts["reasons"]:
            assert parts["move"]["top"] - 0.5 <= reason["top"], parts
            assert reason["bottom"] <= min(parts["move"]["bottom"], parts["height"]) + 0.5, parts
    # The search's chances stand in only where no fact explains a loss, so a move says at most
    # two or three things; the round must have shown one that says two at least.
    assert most >= 2, "no move with two reasons came up"
