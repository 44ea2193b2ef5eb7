"""The coach's review on a phone: stepping through it keeps the table and Next in sight, every
move's caption and reasons are read whole, Best and Played keep to one row."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from .playing import (
    CURRENT_IN_SIGHT,
    LANGUAGE,
    RECT,
    RECTS,
    TAPPABLE,
    open_round_review,
    overlap,
)

pytestmark = pytest.mark.e2e


#: The review's parts that must be on screen together and clear of one another.
REVIEW_PARTS = """() => Object.fromEntries(["[data-review-table]", "[data-review-caption]",
  ".review__steps", "[data-review-list]"].map((s) => {
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


@pytest.mark.parametrize("size", ["626x313", "569x277", "320x568"])
def test_the_reviews_best_and_played_keep_to_one_row_on_a_small_phone(
    viewport_page: Callable[..., Page], size: str
) -> None:
    """On a phone on its side zoomed for larger text and on a 320 px phone upright, "Melhor
    jogada" and "Jogada feita" keep to one row; upright, the move's caption stays above
    Previous and Next."""
    page = viewport_page(size, init=LANGUAGE.replace("{lang}", "pt-BR"))
    open_round_review(page)
    toggles = page.locator(".review__toggle .button")
    expect(toggles).to_have_count(2)
    tops = {round(box["top"]) for box in toggles.evaluate_all(RECTS)}
    assert len(tops) == 1, f"Best and Played take {len(tops)} rows"
    if size == "320x568":
        caption = page.locator(".review__caption").evaluate(RECT)
        steps = page.locator(".review__steps").evaluate(RECT)
        assert caption["bottom"] <= steps["top"] + 0.5, "the move's caption is under the steps"
