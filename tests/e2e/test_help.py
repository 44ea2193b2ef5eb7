"""Hints, the rules with their drawn worked examples, and the first-game tour."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from .playing import (
    GAME_OVER,
    HELD,
    HUMAN_TURN,
    LANGUAGE,
    SUMMARY,
    call,
    layout_tiles,
    open_page,
    play_first_move,
    played_moves,
    poll,
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
        "9. 1-3 on a side arm of 1-1 → 0 + 2 + 3 + 3 = 8 → 0 points"
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
        "9. 1-3 num ramo lateral do 1-1 → 0 + 2 + 3 + 3 = 8 → 0 pontos"
    )
    expect(dialog.locator(".decided strong").first).to_have_text("Decidido:")
    expect(page.locator("#language")).to_have_value("pt-BR")
    page.keyboard.press("Escape")
    expect(dialog).to_have_count(0)


def test_the_tour_shows_once_and_again_on_request(page: Page) -> None:
    open_page(page, "?speed=0")
    tour = page.locator("dialog[data-tour]")
    expect(tour).to_be_visible()
    expect(tour).to_have_attribute("data-step", "hand")
    expect(page.locator("[data-seat='0'][data-tour-target]")).to_have_count(1)
    page.keyboard.press("Enter")  # focus starts on Next
    expect(tour).to_have_attribute("data-step", "table")
    page.keyboard.press("Escape")
    expect(tour).to_have_count(0)
    expect(page.locator("[data-tour-target]")).to_have_count(0)
    page.reload()
    # The page decides on the tour in the task that marks the game ready (app.js), so the
    # tour is either there now or not coming.
    page.wait_for_selector("body[data-game='ready']", state="attached", timeout=60_000)
    expect(tour).to_have_count(0)
    # From the rules dialog, on request.
    page.click("[data-action='rules']")
    page.click("[data-action='replay-tour']")
    expect(tour).to_be_visible()
    expect(page.locator("dialog[data-rules]")).to_have_count(0)


def test_the_computer_players_wait_while_the_tour_shows(page: Page) -> None:
    """A newcomer reading the cards misses nothing: no computer player moves behind them.
    The tour ends when the newcomer skips it or plays, and the game goes on."""
    open_page(page, "?speed=0")  # a first visit: a random deal, the tour starts by itself
    tour = page.locator("dialog[data-tour]")
    expect(tour).to_have_attribute("data-step", "hand")
    # The game loop parks behind the tour ([data-held]), or it is South's turn to open.
    page.wait_for_selector(f"{HELD}, {HUMAN_TURN}", state="attached", timeout=30_000)
    assert layout_tiles(page) == [], "the computer players moved behind the tour"
    if page.locator(HUMAN_TURN).count():
        play_first_move(page)  # playing on ends the tour
        after = 4  # South's move, then each computer player's turn
    else:
        tour.locator("[data-action='skip-tour']").click()
        after = 1  # the opening
    expect(tour).to_have_count(0)
    # The game goes on: the engine's record shows the computer players' turns taken.
    poll(
        page,
        """async (after) => {
          const record = await window.sevenRocks.engine.call("record");
          return (record.rounds[0]?.moves.length ?? 0) >= after;
        }""",
        after,
        what="the computer players did not play on",
    )
    expect(page.locator("[data-tour-target]")).to_have_count(0)


def test_the_tour_keeps_the_focus_when_it_is_already_the_players_turn(page: Page) -> None:
    """The first table is drawn before the tour opens; when South is to play, the hand's
    focus (given a frame later) must not take the keyboard away from the tour's Next."""
    open_page(page, "?seed=4&speed=0&seats=human,greedy,greedy,greedy")  # South opens: no tour
    expect(page.locator("[data-hand='0'] .hand-tile--playable").first).to_be_visible()
    page.wait_for_function("() => localStorage.getItem('seven-rocks:save') !== null")
    open_page(page, "?speed=0")  # the same game, resumed, on a plain first-visit address
    tour = page.locator("dialog[data-tour]")
    expect(tour).to_have_attribute("data-step", "hand")
    expect(page.locator("#board[data-human-turn]")).to_have_count(1)
    # Two frames: the hand's deferred focus has had its chance to run.
    page.evaluate("() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")
    expect(tour.locator("[data-tour-action='next']")).to_be_focused()
    page.keyboard.press("Enter")
    expect(tour).to_have_attribute("data-step", "table")


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
