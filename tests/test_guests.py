"""Friends on other devices: a guest's snapshot holds no other hand, the host's holds no
guest's hand, and every message a guest may send is checked; a bad one is refused, counted,
and the game goes on."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from seven_rocks.app.guests import MAX_GUEST_MESSAGE, REMOTE
from seven_rocks.app.names import parse_seat_label
from seven_rocks.engine.record import from_record

from .test_pass_and_play import Page, _hidden_tiles, _leaks

SEATS = [None, REMOTE, "random", REMOTE]


def _move(text: str) -> str:
    return json.dumps({"t": "move", "move": text})


def _any_move(snap: dict[str, Any], rng: random.Random) -> str:
    """One of the moves a snapshot offers its viewer."""
    if snap["must_pass"]:
        return str(snap["pass_move"])
    texts = [text for points in snap["moves"].values() for text in points.values()]
    return str(rng.choice(sorted(texts)))


def _play_game(seed: int, check: bool, target: int = 40) -> Page:
    """A whole game with a host, a bot and two guests; with ``check``, every seat's view is
    held to what that seat may see after every move."""
    page = Page()
    rng = random.Random(seed)
    reply = page.call("new_game", seed=seed, bots=SEATS, target=target)
    game = page.session.game
    assert game is not None
    for _ in range(3000):
        assert "error" not in reply, reply
        if check:
            assert _leaks(page.call("state"), _hidden_tiles(game, 0)) == []
            for seat in (1, 3):
                view = page.call("guest_view", seat=seat)
                assert view["viewer"] == seat and len(view["hand"]) == view["hand_sizes"][seat]
                assert _leaks(view, _hidden_tiles(game, seat)) == []
        if game.is_over:
            return page
        turn = game.turn
        if turn == 0:
            reply = page.call("play", move=_any_move(page.call("state"), rng))
        elif SEATS[turn] == REMOTE:
            view = page.call("guest_view", seat=turn)
            assert view["human_turn"]
            reply = page.call("guest_move", seat=turn, message=_move(_any_move(view, rng)))
            assert reply["accepted"], reply
        else:
            reply = page.call("step")
    raise AssertionError("the game did not end")


@settings(max_examples=10, deadline=None)
@given(st.integers(0, 2**31))
def test_no_other_hand_reaches_a_guest_or_the_host(seed: int) -> None:
    page = _play_game(seed, check=True)
    assert page.session.game is not None and page.session.game.is_over


def test_a_guest_sees_its_own_seat_as_the_person_and_the_others_as_away() -> None:
    page = Page()
    page.call("new_game", seed=3, bots=SEATS)
    view = page.call("guest_view", seat=1)
    assert view["bots"] == [REMOTE, None, "random", REMOTE]
    assert view["pass_to"] is None and view["count"] is not None
    assert page.call("state")["refused"] == [0, 0, 0, 0]


@pytest.fixture
def table() -> Page:
    """A game at a remote seat's turn (seat 1), with another guest at seat 3."""
    page = Page()
    for seed in range(50):
        page.call("new_game", seed=seed, bots=[None, REMOTE, "greedy", REMOTE])
        game = page.session.game
        assert game is not None
        if game.turn == 1:
            return page
    raise AssertionError("no deal opened at seat 1")


def _legal_of(page: Page, seat: int) -> str:
    return _any_move(page.call("guest_view", seat=seat), random.Random(0))


@pytest.mark.parametrize(
    ("seat", "message", "reason"),
    [
        (1, "x" * (MAX_GUEST_MESSAGE + 1), "too-large"),
        (1, json.dumps({"t": "move", "move": "a" * MAX_GUEST_MESSAGE}), "too-large"),
        (1, '{"t":"move","move":', "malformed"),
        (1, "\u00ff\u0000", "malformed"),
        (1, "[" * 200 + "]" * 200, "not-a-move"),
        (1, '{"t":"move"}', "not-a-move"),
        (1, '{"t":"move","move":7}', "not-a-move"),
        (1, '{"t":"move","move":"6-6","seat":3}', "not-a-move"),
        (1, '{"t":"hello","move":"6-6"}', "not-a-move"),
        (1, _move("9-9"), "illegal"),
        (1, _move("6-6@nowhere"), "illegal"),
        (1, _move("pass"), "illegal"),
        (3, "LEGAL", "not-your-turn"),  # seat 3 sends the move seat 1 may make
    ],
)
def test_a_bad_message_is_refused_counted_and_the_game_goes_on(
    table: Page, seat: int, message: str, reason: str
) -> None:
    game = table.session.game
    assert game is not None
    before = len(game.events)
    if message == "LEGAL":
        message = _move(_legal_of(table, 1))
    reply = table.call("guest_move", seat=seat, message=message)
    assert reply["accepted"] is False and reply["reason"] == reason
    assert len(game.events) == before and game.turn == 1
    refused = [0, 0, 0, 0]
    refused[seat] = 1
    assert reply["snap"]["refused"] == refused
    played = table.call("guest_move", seat=1, message=_move(_legal_of(table, 1)))
    assert played["accepted"] and game.turn != 1


def test_only_remote_seats_send_messages_and_the_host_cannot_move_for_a_guest(table: Page) -> None:
    move = _legal_of(table, 1)
    for seat in (0, 2):
        assert (
            "not played on another device"
            in table.call("guest_view", seat=seat)["error"]["message"]
        )
        reply = table.call("guest_move", seat=seat, message=_move(move))
        assert "not played on another device" in reply["error"]["message"]
    assert "not yours" in table.call("play", move=move)["error"]["message"]
    assert "human seat" in table.call("step")["error"]["message"]


def test_south_is_never_remote() -> None:
    reply = Page().call("new_game", bots=[REMOTE, None, "random", None])
    assert "host's own seat" in reply["error"]["message"]


def test_the_record_and_the_save_name_the_host_and_the_guests() -> None:
    page = _play_game(11, check=False)
    page.call("guest_join", seat=1, name="  Bia  ")
    page.call("guest_join", seat=3, name="Caio")
    save = page.call("save")
    assert save["bots"] == SEATS and save["names"] == [None, "Bia", None, "Caio"]
    labels = [parse_seat_label(label) for label in page.call("record")["seats"]]
    assert labels == [(None, None), (None, "Bia"), ("random", None), (None, "Caio")]
    game = from_record(page.call("record"))
    assert game.is_over
    assert "at most" in page.call("guest_join", seat=1, name="x" * 99)["error"]["message"]


def test_a_saved_game_with_guests_resumes_with_its_remote_seats() -> None:
    page = Page()
    page.call("new_game", seed=8, bots=SEATS, names=["Ana", "Bia", None, None])
    restored = Page().call("restore", save=page.call("save"))
    assert restored["bots"] == SEATS and restored["names"] == ["Ana", "Bia", None, None]
    assert restored["refused"] == [0, 0, 0, 0]


def test_a_late_move_is_refused_as_out_of_turn_even_when_legal_now(table: Page) -> None:
    reply = table.call("guest_move", seat=1, message=_move(_legal_of(table, 1)), late=True)
    assert (reply["accepted"], reply["reason"]) == (False, "not-your-turn")
    late_junk = table.call("guest_move", seat=1, message="{", late=True)
    assert late_junk["reason"] == "malformed"


def test_refusals_the_host_told_without_the_engine_join_the_engine_s_count(table: Page) -> None:
    table.call("guest_move", seat=3, message="{")
    assert table.call("guest_refused", seat=3, count=250) == {"refused": [0, 0, 0, 251]}
    assert table.call("state")["refused"] == [0, 0, 0, 251]
    for seat, count in ((2, 1), (1, 0), (1, -3), (1, True), (1, "9")):
        assert "error" in table.call("guest_refused", seat=seat, count=count), (seat, count)


def test_a_bot_stands_in_for_an_away_guest_and_the_seat_stays_theirs(table: Page) -> None:
    game = table.session.game
    assert game is not None
    snap = table.call("guest_stand_in", seat=1)
    assert game.current.turns[-1].seat == 1 and snap["bots"][1] == REMOTE
    assert "turn" in table.call("guest_stand_in", seat=1)["error"]["message"]
