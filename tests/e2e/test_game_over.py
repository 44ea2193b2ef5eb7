"""The end of a game: a win is celebrated (never with motion off), and the next game is one
tap away: the same seats with a new deal, or the same deal again to play it better."""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import Page, expect

from seven_rocks.engine.record import from_record

from .playing import GAME_OVER, HUMAN_TURN, PLAYABLE, SUMMARY, call, open_page, play_first_move

pytestmark = pytest.mark.e2e

#: South (playing its first playable tile each turn) and North beat greedy West and East.
WIN = "?seats=human,greedy,greedy,greedy&seed=39&speed=0"


def play_to_the_end(page: Page) -> None:
    """South plays its first playable tile each turn, round after round, to the game's end."""
    deadline = time.monotonic() + 120
    while not page.locator(GAME_OVER).count():
        assert time.monotonic() < deadline, "the game did not end"
        if page.locator(f"{SUMMARY} [data-next-round]").count():
            page.locator(f"{SUMMARY} [data-next-round]").click()
        elif page.locator(HUMAN_TURN).count() and page.locator(PLAYABLE).count():
            play_first_move(page)
        else:
            page.wait_for_timeout(30)


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
