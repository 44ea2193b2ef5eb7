"""What each round of a self-play game brought each team, in order: the win-chance model's data.

A game is kept as its rounds (:class:`RoundTrace`): the scores before the round, who opened
it, every placement that scored (the team and the points, in order: a game ends at the
first placement that reaches the target, so the order matters near it), the deductions at
the settlement and who opens the next round.  The model (:mod:`.winchance`) is fitted on
the rounds of some games and checked against the winners of others.

Games are played by seeded bots, one seed per game, so a run is reproducible; they are
spread over processes (``jobs``) because thousands are needed.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from ..bots import make_bot
from ..engine.game import Game
from ..engine.round import SEATS, End


@dataclass(frozen=True, slots=True)
class RoundTrace:
    """One round: scores before it, the opener's team, the scoring placements in order
    (``(team, points)``), each team's deductions, and the next opener's team (``None``
    after a block, when a draw decides it, or when the game ended in the round)."""

    scores: tuple[int, int]
    opener: int
    placements: tuple[tuple[int, int], ...]
    deductions: tuple[int, int]
    next_opener: int | None
    won: bool


@dataclass(frozen=True, slots=True)
class GameTrace:
    """A game's rounds and the winning team."""

    rounds: tuple[RoundTrace, ...]
    winner: int


def trace_game(game: Game) -> GameTrace:
    """The rounds of a finished ``game``."""
    if game.winner is None:
        raise ValueError("the game is not over")
    out = []
    for rnd in game.rounds:
        placements = tuple((t.seat & 1, t.points) for t in rnd.turns if t.points)
        cuts = rnd.deductions() or (0, 0, 0, 0)
        nxt = rnd.turns[-1].seat & 1 if rnd.end is End.DOMINO else None
        out.append(
            RoundTrace(
                rnd.scores_before,
                rnd.opener & 1,
                placements,
                (cuts[0] + cuts[2], cuts[1] + cuts[3]),
                nxt,
                rnd.end is End.TARGET,
            )
        )
    return GameTrace(tuple(out), game.winner)


def play_one(bot: str, seed: int) -> GameTrace:
    """A game on ``seed`` with four ``bot`` players (seeded from the game's seed)."""
    game = Game(seed=seed)
    players = [make_bot(bot, seed * SEATS + seat) for seat in range(SEATS)]
    while not game.is_over:
        seat = game.turn
        game.play(players[seat].choose(game.view(seat)), seat)
    return trace_game(game)


def _play_many(bot: str, seeds: Sequence[int]) -> list[GameTrace]:
    return [play_one(bot, seed) for seed in seeds]


def self_play(bot: str, seeds: Sequence[int], jobs: int = 1) -> list[GameTrace]:
    """Games on ``seeds`` (in that order), played over ``jobs`` processes."""
    if jobs <= 1:
        return _play_many(bot, seeds)
    chunks = [list(seeds[i::jobs]) for i in range(jobs)]
    with ProcessPoolExecutor(jobs) as pool:
        parts = list(pool.map(_play_many, [bot] * jobs, chunks))
    by_seed = {
        seed: g
        for chunk, part in zip(chunks, parts, strict=True)
        for seed, g in zip(chunk, part, strict=True)
    }
    return [by_seed[seed] for seed in seeds]


def dump(games: Sequence[GameTrace], path: Path) -> None:
    """Write ``games`` as JSON (one list per game: the winner, then its rounds)."""
    data = [
        [
            g.winner,
            [
                [
                    list(r.scores),
                    r.opener,
                    [list(p) for p in r.placements],
                    list(r.deductions),
                    r.next_opener,
                    r.won,
                ]
                for r in g.rounds
            ],
        ]
        for g in games
    ]
    path.write_text(json.dumps(data, separators=(",", ":")))


def load(path: Path) -> list[GameTrace]:
    """Read what :func:`dump` wrote."""
    out = []
    for winner, rounds in json.loads(path.read_text()):
        out.append(
            GameTrace(
                tuple(
                    RoundTrace(
                        (s[0], s[1]),
                        opener,
                        tuple((p[0], p[1]) for p in placements),
                        (d[0], d[1]),
                        nxt,
                        won,
                    )
                    for s, opener, placements, d, nxt, won in rounds
                ),
                winner,
            )
        )
    return out
