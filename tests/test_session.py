"""The worker's JSON API: snapshots show only what South may see; bad input changes nothing."""

from __future__ import annotations

import json
from typing import Any

import pytest

from seven_rocks import SevenRocksError
from seven_rocks.session import Session, handle


def _call(method: str, **params: Any) -> dict[str, Any]:
    reply: dict[str, Any] = json.loads(handle(json.dumps({"method": method, "params": params})))
    return reply


def test_a_snapshot_never_shows_hidden_hands() -> None:
    session = Session()
    snap = session.new_game(seed=12, bots=[None, "greedy", "greedy", "greedy"])
    text = json.dumps(snap)
    game = session.game
    assert game is not None
    for seat in (1, 2, 3):
        hidden = [str(t) for t in game.hand(seat)]
        assert all(f'"{t}"' not in text for t in hidden), f"seat {seat}'s tile leaked"
    assert snap["hand"] == [str(t) for t in game.hand(0)]


def test_bots_play_until_the_human_must_move_and_illegal_moves_change_nothing() -> None:
    session = Session()
    snap = session.new_game(seed=4, bots=[None, "greedy", "greedy", "greedy"])
    while not snap["human_turn"]:
        snap = session.step()
    assert (snap["turn"] == 0 and snap["legal"]) or snap["must_pass"]
    before = json.dumps(session.snapshot())
    held = snap["hand"][0]
    with pytest.raises(SevenRocksError, match=held):
        session.play(f"{held}@6-6:branch_a")
    assert json.dumps(session.snapshot()) == before


def test_handle_reports_errors_as_json() -> None:
    assert _call("nonsense")["error"]["type"] == "RequestError"
    assert _call("new_game", bots=["wizard", None, None, None])["error"]["message"].startswith(
        "unknown bot 'wizard'"
    )
    assert json.loads(handle("{not json"))["error"]["type"] == "JSONDecodeError"
    assert _call("new_game", seed=-1)["error"]["type"] == "RequestError"


def test_save_and_restore_resume_exactly() -> None:
    session = Session()
    session.new_game(seed=31, bots=[None, "greedy", "greedy", "greedy"])
    for _ in range(40):
        snap = session.snapshot()
        if snap["over"]:
            break
        if snap["human_turn"]:
            tile, targets = next(iter(snap["legal"].items()), (None, None))
            move = (
                "pass"
                if tile is None
                else (tile if targets[0] == "open" else f"{tile}@{targets[0]}")
            )
            session.play(move)
        else:
            session.step()
    saved = json.loads(json.dumps(session.save()))
    other = Session()
    restored = other.restore(saved)
    original = session.snapshot()
    for key in ("seed", "round", "turn", "scores", "hand", "hand_sizes", "legal", "table"):
        assert restored[key] == original[key], key
    assert json.dumps(other.save()) == json.dumps(session.save())


def test_a_corrupt_save_is_refused_and_the_game_survives() -> None:
    session = Session()
    session.new_game(seed=2, bots=[None, "greedy", "greedy", "greedy"])
    before = session.snapshot()
    for bad in (
        {"format": "other"},
        {"format": "seven-rocks-save", "version": 99},
        {
            "format": "seven-rocks-save",
            "version": 1,
            "bots": [None, None, None, None],
            "record": {"format": "seven-rocks-record", "version": 1, "rounds": []},
        },
    ):
        with pytest.raises(SevenRocksError):
            session.restore(bad)
    assert session.snapshot() == before


def test_hint_gives_a_legal_move_with_a_reason() -> None:
    session = Session()
    snap = session.new_game(seed=8, bots=[None, "greedy", "greedy", "greedy"])
    while not snap["human_turn"]:
        snap = session.step()
    hint = session.hint()
    if hint["tile"] is None:
        assert snap["must_pass"]
    else:
        assert hint["at"] in snap["legal"][hint["tile"]]
