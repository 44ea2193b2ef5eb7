"""Keyboard only: a whole round from a new game to the round summary, with no clicks."""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import Page, expect

from .playing import (
    CURRENT_IN_SIGHT,
    GAME_OVER,
    GREEDY_GAME,
    PLAYABLE,
    REVIEW_DONE,
    SUMMARY,
    next_round_or_turn,
    open_page,
    play_first_move,
    wait_for_human_or,
)

pytestmark = pytest.mark.e2e

FOCUSED = """() => {
  const el = document.activeElement;
  if (!el) return "";
  if (el.matches("[data-hand='0'] [data-tile]")) {
    return el.classList.contains("hand-tile--playable") ? "playable" : "tile";
  }
  if (el.matches("[data-target]")) return "target";
  return el.tagName;
}"""


#: The focused control of the open dialog ("" when the focus is on nothing of the page, with
#: the browser's own controls), or null when it is on a control behind the dialog.
FOCUSED_IN_DIALOG = """(() => {
  const el = document.activeElement;
  if (!el || el === document.body) return "";
  return el.closest("dialog") ? el.outerHTML : null;
})()"""

HAND = "[data-hand='0'] [data-tile]"
#: The move went in: South's hand is shorter than `before` tiles.
PLAYED = """(before) => document.querySelectorAll("[data-hand='0'] [data-tile]").length < before"""
#: ... or it asks where: a lit place has the focus.
PLAYED_OR_CHOOSING = """(before) =>
  document.querySelectorAll("[data-hand='0'] [data-tile]").length < before ||
  Boolean(document.activeElement?.matches("[data-target]"))"""


def test_a_whole_round_with_the_keyboard_alone(page: Page) -> None:
    open_page(page, "?seed=2&speed=0&seats=human,greedy,greedy,greedy")
    keys = page.keyboard
    # A new game from the toolbar, by keyboard: Tab to the button, Enter, then Enter to start.
    for _ in range(10):
        if page.evaluate("document.activeElement?.dataset.action") == "new-game":
            break
        keys.press("Tab")
    keys.press("Enter")
    dialog = page.locator("dialog[data-new-game]")
    expect(dialog).to_be_visible()
    expect(dialog.locator("[data-action='start']")).to_be_focused()  # Enter starts at once
    # Back through the fields and past the first: the rest of the page is inert, so the focus
    # stays in the dialog or, past its ends, leaves the page for the browser's own controls
    # (Chromium does either), never reaching a control behind the dialog.
    visited = set()
    for _ in range(9):
        keys.press("Shift+Tab")
        where = page.evaluate(FOCUSED_IN_DIALOG)
        assert where is not None, "the focus reached a control behind the dialog"
        visited.add(where)
    fields = dialog.locator("input:not([hidden]), select, summary, button").count()
    assert len(visited - {""}) == fields, "Shift+Tab skipped a field of the dialog"
    for _ in range(16):
        if page.evaluate("document.activeElement?.dataset.action") == "start":
            break
        keys.press("Tab")
    keys.press("Enter")
    expect(dialog).to_have_count(0)
    deadline = time.monotonic() + 60
    moves = 0
    while True:
        assert time.monotonic() < deadline, "the round did not end"
        if wait_for_human_or(page, SUMMARY) == "other":
            break
        # Tab until a playable tile has the focus, then Enter; Enter again on a lit place.
        for _ in range(40):
            where = page.evaluate(FOCUSED)
            if where == "playable":
                break
            keys.press("ArrowRight" if where == "tile" else "Tab")
        else:
            raise AssertionError("Tab never reached a playable tile")
        before = page.locator(HAND).count()
        keys.press("Enter")
        # One place: the tile is played. Several: the keyboard is on a lit place.
        page.wait_for_function(PLAYED_OR_CHOOSING, arg=before)
        if page.evaluate(FOCUSED) == "target":
            keys.press("ArrowRight")
            keys.press("Enter")
            page.wait_for_function(PLAYED, arg=before)
        moves += 1
    assert moves >= 1
    summary = page.locator(SUMMARY)
    expect(summary).to_be_visible()
    expect(summary.locator("[data-next-round]")).to_be_focused()
    keys.press("Enter")
    expect(summary).to_have_count(0)
    assert page.locator(GAME_OVER).count() == 0


#: At the draw that gives South the turn (the page says so in its ``rendered`` event: a draw
#: can hold the bots' moves and the turn together, so comparing one draw with the one before
#: can miss it), put the keyboard on a hand tile other than the one the page would focus (as
#: a quick arrow key would), then note where the focus is two frames later: after the frame
#: in which a drawn-ahead hand focuses its first playable tile.
MOVE_AS_THE_TURN_ARRIVES = """() => {
  document.addEventListener("seven-rocks:rendered", (event) => {
    if (event.detail?.turnArrived && !window.movedTo) {
      const first = document.querySelector("[data-hand='0'] .hand-tile--playable");
      const hand = [...document.querySelectorAll("[data-hand='0'] [data-tile]")];
      const other = hand.find((el) => el !== first);
      if (other) {
        other.focus();
        window.movedTo = other.dataset.tile;
        requestAnimationFrame(() => requestAnimationFrame(() => {
          const active = document.activeElement;
          window.focusAfter = active?.dataset?.tile ?? active?.tagName;
        }));
      }
    }
  });
}"""


def test_a_key_pressed_as_the_turn_arrives_keeps_its_place(page: Page) -> None:
    """The page focuses the hand when the turn comes; a player already there is not overruled.

    A CI run pressed Enter on a tile in that instant: the lit place took the focus, and the
    hand's deferred focus took it back, so the next Enter did nothing.
    """
    open_page(page, "?seed=2&speed=0&seats=human,greedy,greedy,greedy")
    page.evaluate(MOVE_AS_THE_TURN_ARRIVES)
    if wait_for_human_or(page, SUMMARY) == "turn" and not page.evaluate("window.movedTo ?? null"):
        play_first_move(page)  # the bots play, and the turn comes back
    page.wait_for_function("() => window.focusAfter !== undefined", timeout=30_000)
    moved_to = page.evaluate("window.movedTo")
    assert page.evaluate("window.focusAfter") == moved_to, f"the focus left {moved_to}"


#: Frames as a loaded machine draws them: each animation frame a quarter of a second late, so
#: the player's move, the bots' replies and the player's next turn land in one draw.
SLOW_FRAMES = """(() => {
  const raf = window.requestAnimationFrame.bind(window);
  const waiting = new Map();
  let next = 1;
  window.requestAnimationFrame = (callback) => {
    const id = next++;
    waiting.set(id, setTimeout(() => { if (waiting.delete(id)) raf(callback); }, 250));
    return id;
  };
  window.cancelAnimationFrame = (id) => {
    clearTimeout(waiting.get(id));
    waiting.delete(id);
  };
})();"""
ON_THE_HAND = """() => Boolean(document.activeElement?.closest("[data-hand='0']"))"""


def test_the_keyboard_comes_back_to_the_hand_when_one_frame_holds_a_whole_trick(
    page: Page,
) -> None:
    """A CI run under load: the player pressed Enter on a tile, the bots (at speed 0) replied
    before the next frame, and that one frame drew the player's next turn. The page took the
    turn's arrival from that draw and the one before it, both the player's turn, so it never
    put the keyboard back on the hand: the focus stayed on the page, where the arrow keys do
    nothing. With frames a quarter of a second late, every turn that comes back by keyboard
    must find the focus on the hand."""
    page.add_init_script(SLOW_FRAMES)
    open_page(page, "?seed=2&speed=0&seats=human,greedy,greedy,greedy")
    turns = 0
    for _ in range(5):
        if wait_for_human_or(page, f"{SUMMARY}, {GAME_OVER}") == "other":
            break
        page.wait_for_function(ON_THE_HAND, timeout=5_000)
        turns += 1
        if page.evaluate(FOCUSED) != "playable":
            page.locator(f"{HAND}.hand-tile--playable").first.focus()
        before = page.locator(HAND).count()
        page.keyboard.press("Enter")
        page.wait_for_function(PLAYED_OR_CHOOSING, arg=before)
        if page.evaluate(FOCUSED) == "target":
            page.keyboard.press("Enter")
            page.wait_for_function(PLAYED, arg=before)
    assert turns >= 3, f"only {turns} turns came back to South in the round"


def test_the_keyboard_is_on_the_hand_when_the_turn_comes_after_a_round_summary(
    page: Page,
) -> None:
    open_page(page, GREEDY_GAME)
    assert wait_for_human_or(page, GAME_OVER) == "turn"
    expect(page.locator(f"{PLAYABLE}:focus")).to_have_count(1)  # the first turn, no Tab pressed
    assert next_round_or_turn(page) == "summary", "the game ended in its first round"
    page.keyboard.press("Enter")  # "Next round" has the focus
    expect(page.locator(f"{SUMMARY}[open]")).to_have_count(0)
    assert wait_for_human_or(page, GAME_OVER) == "turn"
    # Not a single Tab: the turn itself put the keyboard on a playable tile.
    expect(page.locator(f"{PLAYABLE}:focus")).to_have_count(1)


def test_the_arrow_keys_step_through_a_review_with_the_focus_on_the_move(page: Page) -> None:
    open_page(page, GREEDY_GAME)
    assert next_round_or_turn(page) == "summary"
    page.click(f"{SUMMARY}[open] [data-action='review']")
    page.wait_for_selector(REVIEW_DONE, timeout=60_000)
    first = page.get_attribute("[data-review-move][aria-current='true']", "data-index")
    page.keyboard.press("ArrowRight")
    current = page.locator(f"[data-review-move][data-index='{int(first or 0) + 1}']")
    expect(current).to_have_attribute("aria-current", "true")
    expect(current).to_be_focused()
    assert page.evaluate(CURRENT_IN_SIGHT)


def test_enter_on_next_to_the_last_move_keeps_the_focus_in_the_review(page: Page) -> None:
    """A tap or Enter on Next stays on Next; at the last move Next is disabled, and the
    focus must not fall out of the panel (Escape and the arrows would stop working)."""
    open_page(page, GREEDY_GAME)
    assert next_round_or_turn(page) == "summary"
    page.click(f"{SUMMARY}[open] [data-action='review']")
    page.wait_for_selector(REVIEW_DONE, timeout=60_000)
    next_step = page.locator("[data-review-step='next']")
    next_step.focus()
    moves = page.locator("[data-review-move]").count()
    for _ in range(moves):
        if next_step.is_disabled():
            break
        page.keyboard.press("Enter")
    expect(next_step).to_be_disabled()
    expect(page.locator("[data-review-step='prev']")).to_be_focused()
    page.keyboard.press("ArrowLeft")
    expect(page.locator("[data-review-move][aria-current='true']")).to_have_attribute(
        "data-index", str(moves - 2)
    )
