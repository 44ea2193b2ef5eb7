"""Puzzles and "Retry your mistakes" in the browser, as a person uses them: a phone held
upright and on its side (touch, pt-BR) and a desktop (mouse, English). Every answer is the
one the shipped puzzle file or the engine's own review holds."""

from __future__ import annotations

import json
import re
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from .conftest import Guard
from .playing import LANGUAGE, REVIEW_DONE, call, next_round_or_turn, open_page

pytestmark = pytest.mark.e2e

SHIPPED = Path(__file__).resolve().parents[2] / "web" / "data" / "puzzles.json"
PANEL = "dialog[data-trainer-panel]"
TRAINER = f"{PANEL} [data-trainer]"
TABLE = f"{PANEL} [data-trainer-table]"
PROMPT = f"{PANEL} [data-trainer-prompt]"
META = f"{PANEL} [data-trainer-meta]"
REASON = f"{PANEL} [data-trainer-reasons] li"
IDEA = f"{REASON}[data-puzzle-idea]"
GAME = "?seed=2&speed=0&seats=human,greedy,greedy,greedy"
#: Whether every one of the selectors' first elements is drawn whole inside the window's height.
FITS = """(parts) => parts.every((selector) => {
  const box = document.querySelector(selector)?.getBoundingClientRect();
  return box && box.height > 0 && box.top >= 0 && box.bottom <= innerHeight + 1;
})"""
EN = {"title": "Retry", "solved": "{solved} of {count} solved"}
PT = {"title": "Refazer", "solved": "{solved} de {count} resolvidos"}


def shipped() -> list[dict[str, Any]]:
    return list(json.loads(SHIPPED.read_text(encoding="utf-8"))["puzzles"])


def wrong_moves(puzzle: dict[str, Any]) -> list[str]:
    """The puzzle's moves that are not its answer (nor as good), worst last."""
    best = puzzle["candidates"][0][1]
    return [m for m, v in puzzle["candidates"] if v < best - 0.05]


def try_move(page: Page, move: str, *, phone: bool) -> None:
    """Pick ``move``'s tile in the trainer's hand, then its place if the tile has several,
    and wait for the engine's verdict. As a person would, pick the tile again if a redraw
    (a loaded machine's slow frame) shows it not picked, and look for its place again."""
    tile, _, point = move.partition("@")
    tries = page.locator(TRAINER).get_attribute("data-trainer-phase")
    hand_tile = page.locator(f"{PANEL} [data-trainer-hand] [data-tile='{tile}']")
    picked = page.locator(f"{PANEL} [data-trainer-hand] [data-tile='{tile}'][aria-pressed='true']")
    target = page.locator(f"{TABLE} [data-target='{point or 'open'}']")
    # Its places light up (a lone one too); a tap on the place, or on the tile again, tries it.
    verdict = page.locator(
        f"{TRAINER}:not([data-trainer-phase='{tries}']):not([data-trainer-busy])"
    )
    judging = page.locator(f"{TRAINER}[data-trainer-busy]")
    deadline = time.monotonic() + 30
    while not verdict.count():
        assert time.monotonic() < deadline, f"{move} was never judged"
        if not picked.count():
            hand_tile.tap() if phone else hand_tile.click()
        try:
            verdict.or_(target).first.wait_for(timeout=5_000)
            if not verdict.count():
                target.tap(timeout=5_000) if phone else target.click(timeout=5_000)
        except PlaywrightTimeout:
            # The try may have gone in already (the engine is judging it, or the tile has
            # left the hand): its verdict is on its way.
            if not judging.count() and hand_tile.count():
                continue
        break
    # Tried: one verdict comes (never a second try sent for the same pick).
    left = max(deadline - time.monotonic(), 1)
    verdict.wait_for(timeout=left * 1000)


def drawn(page: Page, index: int) -> None:
    page.wait_for_selector(f"{PANEL} [data-trainer-board][data-drawn='{index}']", timeout=15_000)


def puzzle_drawn(page: Page, number: int) -> None:
    """Puzzle ``number`` is on the board (the puzzles are offered in an order of their own:
    its place in it is not its number)."""
    page.wait_for_selector(
        f"{TRAINER}[data-puzzle='{number}'] [data-trainer-board][data-drawn]", timeout=15_000
    )


def test_puzzles_on_a_desktop_in_english(page: Page, guard: Guard) -> None:
    """?puzzle=N opens puzzle N; the answer solves it at once; two wrong tries fail the next
    and show the answer with its reasons; a bad ?puzzle= is one sentence over the game; a
    puzzle on an empty table asks for a lead. The answer's check brings the coach's search
    (rest.zip) into a Python restored from the snapshot with nothing from outside the cut
    standard library."""
    puzzles = shipped()
    page.set_viewport_size({"width": 1440, "height": 900})
    page.add_init_script(LANGUAGE.replace("{lang}", "en"))
    open_page(page, "?puzzle=abc")
    expect(page.locator("[data-notice]")).to_contain_text(
        f"There is no puzzle “abc”: the puzzles are numbered 1 to {len(puzzles)}."
    )
    expect(page.locator(PANEL)).to_have_count(0)

    # A puzzle on an empty table is a lead: the prompt says so, or the table looks unloaded.
    lead = next(p for p in puzzles if not p["position"]["turns"])
    open_page(page, f"?puzzle={lead['id']}")
    puzzle_drawn(page, lead["id"])
    expect(page.locator(PROMPT)).to_contain_text("open the round: find the best tile to lead")
    expect(page.locator(f"{TABLE} [data-tile]")).to_have_count(0)

    first = puzzles[2]
    open_page(page, "?puzzle=3")
    expect(page.locator(TRAINER)).to_have_attribute("data-puzzle", "3")
    puzzle_drawn(page, 3)
    expect(page.locator(f"{PANEL} [data-trainer-title]")).to_contain_text("3")
    expect(page.locator(PROMPT)).to_contain_text("find the best move")
    try_move(page, first["answer"], phone=False)
    expect(page.locator(TRAINER)).to_have_attribute("data-puzzle-result", "solved")
    assert page.evaluate("document.body.dataset.pythonStart") == "snapshot"
    assert not [m for m in guard.console_messages if "full standard library" in m]
    expect(page.locator(META)).to_contain_text("streak: 1 day")
    # Solved, the idea is named in table words (puzzle 3 sheds the double 5-5), no decimals.
    expect(page.locator(IDEA)).to_have_text(
        "You get rid of the double 5-5 before it is stuck in your hand."
    )
    expect(page.locator(REASON)).to_have_count(1)

    page.locator(f"{PANEL} [data-trainer-next]").click()
    second = puzzles[3]
    expect(page.locator(TRAINER)).to_have_attribute("data-puzzle", "4")
    puzzle_drawn(page, 4)
    wrong = wrong_moves(second)
    try_move(page, wrong[0], phone=False)
    expect(page.locator(TRAINER)).to_have_attribute("data-trainer-phase", "second")
    expect(page.locator(PROMPT)).to_contain_text("One more try")
    try_move(page, wrong[-1], phone=False)
    expect(page.locator(TRAINER)).to_have_attribute("data-puzzle-result", "failed")
    # The answer is on the table and said, with the reasons in words.
    answer_tile = second["answer"].split("@")[0]
    expect(page.locator(TABLE)).to_have_attribute("data-showing", "best")
    expect(page.locator(f"{TABLE} [data-tile='{answer_tile}']")).to_have_count(1)
    expect(page.locator(IDEA)).to_have_text("Count the tiles: after 1-6, West can have no 6.")
    expect(page.locator(REASON).nth(1)).to_be_visible()
    page.locator(f"{PANEL} [data-trainer-show='played']").click()
    expect(page.locator(TABLE)).to_have_attribute("data-showing", "played")


def test_a_tile_with_one_place_is_shown_not_tried(viewport_page: Callable[..., Page]) -> None:
    """On a phone, a tap on a tile that fits one place only lights that place: the try (one of
    two) is spent only by a tap on the place, so a tap meant to look never answers."""
    puzzles = shipped()
    lone = next(
        (puzzle, move)
        for puzzle in puzzles
        for move, _ in puzzle["candidates"]
        if "@" in move
        and sum(m.startswith(move.split("@")[0] + "@") for m, _ in puzzle["candidates"]) == 1
    )
    puzzle, move = lone
    tile, _, point = move.partition("@")
    page = viewport_page("390x844")
    open_page(page, f"?puzzle={puzzle['id']}")
    drawn(page, puzzle["id"] - 1)
    page.locator(f"{PANEL} [data-trainer-hand] [data-tile='{tile}']").tap()
    target = page.locator(f"{TABLE} [data-target='{point}']")
    expect(target).to_be_visible()
    expect(page.locator(TRAINER)).to_have_attribute("data-trainer-phase", "first")
    expect(page.locator(f"{TRAINER}[data-trainer-busy]")).to_have_count(0)
    target.tap()
    expect(page.locator(TRAINER)).not_to_have_attribute("data-trainer-phase", "first")


def test_puzzles_on_a_phone_in_portuguese_both_ways_up(
    viewport_page: Callable[..., Page],
) -> None:
    """The ☰ menu's Puzzles opens today's puzzle; a wrong try then the answer solves it on
    the second; the streak is kept over a reload; on its side the table and the hand still
    fit on the screen."""
    page = viewport_page("390x844", init=LANGUAGE.replace("{lang}", "pt-BR"))
    open_page(page, GAME)
    page.locator("#menu-button").tap()
    page.locator("[data-action='puzzles']").tap()
    trainer = page.locator(TRAINER)
    expect(trainer).to_have_attribute("data-puzzle", re.compile(r"\d+"))
    number = int(trainer.get_attribute("data-puzzle") or 0)
    puzzle = shipped()[number - 1]
    puzzle_drawn(page, number)
    expect(page.locator(f"{PANEL} [data-trainer-title]")).to_contain_text("Desafio do dia")
    expect(page.locator(PROMPT)).to_contain_text("encontre a melhor jogada")
    try_move(page, wrong_moves(puzzle)[0], phone=True)
    expect(page.locator(PROMPT)).to_contain_text("Mais uma tentativa")
    try_move(page, puzzle["answer"], phone=True)
    expect(trainer).to_have_attribute("data-puzzle-result", "solved")
    expect(page.locator(IDEA)).to_be_visible()
    expect(page.locator(IDEA)).not_to_contain_text(re.compile(r"\d,\d"))
    expect(page.locator(META)).to_contain_text("sequência: 1 dia")

    # Turned on its side, the answer is laid out again for the new shape, all in sight.
    page.set_viewport_size({"width": 844, "height": 390})
    page.wait_for_function(FITS, arg=[TABLE, f"{PANEL} [data-trainer-hand] [data-tile]"])

    page.reload()
    page.wait_for_selector("body[data-game='ready']", state="attached", timeout=60_000)
    page.locator("#menu-button").tap()
    page.locator("[data-action='puzzles']").tap()
    expect(page.locator(META)).to_contain_text("sequência: 1 dia")


def retry_mistakes(page: Page, *, phone: bool, words: dict[str, str]) -> None:
    """Play round 1 of GAME, review it, retry its first mistake: the move played is wrong,
    the review's best move then solves it; opened again, the trainer starts from the next
    mistake, and the progress is kept over a reload."""
    open_page(page, GAME)
    assert next_round_or_turn(page) == "summary"
    review = page.locator("dialog[data-round-summary][open] [data-action='review']")
    review.tap() if phone else review.click()
    page.wait_for_selector(REVIEW_DONE, timeout=60_000)
    mistakes = page.locator(
        "dialog[data-review-panel] [data-review-move][data-mark='mistake'], "
        "dialog[data-review-panel] [data-review-move][data-mark='blunder']"
    )
    count = mistakes.count()
    assert count, "round 1 of this game has mistakes to retry"
    first = mistakes.first
    round_number = int(first.get_attribute("data-round") or 0)
    number = int(first.get_attribute("data-number") or 0)
    best = first.get_attribute("data-best") or ""
    record = call(page, "record")
    move = record["rounds"][round_number - 1]["moves"][number - 1]
    mistake = move["tile"] + (f"@{move['at'][0]}:{move['at'][1]}" if move.get("at") else "")

    retry = page.locator("dialog[data-review-panel] [data-action='review-retry']")
    retry.tap() if phone else retry.click()
    drawn(page, 0)
    expect(page.locator(f"{PANEL} [data-trainer-title]")).to_contain_text(words["title"])
    try_move(page, mistake, phone=phone)
    expect(page.locator(TRAINER)).to_have_attribute("data-trainer-phase", "second")
    try_move(page, best, phone=phone)
    expect(page.locator(TRAINER)).to_have_attribute("data-puzzle-result", "solved")
    solved = words["solved"].format(solved=1, count=count)
    expect(page.locator(META)).to_contain_text(solved)

    # Opened again, it says so and goes on from the next mistake not solved yet.
    back = page.locator(f"{PANEL} [data-action='close-panel']")
    back.tap() if phone else back.click()
    expect(page.locator(PANEL)).to_have_count(0)
    retry.tap() if phone else retry.click()
    expect(page.locator(META)).to_contain_text(solved)
    expect(page.locator(TRAINER)).to_have_attribute("data-retry", "1" if count > 1 else "0")
    # The progress is the game's, in storage: a reload keeps it.
    page.reload()
    page.wait_for_selector("body[data-game='ready']", state="attached", timeout=60_000)
    kept = page.evaluate("() => JSON.parse(localStorage.getItem('seven-rocks:retried'))")
    assert [list(v.values()) for v in kept.values()] == [["solved"]], kept


def test_retry_your_mistakes_on_a_phone_in_portuguese(viewport_page: Callable[..., Page]) -> None:
    page = viewport_page("390x844", init=LANGUAGE.replace("{lang}", "pt-BR"))
    retry_mistakes(
        page, phone=True, words={"title": "Refazer", "solved": "{solved} de {count} resolvidos"}
    )


def test_retry_your_mistakes_on_a_desktop_in_english(page: Page) -> None:
    page.set_viewport_size({"width": 1440, "height": 900})
    page.add_init_script(LANGUAGE.replace("{lang}", "en"))
    retry_mistakes(
        page, phone=False, words={"title": "Retry", "solved": "{solved} of {count} solved"}
    )
