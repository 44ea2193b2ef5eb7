"""The engine's warm-up (seven_rocks/app/warmup.py): scratch moves that leave the game alone."""

from __future__ import annotations

from typing import Any

from seven_rocks.app.dispatch import Dispatcher
from seven_rocks.app.session import Session
from seven_rocks.app.warmup import WarmUp
from tests.helpers import ask


def test_warm_up_moves_leave_the_game_in_progress_untouched() -> None:
    door = Dispatcher(Session())
    ask(door, "new_game", seed=8, bots=[None, "greedy", "expert", "random"])
    first = ask(door, "state")
    while not first["human_turn"]:
        first = ask(door, "step")
    before = (ask(door, "state"), ask(door, "save"), ask(door, "record"))
    for made in range(1, 41):
        assert ask(door, "warm_up") == {"moves": made}
    assert (ask(door, "state"), ask(door, "save"), ask(door, "record")) == before
    # The game goes on from where it was, its moves still valid.
    tile, points = next(iter(before[0]["moves"].items()))
    after = ask(door, "play", move=next(iter(points.values())))
    assert tile in {event.get("tile") for event in after["events"]}


def test_warm_up_works_before_any_game_and_refuses_parameters() -> None:
    door = Dispatcher(Session())
    assert ask(door, "warm_up") == {"moves": 1}
    reply = ask(door, "warm_up", moves=5)
    assert reply["error"]["type"] == "RequestError"
    assert "takes no parameter 'moves'" in reply["error"]["message"]
    assert ask(door, "state")["error"]["message"] == "no game has been started"


def test_the_scratch_game_seats_the_pages_bots_and_plays_on_past_its_end() -> None:
    doors: list[Dispatcher] = []

    def new_door() -> Any:
        doors.append(Dispatcher(Session()))
        return doors[-1].handle

    warm = WarmUp(new_door)
    # A person at seat 2 (pass and play) plays the default bot in the scratch game, and a
    # master is stood in for (its decisions are the slow ones).
    bots = [None, "greedy", None, "master"]
    while len(doors) < 3:
        warm.step(bots)
    assert doors[0].session.bot_names == [None, "greedy", "expert", "expert"]
    assert [door.session.game.seed for door in doors if door.session.game] == [1, 2, 3]
    finished = doors[0].session.game
    assert finished is not None and finished.is_over
    assert warm.moves > 2 * 28  # two whole games take more than two rounds' moves
