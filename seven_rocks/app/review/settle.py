"""The search of one position, spent until its mark is clear (a sequential test).

A mark is a line drawn through a noisy number: the drop in the chance to win that the
played move costs against the best one, measured over sampled deals.  Every move is
searched on the same deals (:class:`~.paired.PairedSearch`), so each rival's gap over the
played move has a mean and a standard error.  After :data:`FIRST` of a pass's deals, and
every :data:`STEP` after that, the mark is **clear** when, for each line (mistake and
blunder), either some rival is above it by more than :data:`Z` standard errors (the drop
surely reaches it) or every rival is below it by more (the drop surely does not).  A clear
mark stops the search; a close one gets more deals, up to :data:`MOST` passes of the
level (a pass is ``samples`` deals, a quarter of them once the deals are solved exactly).
Meanwhile a move clearly beaten by the played one or by another rival stops being searched
(it can neither be the best nor decide the mark).

Most positions are clear after a few dozen deals (the played move is the best or plainly
not, and the moves' gaps barely vary from deal to deal), so the deals go where the mark is
close.  How far to trust a gap (:data:`Z`), when to look and how long to go on were chosen
by measuring agreement with a search ten times bigger against the time spent
(``docs/coach.md``, ``benchmarks/verdicts.py``).  A mark still close after the most deals
is given as not sure (the page says "likely mistake", or "borderline").  The deals are
drawn from a seed made of the view's fingerprint and the stopping rule reads only them, so
the verdict is a function of the view alone.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from ...bots.master import LEVELS, Analysis, Level
from ...engine.moves import Move
from ...engine.view import PlayerView
from .model import BLUNDER_LOSS, MISTAKE_LOSS
from .paired import PairedSearch, Tally

#: Standard errors by which a gap must clear a line to settle the mark.
Z: Final = 1.5
#: Deals searched before the first look, and between looks, as fractions of a pass (the
#: first look after :data:`FEWEST` deals at least).
FIRST: Final = 0.1
STEP: Final = 0.1
FEWEST: Final = 8
#: The most deals one position gets, in passes of the level.
MOST: Final = 4
LINES: Final = (MISTAKE_LOSS, BLUNDER_LOSS)


@dataclass(frozen=True, slots=True)
class Settled:
    """A position's search: each move, best chance first; the deals; whether it is sure."""

    found: tuple[Analysis, ...]
    deals: int
    sure: bool

    def of(self, move: Move) -> Analysis:
        return next(a for a in self.found if a.move == move)


def pass_seed(digest: str, number: int) -> int:
    """The seed of search ``number`` of the view whose fingerprint is ``digest`` (the
    review's search is number 0: the fingerprint itself)."""
    if number:
        digest = hashlib.sha256(f"{digest}#{number}".encode()).hexdigest()
    return int(digest[:15], 16)


def drop(found: Sequence[Analysis], played: Move) -> float:
    """The played move's drop in the chance to win against the best move's."""
    best = max(a.chance or 0.0 for a in found)
    mine = next(a.chance or 0.0 for a in found if a.move == played)
    return max(0.0, best - mine)


def clear(rivals: Sequence[Tally], z: float = Z) -> bool:
    """Whether the played move's mark is settled by its ``rivals``' gaps (the moves still
    searched): for each line, some rival surely above it, or every rival surely below it."""
    for line in LINES:
        above = any(t.mean_gap() - z * t.gap_error() >= line for t in rivals)
        below = all(t.mean_gap() + z * t.gap_error() < line for t in rivals)
        if not (above or below):
            return False
    return True


def deal_counts(level: Level, exact: bool) -> tuple[int, int, int]:
    """``(first look, between looks, most)`` in deals for a level's pass."""
    per_pass = max(8, level.samples // 4) if exact else level.samples
    return (
        max(FEWEST, round(FIRST * per_pass)),
        max(2, round(STEP * per_pass)),
        MOST * per_pass,
    )


def settle(view: PlayerView, played: Move, digest: str, level: str | Level) -> Settled:
    """Search ``view`` at ``level`` until the mark of ``played`` is clear of the lines."""
    if isinstance(level, str):
        level = LEVELS[level]
    search = PairedSearch(view, played, pass_seed(digest, 0), level)
    first, step, most = deal_counts(level, search.exact)
    search.run(first)
    while not (sure := clear(search.rivals)) and search.deals < most:
        search.drop_beaten(Z)
        search.run(min(step, most - search.deals))
    return Settled(search.found(), search.deals, sure)
