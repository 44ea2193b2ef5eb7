"""The guided first hand: a first visit is dealt a hand and walked through it by taps on a
phone ("tap this tile", what the move scored, who the partner is) while the computer players
wait; Skip ends it at once; a returning visit is not guided."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from .playing import HELD, HUMAN_TURN, RECT, layout_tiles, open_page, overlap, play_first_move, poll

pytestmark = pytest.mark.e2e

GUIDE = "dialog[data-guide]"
#: Keeps every event of South's the engine sends, as the page hears it.
SOUTH_EVENTS = """document.addEventListener("seven-rocks:game-events", (e) => {
  const south = e.detail.events.filter((x) => x.type === "placed" && x.seat === 0);
  (window.__south ??= []).push(...south);
});"""
#: The computer players have taken their turns after South's opening.
PLAYED_ON = """async (after) => {
  const record = await window.sevenRocks.engine.call("record");
  return (record.rounds[0]?.moves.length ?? 0) >= after;
}"""


def first_visit(viewport_page: Callable[..., Page], viewport: str = "390x844") -> Page:
    page = viewport_page(viewport, visit="first", init=SOUTH_EVENTS)
    open_page(page, "?speed=0")
    return page


def bubble_clear_of(page: Page, selector: str) -> None:
    """The guide's bubble covers none of what ``selector`` matches."""
    bubble = page.locator(GUIDE).evaluate(RECT)
    for rect in page.locator(selector).evaluate_all(
        "(els) => els.map((el) => { const r = el.getBoundingClientRect();"
        " return { left: r.left, top: r.top, right: r.right, bottom: r.bottom }; })"
    ):
        assert not overlap(bubble, rect), f"the guide's bubble covers {selector}"


def test_the_first_hand_is_played_through_by_taps_with_each_step_in_order(
    viewport_page: Callable[..., Page],
) -> None:
    page = first_visit(viewport_page)
    guide = page.locator(GUIDE)
    # 1. Tap this tile: South is to open, the tile is lit, nothing has been played.
    expect(guide).to_have_attribute("data-step", "tap")
    expect(guide.locator(".tour__title")).to_have_text("Tap this tile")
    expect(guide.locator("[data-action='skip-tour']")).to_be_visible()
    page.wait_for_selector(HUMAN_TURN, state="attached")
    tile = page.locator("[data-hand='0'] [data-tile][data-guide-target]")
    expect(tile).to_have_count(1)
    name = tile.get_attribute("data-tile")
    assert name in page.evaluate("Object.keys(window.sevenRocks.controller.snap.legal)")
    bubble_clear_of(page, "[data-hand='0'] [data-guide-target]")
    assert layout_tiles(page) == []
    tile.tap()
    # 2. That scored: the engine's own points and sum for that move; the bots wait.
    expect(guide).to_have_attribute("data-step", "scored")
    events: list[dict[str, Any]] = page.evaluate("window.__south")
    assert [e["tile"] for e in events] == [name]
    points, total = events[0]["points"], events[0]["sum_text"]
    assert points > 0, "the lesson's move scores"
    expect(guide.locator(".tour__title")).to_have_text(f"That scored {points} points")
    expect(guide.locator(".tour__text")).to_contain_text(total)
    page.wait_for_selector(HELD, state="attached")
    # The loop parks at once; the table draws South's tile at the next frame.
    expect(page.locator("#table [data-layout]")).not_to_have_attribute("data-layout", "")
    assert len(layout_tiles(page)) == 1, "a computer player moved behind the guide"
    bubble_clear_of(page, "#table [data-tile], #table [data-end]")
    guide.locator("[data-guide-action='next']").tap()
    # 3. Your partner is North: pointing at North's seat; still no computer player's move.
    expect(guide).to_have_attribute("data-step", "partner")
    expect(guide.locator(".tour__title")).to_have_text("Your partner is North")
    expect(page.locator("[data-seat='2'] [data-guide-target]")).to_have_count(1)
    bubble_clear_of(page, "[data-seat='2'] .seat__head")
    assert len(layout_tiles(page)) == 1
    guide.locator("[data-guide-action='next']").tap()
    # It ends and the game goes on.
    expect(guide).to_have_count(0)
    expect(page.locator("[data-guide-target]")).to_have_count(0)
    poll(page, PLAYED_ON, 4, what="the computer players did not play on")
    # A returning visit is not guided.
    page.reload()
    page.wait_for_selector("body[data-game='ready']", state="attached", timeout=60_000)
    expect(page.locator("dialog[open]")).to_have_count(0)
    expect(guide).to_have_count(0)


def test_skip_ends_the_guide_at_once_and_the_bots_play_on(
    viewport_page: Callable[..., Page],
) -> None:
    page = first_visit(viewport_page)
    guide = page.locator(GUIDE)
    expect(guide).to_have_attribute("data-step", "tap")
    guide.locator("[data-action='skip-tour']").tap()
    expect(guide).to_have_count(0)
    expect(page.locator("[data-guide-target]")).to_have_count(0)
    play_first_move(page)  # South opens: then each computer player takes a turn
    expect(guide).to_have_count(0)
    poll(page, PLAYED_ON, 4, what="the computer players did not play on")
