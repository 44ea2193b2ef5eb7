"""The facts behind a puzzle's idea: ``trainer_check`` given a puzzle's theme says, in whole
numbers a player counts, what the answer does (the block and the numbers the next opponent
lacks, the round locked, the race's scores, the spinner, the weight shed, what is counted).

The page's sentences are tested over these same replies (tests/js/puzzle-idea.test.mjs reads
them from tests/js/puzzle-facts.json, which this module holds to the worker's replies)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from seven_rocks.app.dispatch import Dispatcher
from seven_rocks.app.session import Session
from tests.helpers import ask

ROOT = Path(__file__).resolve().parents[1]
SHIPPED = {p["id"]: p for p in json.loads((ROOT / "web/data/puzzles.json").read_text())["puzzles"]}
FIXTURE = ROOT / "tests" / "js" / "puzzle-facts.json"


def _facts(number: int, move: str | None = None, **extra: Any) -> Any:
    puzzle = SHIPPED[number]
    reply = ask(
        Dispatcher(Session()),
        "trainer_check",
        position=puzzle["position"],
        move=move or puzzle["answer"],
        candidates=puzzle["candidates"],
        **({"theme": puzzle["theme"]} | extra),
    )
    return reply["facts"]


# Worked examples, read off the shipped positions by hand.
EXAMPLES = [
    # West plays 1-3 on the 0-3: every tile showing a 1 is then on the table, the only open
    # number: no one can play, the round is locked.
    (57, {"theme": "blocking", "tile": "1-3", "open": [1], "lacks": [1], "locked": True}),
    # North plays 4-5 on the 3-5: 3 and 4 open, and East knocked with 3 and 4 open.
    (
        11,
        {"tile": "4-5", "next_seat": 3, "open": [3, 4], "lacks": [3, 4], "locked": False},
    ),
    # North's 0-5 scores 10 (5 + 5 on the ends): the team from 205 to 215, the others 190.
    (334, {"theme": "race", "points": 10, "score": 215, "them": 190, "target": 250}),
    # The 1-1 makes the spinner; the 2-4 goes on an arm; the 5-5 is a double shed.
    (12, {"theme": "spinner", "tile": "1-1", "spinner": True, "double": True, "arm": False}),
    (48, {"theme": "spinner", "tile": "2-4", "spinner": False, "arm": True}),
    (3, {"theme": "shedding", "tile": "5-5", "double": True, "pips": 10}),
]


@pytest.mark.parametrize(("number", "expected"), EXAMPLES)
def test_each_theme_gets_the_facts_of_its_idea(number: int, expected: dict[str, Any]) -> None:
    facts = _facts(number)
    assert {key: facts[key] for key in expected} == expected


def test_the_facts_are_the_answers_even_after_a_wrong_try() -> None:
    puzzle = SHIPPED[11]
    wrong = next(m for m, _ in puzzle["candidates"] if m != puzzle["answer"])
    assert _facts(11, wrong) == _facts(11)


def test_no_theme_no_facts_and_an_unknown_theme_is_one_sentence() -> None:
    puzzle = SHIPPED[11]
    door = Dispatcher(Session())
    args = {"position": puzzle["position"], "move": puzzle["answer"]}
    plain = ask(door, "trainer_check", candidates=puzzle["candidates"], **args)
    assert plain["facts"] is None
    bad = ask(door, "trainer_check", candidates=puzzle["candidates"], theme="luck", **args)
    assert "theme" in bad["error"]["message"] and "luck" in bad["error"]["message"]


def test_every_shipped_block_leaves_the_next_opponent_without_any_open_number() -> None:
    blocks = [n for n, p in SHIPPED.items() if p["theme"] == "blocking"]
    for number in blocks:
        facts = _facts(number)
        assert facts["open"] and facts["lacks"] == facts["open"], number


def test_the_page_tests_sentences_over_the_workers_own_replies() -> None:
    fixture = json.loads(FIXTURE.read_text())
    themes = {facts["theme"] for facts in fixture.values()}
    assert themes == {"race", "blocking", "spinner", "shedding", "counting"}
    for number, facts in fixture.items():
        assert _facts(int(number)) == facts, number
