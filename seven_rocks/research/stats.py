"""The one statistics aggregator of many games: ``simulate`` and tournaments both use it.

:class:`GameFacts` is what one finished game tells (by team); :class:`Tally` adds games up
from the side of one team, "A" (team 0 for ``simulate``; the team bot A sat in, for
tournaments, where it changes from game to game).  Decision times are kept as
:class:`Samples`: exact up to a limit, a seeded uniform sample of them beyond it, so a
long run has bounded memory.

>>> from seven_rocks.app.runner import play_game
>>> from seven_rocks.bots import make_bot
>>> tally = Tally()
>>> for seed in range(3):
...     tally.add(GameFacts.of(play_game([make_bot("greedy", s) for s in range(4)], seed)))
>>> tally.games, tally.a_wins + tally.b_wins, tally.rounds >= 3
(3, 3, True)
>>> tally.rounds == tally.dominoes + tally.blocks + tally.target_ends
True
"""

from __future__ import annotations

import math
import random
import statistics
from collections.abc import Iterable
from dataclasses import dataclass, field

from ..engine.game import Game
from ..engine.round import End

#: z for a two-sided 95% interval.
Z95 = 1.959963984540054
#: Decision times kept exactly per side before sampling starts.
SAMPLE_LIMIT = 200_000


def wilson_interval(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a binomial proportion (95% by default).

    >>> [round(x, 4) for x in wilson_interval(60, 100)]
    [0.502, 0.6906]
    >>> wilson_interval(0, 0)
    (0.0, 1.0)
    """
    if trials <= 0:
        return (0.0, 1.0)
    p = successes / trials
    z2 = z * z
    denominator = 1 + z2 / trials
    centre = (p + z2 / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / denominator
    lo = 0.0 if successes <= 0 else max(0.0, centre - half)
    hi = 1.0 if successes >= trials else min(1.0, centre + half)
    return (lo, hi)


def percentile(values: list[float], q: float) -> float:
    """The nearest-rank ``q`` quantile (0.0 for no values)."""
    if not values:
        return 0.0
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))
    return ordered[index]


class Samples:
    """Seconds per decision: every value up to ``limit``, then a uniform sample of them
    (reservoir sampling with a fixed seed), so medians stay honest and memory bounded."""

    __slots__ = ("_rng", "count", "limit", "values")

    def __init__(self, limit: int = SAMPLE_LIMIT) -> None:
        self.limit = limit
        self.count = 0
        self.values: list[float] = []
        self._rng = random.Random(limit)

    def extend(self, values: Iterable[float]) -> None:
        for value in values:
            self.count += 1
            if len(self.values) < self.limit:
                self.values.append(value)
            else:
                slot = self._rng.randrange(self.count)
                if slot < self.limit:
                    self.values[slot] = value

    def summary(self) -> dict[str, float]:
        """Median, 95th percentile and the number of decisions."""
        values = self.values
        return {
            "median": statistics.median(values) if values else 0.0,
            "p95": percentile(values, 0.95),
            "decisions": self.count,
        }


@dataclass(frozen=True, slots=True)
class GameFacts:
    """One finished game, by team: who won, final scores, and how its rounds went."""

    winner: int
    scores: tuple[int, int]
    rounds: int
    #: Placement points each team scored (deductions not counted).
    points: tuple[int, int]
    #: Each team's net points over the rounds (placements plus deductions received).
    net: tuple[int, int]
    #: Rounds each team ended by dominoing.
    dominoes: tuple[int, int]
    blocks: int

    @classmethod
    def of(cls, game: Game) -> GameFacts:
        if game.winner is None:
            raise ValueError("only a finished game has facts to tally")
        points = [0, 0]
        net = [0, 0]
        dominoes = [0, 0]
        blocks = 0
        for rnd in game.rounds:
            won = rnd.points
            result = rnd.result()
            points[0] += won[0]
            points[1] += won[1]
            net[0] += result[0]
            net[1] += result[1]
            if rnd.end is End.DOMINO:
                dominoes[rnd.turns[-1].seat & 1] += 1
            elif rnd.end is End.BLOCKED:
                blocks += 1
        return cls(
            winner=game.winner,
            scores=game.scores,
            rounds=len(game.rounds),
            points=(points[0], points[1]),
            net=(net[0], net[1]),
            dominoes=(dominoes[0], dominoes[1]),
            blocks=blocks,
        )


@dataclass(slots=True)
class Tally:
    """Totals of many games seen from side A (each game says which team A was)."""

    games: int = 0
    a_wins: int = 0
    b_wins: int = 0
    rounds: int = 0
    margin_total: int = 0
    a_points: int = 0
    b_points: int = 0
    a_net: int = 0
    b_net: int = 0
    a_dominoes: int = 0
    b_dominoes: int = 0
    blocks: int = 0
    a_cpu: Samples = field(default_factory=Samples)
    b_cpu: Samples = field(default_factory=Samples)
    a_wall: Samples = field(default_factory=Samples)
    b_wall: Samples = field(default_factory=Samples)

    def add(
        self,
        facts: GameFacts,
        a_team: int = 0,
        *,
        cpu: tuple[Iterable[float], Iterable[float]] = ((), ()),
        wall: tuple[Iterable[float], Iterable[float]] = ((), ()),
    ) -> None:
        """Count one game in which side A was ``a_team``; ``cpu``/``wall`` hold side A's
        and side B's seconds per decision in that game."""
        b_team = 1 - a_team
        self.games += 1
        a_won = facts.winner == a_team
        self.a_wins += a_won
        self.b_wins += not a_won
        self.rounds += facts.rounds
        self.margin_total += facts.scores[a_team] - facts.scores[b_team]
        self.a_points += facts.points[a_team]
        self.b_points += facts.points[b_team]
        self.a_net += facts.net[a_team]
        self.b_net += facts.net[b_team]
        self.a_dominoes += facts.dominoes[a_team]
        self.b_dominoes += facts.dominoes[b_team]
        self.blocks += facts.blocks
        self.a_cpu.extend(cpu[0])
        self.b_cpu.extend(cpu[1])
        self.a_wall.extend(wall[0])
        self.b_wall.extend(wall[1])

    @property
    def dominoes(self) -> int:
        return self.a_dominoes + self.b_dominoes

    @property
    def target_ends(self) -> int:
        """Rounds ended by a placement that reached the target (one per finished game)."""
        return self.rounds - self.dominoes - self.blocks

    @property
    def win_rate(self) -> float:
        return self.a_wins / self.games if self.games else 0.0

    @property
    def ci95(self) -> tuple[float, float]:
        return wilson_interval(self.a_wins, self.games)

    @property
    def mean_margin(self) -> float:
        return self.margin_total / self.games if self.games else 0.0

    def per_round(self, a: int, b: int) -> tuple[float, float]:
        """Two side totals divided by the rounds played (0 rounds count as 1)."""
        rounds = max(1, self.rounds)
        return (a / rounds, b / rounds)


__all__ = ["GameFacts", "Samples", "Tally", "percentile", "wilson_interval"]
