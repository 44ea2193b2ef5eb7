"""Keyboard only: a whole round from a new game to the round summary, with no clicks."""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import Page, expect

from .playing import GAME_OVER, SUMMARY, open_page, wait_for_human_or

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
    expect(dialog.locator("input, select").first).to_be_focused()  # focus is inside the dialog
    for _ in range(16):
        if page.evaluate("document.activeElement?.dataset.action") == "start":
            break
        keys.press("Tab")  # focus stays trapped in the dialog
        assert page.evaluate("Boolean(document.activeElement?.closest('dialog'))")
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
