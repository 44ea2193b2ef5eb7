"""A throwaway game, one move per request, played while a newly opened page shows its table.

Why this exists: in the browser, Pyodide's WebAssembly starts in V8's baseline tier, and V8
recompiles the functions that become hot with its optimising tier, on background threads.
On a first visit the engine's move path (a move read and checked, the bots, the geometry,
the snapshot written as JSON, the save) becomes hot on the person's first move, and that
recompiling (0.1 to 0.8 s of CPU on three threads, in Chromium traces) ran on a phone's
few cores exactly while the page's main thread drew that move: the frame took 50 to 280 ms
with the CPU throttled 4x (``benchmarks/phone.py --longtasks``). The page asks for these
moves while the person first looks at the table (and stops once they touch the board), so
that the compiling happens while the page is idle, the way games compile their shaders
during a loading screen.

The scratch game runs the same code as the real one because it goes through its own copy
of the worker's JSON door (:class:`~seven_rocks.app.dispatch.Dispatcher` over a fresh
:class:`~seven_rocks.app.session.Session`): the page's game is never touched.

>>> from seven_rocks.app.dispatch import Dispatcher
>>> from seven_rocks.app.session import Session
>>> warm = WarmUp(lambda: Dispatcher(Session()).handle)
>>> warm.step([None, "expert", "greedy", "expert"])["moves"]
1
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any, Final

from ..bots import BOTS
from .replies import WarmUpReply
from .session import DEFAULT_BOTS

#: The scratch games' first seed (each finished game is followed by the next seed).
WARM_UP_SEED: Final = 1
#: The scratch table's width over height: a phone held upright, as most players do.
WARM_UP_ASPECT: Final = 0.6
#: Bots the scratch game seats in another's place: a master's decision takes 180 ms (median
#: of those with a choice, ``benchmarks/browser.py``) in the browser, so sixty scratch moves
#: of masters would cost seconds of a first visit's CPU and could hold the person's first
#: move for a whole decision. The expert runs the same engine, view and geometry code.
STAND_INS: Final = {"master": "expert"}

Door = Callable[[str], str]


class WarmUp:
    """Plays a scratch game through its own JSON door, one move per :meth:`step`."""

    def __init__(self, new_door: Callable[[], Door]) -> None:
        """``new_door`` makes a fresh door (a dispatcher's ``handle`` over a new session)."""
        self._new_door = new_door
        self._door: Door | None = None
        self._seed = WARM_UP_SEED
        self.moves = 0

    def step(self, bots: Sequence[str | None]) -> WarmUpReply:
        """Make one move of the scratch game: South is a person, the other seats play the
        page's bots (``bots``, by seat; a seat with a person plays the default bot, a master
        its :data:`STAND_INS`), so the bots' own code gets warm too. Returns how many moves
        were made so far."""
        # Each move asks for the state and its reply holds every event since the scratch
        # game began: more JSON than a real move, on purpose. A leaner version (the last
        # reply kept, only new events asked for: 0.55 against 1.4 ms a move in CPython) left
        # 3 of 12 first visits with a task over 50 ms, against 0 of 23 with this one.
        snap = self._ask("state") if self._door is not None else None
        if snap is None or snap["over"]:
            snap = self._new_game(bots)
        if snap["human_turn"]:
            move = snap["pass_move"] if snap["must_pass"] else _first_move(snap["moves"])
            self._ask("play", move=move)
        else:
            self._ask("step")
        self._ask("save")
        self.moves += 1
        return {"moves": self.moves}

    def _new_game(self, bots: Sequence[str | None]) -> dict[str, Any]:
        self._door = self._new_door()
        seats: list[str | None] = [None]
        seats += [
            _scratch_bot(bots[seat] if seat < len(bots) else None, seat) for seat in (1, 2, 3)
        ]
        snap = self._ask("new_game", seed=self._seed, bots=seats)
        self._seed += 1
        return snap

    def _ask(self, method: str, **params: object) -> dict[str, Any]:
        assert self._door is not None
        if method != "save":
            params["aspect"] = WARM_UP_ASPECT
        reply: dict[str, Any] = json.loads(
            self._door(json.dumps({"method": method, "params": params}))
        )
        if "error" in reply:  # the scratch game only makes moves it was offered: a bug
            raise RuntimeError(f"warm-up {method}: {reply['error']['message']}")
        return reply


def _scratch_bot(asked: str | None, seat: int) -> str | None:
    """Who plays ``seat`` of the scratch game when the page's game seats ``asked`` there."""
    if asked is None or asked not in BOTS:
        return DEFAULT_BOTS[seat]
    return STAND_INS.get(asked, asked)


def _first_move(moves: dict[str, dict[str, str]]) -> str:
    """The first move the snapshot offers (its tiles and points come in a fixed order)."""
    for points in moves.values():
        for text in points.values():
            return text
    raise RuntimeError("warm-up: a person's turn with no move offered")
