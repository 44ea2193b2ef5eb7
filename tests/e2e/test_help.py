"""Hints (in the current language, and longer ones that fade out until read to the end), and
the rules with their drawn worked examples."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from .playing import (
    GAME_OVER,
    LANGUAGE,
    SUMMARY,
    call,
    open_page,
    play_first_move,
    played_moves,
    wait_for_human_or,
)

pytestmark = pytest.mark.e2e

GAME = "?seed=2&speed=0&seats=human,greedy,greedy,greedy"
HINT = "[data-hint][data-state='shown']"


def test_hint_shows_a_legal_move_with_its_reason_in_the_current_language(page: Page) -> None:
    open_page(page, GAME)
    wait_for_human_or(page, GAME_OVER)
    state = call(page, "state")
    page.click("[data-action='hint']")
    panel = page.locator(HINT)
    expect(panel).to_be_visible(timeout=30_000)
    tile = page.locator("[data-hand='0'] [data-tile][data-hinted]").get_attribute("data-tile")
    target = page.locator("#table [data-target][data-hinted]")
    expect(target).to_have_count(1)
    point = target.get_attribute("data-target")
    assert tile in state["legal"] and point in state["legal"][tile]
    # Marked by shape and words, not colour alone: a ring, a star and the label.
    expect(target.locator(".target__hint-ring")).to_have_count(1)
    assert "(Hint)" in (target.get_attribute("aria-label") or "")
    # The keyboard is on the suggested place: Enter would play it.
    assert page.evaluate("document.activeElement.dataset.target") == point
    move = panel.locator("[data-hint-move]")
    expect(move).to_contain_text(f"{tile}")
    expect(move).to_contain_text("Play" if point != "open" else "Open")
    expect(panel.locator("[data-hint-why]")).to_contain_text("The ends will add up to")
    # Switching language re-renders the reason.
    page.select_option("#language", "pt-BR")
    expect(move).to_contain_text("Jogue" if point != "open" else "Abra")
    expect(panel.locator("[data-hint-why]")).to_contain_text("As extremidades somarão")
    expect(page.locator("[data-action='hint']")).to_have_text("Dica")
    # Playing the hinted move (Enter on its place) clears the hint.
    target.focus()
    page.keyboard.press("Enter")
    expect(page.locator("[data-hint]")).to_have_count(0)
    move_text = tile if point == "open" else f"{tile}@{point}"
    assert move_text in played_moves(page)[0]


def test_rules_show_the_worked_examples_drawn_by_the_table_renderer(page: Page) -> None:
    open_page(page, GAME)
    page.keyboard.press("?")
    dialog = page.locator("dialog[data-rules]")
    expect(dialog).to_be_visible()
    expect(dialog).to_have_attribute("data-examples", "drawn", timeout=20_000)
    # Every rule book section and both "Decided" notes.
    expect(dialog.locator("h3")).to_have_count(10)
    expect(dialog.locator(".decided")).to_have_count(2)
    figures = dialog.locator("figure[data-example]")
    expect(figures).to_have_count(9 + 2 + 1 + 1 + 4)
    step9 = dialog.locator("figure[data-example='main'][data-step='9']")
    expect(step9.locator("[data-tile]")).to_have_count(9)
    ends = step9.locator("[data-end] .end__value").evaluate_all(
        "els => els.map((e) => e.dataset.value)"
    )
    assert sorted(ends) == ["0", "2", "3", "3"]
    expect(step9.locator("[data-point]")).to_have_count(0)  # every open point counts here
    expect(step9.locator(".example__caption")).to_have_text(
        "9. 1-3 on a side arm of 1-1 → 0 + 2 + 3 + 3 = 8 → no points"
    )
    # After step 8 the spinner's unused branch is a hollow dot: open, not counted.
    step8 = dialog.locator("figure[data-example='main'][data-step='8']")
    expect(step8.locator("[data-point]")).to_have_count(1)
    expect(step8.locator("[data-point='1-1:branch_b']")).to_have_count(1)
    expect(step8.locator(".domino--spinner[data-tile='1-1']")).to_have_count(1)
    # Switch language inside the open dialog: it is re-translated in place.
    dialog.locator("[data-language-select]").select_option("pt-BR")
    expect(dialog.locator("#rules-title")).to_have_text("Regras do Seven Rocks")
    expect(step9.locator(".example__caption")).to_have_text(
        "9. 1-3 num ramo lateral do 1-1 → 0 + 2 + 3 + 3 = 8 → sem pontos"
    )
    expect(dialog.locator(".decided strong").first).to_have_text("Decidido:")
    expect(page.locator("#language")).to_have_value("pt-BR")
    page.keyboard.press("Escape")
    expect(dialog).to_have_count(0)


def test_a_hint_longer_than_its_panel_fades_out_until_read_to_the_end(
    viewport_page: Callable[..., Page],
) -> None:
    """On a phone on its side the hint's panel holds two or three lines: a longer hint fades
    out at the panel's foot, saying there is more, until it is scrolled to its end."""
    page = viewport_page("740x360", init=LANGUAGE.replace("{lang}", "pt-BR"))
    open_page(page, "?seed=5&speed=0&seats=human,greedy,greedy,greedy")
    for _ in range(3):
        assert wait_for_human_or(page, f"{SUMMARY}[open]") == "turn"
        play_first_move(page)
    assert wait_for_human_or(page, f"{SUMMARY}[open]") == "turn"
    page.locator("[data-action='hint']:visible").first.tap()
    panel = page.locator("[data-hint][data-state='shown']")
    expect(panel).to_be_visible(timeout=30_000)
    overflow = panel.evaluate("(el) => el.scrollHeight - el.clientHeight")
    assert overflow > 10, "this hint fits its panel: choose another position"
    expect(panel).to_have_attribute("data-more", "below")
    panel.hover()
    page.mouse.wheel(0, overflow + 50)
    expect(panel).not_to_have_attribute("data-more", "below")
    page.mouse.wheel(0, -40)
    expect(panel).to_have_attribute("data-more", "below")
