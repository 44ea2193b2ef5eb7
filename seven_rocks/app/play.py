"""Playing whole games between bots: the loop the CLI, tournaments and tests share."""

from __future__ import annotations

import time
from collections.abc import Sequence

from ..bots import Bot, make_bot
from ..engine.game import Game
from ..engine.scoring import DEFAULT_TARGET


def bot_seed(game_seed: int, seat: int) -> int:
    """Each seat's bot gets its own stream, fixed by the game's seed."""
    return game_seed * 4 + seat


def make_bots(names: Sequence[str], game_seed: int) -> list[Bot]:
    """Four bots from 1 name (every seat), 2 names (team 0, team 1) or 4 names (per seat)."""
    if len(names) == 1:
        names = [names[0]] * 4
    elif len(names) == 2:
        names = [names[0], names[1], names[0], names[1]]
    elif len(names) != 4:
        raise ValueError(f"give 1, 2 or 4 bot names, not {len(names)}")
    return [make_bot(name, bot_seed(game_seed, seat)) for seat, name in enumerate(names)]


def play_game(
    bots: Sequence[Bot],
    seed: int,
    *,
    target: int = DEFAULT_TARGET,
    seats: Sequence[str] | None = None,
    timings: list[list[float]] | None = None,
) -> Game:
    """Play one game to the target; each bot sees only its own seat's view.

    ``timings``, if given, receives each seat's seconds per decision.
    """
    game = Game(seed=seed, target=target, seats=seats or [b.name for b in bots])
    clock = time.perf_counter
    while not game.is_over:
        seat = game.turn
        view = game.view(seat)
        start = clock()
        move = bots[seat].choose(view)
        if timings is not None:
            timings[seat].append(clock() - start)
        game.play(move, seat)
    return game
