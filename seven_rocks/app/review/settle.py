"""The search of one position, spent until its mark is stable.

One pass is the master's search at the review's level (:func:`seven_rocks.bots.master.evaluate`,
each move with its value and its chance to win).  A mark is a line drawn through a noisy
number: the drop in the chance to win that the played move costs, measured over a sample
of deals.  When that drop lies within :data:`CLOSE` (scaled down as deals are added) of a
line, another pass is made on fresh deals and pooled with the earlier ones, until the drop
is clear of both lines or :data:`MOST_PASSES` were made.  Late in a round every pass
solves its deals exactly, so what stays noisy there is only which deals were drawn.

A mark still close to a line after the last pass is given as not sure (the page says
"likely mistake", or "borderline").  Each pass is seeded from the view's fingerprint and
the pass's number, so the whole verdict is still a function of the view alone.
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from ...bots.master import Analysis, Level, evaluate
from ...engine.moves import Move
from ...engine.view import PlayerView
from .model import BLUNDER_LOSS, MISTAKE_LOSS

#: Half the width of the band around each line, in chance to win, for one pass: a drop
#: nearer a line than this after one pass is searched again.  About two standard errors of
#: a drop measured at the review's level (``docs/coach.md``); it shrinks as 1/sqrt(passes).
CLOSE: Final = 0.016
#: The most passes one position gets (eight times the level's deals).
MOST_PASSES: Final = 8
LINES: Final = (MISTAKE_LOSS, BLUNDER_LOSS)


@dataclass(frozen=True, slots=True)
class Settled:
    """A position's pooled search: each move, best chance first, and whether it is sure."""

    found: tuple[Analysis, ...]
    passes: int
    sure: bool

    def of(self, move: Move) -> Analysis:
        return next(a for a in self.found if a.move == move)


def pass_seed(digest: str, number: int) -> int:
    """The seed of pass ``number`` of the search of the view whose fingerprint is ``digest``
    (the first pass uses the fingerprint itself)."""
    if number:
        digest = hashlib.sha256(f"{digest}#{number}".encode()).hexdigest()
    return int(digest[:15], 16)


def drop(found: Sequence[Analysis], played: Move) -> float:
    """The played move's drop in the chance to win against the best move's."""
    best = max(a.chance or 0.0 for a in found)
    mine = next(a.chance or 0.0 for a in found if a.move == played)
    return max(0.0, best - mine)


def close(loss: float, passes: int) -> bool:
    """Whether a drop ``loss`` measured over ``passes`` passes is too near a line to trust."""
    band = CLOSE / math.sqrt(passes)
    return any(abs(loss - line) < band for line in LINES)


def _pool(runs: Sequence[Sequence[Analysis]]) -> tuple[Analysis, ...]:
    """Each move's values over several passes, weighted by the deals each searched."""
    by_move: dict[Move, list[Analysis]] = {}
    for run in runs:
        for a in run:
            by_move.setdefault(a.move, []).append(a)
    out = []
    for move, parts in by_move.items():
        n = sum(a.samples for a in parts) or 1
        out.append(
            Analysis(
                move,
                sum(a.value * a.samples for a in parts) / n,
                sum(a.samples for a in parts),
                sum((a.chance or 0.0) * a.samples for a in parts) / n,
            )
        )
    out.sort(key=lambda a: (-(a.chance or 0.0), -a.value))
    return tuple(out)


def settle(view: PlayerView, played: Move, digest: str, level: str | Level) -> Settled:
    """Search ``view`` at ``level`` until the mark of ``played`` is clear of the lines."""
    runs = [evaluate(view, pass_seed(digest, 0), level, chances=True)]
    found = _pool(runs)
    while close(drop(found, played), len(runs)) and len(runs) < MOST_PASSES:
        runs.append(evaluate(view, pass_seed(digest, len(runs)), level, chances=True))
        found = _pool(runs)
    return Settled(found, len(runs), not close(drop(found, played), len(runs)))
