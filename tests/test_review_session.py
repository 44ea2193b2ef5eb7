"""The worker's review methods (review_start/step/cancel/board): slices with progress, a
cache that lives with the game (saves, records, the replay viewer's record), refusals that
change nothing."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

import pytest

from seven_rocks.app.dispatch import Dispatcher
from seven_rocks.app.methods import METHODS
from seven_rocks.app.review import ReviewJob
from seven_rocks.app.session import Session
from seven_rocks.engine.game import Game
from seven_rocks.engine.layout import Layout
from seven_rocks.engine.record import from_record, to_record
from seven_rocks.engine.tiles import ALL_TILES
from tests.helpers import ask

LEVEL = "quick"


def _door() -> tuple[Session, Dispatcher]:
    session = Session()
    return session, Dispatcher(session)


def _play_a_round(session: Session, seed: int = 3) -> None:
    snap = session.new_game(seed=seed, bots=[None, "greedy", "greedy", "greedy"])
    while snap["round"] == 1:
        if snap["human_turn"]:
            first = next(iter(snap["moves"].values()), None)
            move = snap["pass_move"] if first is None else next(iter(first.values()))
            assert move is not None
            snap = session.play(move)
        else:
            snap = session.step()


def _finish(door: Dispatcher, reply: dict[str, Any]) -> tuple[dict[str, Any], int, list[Any]]:
    """Step until finished: the last reply, the number of requests, every move sent."""
    requests, moves = 1, list(reply["moves"])
    while not reply["finished"]:
        reply = ask(door, "review_step", budget_ms=0)
        requests += 1
        moves += reply["moves"]
    return reply, requests, moves


def _south_turns(record: Mapping[str, object], seat: int = 0) -> list[tuple[int, int, str]]:
    game = from_record(record)
    return [
        (r, n, str(t.move))
        for r, rnd in enumerate(game.rounds, start=1)
        for n, t in enumerate(rnd.turns, start=1)
        if t.seat == seat
    ]


def test_a_live_review_runs_in_slices_and_is_cached_in_the_save_and_the_record() -> None:
    session, door = _door()
    _play_a_round(session)
    first = ask(door, "review_start", level=LEVEL, budget_ms=0)
    turns = _south_turns(session.record())
    assert first["searched"] == 1 and first["total"] == len(turns) > 1 and not first["finished"]
    last, requests, moves = _finish(door, first)
    # One search per slice with no time budget (forced moves after the last: one more).
    assert last["searched"] <= requests <= last["searched"] + 1
    assert [(m["round"], m["number"], m["move"]) for m in moves] == turns
    assert last["review"]["seat"] == 0 and last["review"]["complete"]
    assert all(m["loss"] >= 0 and m["seat"] == 0 for m in moves)
    # The cache travels with the game: the record, the save, a restored session.
    record = ask(door, "record")
    assert [r["seat"] for r in record["reviews"]] == [0]
    restored, door2 = _door()
    restored.restore(json.loads(json.dumps(session.save())))
    again = ask(door2, "review_start", level=LEVEL, budget_ms=0)
    assert again["finished"] and again["searched"] == 0
    assert again["review"]["rounds"] == last["review"]["rounds"]


def test_the_replay_viewer_reviews_any_seat_of_a_record_and_returns_its_cache() -> None:
    game = Game(seed=9, target=60)
    while not game.is_over:
        game.play(game.legal_moves()[0])
    record = to_record(game)
    _, door = _door()
    last, _, moves = _finish(door, ask(door, "review_start", seat=3, record=record, level=LEVEL))
    assert [(m["round"], m["number"]) for m in moves] == [
        (r, n) for r, n, _ in _south_turns(record, 3)
    ]
    assert last["searched"] > 0
    expected = ReviewJob(from_record(record), 3, LEVEL).run().to_json()
    assert last["review"]["rounds"] == expected["rounds"]  # deterministic for the record
    cached = {**record, "reviews": last["reviews"]}
    # Handed back to the worker that made it (the viewer reviewing again): trusted.
    same = ask(door, "review_start", seat=3, record=cached, level=LEVEL)
    assert same["finished"] and same["searched"] == 0 and same["moves"] == moves
    # Any other worker (a reload, another page) checks it.
    _, door2 = _door()
    again, _, moves_again = _finish(
        door2, ask(door2, "review_start", seat=3, record=cached, level=LEVEL)
    )
    # A record's cached review is checked, move by move, not taken on trust.
    assert again["searched"] == last["searched"] and moves_again == moves
    assert (again["checked"], again["differed"], again["cache_error"]) == (len(moves), 0, None)


def test_cancel_keeps_what_was_found_and_the_next_review_goes_on_from_there() -> None:
    session, door = _door()
    _play_a_round(session)
    started = ask(door, "review_start", level=LEVEL, budget_ms=0)
    stopped = ask(door, "review_cancel")
    assert stopped == {"cancelled": True}
    assert ask(door, "review_step")["error"]["type"] == "RequestError"
    resumed = ask(door, "review_start", level=LEVEL, budget_ms=0)
    last, _, _ = _finish(door, resumed)
    # The first move came from the cache: one search fewer than the moves that had a choice.
    analysed = last["review"]["analysed"]
    assert last["searched"] == analysed - (started["searched"])
    assert started["searched"] <= 1


def test_the_board_shows_the_seat_hand_and_both_tables() -> None:
    session, door = _door()
    _play_a_round(session)
    _, _, moves = _finish(door, ask(door, "review_start", level=LEVEL, budget_ms=0))
    game = session.game
    assert game is not None
    for m in moves:
        board = ask(door, "review_board", round=m["round"], number=m["number"], aspect=1.4)
        rnd = game.rounds[m["round"] - 1]
        played_before = {
            str(t.move.tile) for t in rnd.turns[: m["number"] - 1] if t.seat == 0 and t.move.tile
        }
        assert board["hand"] == [str(t) for t in rnd.deal[0] if str(t) not in played_before]
        assert board["played"]["move"] == m["move"] and board["best"]["move"] == m["best"]
        before = sum(1 for t in rnd.turns[: m["number"] - 1] if t.move.tile is not None)
        for side in ("played", "best"):
            tiles = [t["tile"] for t in board[side]["table"]["tiles"]]
            assert len(tiles) == before + (board[side]["tile"] is not None)
            assert board[side]["tile"] is None or board[side]["tile"] in tiles
        # What South could have counted then: the tiles of each number not on the table
        # nor in the hand, and who had knocked with it open.
        seen = set(board["hand"]) | {
            str(t.move.tile) for t in rnd.turns[: m["number"] - 1] if t.move.tile
        }
        hidden = [sum(1 for t in ALL_TILES if t.has(n) and str(t) not in seen) for n in range(7)]
        assert board["count"]["hidden"] == hidden
        layout, lacking = Layout(), [set[int]() for _ in range(7)]
        for t in rnd.turns[: m["number"] - 1]:
            if t.move.tile is None and t.seat != 0:  # South's own knocks tell South nothing
                for n in layout.open_values():
                    lacking[n].add(t.seat)
            elif t.move.tile is not None:
                layout.place(t.move)
        assert [set(seats) for seats in board["count"]["lacking"]] == lacking


@pytest.mark.parametrize(
    ("method", "params", "message"),
    [
        ("review_start", {"seat": 1}, "only your own moves"),
        ("review_start", {"budget_ms": -1}, "budget_ms"),
        ("review_start", {"budget_ms": True}, "budget_ms"),
        ("review_start", {"seat": 7, "record": "nonsense"}, ""),
        ("review_start", {"level": "wizard"}, "unknown level"),
        ("review_step", {}, "no review"),
        ("review_board", {"round": 1, "number": 1}, "no review"),
    ],
)
def test_bad_review_requests_are_one_sentence_and_change_nothing(
    method: str, params: dict[str, Any], message: str
) -> None:
    session, door = _door()
    _play_a_round(session)
    before = json.dumps(session.save())
    reply = ask(door, method, **params)
    assert "error" in reply and message in reply["error"]["message"]
    assert reply["error"]["type"] != "InternalError"
    assert "\n" not in reply["error"]["message"]
    assert json.dumps(session.save()) == before


def _strict(text: str) -> dict[str, Any]:
    """A reply as the page's JSON.parse reads it: NaN and Infinity are not JSON."""

    def refuse(constant: str) -> None:
        raise AssertionError(f"the reply holds {constant}, which is not JSON")

    reply: dict[str, Any] = json.loads(text, parse_constant=refuse)
    return reply


def test_the_viewer_checks_a_forged_cached_review_and_says_so() -> None:
    game = Game(seed=9, target=60)
    while not game.is_over:
        game.play(game.legal_moves()[0])
    record = to_record(game)
    honest = ReviewJob(from_record(record), 3, LEVEL).run()
    forged = honest.to_json()
    for rnd in forged["rounds"]:
        for move in rnd["moves"]:
            if move["mark"] != "forced":
                move.update({"loss": 80.0, "mark": "blunder", "best": "pass"})
    _, door = _door()
    cached = {**record, "reviews": [forged]}
    last, _, _ = _finish(door, ask(door, "review_start", seat=3, record=cached, level=LEVEL))
    assert last["review"]["rounds"] == honest.to_json()["rounds"]
    assert last["differed"] == honest.summary.analysed > 0


@pytest.mark.parametrize("number", ["NaN", "Infinity", "-Infinity", "1e999"])
def test_a_number_json_cannot_carry_is_refused_in_a_reply_the_page_can_read(number: str) -> None:
    game = Game(seed=9, target=60)
    while not game.is_over:
        game.play(game.legal_moves()[0])
    review = ReviewJob(from_record(to_record(game)), 3, LEVEL).run().to_json()
    review["rounds"][0]["moves"][0]["loss"] = 12345.5
    record = {**to_record(game), "reviews": [review]}
    request = json.dumps({"method": "review_start", "params": {"seat": 3, "record": record}})
    _, door = _door()
    reply = _strict(door.handle(request.replace("12345.5", number)))
    assert reply["error"]["type"] == "RequestError"
    assert reply["error"]["message"].startswith("a request is JSON: ")


def test_a_reply_holding_nan_becomes_an_error_the_page_can_read(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    session, door = _door()
    nan_state = replace(METHODS["state"], handler=lambda *_, **__: {"scores": [float("nan"), 0]})
    monkeypatch.setitem(METHODS, "state", nan_state)
    door = Dispatcher(session)
    reply = _strict(door.handle(json.dumps({"method": "state", "params": {}})))
    assert reply["error"] == {
        "type": "InternalError",
        "message": "the reply to state holds a number JSON cannot carry",
    }
