"""One position searched deal by deal, every move on the same deals: the review's search.

The master's search (:func:`seven_rocks.bots.master.evaluate`) gives each move's means
over a fixed number of deals.  The coach needs one more thing: how sure the played move's
drop in the chance to win is, so that it stops as soon as the mark is clear and searches
on where it is not (:mod:`.settle`).  This search draws the level's deals and plays them
as the master does (each move played out from the same snapshot with the same playout
seed, or solved exactly once few tiles remain), and keeps, for every move, the running
sums of its values and chances and of its chance's difference from the played move's on
the same deal, with the squares.  Because both moves of a difference met the same deal
and the same playout dice (common random numbers), the difference's spread is that of
the moves' real gap, not of the deal's luck, and its standard error is small where the
moves play alike.

A move whose chance is clearly below the played move's, or below another move's still
searched, can neither be the best nor decide the played move's mark:
:meth:`PairedSearch.drop_beaten` stops playing it, so the deals go to the moves that can
still change the mark (the sums of two moves' chances multiplied, deal by deal, give the
spread of their difference).
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Final

from ...bots.master import (
    Analysis,
    Level,
    MasterBot,
    _branch_twin,
    _with_twins,
)
from ...bots.outcome import outcome_chance, outcome_value, solve
from ...bots.playout import Sim
from ...engine.moves import PASS, Move
from ...engine.view import PlayerView

#: The least spread of a chance difference per deal that a standard error assumes: a
#: difference seen equal on a few dozen deals may still differ on a rare one.
LEAST_SPREAD: Final = 0.03


def standard_error(total: float, squares: float, n: int) -> float:
    """The standard error of the mean of ``n`` values from their sum and sum of squares,
    the values' spread taken as at least :data:`LEAST_SPREAD`."""
    if n < 2:
        return math.inf
    variance = max(0.0, (squares - total * total / n) / (n - 1))
    return max(math.sqrt(variance), LEAST_SPREAD) / math.sqrt(n)


@dataclass(slots=True, eq=False)
class Tally:
    """One move's sums over the deals it was searched on."""

    move: Move
    #: The move's index in the simulator's tables (-1 for the pass).
    index: int
    #: Its place among the search's moves.
    place: int = 0
    deals: int = 0
    value: float = 0.0
    chance: float = 0.0
    #: The sum of the chance's square (with :attr:`chance`, the spread against another move).
    chance2: float = 0.0
    #: Sums of (this move's chance - the played move's) and of its square, deal by deal.
    gap: float = 0.0
    gap2: float = 0.0

    def mean_gap(self) -> float:
        """How much more chance to win this move brings than the played one, on average."""
        return self.gap / self.deals if self.deals else 0.0

    def gap_error(self) -> float:
        """The standard error of :meth:`mean_gap`."""
        return standard_error(self.gap, self.gap2, self.deals)

    def analysis(self) -> Analysis:
        n = max(1, self.deals)
        return Analysis(self.move, self.value / n, self.deals, self.chance / n)


class PairedSearch:
    """The search of ``view`` at ``level`` from ``seed``, judging ``played``, a deal at a time.

    The first deals are the master's own for that seed (the same deal source, drawn in the
    same order), so a search of the level's number of deals finds what one pass of
    :func:`~seven_rocks.bots.master.evaluate` finds, with every move searched to the end.
    """

    def __init__(self, view: PlayerView, played: Move, seed: int, level: Level) -> None:
        bot = MasterBot(seed, level, chances=True)
        self._rng = bot.rng
        self._deals = bot._deal_source(view)
        self._view = view
        self._wary = level.wary
        moves = view.legal_moves()
        # A tile on the spinner's second branch is the same move as on its first while
        # both are free: search one, report both (as the master does).
        self._twins = {m: _branch_twin(m) for m in moves}
        searched = [m for m in moves if self._twins[m] is None or self._twins[m] not in moves]
        self._tallies = [
            Tally(m, -1 if m is PASS else m.index, place) for place, m in enumerate(searched)
        ]
        #: Sums of two moves' chances multiplied, deal by deal (by their places, the lower
        #: first), over the deals both were searched on.
        self._cross = {(a, b): 0.0 for b in range(len(searched)) for a in range(b)}
        mine = played if played in searched else self._twins[played]
        self._played = next(t for t in self._tallies if t.move == mine)
        self._alive = list(self._tallies)
        self.exact = sum(view.hand_sizes) <= level.exact_tiles
        self.deals = 0

    @property
    def played(self) -> Tally:
        return self._played

    @property
    def rivals(self) -> list[Tally]:
        """The other moves still searched (a twin counts once): those that decide the mark."""
        return [t for t in self._alive if t is not self._played]

    def beats(self, a: Tally, b: Tally, z: float) -> bool:
        """Whether ``a``'s chance is above ``b``'s by more than ``z`` standard errors, over
        the deals both were searched on (for two moves still searched: every deal)."""
        n = min(a.deals, b.deals)
        cross = self._cross[(a.place, b.place) if a.place < b.place else (b.place, a.place)]
        total = a.chance - b.chance
        squares = a.chance2 + b.chance2 - 2.0 * cross
        return total / max(1, n) - z * standard_error(total, squares, n) > 0.0

    def run(self, deals: int) -> None:
        """Search ``deals`` more deals."""
        for _ in range(deals):
            self._deal()

    def _deal(self) -> None:
        view, team = self._view, self._view.seat & 1
        root = Sim.from_round_state(
            view.layout,
            self._deals(self._rng),
            view.seat,
            view.passes_in_a_row,
            view.scores,
            view.target,
        )
        found: list[tuple[float, float]] = []
        if self.exact:
            for t in self._alive:
                root.push(t.index)
                value = solve(root, team, -1e9, 1e9)
                found.append((value, solve(root, team, -1.0, 2.0, outcome_chance)))
                root.pop()
        else:
            snap = root.snapshot()
            playout_seed = self._rng.getrandbits(32)
            for t in self._alive:
                root.restore(snap)
                root.push(t.index)
                root.playout(random.Random(playout_seed), 0.0, self._wary)
                found.append((outcome_value(root, team), outcome_chance(root, team)))
        alive = self._alive
        mine = found[alive.index(self._played)][1]
        for t, (value, chance) in zip(alive, found, strict=True):
            t.deals += 1
            t.value += value
            t.chance += chance
            t.chance2 += chance * chance
            t.gap += chance - mine
            t.gap2 += (chance - mine) ** 2
        cross = self._cross
        for b in range(1, len(alive)):
            tb, cb = alive[b], found[b][1]
            for a in range(b):
                cross[(alive[a].place, tb.place)] += found[a][1] * cb
        self.deals += 1

    def drop_beaten(self, z: float) -> None:
        """Stop searching the moves whose chance is below the played move's, or below
        another move's still searched, by more than ``z`` standard errors."""
        played, alive = self._played, self._alive

        def beaten(t: Tally) -> bool:
            if t.mean_gap() + z * t.gap_error() < 0.0:
                return True
            return any(self.beats(u, t, z) for u in alive if u is not t and u is not played)

        self._alive = [t for t in alive if t is played or not beaten(t)]

    def found(self) -> tuple[Analysis, ...]:
        """Every legal move's means, best chance first (then best value)."""
        out = _with_twins([t.analysis() for t in self._tallies], self._twins)
        out.sort(key=lambda a: (-(a.chance or 0.0), -a.value))
        return tuple(out)
