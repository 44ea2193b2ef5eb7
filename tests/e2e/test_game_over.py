"""The end of a game: a win is celebrated (never with motion off), and the next game is one
tap away: the same seats with a new deal, or the same deal again to play it better."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from seven_rocks.engine.record import from_record

from .conftest import BOOT_TIMEOUT_MS
from .playing import (
    GAME_OVER,
    HUMAN_TURN,
    PLAYABLE,
    RECT,
    SUMMARY,
    call,
    open_page,
    overlap,
    play_first_move,
    team_scores,
    wait_for_state,
)

pytestmark = pytest.mark.e2e

#: South (playing its first playable tile each turn) and North beat greedy West and East.
WIN = "?seats=human,greedy,greedy,greedy&seed=39&speed=0"


def play_to_the_end(page: Page) -> None:
    """South plays its first playable tile each turn, round after round, to the game's end."""
    deadline = time.monotonic() + 120
    next_round = f"{SUMMARY} [data-next-round]"
    while True:
        left = deadline - time.monotonic()
        assert left > 0, "the game did not end"
        shows = wait_for_state(page, GAME_OVER, next_round, (HUMAN_TURN, PLAYABLE), timeout=left)
        if shows == 0:
            return
        if shows == 1:
            page.locator(next_round).click()
        else:
            play_first_move(page)


def test_a_win_is_celebrated_and_the_same_deal_can_be_played_again(page: Page) -> None:
    open_page(page, WIN)
    play_to_the_end(page)
    over = page.locator(GAME_OVER)
    expect(over.locator("[data-winner='0']")).to_be_visible()
    first = from_record(call(page, "record"))
    burst = over.locator("[data-celebration] .celebration__piece")
    assert burst.count() > 0
    running = burst.first.evaluate("(el) => el.getAnimations().length")
    assert running == 1, "the celebration does not move"
    # The same deal again, now with animations off (as the settings turn them off): the
    # same seats, the same tiles, no celebration.
    page.evaluate("document.documentElement.dataset.motion = 'off'")
    over.locator("[data-action='same-deal']").click()
    expect(over).to_have_count(0)
    page.wait_for_selector(f"{HUMAN_TURN}, {SUMMARY}", state="attached", timeout=30_000)
    again = from_record(call(page, "record"))
    assert again.seed == first.seed and len(again.rounds) == 1
    assert again.rounds[0].deal == first.rounds[0].deal
    assert again.seats == first.seats
    play_to_the_end(page)
    expect(over.locator("[data-winner='0']")).to_be_visible()
    assert from_record(call(page, "record")).scores == first.scores
    expect(over.locator("[data-celebration]")).to_have_count(0)


def test_play_again_keeps_the_seats_and_deals_anew(page: Page) -> None:
    open_page(page, "?seats=greedy,random,greedy,random&seed=7&speed=0")
    over = page.locator(GAME_OVER)
    expect(over).to_be_visible(timeout=90_000)
    first = from_record(call(page, "record"))
    expect(over.locator("[data-celebration]")).to_have_count(0)  # nobody at the screen won
    over.locator("[data-action='play-again']").click()
    expect(over).to_have_count(0)
    again = from_record(call(page, "record"))
    assert again.seed != first.seed
    assert again.seats == first.seats
    assert not again.is_over


def test_the_games_end_stays_until_another_game_starts(page: Page) -> None:
    """Closed, the game's end is one tap away; a reload shows the finished game (its table,
    its scores) under its end, with the review, Play again and the same deal again, not a
    new deal; Play again deals anew, and a reload then resumes the new game."""
    open_page(page, WIN)
    play_to_the_end(page)
    over = page.locator(GAME_OVER)
    expect(over.locator("[data-winner='0']")).to_be_visible()
    final = team_scores(page)
    first = from_record(call(page, "record"))
    reopen = page.locator("[data-action='show-ending']")
    over.locator("[data-action='close']").click()
    expect(over).to_have_count(0)
    expect(reopen).to_be_visible()
    reopen.click()
    expect(over.locator("[data-winner='0']")).to_be_visible()
    expect(over.locator("[data-action='review']")).to_be_visible()
    over.locator("[data-action='close']").click()
    expect(over).to_have_count(0)
    page.reload()
    page.wait_for_selector("body[data-game='ready']", state="attached", timeout=BOOT_TIMEOUT_MS)
    expect(over.locator("[data-winner='0']")).to_be_visible()
    for action in ("review", "play-again", "same-deal"):
        expect(over.locator(f"[data-action='{action}']")).to_be_visible()
    expect(over.locator("[data-final-score='0']")).to_have_text(str(final[0]))
    assert team_scores(page) == final
    shown = from_record(call(page, "record"))
    assert shown.is_over and shown.seed == first.seed and shown.scores == first.scores
    assert page.locator("#table [data-tile]").count() > 0, "no finished table under its end"
    # Play again: a new deal, and the finished game is gone for good.
    over.locator("[data-action='play-again']").click()
    expect(over).to_have_count(0)
    page.wait_for_selector(f"{HUMAN_TURN}, {SUMMARY}", state="attached", timeout=30_000)
    again = from_record(call(page, "record"))
    assert again.seed != first.seed and not again.is_over
    expect(reopen).to_be_hidden()
    page.goto("/?speed=0")  # no game named: the saved one resumes
    page.wait_for_selector("body[data-game='ready']", state="attached", timeout=BOOT_TIMEOUT_MS)
    assert wait_for_state(page, GAME_OVER, HUMAN_TURN, SUMMARY, timeout=30) != 0
    resumed = from_record(call(page, "record"))
    assert resumed.seed == again.seed and not resumed.is_over
    expect(reopen).to_be_hidden()


#: Rectangles of what is on the table (the tiles) and in South's hand.
TILE_RECTS = """(selector) => [...document.querySelectorAll(selector)].map((el) => {
  const r = (el.querySelector(".domino__body") ?? el).getBoundingClientRect();
  return { left: r.left, top: r.top, right: r.right, bottom: r.bottom };
})"""


@pytest.mark.long
def test_the_game_over_line_is_said_once_and_both_end_dialogs_fold_to_show_the_table(
    viewport_page: Callable[..., Page],
) -> None:
    page = viewport_page("390x844")
    page.goto("/?seats=greedy,greedy,greedy,greedy&seed=7&speed=800")
    page.wait_for_selector("body[data-game='ready']", state="attached", timeout=BOOT_TIMEOUT_MS)
    # The bots alone: a round summary closes by itself; catch one and fold it.
    summary = page.locator(f"{SUMMARY}[open]")
    expect(summary).to_be_visible(timeout=120_000)
    check_folds(page, summary)
    page.locator(f"{SUMMARY} [data-next-round]").click()
    page.goto("/?seats=greedy,greedy,greedy,greedy&seed=7&speed=0")
    over = page.locator(f"{GAME_OVER}[open]")
    expect(over).to_be_visible(timeout=120_000)
    won = page.locator("#announce li").last.inner_text()
    assert " win " in won, won
    board = page.inner_text("#board") + page.inner_text("#app")
    assert board.count(won) == 1, f"the game's end is said {board.count(won)} times on the board"
    check_folds(page, over)


def check_folds(page: Page, dialog: Any) -> None:
    """Fold `dialog`: the table's tiles show, nothing of the dialog over them, no dim."""
    fold = dialog.locator("[data-action='fold']")
    expect(fold).to_have_attribute("aria-expanded", "true")
    fold.tap()
    expect(fold).to_have_attribute("aria-expanded", "false")
    expect(dialog.locator(".dialog__detail")).to_be_hidden()
    box = dialog.evaluate(RECT)
    tiles = page.evaluate(TILE_RECTS, "#table [data-tile]")
    assert tiles, "no table under the dialog"
    covered = [t for t in tiles if overlap(t, box)]
    assert not covered, f"{len(covered)} of {len(tiles)} table tiles under the folded dialog"
    size = page.viewport_size or {"width": 0, "height": 0}
    assert all(t["bottom"] <= size["height"] and t["top"] >= 0 for t in tiles)
    backdrop = dialog.evaluate("d => getComputedStyle(d, '::backdrop').backgroundColor")
    assert backdrop in ("rgba(0, 0, 0, 0)", "transparent"), backdrop
    fold.tap()
    expect(dialog.locator(".dialog__detail")).to_be_visible()
