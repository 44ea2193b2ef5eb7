"""``master-v1``: the master's search as it was before issue 14, kept to measure gains.

A fair player (it decides from a :class:`~seven_rocks.engine.view.PlayerView` only), but not
offered in the game: it is the yardstick every change of the default ``master`` is played
against, side by side on the same duplicate deals.  Its settings are written out here, not
taken from :data:`~seven_rocks.bots.master.LEVELS`, so retuning the levels cannot move it;
every later search option defaults to off in :class:`~seven_rocks.bots.master.Level`.
"""

from __future__ import annotations

from typing import Final

from ..bots.master import Level, MasterBot

#: Today's ``master`` (level ``default`` before issue 14): 150 uniform deals, wary-greedy
#: playouts, exact alpha-beta once at most 10 tiles are in the hands.
V1: Final = Level(samples=150, exact_tiles=10, wary=0.5)


class MasterV1Bot(MasterBot):
    """The pre-issue-14 master, frozen (see the module docstring)."""

    name = "master-v1"

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(seed, V1)


__all__ = ["V1", "MasterV1Bot"]
