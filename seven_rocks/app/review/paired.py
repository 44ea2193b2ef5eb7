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

A move whose chance is clearly below the played move's cannot be the best nor make the
played move a mistake: :meth:`PairedSearch.drop_clearly_worse` stops playing it, so the
deals go to the moves that can still change the mark.
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
    outcome_chance,
    outcome_value,
    solve,
)
from ...bots.playout import Sim
from ...engine.moves import PASS, Move
from ...engine.view import PlayerView

#: The least spread of a chance difference per deal that a standard error assumes: a
#: difference seen equal on a few dozen deals may still differ on a rare one.
LEAST_SPREAD: Final = 0.03


@dataclass(slots=True, eq=False)
class Tally:
    """One move's sums over the deals it was searched on."""

    move: Move
    index: int
    deals: int = 0
    value: float = 0.0
    chance: float = 0.0
    #: Sums of (this move's chance - the played move's) and of its square, deal by deal.
    gap: float = 0.0
    gap2: float = 0.0

    def mean_gap(self) -> float:
        """How much more chance to win this move brings than the played one, on average."""
        return self.gap / self.deals if self.deals else 0.0

    def gap_error(self) -> float:
        """The standard error of :meth:`mean_gap` (its spread at least :data:`LEAST_SPREAD`)."""
        n = self.deals
        if n < 2:
            return math.inf
        variance = max(0.0, (self.gap2 - self.gap * self.gap / n) / (n - 1))
        return max(math.sqrt(variance), LEAST_SPREAD) / math.sqrt(n)

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
        self._tallies = [Tally(m, -1 if m is PASS else m.index) for m in searched]
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
        """Every other move searched (twins once), alive or dropped."""
        return [t for t in self._tallies if t is not self._played]

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
        pairs = list(zip(self._alive, found, strict=True))
        mine = next(chance for t, (_, chance) in pairs if t is self._played)
        for t, (value, chance) in pairs:
            t.deals += 1
            t.value += value
            t.chance += chance
            t.gap += chance - mine
            t.gap2 += (chance - mine) ** 2
        self.deals += 1

    def drop_clearly_worse(self, z: float) -> None:
        """Stop searching the moves whose chance is below the played move's by more than
        ``z`` standard errors."""
        self._alive = [
            t for t in self._alive if t is self._played or t.mean_gap() + z * t.gap_error() >= 0.0
        ]

    def found(self) -> tuple[Analysis, ...]:
        """Every legal move's means, best chance first (then best value)."""
        out = _with_twins([t.analysis() for t in self._tallies], self._twins)
        out.sort(key=lambda a: (-(a.chance or 0.0), -a.value))
        return tuple(out)
