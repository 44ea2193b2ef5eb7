"""Game records: the contract's shape, round trips, and precise errors for bad records."""

from __future__ import annotations

import copy
import io
import json
from typing import Any

import pytest

from seven_rocks import Game, RecordError
from seven_rocks.app.play import play_game
from seven_rocks.bots import make_bot
from seven_rocks.engine.record import from_record, loads, read_jsonl, to_record, write_jsonl
from tests.test_round import DEAL


def _finished(seed: int) -> Game:
    return play_game([make_bot("greedy", s) for s in range(4)], seed)


def test_record_has_the_contract_shape() -> None:
    record = to_record(_finished(3))
    assert record["format"] == "seven-rocks-record" and record["version"] == 1
    assert record["target"] == 250 and record["seats"] == ["greedy"] * 4
    assert record["winner"] in (0, 1)
    first = record["rounds"][0]
    assert set(first) == {"deal", "opener", "moves", "end", "deductions", "scores"}
    assert all(len(hand) == 7 for hand in first["deal"])
    opening = first["moves"][0]
    assert set(opening) == {"seat", "tile", "points"} and opening["seat"] == first["opener"]
    later = next(m for m in first["moves"][1:] if "tile" in m)
    assert set(later) == {"seat", "tile", "at", "points"} and len(later["at"]) == 2
    last = record["rounds"][-1]
    assert last["end"] == "target" and "deductions" not in last
    passes = [m for r in record["rounds"] for m in r["moves"] if "pass" in m]
    assert all(m == {"seat": m["seat"], "pass": True} for m in passes)


def test_unfinished_games_round_trip() -> None:
    game = Game(seed=8)
    for _ in range(10):
        game.play(game.legal_moves()[0])
    again = from_record(json.loads(json.dumps(to_record(game))))
    assert again.winner is None and again.scores == game.scores
    assert again.current.layout.moves == game.current.layout.moves
    assert again.hand(again.turn) == game.hand(game.turn)


def test_json_lines_round_trip() -> None:
    games = [_finished(seed) for seed in range(3)]
    stream = io.StringIO()
    assert write_jsonl(games, stream) == 3
    stream.seek(0)
    replayed = list(read_jsonl(stream))
    assert [g.scores for g in replayed] == [g.scores for g in games]


def _corrupt(mutate: Any) -> dict[str, Any]:
    record = copy.deepcopy(to_record(_finished(5)))
    mutate(record)
    return record


BAD_RECORDS = [
    (lambda r: r.update(format="pgn"), "not a Seven Rocks record"),
    (lambda r: r.update(version=9), "unsupported record version 9"),
    (lambda r: r.update(seats=["a"]), "'seats' must name 4 players"),
    (
        lambda r: r["rounds"][0]["deal"][0].__setitem__(0, "7-7"),
        "round 1, seat 0's hand: invalid tile '7-7'",
    ),
    (
        lambda r: r["rounds"][0]["deal"][1].__setitem__(0, r["rounds"][0]["deal"][0][0]),
        "round 1: the deal holds a tile twice",
    ),
    (lambda r: r["rounds"][0]["moves"][0].update(points=35), "round 1, move 1"),
    (
        lambda r: r["rounds"][0]["moves"][1].update(
            seat=(r["rounds"][0]["moves"][1]["seat"] + 1) % 4
        ),
        "round 1, move 2",
    ),
    (lambda r: r["rounds"][0]["moves"][1].update(tile="9-9"), "round 1, move 2: invalid tile '9-9' in 'tile'"),
    (lambda r: r["rounds"][0].update(deductions=[0, 0, 0, 0]), "round 1: deductions are"),
    (lambda r: r["rounds"][0].update(scores=[999, 0]), "round 1: scores after the round are"),
    (lambda r: r.update(winner=1 - r["winner"]), "the record says the winner is"),
    (lambda r: r["rounds"][0]["moves"].pop(), "round 1"),
]


@pytest.mark.parametrize(("mutate", "message"), BAD_RECORDS)
def test_bad_records_name_the_fault(mutate: Any, message: str) -> None:
    record = _corrupt(mutate)
    with pytest.raises(RecordError, match=message.replace("(", r"\(").replace(")", r"\)")):
        from_record(record)


def _short_record(third_move: dict[str, Any]) -> dict[str, Any]:
    game = Game(deals=[(DEAL, 0)])
    game.play("1-4")
    game.play("4-4@1-4:high")
    record = to_record(game)
    record["rounds"][0]["moves"].append(third_move)
    return record


@pytest.mark.parametrize(
    ("third_move", "message"),
    [
        (
            {"seat": 2, "tile": "4-5", "at": ["4-4", "line_b"]},
            "round 1, move 3: 4-5 is not in seat 2's hand (played at 4-4:line_b)",
        ),
        (
            {"seat": 2, "tile": "2-4", "at": ["1-4", "high"]},
            "round 1, move 3: 2-4 cannot go on 1-4:high: that point is not open",
        ),
        (
            {"seat": 3, "tile": "4-5", "at": ["4-4", "line_b"]},
            "round 1, move 3: 4-5@4-4:line_b by seat 3: it is seat 2's turn",
        ),
        (
            {"seat": 2, "tile": "2-2", "at": ["4-4", "line_b"]},
            "round 1, move 3: 2-2 cannot attach to 4-4:line_b",
        ),
        (
            {"seat": 2, "pass": True},
            "round 1, move 3: seat 2 cannot pass: it can place 1-6@1-4:low, 2-4@4-4:line_b",
        ),
    ],
)
def test_illegal_move_in_a_record_names_round_move_tile_and_point(
    third_move: dict[str, Any], message: str
) -> None:
    with pytest.raises(RecordError) as caught:
        from_record(_short_record(third_move))
    assert str(caught.value).startswith(message)


def test_text_that_is_not_json_is_a_record_error() -> None:
    with pytest.raises(RecordError, match="not JSON"):
        loads("{oops")
    with pytest.raises(RecordError, match="game on line 2"):
        list(read_jsonl(io.StringIO(json.dumps(to_record(_finished(1))) + "\n[]\n")))
