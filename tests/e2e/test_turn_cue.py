"""When the turn comes to a person after the computer players, the phone buzzes lightly
(where it can, unless the player turned it off) and, with sounds on, a chime says so.

The Vibration API is replaced by a stand-in that records each buzz, and the page's
``seven-rocks:your-turn`` events are counted, so a test can wait for the moment the cue
was due and then see what happened (or did not)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from .playing import (
    GAME_OVER,
    HUMAN_TURN,
    LANGUAGE,
    SUMMARY,
    open_page,
    place_picked,
    play_first_move,
    wait_for_human_or,
)

pytestmark = pytest.mark.e2e

#: navigator.vibrate as a stand-in that keeps every pattern asked for, and a count of the
#: controller's "your turn" events.
BUZZER = """(() => {
  const buzzes = [];
  Object.defineProperty(navigator, "vibrate", {
    configurable: true,
    value: (pattern) => { buzzes.push(pattern); return true; },
  });
  window.__cue = { buzzes, turns: 0 };
  document.addEventListener("seven-rocks:your-turn", () => { window.__cue.turns += 1; });
})();"""
SOUNDS_ON = (
    "try { localStorage.setItem('seven-rocks:prefs', JSON.stringify({ sound: true })); } catch {}"
)
GAME = "?seed=2&speed=0&seats=human,greedy,greedy,greedy"
FACE_UP_PLAYABLE = "[data-face='up'] .hand-tile--playable"
VIBRATE = "dialog[data-settings] input[data-pref='vibrate']"


def cue(page: Page) -> dict[str, Any]:
    state: dict[str, Any] = page.evaluate("() => window.__cue")
    return state


def next_turn(page: Page, turns_before: int) -> None:
    """Play South's first tile; wait until the bots have moved and it is South's turn again
    (the page has said "your turn" once more)."""
    play_first_move(page)
    page.wait_for_function("(n) => window.__cue.turns > n", arg=turns_before, timeout=30_000)
    assert page.locator(SUMMARY).count() == 0, "the round ended: pick a seed with longer rounds"
    expect(page.locator(HUMAN_TURN)).to_have_count(1)


def test_the_phone_buzzes_once_each_time_the_turn_comes_back_after_the_bots(
    viewport_page: Callable[..., Page],
) -> None:
    page = viewport_page("390x844", init=BUZZER + SOUNDS_ON)
    open_page(page, GAME)
    assert wait_for_human_or(page, GAME_OVER) == "turn"
    # (The opening bots' moves may have cued South's first turn already: counted from here.)
    before = len(cue(page)["buzzes"])
    for played in (1, 2):
        turns = int(cue(page)["turns"])
        next_turn(page, turns)
        assert cue(page)["buzzes"] == [40] * (before + played), cue(page)
        # With sounds on, the last sound is the chime for the turn (after the bots' tiles).
        expect(page.locator("html")).to_have_attribute("data-last-sound", "turn")


def test_a_player_who_turns_the_buzz_off_is_not_buzzed_and_it_is_remembered(
    viewport_page: Callable[..., Page],
) -> None:
    page = viewport_page("360x740", init=BUZZER + LANGUAGE.replace("{lang}", "pt-BR"))
    open_page(page, GAME)
    assert wait_for_human_or(page, GAME_OVER) == "turn"
    page.locator("#menu-button").tap()
    page.locator("[data-action='settings']").tap()
    vibrate = page.locator(VIBRATE)
    expect(vibrate).to_be_checked()  # on unless turned off
    expect(
        page.locator("dialog[data-settings] label:has(input[data-pref='vibrate'])")
    ).to_have_text("Vibrar na sua vez")
    vibrate.tap()
    expect(vibrate).not_to_be_checked()
    page.locator("dialog[data-settings] [data-action='close-dialog']").tap()
    expect(page.locator("dialog[data-settings]")).to_have_count(0)
    buzzes = list(cue(page)["buzzes"])
    next_turn(page, int(cue(page)["turns"]))
    assert cue(page)["buzzes"] == buzzes, "buzzed although turned off"
    # Without sounds (the default) no chime either: the bots' last tile made the last sound.
    expect(page.locator("html")).not_to_have_attribute("data-last-sound", "turn")

    page.reload()
    page.wait_for_selector("body[data-game='ready']", state="attached", timeout=60_000)
    page.keyboard.press(",")
    expect(page.locator(VIBRATE)).not_to_be_checked()


def test_only_a_touch_screen_offers_the_buzz(viewport_page: Callable[..., Page]) -> None:
    desktop = viewport_page("1280x720", phone=False, init=BUZZER)
    open_page(desktop, GAME)
    desktop.keyboard.press(",")
    expect(desktop.locator("dialog[data-settings] input[data-pref='sound']")).to_be_visible()
    expect(desktop.locator(VIBRATE)).to_have_count(0)
    # And a desktop's Chrome (which has the API but no motor) is never asked to buzz.
    desktop.keyboard.press("Escape")
    assert wait_for_human_or(desktop, GAME_OVER) == "turn"
    next_turn(desktop, int(cue(desktop)["turns"]))
    assert cue(desktop)["buzzes"] == []


def test_pass_and_play_buzzes_when_the_phone_is_to_be_passed_after_a_bot(
    viewport_page: Callable[..., Page],
) -> None:
    page = viewport_page("390x844", init=BUZZER)
    # South and North are people, West and East bots: after a person's move and a bot's,
    # the pass screen asks for the other person, and the phone on the table buzzes.
    open_page(page, "?seed=2&speed=0&seats=human,greedy,human,greedy")
    screen = page.locator("[data-pass-device]")
    expect(screen).to_have_count(1, timeout=30_000)
    person = screen.get_attribute("data-seat")
    screen.locator("[data-pass-ready]").tap()
    expect(screen).to_have_count(0)
    turns = int(cue(page)["turns"])
    buzzes = len(cue(page)["buzzes"])
    tile = page.locator(FACE_UP_PLAYABLE).first
    name = tile.get_attribute("data-tile")
    tile.tap()
    place_picked(page, "[data-face='up']", name or "")
    expect(screen).to_have_count(1, timeout=30_000)
    assert screen.get_attribute("data-seat") != person
    page.wait_for_function("(n) => window.__cue.turns > n", arg=turns, timeout=10_000)
    assert len(cue(page)["buzzes"]) == buzzes + 1, cue(page)


#: document.visibilityState as a stand-in the test turns (the page is really always shown).
VISIBILITY = """(() => {
  let state = "visible";
  Object.defineProperty(document, "visibilityState", { configurable: true, get: () => state });
  Object.defineProperty(document, "hidden", { configurable: true, get: () => state === "hidden" });
  window.__turnVisibility = (next) => {
    state = next;
    document.dispatchEvent(new Event("visibilitychange"));
  };
})();"""


def test_a_tab_left_for_another_says_your_turn_in_its_title_and_chimes(
    viewport_page: Callable[..., Page],
) -> None:
    init = BUZZER + SOUNDS_ON + VISIBILITY + LANGUAGE.replace("{lang}", "pt-BR")
    page = viewport_page("390x844", init=init)
    open_page(page, GAME)
    assert wait_for_human_or(page, GAME_OVER) == "turn"
    plain = page.title()
    buzzes = list(cue(page)["buzzes"])
    turns = int(cue(page)["turns"])
    # South plays and goes to another tab while the bots answer.
    page.evaluate(
        "() => document.addEventListener('click', () => window.__turnVisibility('hidden'))"
    )
    next_turn(page, turns)
    assert page.title() == f"▶ Sua vez · {plain}"
    # The chime is heard from the background (sounds are on); a hidden page is not buzzed.
    expect(page.locator("html")).to_have_attribute("data-last-sound", "turn")
    assert cue(page)["buzzes"] == buzzes
    page.evaluate("() => window.__turnVisibility('visible')")
    assert page.title() == plain
