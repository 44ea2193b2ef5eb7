"""Puzzles and the trainer: a seat's position as data, the trainer's requests, the generator,
and the shipped puzzle file, each answer re-checked by an independent big search."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from seven_rocks.app.dispatch import Dispatcher
from seven_rocks.app.hints import move_facts
from seven_rocks.app.puzzles import Position, PositionError
from seven_rocks.app.session import Session
from seven_rocks.cli import main
from seven_rocks.engine.game import Game
from seven_rocks.engine.moves import Move
from seven_rocks.engine.record.writer import to_record
from seven_rocks.research import puzzles as research
from seven_rocks.research.puzzles import MARGIN, THEMES, find_puzzles, recheck, twins

ROOT = Path(__file__).resolve().parents[1]
SHIPPED = ROOT / "web" / "data" / "puzzles.json"
#: How far an independent search must still find each answer ahead: clearly the best.
RECHECK_LEAD = 1.0


def _ask(door: Dispatcher, method: str, **params: Any) -> Any:
    return json.loads(door.handle(json.dumps({"method": method, "params": params})))


def _views(seed: int, plies: int) -> list[Any]:
    """The mover's view at each of the first ``plies`` decisions of a random game."""
    game, rng = Game(seed=seed), random.Random(seed)
    views: list[Any] = []
    while not game.is_over and len(views) < plies:
        views.append(game.view(game.turn))
        game.play(rng.choice(game.legal_moves()))
    return views


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_position_holds_the_seats_view_and_nothing_else(seed: int) -> None:
    for view in _views(seed, 120):
        position = Position.of_view(view)
        again = Position.from_json(json.loads(json.dumps(position.to_json())))
        rebuilt = again.view()
        assert again == position
        assert rebuilt.legal_moves() == view.legal_moves()
        assert rebuilt.hand_sizes == view.hand_sizes
        assert rebuilt.scores == view.scores
        assert rebuilt.voids() == view.voids()
        assert rebuilt.turns == view.turns
        assert rebuilt.passes_in_a_row == view.passes_in_a_row


def _position() -> dict[str, Any]:
    game = Game(seed=4)
    for _ in range(6):
        game.play(game.legal_moves()[0])
    return dict(Position.of_view(game.view(game.turn)).to_json())


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ({"hand": ["6-6"]}, "hand's size"),
        ({"turns": ["2-2", "3-3@2-2:line_a"]}, "3-3"),
        ({"seat": 7}, "0 to 3"),
        ({"scores": [250, 0]}, "over"),
        ({"opener": 1}, "turn"),
        ({"hand": ["0-0", "0-0", "1-1"]}, "distinct"),
    ],
)
def test_a_position_no_seat_could_be_in_is_refused(change: dict[str, Any], words: str) -> None:
    with pytest.raises(PositionError, match=words):
        Position.from_json({**_position(), **change})


def test_the_trainer_draws_a_position_and_judges_moves_by_the_analysis() -> None:
    door = Dispatcher(Session())
    position = _position()
    board = _ask(door, "trainer_board", position=position, aspect=0.6)
    legal = [m for tile in board["moves"].values() for m in tile.values()]
    assert len(legal) >= 2 and board["hand"] == position["hand"]
    best, other = legal[0], legal[1]
    candidates = [[best, 10.0], *([m, 1.0] for m in legal[1:])]
    right = _ask(door, "trainer_check", position=position, move=best, candidates=candidates)
    assert right["correct"] and right["best"]["move"] == best and right["loss"] == 0
    assert right["reasons"][0]["code"] == "best"
    wrong = _ask(door, "trainer_check", position=position, move=other, candidates=candidates)
    assert not wrong["correct"] and wrong["loss"] == 9.0
    assert wrong["best"]["move"] == best and wrong["played"]["move"] == other
    assert wrong["best"]["table"]["last_tile"] == best.split("@")[0]
    assert all(r["code"] != "search" for r in wrong["reasons"])


def test_the_trainer_refuses_what_the_position_does_not_allow() -> None:
    door = Dispatcher(Session())
    position = _position()
    bad: list[tuple[str, dict[str, Any]]] = [
        ("trainer_board", {"position": "x"}),
        ("trainer_board", {"position": {**position, "turns": ["pass"] * 30}}),
        ("trainer_check", {"position": position, "move": "6-6@0-0:low", "candidates": []}),
        ("trainer_check", {"position": position, "move": "nonsense", "candidates": []}),
        ("trainer_check", {"position": position, "move": "pass", "candidates": [["pass", 1]]}),
    ]
    for method, params in bad:
        reply = _ask(door, method, **params)
        assert reply["error"]["type"] == "RequestError", (method, reply)


def test_a_retried_mistake_is_the_movers_view_before_it() -> None:
    game = Game(seed=11)
    rng = random.Random(5)
    while len(game.rounds) < 2:
        game.play(rng.choice(game.legal_moves()))
    for _ in range(6):
        game.play(rng.choice(game.legal_moves()))
    record = to_record(game)
    door = Dispatcher(Session())
    rnd = game.rounds[1]
    for number in range(1, len(rnd.turns) + 1):
        reply = _ask(door, "trainer_retry", record=record, round=2, number=number)
        position = Position.from_json(reply["position"])
        assert position.seat == rnd.turns[number - 1].seat
        assert rnd.turns[number - 1].move in position.view().legal_moves()
        assert position.scores == rnd.scores_before
    missing = _ask(door, "trainer_retry", record=record, round=2, number=99)
    assert missing["error"]["type"] == "RequestError"


def test_twins_are_one_tile_on_the_spinners_two_arms() -> None:
    a, b = Move.parse("1-5@1-1:branch_a"), Move.parse("1-5@1-1:branch_b")
    assert twins(a, b) and twins(b, a)
    assert not twins(a, Move.parse("1-5@1-1:line_a"))


def test_the_generator_finds_a_clear_best_move_that_greed_alone_misses() -> None:
    found, stats = find_puzzles(3, 7, limit=1)
    assert found and stats.screened >= len(found)
    for puzzle in found:
        view = Position.from_json(puzzle["position"]).view()
        values: dict[str, float] = {str(m): float(v) for m, v in puzzle["candidates"]}
        answer = puzzle["answer"]
        assert values[answer] == max(values.values())
        rivals = [
            v
            for m, v in values.items()
            if m != answer and not twins(Move.parse(m), Move.parse(answer))
        ]
        assert values[answer] - max(rivals) >= MARGIN
        points = {m: move_facts(view, Move.parse(m))["points"] for m in values}
        assert any(points[m] >= points[answer] for m in values if m != answer)
        assert puzzle["theme"] in THEMES


def _shipped() -> dict[str, Any]:
    return dict(json.loads(SHIPPED.read_text(encoding="utf-8")))


def test_the_shipped_file_holds_at_least_200_checked_puzzles_of_every_theme() -> None:
    data = _shipped()
    assert data["format"] == research.FORMAT and data["version"] == research.VERSION
    puzzles = data["puzzles"]
    assert len(puzzles) >= 200
    assert [p["id"] for p in puzzles] == list(range(1, len(puzzles) + 1))
    assert {p["theme"] for p in puzzles} == set(THEMES)
    keys = set()
    for puzzle in puzzles:
        view = Position.from_json(puzzle["position"]).view()
        legal = {str(m) for m in view.legal_moves()}
        assert {m for m, _ in puzzle["candidates"]} == legal
        assert puzzle["candidates"][0][0] == puzzle["answer"] and puzzle["margin"] >= MARGIN
        keys.add(json.dumps(puzzle["position"], sort_keys=True))
    assert len(keys) == len(puzzles), "no position twice"
    assert SHIPPED.stat().st_size < 400_000


def _recheck(puzzle: dict[str, Any]) -> None:
    lead = recheck(puzzle)  # type: ignore[arg-type]
    assert lead >= RECHECK_LEAD, f"puzzle {puzzle['id']}: the answer leads by {lead:.1f} only"


def test_a_sample_of_the_shipped_answers_holds_under_an_independent_big_search() -> None:
    puzzles = _shipped()["puzzles"]
    step = max(1, len(puzzles) // 5)
    for puzzle in puzzles[::step][:5]:
        _recheck(puzzle)


@pytest.mark.slow
@pytest.mark.exhaustive
def test_every_shipped_answer_holds_under_an_independent_big_search() -> None:
    for puzzle in _shipped()["puzzles"]:
        _recheck(puzzle)


def test_the_command_writes_the_file_and_never_replaces_one_unasked(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "puzzles.json"
    assert main(["puzzles", "--games", "1", "--seed", "7", "--out", str(out)]) == 0
    data = json.loads(out.read_text(encoding="utf-8"))
    assert data["format"] == research.FORMAT and data["made"]["games"] == 1
    said = capsys.readouterr().out
    assert f"{len(data['puzzles'])} puzzles from 1 games" in said and "by theme: race" in said
    assert main(["puzzles", "--games", "1", "--seed", "7", "--out", str(out)]) == 2
    assert "already exists" in capsys.readouterr().err
