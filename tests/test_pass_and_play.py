"""Several people at one screen: the session sends a person's tiles only after the page asked
for that seat's view, following the pass screen; the protocol never lets a hidden hand out."""

from __future__ import annotations

import json
from typing import Any

import pytest

from seven_rocks.app.dispatch import Dispatcher
from seven_rocks.app.names import parse_seat_label
from seven_rocks.app.protocol import RequestError
from seven_rocks.app.session import Session
from seven_rocks.engine.game import Game
from seven_rocks.engine.record import from_record


class Page:
    """Drives a session through its JSON door, as the browser's page does."""

    def __init__(self) -> None:
        self.session = Session()
        self.door = Dispatcher(self.session)

    def call(self, method: str, **params: Any) -> dict[str, Any]:
        reply: dict[str, Any] = json.loads(
            self.door.handle(json.dumps({"method": method, "params": params}))
        )
        return reply


def _hidden_tiles(game: Game, shown: int | None) -> set[str]:
    """Every tile still in a hand this round, except the hand of seat ``shown``."""
    rnd = game.current
    return {str(t) for seat in range(4) if seat != shown for t in rnd.hand(seat)}


def _leaks(reply: dict[str, Any], hidden: set[str]) -> list[str]:
    """Hidden tiles named anywhere in ``reply``. Earlier rounds are public (their tables,
    placements and settled hands) and their tiles are dealt again: they are left out."""
    public = {k: v for k, v in reply.items() if k != "previous_table"}
    public["events"] = [e for e in reply.get("events", []) if e["round"] == reply["round"]]
    text = json.dumps(public)
    return sorted(t for t in hidden if f'"{t}' in text)


def _play_whole_game(bots: list[str | None], seed: int) -> tuple[Page, int]:
    """Play a game to its end through the protocol, checking every reply; returns the page
    and how many pass screens it showed."""
    page = Page()
    people = {seat for seat, bot in enumerate(bots) if bot is None}
    reply = page.call("new_game", seed=seed, bots=bots, names=["Ana", None, "Bia", None])
    holder: int | None = None  # who took the device last, as this test sees it
    passes = 0
    for _ in range(5000):
        assert "error" not in reply, reply
        game = page.session.game
        assert game is not None
        turn, over = game.turn, game.is_over
        person_turn = not over and turn in people
        expected_pass = turn if person_turn and turn != holder else None
        assert reply["pass_to"] == expected_pass
        if reply["pass_to"] is not None or not person_turn:
            # The pass screen shows, or a bot plays (or it is over): nobody's tiles.
            assert reply["viewer"] is None and reply["hand"] == []
            assert not reply["legal"] and not reply["human_turn"]
            assert _leaks(reply, _hidden_tiles(game, None)) == []
        else:
            assert reply["viewer"] == turn and reply["human_turn"]
            assert reply["hand"] == [str(t) for t in game.current.hand(turn)]
            assert _leaks(reply, _hidden_tiles(game, turn)) == []
        if over:
            return page, passes
        since = reply["events_total"]
        if reply["pass_to"] is not None:
            # Nobody may play, hint or look at another hand before the tap.
            assert page.call("play", move=str(game.legal_moves()[0]))["error"]
            assert page.call("hint")["error"]["type"] == "RequestError"
            other = next(seat for seat in range(4) if seat != turn)
            assert page.call("view", seat=other)["error"]["type"] == "RequestError"
            passes += 1
            holder = turn
            reply = page.call("view", seat=turn, since=since)
        elif person_turn:
            first = next(iter(reply["moves"].values()), None)
            move = reply["pass_move"] if first is None else next(iter(first.values()))
            reply = page.call("play", move=move, since=since)
        else:
            reply = page.call("step", since=since)
    raise AssertionError("the game did not end")


def test_two_people_against_bots_never_see_each_others_tiles() -> None:
    page, passes = _play_whole_game([None, "greedy", None, "greedy"], seed=21)
    game = page.session.game
    assert game is not None and game.is_over and max(game.scores) >= 250
    assert passes >= 2 * len(game.rounds)  # each person took the device at least once a round
    record = page.call("record")
    assert [parse_seat_label(s) for s in record["seats"]] == [
        (None, "Ana"),
        ("greedy", None),
        (None, "Bia"),
        ("greedy", None),
    ]
    assert from_record(record).scores == game.scores


def test_four_people_pass_the_device_every_turn() -> None:
    page, passes = _play_whole_game([None, None, None, None], seed=5)
    game = page.session.game
    assert game is not None and game.is_over
    turns = sum(len(rnd.turns) for rnd in game.rounds)
    assert passes >= turns - len(game.rounds)  # only a round's opener may already hold it


def test_one_person_never_sees_a_pass_screen() -> None:
    session = Session()
    snap = session.new_game(seed=8, bots=[None, "greedy", "greedy", "greedy"])
    game = session.game
    assert game is not None
    for _ in range(60):
        assert snap["pass_to"] is None and snap["viewer"] == 0
        assert snap["hand"] == [str(t) for t in game.current.hand(0)]
        if snap["over"]:
            break
        if snap["human_turn"]:
            first = next(iter(snap["moves"].values()), None)
            move = snap["pass_move"] if first is None else next(iter(first.values()))
            assert move is not None
            snap = session.play(move)
        else:
            snap = session.step()


def test_a_lone_person_at_west_sees_their_own_hand() -> None:
    session = Session()
    snap = session.new_game(seed=3, bots=["greedy", None, "greedy", "greedy"])
    game = session.game
    assert game is not None
    assert snap["viewer"] == 1 and snap["pass_to"] is None
    assert snap["hand"] == [str(t) for t in game.current.hand(1)]


def test_four_bots_still_show_south_as_before() -> None:
    snap = Session().new_game(seed=3, bots=["greedy"] * 4)
    assert snap["viewer"] == 0 and snap["pass_to"] is None and len(snap["hand"]) == 7


def test_saves_keep_names_and_resume_at_the_pass_screen() -> None:
    page = Page()
    reply = page.call(
        "new_game",
        seed=9,
        bots=[None, "greedy", None, "greedy"],
        names=["Ana", None, " Bia  ", None],
    )
    turn = reply["pass_to"]
    reply = page.call("view", seat=turn)
    assert reply["hand"]
    save = page.call("save")
    assert save["version"] == 2 and save["names"] == ["Ana", None, "Bia", None]
    again = Page()
    resumed = again.call("restore", save=json.loads(json.dumps(save)))
    assert resumed["names"] == ["Ana", None, "Bia", None]
    assert resumed["bots"] == [None, "greedy", None, "greedy"]
    assert resumed["pass_to"] == turn and resumed["hand"] == []  # a reload shows no tiles
    assert again.call("view", seat=turn)["hand"] == reply["hand"]


def test_a_version_one_save_still_loads() -> None:
    session = Session()
    session.new_game(seed=4, bots=[None, "greedy", "greedy", "greedy"])
    old = {**session.save(), "version": 1}
    del old["names"]
    snap = Session().restore(old)
    assert snap["names"] == [None] * 4 and snap["viewer"] == 0 and len(snap["hand"]) == 7


@pytest.mark.parametrize(
    ("names", "message"),
    [
        (["x" * 21, None, None, None], "at most 20"),
        (["Ana", None], "four seats"),
        ([3, None, None, None], "a name is text"),
        (["a\u0007b", None, None, None], "printable"),
    ],
)
def test_bad_names_are_refused_and_change_nothing(names: list[Any], message: str) -> None:
    session = Session()
    before = session.new_game(seed=2, bots=[None, None, "greedy", "greedy"])
    with pytest.raises(RequestError, match=message):
        session.new_game(seed=3, bots=[None, None, None, None], names=names)
    assert session.snapshot() == before


def test_a_bots_seat_keeps_no_name() -> None:
    snap = Session().new_game(
        seed=2, bots=[None, "greedy", None, "greedy"], names=["A", "B", "C", "D"]
    )
    assert snap["names"] == ["A", None, "C", None]


def test_view_checks_its_seat() -> None:
    page = Page()
    page.call("new_game", seed=2, bots=[None, "greedy", None, "greedy"])
    message = page.call("view", seat="north")["error"]["message"]
    assert "'seat' must be a whole number from 0 to 3" in message
    assert "not a person" in page.call("view", seat=1)["error"]["message"]
