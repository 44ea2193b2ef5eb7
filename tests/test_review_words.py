"""The review's headline (``app.review.headline``): which moves it names, and its numbers."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from seven_rocks.app import review as rv
from seven_rocks.app.review import Mark, MoveReview, headline_of, headline_text
from seven_rocks.app.review.coach import Coach
from seven_rocks.cli import main
from seven_rocks.engine.record import from_record

from .test_review import DEAL, LEVEL, MOVES, record_of


def verdict(
    number: int, mark: Mark, chance: float, best: float, *, sure: bool = True
) -> MoveReview:
    return MoveReview(
        round=1 + number // 10,
        number=number,
        seat=0,
        move=f"move-{number}",
        best=f"best-{number}",
        loss=1.0,
        mark=mark,
        value=0.0,
        best_value=0.0,
        candidates=(),
        samples=150,
        reasons=(),
        key="",
        win_loss=best - chance,
        chance=chance,
        best_chance=best,
        sure=sure,
    )


def test_the_costliest_mistakes_and_blunders_come_first_and_good_moves_never() -> None:
    moves = [
        verdict(1, Mark.MISTAKE, 0.50, 0.54),
        verdict(2, Mark.GOOD, 0.30, 0.329),
        verdict(3, Mark.BLUNDER, 0.40, 0.52),
        verdict(4, Mark.MISTAKE, 0.61, 0.65),  # as costly as move 1: the earlier stays first
        verdict(5, Mark.BEST, 0.7, 0.7),
    ]
    assert [s.number for s in headline_of(moves).swings] == [3, 1]
    assert [s.number for s in headline_of(moves, most=5).swings] == [3, 1, 4]
    clean = headline_of([verdict(2, Mark.GOOD, 0.30, 0.329), verdict(5, Mark.BEST, 0.7, 0.7)])
    assert clean.swings == ()
    assert clean.to_json() == {"swings": [], "mistake": 3}


def test_a_swings_numbers_are_whole_percents_before_and_after_and_its_drop() -> None:
    (swing,) = headline_of([verdict(7, Mark.BLUNDER, 0.41, 0.625, sure=False)]).swings
    assert (swing.before, swing.after, swing.drop) == (63, 41, 21.5)  # halves round up
    assert swing.to_json() == {
        "round": 1,
        "number": 7,
        "move": "move-7",
        "best": "best-7",
        "mark": "blunder",
        "before": 63,
        "after": 41,
        "drop": 21.5,
        "sure": False,
    }
    assert "from about 63% to about 41%" in headline_text(
        headline_of([verdict(7, Mark.BLUNDER, 0.41, 0.625, sure=False)])
    )


@pytest.fixture(scope="module")
def review() -> rv.GameReview:
    """South passes up 20 points at move 10 (see tests/test_review.py)."""
    return rv.review_record(record_of(DEAL, MOVES), seat=0, level=LEVEL)[0]


def test_the_headline_names_the_blunder_of_a_real_review(review: rv.GameReview) -> None:
    swing = headline_of(review.moves).swings[0]
    move = next(m for m in review.moves if m.number == 10)
    assert (swing.round, swing.number, swing.move, swing.mark) == (1, 10, move.move, Mark.BLUNDER)
    assert move.chance is not None and move.best_chance is not None
    assert swing.before == round(move.best_chance * 100) and swing.after == round(move.chance * 100)
    assert abs((swing.before - swing.after) - swing.drop) <= 1  # each side rounded once


def test_the_coach_sends_the_headline_with_the_finished_review() -> None:
    coach = Coach()
    reply = coach.start(from_record(record_of(DEAL, MOVES)), seat=0, level=LEVEL, cache=None)
    assert "headline" not in reply
    while not reply["finished"]:
        reply = coach.advance(0.0)
        assert reply["finished"] or "headline" not in reply
    assert reply["headline"]["swings"][0]["number"] == 10


def test_the_command_line_prints_the_headline(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record_of(DEAL, MOVES)))
    assert main(["review", str(path), "--level", LEVEL]) == 0
    assert "Costliest move: round 1, move 10, " in capsys.readouterr().out
    assert main(["review", str(path), "--level", LEVEL, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["headline"]["swings"][0]["number"] == 10
