"""The one game runner: who decides at each seat, how long it took, and who is told.

Every place that lets computer players move goes through :class:`Runner`: the
``simulate`` command, tournaments, the benchmarks and the browser worker's session.  A
seat's *decision* is any callable from a :class:`~seven_rocks.engine.view.PlayerView` to a
:class:`~seven_rocks.engine.moves.Move` (a bot's ``choose`` is one); ``None`` marks a seat
where a person moves, and the runner stops there.  Timing (CPU and wall seconds per
decision, per seat) and observers (called after each decision) are optional, so the
plain loop that ``simulate`` needs pays for neither.  Standard library only: the worker
runs this module in Pyodide.

>>> from seven_rocks.bots import make_bot
>>> game = Game(seed=4)
>>> runner = Runner(game, [make_bot("greedy", s).choose for s in range(4)])
>>> runner.run() is game and game.is_over
True
>>> game = Game(seed=4)
>>> runner = Runner(game, [None, *(make_bot("random", s).choose for s in range(3))])
>>> runner.waiting_for_person == (game.turn == 0)
True
>>> _ = runner.run()
>>> game.turn, runner.waiting_for_person
(0, True)
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..bots.base import Bot
from ..engine.errors import SevenRocksError
from ..engine.game import Game
from ..engine.moves import Move
from ..engine.round import SEATS
from ..engine.scoring import DEFAULT_TARGET
from ..engine.view import PlayerView

#: A seat's way of choosing a move: a function of what that seat may know, nothing else.
Decision = Callable[[PlayerView], Move]


class NoBotToMoveError(SevenRocksError):
    """The runner was asked for a bot's move where there is none to make."""


@dataclass(frozen=True, slots=True)
class Step:
    """One decision made and played: the seat, its move, the points it scored, and the
    seconds it took (CPU of this process, and wall clock; both 0.0 when not timed)."""

    seat: int
    move: Move
    points: int
    cpu: float = 0.0
    wall: float = 0.0


#: Told of every step, after the move is on the table (progress, narration, statistics).
Observer = Callable[[Game, Step], None]


def bot_seed(game_seed: int, seat: int) -> int:
    """Each seat's bot gets its own stream, fixed by the game's seed."""
    return game_seed * 4 + seat


class Runner:
    """Drives one :class:`~seven_rocks.engine.game.Game`, one decision at a time.

    ``decisions[seat]`` decides for ``seat`` (``None``: a person, who moves through
    :meth:`Game.play` directly).  With ``timed``, :attr:`cpu` and :attr:`wall` collect
    each seat's seconds per decision.
    """

    __slots__ = ("cpu", "decisions", "game", "observers", "timed", "wall")

    def __init__(
        self,
        game: Game,
        decisions: Sequence[Decision | None],
        *,
        timed: bool = False,
        observers: Sequence[Observer] = (),
    ) -> None:
        if len(decisions) != SEATS:
            raise ValueError(f"a runner needs a decision for each of {SEATS} seats")
        self.game = game
        self.decisions: list[Decision | None] = list(decisions)
        self.timed = timed
        self.observers = tuple(observers)
        self.cpu: list[list[float]] = [[] for _ in range(SEATS)]
        self.wall: list[list[float]] = [[] for _ in range(SEATS)]

    @property
    def waiting_for_person(self) -> bool:
        """True when a person's seat is to move (never once the game is over)."""
        game = self.game
        return not game.is_over and self.decisions[game.turn] is None

    @property
    def bot_to_move(self) -> bool:
        """True when :meth:`step` has a decision to make."""
        game = self.game
        return not game.is_over and self.decisions[game.turn] is not None

    def step(self) -> Step:
        """Ask the seat to move for its decision and play it; returns what happened."""
        game = self.game
        if game.is_over:
            raise NoBotToMoveError("the game is over")
        seat = game.turn
        decide = self.decisions[seat]
        if decide is None:
            raise NoBotToMoveError(f"seat {seat} is a person's seat: nothing to decide for it")
        view = game.view(seat)
        if self.timed:
            cpu, wall = time.process_time(), time.perf_counter()
            move = decide(view)
            step_cpu, step_wall = time.process_time() - cpu, time.perf_counter() - wall
            self.cpu[seat].append(step_cpu)
            self.wall[seat].append(step_wall)
        else:
            move = decide(view)
            step_cpu = step_wall = 0.0
        step = Step(seat, move, game.play(move, seat), step_cpu, step_wall)
        for observer in self.observers:
            observer(game, step)
        return step

    def run(self) -> Game:
        """Play decisions until the game is over or a person's seat is to move."""
        game = self.game
        if self.timed or self.observers:
            while self.bot_to_move:
                self.step()
            return game
        # The plain loop (simulate, bulk games): no clock, no step objects.
        decisions = self.decisions
        rounds = game.rounds  # the game's own list: a new deal is appended to it
        view = game.view
        play = game.play
        while game.winner is None:
            seat = rounds[-1].turn
            decide = decisions[seat]
            if decide is None:
                break
            play(decide(view(seat)), seat)
        return game


def play_game(
    bots: Sequence[Bot],
    seed: int,
    *,
    target: int = DEFAULT_TARGET,
    seats: Sequence[str] | None = None,
) -> Game:
    """One whole game between four fair bots (seat names default to the bots' names)."""
    game = Game(seed=seed, target=target, seats=seats or [b.name for b in bots])
    return Runner(game, [b.choose for b in bots]).run()


__all__ = ["Decision", "NoBotToMoveError", "Observer", "Runner", "Step", "bot_seed", "play_game"]
