"""The worker's record methods as the replay viewer uses them (web/js/replay/: replay.js,
records.js)."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from seven_rocks.app import event_json
from seven_rocks.app.dispatch import Dispatcher
from seven_rocks.app.session import Session
from seven_rocks.engine.errors import RecordError
from seven_rocks.engine.game import Game
from seven_rocks.engine.record import check_json_text, json_depth, to_record
from tests.support.replaying import replayed


def _finished(seed: int = 11) -> dict[str, object]:
    game = Game(seed=seed)
    while not game.is_over:
        game.play(game.legal_moves()[-1])
    return to_record(game)


def test_a_replayed_record_gives_every_step_the_viewer_draws() -> None:
    record = _finished()
    story = replayed(json.loads(json.dumps(record)), aspect=1.2)
    assert {**story.summary["record"], "rounds": record["rounds"]} == record
    rounds = record["rounds"]
    assert isinstance(rounds, list)
    assert len(story.rounds) == len(rounds)
    for raw, rnd in zip(rounds, story.rounds, strict=True):
        assert rnd["deal"] == raw["deal"]
        assert len(rnd["turns"]) == len(rnd["tables"]) == len(raw["moves"])
    # One placed/passed event per turn, in order, each placement with its sum and scores.
    turns = [e for e in story.events if e["type"] in ("placed", "passed")]
    assert len(turns) == sum(len(r["turns"]) for r in story.rounds)
    for event in turns:
        if event["type"] == "placed":
            assert event["sum_text"].endswith(f"= {event['total']}")
            assert len(event["scores"]) == 2


def test_an_edited_move_is_refused_naming_round_and_move() -> None:
    record = _finished()
    bad = copy.deepcopy(record)
    moves = bad["rounds"][0]["moves"]  # type: ignore[index]
    moves[1]["points"] = 35
    with pytest.raises(RecordError, match=r"^round 1, move 2: "):
        Session().replay_load(bad)
    reply = json.loads(
        Dispatcher(Session()).handle(
            json.dumps({"method": "replay_load", "params": {"record": bad}})
        )
    )
    assert reply["error"]["type"] == "RecordError"
    assert reply["error"]["message"].startswith("round 1, move 2: ")


def test_the_record_guard_passes_real_requests_and_refuses_deep_ones_before_parsing() -> None:
    # The worker's requests wrap a record in two more levels; the guard in engine/record.py
    # is what it runs on the request text before json.loads (3,000 levels killed
    # Pyodide for the session).
    record = _finished()
    request = json.dumps({"method": "replay_load", "params": {"record": record, "aspect": 1.2}})
    check_json_text(request)
    assert json_depth(request) == 8
    deep = request.replace('"aspect": 1.2', '"aspect": ' + "[" * 3000 + "]" * 3000)
    with pytest.raises(RecordError, match="nest 3002 deep; a record may nest at most 64"):
        check_json_text(deep)


def test_a_replay_encodes_each_event_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """The events are encoded as the rounds are replayed, each once, carrying the running
    totals: encoding the history again for each round would be quadratic in rounds, and a
    long record would hold the worker for minutes."""
    game = Game(seed=4, target=10**9)
    while game.round_number <= 120:
        game.play(game.legal_moves()[0])
    encoded: list[object] = []
    encode = event_json.encode_event

    def counting(event: Any, totals: event_json.Totals) -> event_json.EventJSON:
        encoded.append(event)
        return encode(event, totals)

    monkeypatch.setattr(event_json, "encode_event", counting)
    story = replayed(to_record(game))
    assert len(story.rounds) == len(game.rounds)
    assert len(encoded) == len(game.events)
