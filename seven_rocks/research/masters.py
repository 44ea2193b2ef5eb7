"""``master-v1``, ``master-next``, ``master-h1000``, ``master-race`` and ``master-infer``: the
master's search frozen, and the candidates for its successor.

All are fair players (they decide from a :class:`~seven_rocks.engine.view.PlayerView` only)
that the game does not offer: yardsticks for tournaments, played side by side on the same
duplicate deals.  Their settings are written out here, not taken from
:data:`~seven_rocks.bots.master.LEVELS`, so retuning the levels cannot move them; every
search option added since defaults to off in :class:`~seven_rocks.bots.master.Level`.

* ``master-v1`` plays the ``brisk`` search (150 uniform deals), frozen: the yardstick every
  change of the default is measured against.
* ``master-next`` is a candidate for the default (measured in ``docs/bots-measured.md``):
  more than three times the deals, exact search from 12 tiles, and each deal's value
  weighted by how well it explains the other seats' plays; its matches fell short of the
  default's targets.
* ``master-h1000`` is ``master-next`` with successive halving at 1,000 deals (the two
  moves still in contention at the end get twice ``master-next``'s deals): the default
  until ``master-infer``'s settings replaced it (``docs/bots-measured.md``).  Kept under
  its own name so that its matches can be played again whatever the default becomes.
* ``master-race`` is ``master-h1000`` racing its last two moves (``Level.extend``): once
  two moves are left, it stops at 500, 750, ... deals when their paired difference is
  clear, and otherwise goes on, to 4,000 deals at most; so clear choices cost less than
  the default's and close ones get up to four times its deals.
* ``master-infer`` is ``master-h1000`` with a better guess of the hidden hands: instead of
  weighting uniform deals by a mild points-only play model, it resamples its deals from a
  pool three times as big (``Level.infer``) by a sharper model that also knows the habit
  every player here shows, shedding heavy tiles and doubles while they can
  (:class:`~seven_rocks.bots.sampling.PlayModel`'s ``shed`` and ``double``).  That model
  places more hidden tiles with their true holders against every opponent measured
  (``benchmarks/inference.py``).  Its settings are the default's; its matches are in
  ``docs/bots-measured.md``.
"""

from __future__ import annotations

from typing import Final

from ..bots.master import Level, MasterBot

#: The yardstick (the level ``brisk``): 150 uniform deals, wary-greedy
#: playouts, exact alpha-beta once at most 10 tiles are in the hands.
V1: Final = Level(samples=150, exact_tiles=10, wary=0.5)
#: The candidate: 500 deals, exact from 12 tiles, importance weights at beta 0.15.
NEXT: Final = Level(samples=500, exact_tiles=12, wary=0.5, weigh=0.15)
#: ``NEXT`` with successive halving over 1,000 deals: a default before ``master-infer``'s.
H1000: Final = Level(samples=1000, exact_tiles=12, wary=0.5, weigh=0.15, halving=True)
#: ``H1000`` racing its last two moves: stops at 500, 750 ... deals once they are clearly
#: apart, else goes on to 4,000.
RACE: Final = Level(samples=1000, exact_tiles=12, wary=0.5, weigh=0.15, halving=True, extend=4000)
#: ``H1000``'s search on deals resampled by a sharper play model that also knows the
#: shedding habit (points at beta 1, 0.5 per pip, 2 for a double), instead of weighted:
#: the default's settings.
INFER: Final = Level(
    samples=1000, exact_tiles=12, wary=0.5, infer=1.0, shed=0.5, double=2.0, halving=True
)


class MasterV1Bot(MasterBot):
    """The pre-issue-14 master, frozen (see the module docstring)."""

    name = "master-v1"

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(seed, V1)


class MasterNextBot(MasterBot):
    """A candidate for the default master (see the module docstring)."""

    name = "master-next"

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(seed, NEXT)


class MasterH1000Bot(MasterBot):
    """``master-next`` with successive halving at 1,000 deals (see the module docstring)."""

    name = "master-h1000"

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(seed, H1000)


class MasterInferBot(MasterBot):
    """``master-h1000`` on deals inferred from the others' plays and habits (see the
    module docstring)."""

    name = "master-infer"

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(seed, INFER)


class MasterRaceBot(MasterBot):
    """``master-h1000`` racing its last two moves (see the module docstring)."""

    name = "master-race"

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(seed, RACE)


__all__ = [
    "H1000",
    "INFER",
    "NEXT",
    "RACE",
    "V1",
    "MasterH1000Bot",
    "MasterInferBot",
    "MasterNextBot",
    "MasterRaceBot",
    "MasterV1Bot",
]
