"""The worker's record methods as the replay viewer uses them (web/js/replay.js, records.js)."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from seven_rocks.app import protocol
from seven_rocks.app import session as session_module
from seven_rocks.app.dispatch import Dispatcher
from seven_rocks.app.session import Session
from seven_rocks.engine.errors import RecordError
from seven_rocks.engine.game import Game
from seven_rocks.engine.record import check_json_text, json_depth, to_record
from tests.support.counting import CountingList


def _finished(seed: int = 11) -> dict[str, object]:
    game = Game(seed=seed)
    while not game.is_over:
        game.play(game.legal_moves()[-1])
    return to_record(game)


def test_load_record_gives_every_step_the_viewer_draws() -> None:
    record = _finished()
    story = Session().load_record(json.loads(json.dumps(record)), aspect=1.2)
    assert story["record"] == record
    rounds = record["rounds"]
    assert isinstance(rounds, list)
    assert len(story["rounds"]) == len(rounds)
    for raw, rnd in zip(rounds, story["rounds"], strict=True):
        assert rnd["deal"] == raw["deal"]
        assert len(rnd["turns"]) == len(rnd["tables"]) == len(raw["moves"])
    # One placed/passed event per turn, in order, each placement with its sum and scores.
    turns = [e for e in story["events"] if e["type"] in ("placed", "passed")]
    assert len(turns) == sum(len(r["turns"]) for r in story["rounds"])
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
        Session().load_record(bad)
    reply = json.loads(
        Dispatcher(Session()).handle(
            json.dumps({"method": "load_record", "params": {"record": bad}})
        )
    )
    assert reply["error"]["type"] == "RecordError"
    assert reply["error"]["message"].startswith("round 1, move 2: ")


def test_the_record_guard_passes_real_requests_and_refuses_deep_ones_before_parsing() -> None:
    # The worker's requests wrap a record in two more levels; the guard in engine/record.py
    # is what it runs on the request text before json.loads (3,000 levels killed
    # Pyodide for the session).
    record = _finished()
    request = json.dumps({"method": "load_record", "params": {"record": record, "aspect": 1.2}})
    check_json_text(request)
    assert json_depth(request) == 8
    deep = request.replace('"aspect": 1.2', '"aspect": ' + "[" * 3000 + "]" * 3000)
    with pytest.raises(RecordError, match="nest 3002 deep; a record may nest at most 64"):
        check_json_text(deep)


def test_load_record_reads_the_events_a_bounded_number_of_times(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Sorting the events into rounds is one pass, not one pass over all of them per round
    (quadratic in rounds: a long record would hold the worker for minutes)."""
    game = Game(seed=4, target=10**9)
    while game.round_number <= 120:
        game.play(game.legal_moves()[0])
    encoded: list[CountingList] = []
    encode = protocol.encode_events

    def counting(events: Any, since: int = 0) -> CountingList:
        encoded.append(CountingList(encode(events, since)))
        return encoded[-1]

    monkeypatch.setattr(session_module, "encode_events", counting)
    story = Session().load_record(to_record(game))
    (events,) = encoded
    assert len(story["rounds"]) == len(game.rounds)
    assert events.read <= 2 * len(events), (events.read, len(events))
