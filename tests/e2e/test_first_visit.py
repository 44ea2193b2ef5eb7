"""A first visit, while the engine loads: the page speaks the reader's language from its
first words, and the felt says how the game scores instead of lying empty for seconds."""

from __future__ import annotations

import pytest
from playwright.sync_api import BrowserContext, expect

from .conftest import BOOT_TIMEOUT_MS
from .playing import LANGUAGE, HeldRequests

pytestmark = pytest.mark.e2e


def test_while_the_engine_loads_the_felt_says_how_it_scores_in_the_readers_language(
    context: BrowserContext,
) -> None:
    engine = HeldRequests(context, "**/seven_rocks.zip")  # the page loads, the engine waits
    page = context.new_page()
    page.add_init_script(LANGUAGE.replace("{lang}", "pt-BR"))
    with page.expect_request("**/seven_rocks.zip", timeout=30_000):
        page.goto("/")
    primer = page.locator("[data-primer]")
    expect(primer).to_be_visible()
    expect(primer.locator(".primer__title")).to_have_text("Como se marca")
    expect(primer.locator("li")).to_have_count(5)
    expect(primer.locator("li").nth(1)).to_contain_text("múltiplo de 5")
    # The header's teams, before any game is dealt, in Portuguese too.
    expect(page.locator("[data-team='0'] .team__name")).to_have_text("Você e Norte")
    expect(page.locator("[data-team='1'] .team__name")).to_have_text("Oeste e Leste")
    expect(page.locator("body[data-engine='loading']")).to_have_count(1)
    # The engine's package is asked for once the first table shows (and held, above); a
    # round trip to the page lets the route's handler run first.
    page.evaluate("0")
    assert engine.held, "the engine's package was never held"
    engine.release()
    page.wait_for_selector("body[data-game='ready']", state="attached", timeout=BOOT_TIMEOUT_MS)
    expect(primer).to_be_hidden()
