"""The master's search with the knobs no level uses: yardsticks and candidate searches.

All are fair players (they decide from a :class:`~seven_rocks.engine.view.PlayerView` only)
that the game does not offer, played side by side on the same duplicate deals in
tournaments.  Their settings are written out here, not taken from
:data:`~seven_rocks.bots.master.LEVELS`, so retuning the levels cannot move them.  What
each measured is in ``docs/bots-measured.md``.

A :class:`Variant` is a :class:`~seven_rocks.bots.master.Level` plus three research knobs:

* ``weigh``: importance weights from play: each uniform deal's value counts in proportion
  to :meth:`~seven_rocks.bots.sampling.PlayModel.weight` at this beta (0: every deal the
  same);
* ``extend``: racing the last two moves (0: off): once only two moves are searched, their
  paired difference over the deals so far is checked every quarter of ``samples`` from
  half of them on; the search stops as soon as it is clear (:data:`CLEAR` standard errors)
  and otherwise goes on past ``samples`` to at most this many deals;
* ``tree``: single-observer ISMCTS (:mod:`.ismcts`) instead of the flat search while the
  position is not solved exactly, with ``samples`` x :data:`ISMCTS_PER_SAMPLE` iterations.

The named bots:

* ``master-150-uniform``: 150 uniform deals, exact from 10 tiles (the ``brisk`` level's
  search), frozen: the yardstick every change of the default is measured against.
* ``master-500-weighted``: 500 deals, exact from 12 tiles, each deal's value weighted by
  how well it explains the other seats' plays.
* ``master-1000-weighted``: ``master-500-weighted`` with successive halving at 1,000 deals.
* ``master-1000-weighted-raced``: ``master-1000-weighted`` racing its last two moves to at
  most 4,000 deals.
* ``master-1000-inferred``: 1,000 deals with successive halving, resampled from a pool
  three times as big by the play model that knows the shedding habit: the default level's
  settings, frozen.
* ``master-150-chances`` and ``master-1000-chances``: ``master-150-uniform`` and
  ``master-1000-inferred`` playing for the game: each searched round's end is valued by the
  team's chance to win from the resulting scores (the win-chance table,
  :func:`~seven_rocks.bots.outcome.outcome_win`) instead of its points;
  ``master-1000-chances`` is the search ``master`` plays (``master.PLAY``), frozen.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from functools import partial
from typing import Final

from ..bots import BotFactory
from ..bots.master import (
    Analysis,
    DealSource,
    DealWeight,
    Level,
    MasterBot,
    Race,
)
from ..bots.outcome import outcome_value
from ..engine.moves import PASS, Move
from ..engine.view import PlayerView
from . import ismcts

#: ISMCTS iterations per "sample" of the level (about the flat search's cost per deal).
ISMCTS_PER_SAMPLE = 3

#: How many standard errors the last two moves' mean difference must span to stop the race.
CLEAR = 2.0


@dataclass(frozen=True, slots=True)
class Variant:
    """A level of the master's search plus the research knobs (see the module docstring)."""

    level: Level
    weigh: float = 0.0
    extend: int = 0
    tree: bool = False


class PairedRace:
    """The paired difference of the last two moves, deal by deal (importance-weighted):
    with common random numbers it is far less noisy than either move's own mean."""

    __slots__ = ("deals", "squares", "sum", "sum_sq", "weight")

    def __init__(self, deals: int) -> None:
        self.deals = deals
        self.weight = 0.0
        self.squares = 0.0  # of the weights: the effective number of deals is weight² / squares
        self.sum = 0.0
        self.sum_sq = 0.0

    def add(self, weight: float, difference: float) -> None:
        self.weight += weight
        self.squares += weight * weight
        self.sum += weight * difference
        self.sum_sq += weight * difference * difference

    def clear(self) -> bool:
        """Whether the mean difference spans :data:`CLEAR` standard errors (two moves
        that never differ are clear too: more deals would not part them)."""
        mean = self.sum / self.weight
        variance = max(0.0, self.sum_sq / self.weight - mean * mean)
        deals = self.weight * self.weight / self.squares
        return abs(mean) >= CLEAR * math.sqrt(variance / deals)


class VariantBot(MasterBot):
    """The master's search as a :class:`Variant` sets it up."""

    name = "master-variant"

    def __init__(
        self, seed: int | None, variant: Variant, *, time_limit: float | None = None
    ) -> None:
        super().__init__(seed, variant.level, time_limit=time_limit)
        self.settings = variant

    def _deal_weights(self, view: PlayerView) -> DealWeight | None:
        if not self.settings.weigh:
            return None
        model = self.play_model(view, self.settings.weigh)
        return model.weight if model.informative else None

    def _race(self) -> Race | None:
        return PairedRace(self.settings.extend) if self.settings.extend else None

    def _search(
        self, view: PlayerView, moves: list[Move], deals: DealSource, *, exact: bool
    ) -> list[Analysis]:
        if self.settings.tree and not exact:
            return self._search_tree(view, moves, deals)
        return self._search_flat(view, moves, deals, exact=exact)

    def _search_tree(
        self, view: PlayerView, moves: list[Move], deals: DealSource
    ) -> list[Analysis]:
        """ISMCTS over the deals: moves ranked by visits (the tree's own choice), then value.

        A move the tree never tried gets no samples and a value of -1e9, so it sorts last.
        """
        stats = ismcts.search(
            view.layout,
            view.seat,
            view.passes_in_a_row,
            view.scores,
            view.target,
            deals,
            self.rng,
            outcome_value,
            iterations=self.level.samples * ISMCTS_PER_SAMPLE,
            wary=self.level.wary,
            time_limit=self.time_limit,
        )
        found = []
        for m in moves:
            i = -1 if m is PASS else m.index
            visits, value = stats.get(i, (0, -1e9))
            found.append(Analysis(m, value, visits))
        found.sort(key=lambda a: (-a.samples, -a.value))
        return found


#: The yardstick: 150 uniform deals, wary-greedy playouts, exact from 10 tiles.
UNIFORM_150: Final = Variant(Level(samples=150, exact_tiles=10, wary=0.5))
#: 500 deals, exact from 12 tiles, importance weights at beta 0.15.
WEIGHTED_500: Final = Variant(Level(samples=500, exact_tiles=12, wary=0.5), weigh=0.15)
#: ``WEIGHTED_500`` with successive halving over 1,000 deals.
WEIGHTED_1000: Final = replace(
    WEIGHTED_500, level=replace(WEIGHTED_500.level, samples=1000, halving=True)
)
#: ``WEIGHTED_1000`` racing its last two moves: stops at 500, 750 ... deals once they are
#: clearly apart, else goes on to 4,000.
RACED_1000: Final = replace(WEIGHTED_1000, extend=4000)
#: 1,000 deals with halving, resampled by the play model with the shedding habit (points at
#: beta 1, 0.5 per pip, 2 for a double): the default level's settings, frozen.
INFERRED_1000: Final = Variant(
    Level(samples=1000, exact_tiles=12, wary=0.5, infer=1.0, shed=0.5, double=2.0, halving=True)
)

#: ``UNIFORM_150`` and ``INFERRED_1000`` valuing each round's end by the chance to win.
CHANCES_150: Final = replace(UNIFORM_150, level=replace(UNIFORM_150.level, win=True))
CHANCES_1000: Final = replace(INFERRED_1000, level=replace(INFERRED_1000.level, win=True))


#: Every named variant (see the module docstring), by its name in the research tier, in
#: the order they are listed.
VARIANTS: Final[dict[str, Variant]] = {
    "master-150-uniform": UNIFORM_150,
    "master-500-weighted": WEIGHTED_500,
    "master-1000-weighted": WEIGHTED_1000,
    "master-1000-weighted-raced": RACED_1000,
    "master-1000-inferred": INFERRED_1000,
    "master-150-chances": CHANCES_150,
    "master-1000-chances": CHANCES_1000,
}
#: Each named variant's bot: :class:`VariantBot` playing it (one class; the name is the
#: registry's, as every preset of the master is a ``MasterBot`` at a level).
VARIANT_BOTS: Final[dict[str, BotFactory]] = {
    name: partial(VariantBot, variant=variant) for name, variant in VARIANTS.items()
}

__all__ = [
    "CHANCES_150",
    "CHANCES_1000",
    "CLEAR",
    "INFERRED_1000",
    "ISMCTS_PER_SAMPLE",
    "RACED_1000",
    "UNIFORM_150",
    "VARIANTS",
    "VARIANT_BOTS",
    "WEIGHTED_500",
    "WEIGHTED_1000",
    "PairedRace",
    "Variant",
    "VariantBot",
]
