"""Reference pictures of the key states outside a game's turns: the first-visit tour, the
pass screen and the coach, in both languages, on a phone and a laptop (the game's own
states are pictured by test_drawn.py as it plays). See screens.py for the comparison and
``make screenshots`` to accept a deliberate change."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from .drawn import wait_quiet
from .playing import HUMAN_TURN, LANGUAGE, PLAYABLE, SUMMARY, open_page
from .screens import differs_from_reference
from .test_review import PANEL, first_costly, play_to_summary, wait_state

pytestmark = pytest.mark.e2e

PHONES = {"390x844", "844x390"}


def opened(viewport_page: Callable[..., Page], viewport: str, lang: str, game: str) -> Page:
    init = LANGUAGE.replace("{lang}", lang)
    page = viewport_page(viewport, phone=viewport in PHONES, init=init, visit="returning")
    open_page(page, game)
    return page


def test_the_tour(viewport_page: Callable[..., Page]) -> None:
    game = "?seats=human,greedy,greedy,greedy&seed=4&speed=0"
    page = opened(viewport_page, "390x844", "pt-BR", game)
    page.locator(f"{HUMAN_TURN} {PLAYABLE}").first.wait_for()
    page.evaluate("window.sevenRocks.tour.start()")
    expect(page.locator("dialog[data-tour]")).to_have_attribute("data-step", "hand")
    wait_quiet(page)
    assert differs_from_reference(page, "tour-390x844-pt-BR") is None


def test_the_pass_screen(viewport_page: Callable[..., Page]) -> None:
    game = "?seats=human,greedy,human,greedy&seed=2&speed=0"
    page = opened(viewport_page, "390x844", "pt-BR", game)
    expect(page.locator("[data-pass-device]")).to_be_visible()
    wait_quiet(page)
    assert differs_from_reference(page, "pass-390x844-pt-BR") is None


@pytest.mark.parametrize(("viewport", "lang"), [("844x390", "pt-BR"), ("1440x900", "en")])
def test_the_coach(viewport_page: Callable[..., Page], viewport: str, lang: str) -> None:
    page = opened(viewport_page, viewport, lang, "?seed=2&speed=0&seats=human,greedy,greedy,greedy")
    play_to_summary(page)
    page.locator(f"{SUMMARY} [data-action='review']").click()
    assert wait_state(page, "done") == "done"
    costly = first_costly(page)
    costly.click()
    drawn = f"{costly.get_attribute('data-round')}-{costly.get_attribute('data-number')}"
    expect(page.locator(f"{PANEL} [data-review-board]")).to_have_attribute("data-drawn", drawn)
    wait_quiet(page)
    assert differs_from_reference(page, f"coach-{viewport}-{lang}") is None
