"""Statistics: kept in the browser, updated once per finished game, validated, reset."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from seven_rocks.engine.record import from_record

from .playing import GAME_OVER, call, close_dialog, open_page

pytestmark = pytest.mark.e2e

STATS = "dialog[data-stats]"


def test_statistics_count_a_finished_game_and_can_be_reset(page: Page) -> None:
    # Damaged statistics are reported once and start again from zero.
    page.goto("/favicon.svg")
    page.evaluate("localStorage.setItem('seven-rocks:stats', '{\"version\": 1, \"played\": -3}')")
    open_page(page, "?seats=greedy,random,greedy,random&seed=7&speed=0")
    expect(page.locator("[data-notice]")).to_contain_text("statistics were damaged")
    over = page.locator(GAME_OVER)
    expect(over).to_be_visible(timeout=60_000)
    record = call(page, "record")
    game = from_record(record)
    close_dialog(over)

    page.locator("[data-action='stats']").click()
    stats = page.locator(STATS)
    expect(stats.locator("[data-stat='played']")).to_have_text("1")
    won = 1 if game.winner == 0 else 0
    expect(stats.locator("[data-stat='won']")).to_have_text(f"{won} ({100 * won}%)" if won else "0")
    points = sum(
        t.points for rnd in game.rounds for t in rnd.turns if t.seat % 2 == 0 and t.points > 0
    )
    expect(stats.locator("[data-stat='average']")).to_have_text(f"{points / len(game.rounds):.1f}")
    best = max(
        (
            (t.points, str(t.move.tile), n)
            for n, rnd in enumerate(game.rounds, 1)
            for t in rnd.turns
            if t.seat == 0 and t.points > 0
        ),
        key=lambda b: b[0],
        default=None,
    )
    if best:
        expect(stats.locator("[data-stat='best']")).to_contain_text(f"+{best[0]} with ")
    # Kept across visits, and the same game played again to its end is not counted twice.
    stats.locator("[data-action='close-panel']").click()
    page.reload()
    page.wait_for_selector("body[data-game='ready']", state="attached", timeout=30_000)
    expect(over).to_be_visible(timeout=60_000)
    assert call(page, "record") == record
    close_dialog(over)
    page.locator("[data-action='stats']").click()
    expect(stats.locator("[data-stat='played']")).to_have_text("1")
    # Reset asks first: the focus is on Close as the panel opens; Cancel keeps every figure.
    # (A panel is closed, like the rules; "Dismiss" is for the banners.)
    expect(stats.locator("[data-action='close-panel']")).to_have_text("Close")
    expect(stats.locator("[data-action='close-panel']")).to_be_focused()
    stats.locator("[data-action='reset-stats']").click()
    expect(stats.locator("[data-stats-confirm]")).to_contain_text("cannot be undone")
    expect(stats.locator("[data-action='keep-stats']")).to_be_focused()
    stats.locator("[data-action='keep-stats']").click()
    expect(stats.locator("[data-stat='played']")).to_have_text("1")
    expect(stats.locator("[data-action='reset-stats']")).to_be_focused()
    stats.locator("[data-action='reset-stats']").click()
    stats.locator("[data-action='confirm-reset']").click()
    expect(stats.locator("[data-stat='played']")).to_have_text("0")
    expect(stats.locator("[data-stats-confirm]")).to_be_hidden()
    expect(stats.locator("[data-action='reset-stats']")).to_be_disabled()  # nothing to reset
    expect(stats.locator("[data-action='close-panel']")).to_be_focused()
    expect(stats.locator("[data-stat='average']")).to_have_text("—")
