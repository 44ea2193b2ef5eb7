"""Statistics: kept in the browser, updated once per finished game, validated, reset."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from seven_rocks.engine.record import from_record

from .playing import GAME_OVER, LANGUAGE, call, close_dialog, open_page, open_site_file

pytestmark = pytest.mark.e2e

STATS = "dialog[data-stats]"


def test_statistics_count_a_finished_game_and_can_be_reset(page: Page) -> None:
    # Damaged statistics are reported once and start again from zero.
    open_site_file(page)
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
    # West and East were both the random bot: the game counts against that level.
    expect(stats.locator("[data-stat='streak']")).to_have_text("1 (longest 1)" if won else "0")
    expect(stats.locator("[data-stats-levels] dt")).to_have_text(["Random"])
    expect(stats.locator("[data-stat-against='random']")).to_have_text(f"{won} of 1 ({100 * won}%)")
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


def test_a_phone_shows_the_record_against_each_level_in_portuguese(
    viewport_page: Callable[..., Page],
) -> None:
    # A record against several levels reads in the ladder's order, every row in reach.
    page = viewport_page("360x740", init=LANGUAGE.replace("{lang}", "pt-BR"))
    stored = {
        "version": 2,
        "played": 30,
        "won": 17,
        "rounds": 95,
        "points": 4200,
        "best": {"points": 35, "tile": "5-5", "round": 3},
        "last": None,
        "streak": 2,
        "longest": 5,
        "against": {
            "people": {"played": 2, "won": 1},
            "master": {"played": 9, "won": 3},
            "mixed": {"played": 1, "won": 1},
            "expert": {"played": 8, "won": 6},
        },
    }
    open_site_file(page)
    page.evaluate(f"localStorage.setItem('seven-rocks:stats', {json.dumps(json.dumps(stored))})")
    open_page(page, "?seed=3&speed=0")
    page.locator("#menu-button").tap()
    page.locator("[data-action='stats']:visible").tap()
    stats = page.locator(STATS)
    expect(stats.locator("[data-stat='won']")).to_have_text("17 (57%)")
    expect(stats.locator("[data-stat='streak']")).to_have_text("2 (recorde 5)")
    expect(stats.locator("[data-stats-levels] dt")).to_have_text(
        ["Experiente", "Mestre", "Níveis mistos", "Pessoas"]
    )
    expect(stats.locator("[data-stat-against='master']")).to_have_text("3 de 9 (33%)")
    expect(page.locator("[data-notice]")).to_have_count(0)
    # The last row and Close can be reached on the phone (the sheet scrolls if it must).
    stats.locator("[data-stat-against='people']").scroll_into_view_if_needed()
    expect(stats.locator("[data-stat-against='people']")).to_be_in_viewport()
    close = stats.locator("[data-action='close-panel']")
    close.scroll_into_view_if_needed()
    expect(close).to_be_in_viewport()
    close.tap()
    expect(stats).to_have_count(0)
    # Kept as they were: opening the page again changed nothing.
    assert json.loads(page.evaluate("localStorage.getItem('seven-rocks:stats')")) == stored


def test_statistics_of_an_earlier_version_keep_their_figures(page: Page) -> None:
    old = {
        "version": 1,
        "played": 4,
        "won": 3,
        "rounds": 14,
        "points": 700,
        "best": None,
        "last": None,
    }
    open_site_file(page)
    page.evaluate(f"localStorage.setItem('seven-rocks:stats', {json.dumps(json.dumps(old))})")
    open_page(page, "?seed=3&speed=0")
    page.locator("[data-action='stats']").click()
    stats = page.locator(STATS)
    expect(stats.locator("[data-stat='played']")).to_have_text("4")
    expect(stats.locator("[data-stat='won']")).to_have_text("3 (75%)")
    expect(stats.locator("[data-stat='average']")).to_have_text("50.0")
    expect(stats.locator("[data-stat='streak']")).to_have_text("0")
    expect(stats.locator("[data-stats-levels]")).to_have_count(0)
    expect(page.locator("[data-notice]")).to_have_count(0)
