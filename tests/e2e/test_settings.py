"""Settings: remembered across reloads, and in effect (theme, motion, speed, sounds)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from .playing import (
    GAME_OVER,
    GREEDY_GAME,
    PLAYABLE,
    PREFS,
    SUMMARY,
    open_page,
    play_first_move,
    wait_for_human_or,
)

pytestmark = pytest.mark.e2e

GAME = "?seed=2&seats=human,greedy,greedy,greedy"


def test_settings_persist_after_reload_and_take_effect(page: Page) -> None:
    open_page(page, GAME)
    html = page.locator("html")
    expect(html).to_have_attribute("data-theme", "auto")
    expect(html).to_have_attribute("data-sound", "off")
    page.keyboard.press(",")
    dialog = page.locator("dialog[data-settings]")
    expect(dialog).to_be_visible()
    dialog.locator("input[data-pref='theme'][value='contrast']").check()
    expect(html).to_have_attribute("data-theme", "contrast")
    dialog.locator("select[data-pref='speed']").select_option("0")
    animations = dialog.locator("input[data-pref='animations']")
    if animations.is_checked():
        animations.uncheck()
    expect(html).to_have_attribute("data-motion", "off")
    dialog.locator("input[data-pref='sound']").check()
    expect(html).to_have_attribute("data-sound", "on")
    expect(page.locator("#speed")).to_have_value("0")
    page.keyboard.press("Escape")
    expect(dialog).to_have_count(0)

    page.reload()
    page.wait_for_selector("body[data-game='ready']", state="attached", timeout=60_000)
    expect(html).to_have_attribute("data-theme", "contrast")
    expect(html).to_have_attribute("data-motion", "off")
    expect(html).to_have_attribute("data-sound", "on")
    expect(page.locator("#speed")).to_have_value("0")
    assert page.evaluate("window.sevenRocks.controller.settings.speed") == 0
    # High contrast really changes the colours (pure CSS): the page's ground, the root's.
    ground = "getComputedStyle(document.documentElement).backgroundColor"
    assert page.evaluate(ground) == "rgb(0, 0, 0)"
    # No animation runs; the instant bots answer at once; a move makes a (synthesized) sound.
    assert not page.locator("#board").evaluate("el => el.classList.contains('board--animate')")
    play_first_move(page)
    sounds = re.compile(r"^(place|points|knock|round|turn)$")
    expect(html).to_have_attribute("data-last-sound", sounds)
    page.click("[data-action='settings']")
    expect(dialog.locator("input[data-pref='theme'][value='contrast']")).to_be_checked()
    expect(dialog.locator("input[data-pref='sound']")).to_be_checked()
    expect(dialog.locator("input[data-pref='animations']")).not_to_be_checked()


def test_in_high_contrast_the_dimmed_ends_stay_readable(page: Page) -> None:
    page.add_init_script(PREFS.replace("{prefs}", "{ theme: 'contrast' }"))
    open_page(page, GREEDY_GAME)
    assert wait_for_human_or(page, GAME_OVER) == "turn"
    expect(page.locator("html")).to_have_attribute("data-theme", "contrast")
    # A tile with several places lights them, and the ends are dimmed meanwhile.
    several = """Object.entries(window.sevenRocks.controller.snap.legal)
      .filter(([, places]) => places.length > 1).map(([tile]) => tile)"""
    for _ in range(7):
        choices = page.evaluate(several)
        if choices:
            page.locator(f"{PLAYABLE}[data-tile='{choices[0]}']").click()
            break
        play_first_move(page)
        assert wait_for_human_or(page, f"{GAME_OVER}, {SUMMARY}") == "turn"
    else:
        pytest.fail("no tile with several places came in a round: choose another seed")
    expect(page.locator(".layout--choosing")).to_have_count(1)
    opacity = page.locator("#table .end").first.evaluate("e => Number(getComputedStyle(e).opacity)")
    assert opacity >= 0.6, f"the dimmed ends are at opacity {opacity}"
