"""Save and resume: a game survives a reload; a bad save is reported once and replaced."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import Page, expect

from .conftest import BOOT_TIMEOUT_MS
from .playing import (
    GAME_OVER,
    GREEDY_GAME,
    HAND,
    HUMAN_TURN,
    PLAYABLE,
    SAVE_KEY,
    call,
    layout_tiles,
    open_page,
    open_site_file,
    play_first_move,
    team_scores,
    wait_for_human_or,
    wait_saved,
)

pytestmark = pytest.mark.e2e

GAME = "?seed=2&speed=0&seats=human,greedy,random,greedy"


def table_state(page: Page) -> dict[str, object]:
    return {
        "hand": page.locator(HAND).evaluate_all("els => els.map(e => e.dataset.tile)"),
        "layout": layout_tiles(page),
        "scores": team_scores(page),
        "levels": [page.inner_text(f"[data-seat='{s}'] .seat__level") for s in (1, 2, 3)],
        "round": page.get_attribute("#board", "data-round"),
    }


def test_a_game_resumes_after_a_reload_and_a_closed_tab(page: Page) -> None:
    open_page(page, GAME)
    wait_for_human_or(page, GAME_OVER)
    play_first_move(page)
    assert wait_for_human_or(page, GAME_OVER) == "turn"
    saved = wait_saved(page)
    before = table_state(page)
    engine_before = call(page, "state")
    assert before["levels"] == ["greedy", "partner · random", "greedy"]

    open_page(page, GAME)  # the same link again: the very same game, not a new deal
    expect(page.locator("[data-notice='info']")).to_contain_text("resumed")
    wait_for_human_or(page, GAME_OVER)
    assert table_state(page) == before
    after = call(page, "state")
    for key in ("hand", "scores", "bots", "round", "turn", "seed", "hand_sizes"):
        assert after[key] == engine_before[key], key
    assert call(page, "save") == saved

    # A closed tab and a plain visit (no parameters) resume it as well.
    other = page.context.new_page()
    page.close()
    open_page(other, "?speed=0")
    expect(other.locator("[data-notice='info']")).to_contain_text("resumed")
    assert call(other, "state")["hand"] == engine_before["hand"]
    assert call(other, "state")["bots"] == [None, "greedy", "random", "greedy"]
    expect(other.locator(PLAYABLE).first).to_be_visible()


BAD_SAVES = [
    ("{this is not json", "damaged"),
    (json.dumps({"format": "seven-rocks-save", "version": 0, "game": [1, 2]}), "older version"),
    (
        json.dumps(
            {
                "format": "seven-rocks-save",
                "version": 1,
                "bots": [None, "greedy", "greedy", "greedy"],
                "record": {"format": "seven-rocks-record", "version": 1, "rounds": [{}]},
            }
        ),
        "damaged",
    ),
]


def test_a_bad_save_is_reported_in_one_sentence_and_a_new_game_starts(page: Page) -> None:
    for stored, words in BAD_SAVES:
        # Any small page of the site gives access to its storage without booting the game.
        open_site_file(page)
        page.evaluate("([key, value]) => localStorage.setItem(key, value)", [SAVE_KEY, stored])
        open_page(page, "?speed=0&seats=human,greedy,greedy,greedy")
        notices = page.locator("[data-notice]")
        expect(notices).to_have_count(1)
        text = notices.first.inner_text()
        assert words in text and text.count(".") == 1, text
        assert "Traceback" not in page.inner_text("body")
        # A fresh, playable game replaced it (and is saved in its place).
        assert wait_for_human_or(page, GAME_OVER) == "turn"
        expect(page.locator(HUMAN_TURN)).to_be_attached()
        assert call(page, "state")["round"] == 1
        wait_saved(page)
    play_first_move(page)
    wait_saved(page)


#: A browser whose storage is full: the save is refused (settings and the rest still kept).
FULL_STORAGE = """(() => {
  const setItem = Storage.prototype.setItem;
  Storage.prototype.setItem = function (key, value) {
    const full = new DOMException("The quota has been exceeded.", "QuotaExceededError");
    if (key === "seven-rocks:save") throw full;
    return setItem.call(this, key, value);
  };
})();"""
NOT_SAVED = "[data-notice='warning']:has-text('not keeping the game')"


def test_a_browser_that_will_not_keep_the_game_says_so_once(page: Page) -> None:
    """Storage full (or turned off): the save was refused in silence, and the player found
    a new game after a reload. Now it is said once, and the game plays on."""
    page.add_init_script(FULL_STORAGE)
    open_page(page, GAME)
    assert wait_for_human_or(page, GAME_OVER) == "turn"
    expect(page.locator(NOT_SAVED)).to_have_count(1)
    for _ in range(3):  # every move's save is refused again: still one notice
        play_first_move(page)
        assert wait_for_human_or(page, GAME_OVER) == "turn"
    expect(page.locator(NOT_SAVED)).to_have_count(1)
    assert page.evaluate(f"localStorage.getItem('{SAVE_KEY}')") is None


def test_a_browser_that_keeps_the_game_says_nothing_of_it(page: Page) -> None:
    open_page(page, GAME)
    assert wait_for_human_or(page, GAME_OVER) == "turn"
    play_first_move(page)
    assert wait_for_human_or(page, GAME_OVER) == "turn"
    wait_saved(page)
    expect(page.locator("[data-notice]")).to_have_count(0)


def test_a_reload_keeps_the_sum_the_seats_last_moves_and_the_move_line(page: Page) -> None:
    open_page(page, GREEDY_GAME)
    wait_for_human_or(page, GAME_OVER)
    play_first_move(page)
    assert wait_for_human_or(page, GAME_OVER) == "turn"
    shown = {
        "sum": page.inner_text("#sum"),
        "status": [page.inner_text(f"[data-seat='{s}'] .seat__status") for s in (1, 2, 3)],
        "line": page.locator("#announce li").last.inner_text(),
    }
    assert "=" in shown["sum"], f"no sum banner before the reload: {shown['sum']!r}"
    assert any(status.startswith("played") for status in shown["status"]), shown
    wait_saved(page)  # the page has stored the engine's game: a reload comes back to it
    page.reload()
    page.wait_for_selector("body[data-game='ready']", state="attached", timeout=BOOT_TIMEOUT_MS)
    expect(page.locator("#sum")).to_have_text(shown["sum"])
    for seat, status in zip((1, 2, 3), shown["status"], strict=True):
        expect(page.locator(f"[data-seat='{seat}'] .seat__status")).to_have_text(status)
    expect(page.locator("#announce li").last).to_have_text(shown["line"])
