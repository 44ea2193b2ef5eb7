"""The worker's requests: measured before parsing and long replays in slices."""

from __future__ import annotations

import json
from typing import Any

from seven_rocks.app.dispatch import Dispatcher
from seven_rocks.app.event_json import encode_events
from seven_rocks.app.session import Session
from seven_rocks.app.tables import round_story
from seven_rocks.engine.game import Game
from seven_rocks.engine.record import from_record, to_record


def _ask(door: Dispatcher, method: str, **params: Any) -> Any:
    return json.loads(door.handle(json.dumps({"method": method, "params": params})))


def test_deep_requests_are_refused_before_parsing_and_the_session_goes_on() -> None:
    door = Dispatcher(Session(), about={"start": "test"})
    assert _ask(door, "ping") == {"pong": True, "protocol": 1, "start": "test"}
    _ask(door, "new_game", seed=4, bots=[None, "random", "random", "random"])
    for depth in (65, 3000, 100_000):
        deep = "[" * depth + "]" * depth
        for text in (deep, '{"method": "ping", "params": {"x": ' + deep + "}}"):
            reply = json.loads(door.handle(text))
            assert reply["error"]["type"] == "RecordError", reply
            assert "nest" in reply["error"]["message"]
    big = '{"method": "ping", "params": {"x": "' + "a" * (17 * 1024 * 1024) + '"}}'
    assert json.loads(door.handle(big))["error"]["type"] == "RecordTooLargeError"
    assert json.loads(door.handle('{"x": 1' + "0" * 5000 + "}"))["error"]["type"] == "RequestError"
    assert _ask(door, "state")["seed"] == 4


def _long_record(rounds: int) -> dict[str, Any]:
    game = Game(seed=1, target=10**9)
    while len(game.rounds) < rounds or len(game.current.turns) < 3:
        game.play(game.legal_moves()[0])
    return to_record(game)


def test_a_long_record_is_checked_in_slices_that_count_its_rounds() -> None:
    door = Dispatcher(Session())
    record = _long_record(40)
    reply = _ask(door, "replay_load", record=record, budget_ms=0)
    seen = [reply["done"]]
    while not reply["finished"]:
        assert reply["total"] == 40 and "summary" not in reply
        reply = _ask(door, "replay_load", budget_ms=0)
        seen.append(reply["done"])
    assert seen == [*range(1, 41), 40]  # one round a slice, then the end
    summary = reply["summary"]
    game = Game(seed=1, target=10**9)
    while len(game.rounds) < 40 or len(game.current.turns) < 3:
        game.play(game.legal_moves()[0])
    assert summary["turns"] == [len(rnd.turns) for rnd in game.rounds]
    assert summary["record"]["seats"] == record["seats"]
    read = from_record(record)  # the record's own history (it keeps no dice of the draws)
    history = encode_events(read.events)
    for number in (1, 17, 40):
        one = _ask(door, "replay_round", round=number, aspect=1.6)
        story = round_story(read.rounds[number - 1], 1.6, one["events"])
        assert {k: one[k] for k in story} == json.loads(json.dumps(story))
        assert one["events"] == [e for e in history if e["round"] == number]
    assert _ask(door, "replay_round", round=41)["error"]["type"] == "RequestError"


def test_a_bad_record_fails_its_slice_and_is_dropped() -> None:
    door = Dispatcher(Session())
    record = _long_record(5)
    record["rounds"][3]["moves"][0]["tile"] = "9-9"
    reply = _ask(door, "replay_load", record=record, budget_ms=0)
    while "error" not in reply:
        reply = _ask(door, "replay_load", budget_ms=0)
    assert reply["error"]["message"].startswith("round 4, move 1: ")
    assert _ask(door, "replay_load")["error"]["message"] == "no record is being replayed"
    assert _ask(door, "replay_load", record=record, budget_ms=5000)["error"]["type"] == (
        "RequestError"
    )
