"""A team's chance to win the game from the scores and who opens: the coach's yardstick.

Points weigh differently through a game: near the target a few decide it, early on they
matter little.  The chance to win turns a score into what it is worth.  It comes from a
table (:mod:`.winchance_table`, written by ``seven-rocks winchance``,
how it was made and how well it is calibrated: ``docs/coach.md``): the opening team's
chance to win at the start of a round, by both scores in steps of five from
:data:`LOWEST` (lower scores count as it) to the target.  Other targets are read on the
table's scale (scores times 250 / target).

>>> win_chance((0, 0), team=0, opener=0) > 0.5 > win_chance((0, 0), team=1, opener=0)
True
>>> win_chance((250, 100), team=0, opener=1), win_chance((250, 100), team=1, opener=1)
(1.0, 0.0)
>>> round(win_chance((120, 200), 0, 0) + win_chance((120, 200), 1, 0), 9)
1.0
"""

from __future__ import annotations

import base64
import zlib
from functools import cache
from typing import Final

#: The target the table was made for, its lowest score and its step.
TARGET: Final = 250
LOWEST: Final = -50
STEP: Final = 5
#: The table's values are whole numbers from 0 to this (a chance times it).
SCALE: Final = 255


def encode(table: list[list[float]]) -> str:
    """The table as :data:`ENCODED` holds it: rounded to 1/255, zlib-packed, base64."""
    raw = bytes(round(v * SCALE) for row in table for v in row)
    return base64.b64encode(zlib.compress(raw, 9)).decode("ascii")


@cache
def _table() -> tuple[bytes, int]:
    from .winchance_table import ENCODED  # the data, read once at the first use

    raw = zlib.decompress(base64.b64decode(ENCODED))
    size = (TARGET - LOWEST) // STEP
    if len(raw) != size * size:
        raise ValueError(f"the win-chance table holds {len(raw)} values, not {size * size}")
    return raw, size


def opener_chance(mine: int, theirs: int) -> float:
    """The opening team's chance to win from its score ``mine`` and the other's ``theirs``
    (both on the table's scale, below :data:`TARGET`), at the start of a round."""
    raw, size = _table()
    i = min(size - 1, max(0, (mine - LOWEST) // STEP))
    j = min(size - 1, max(0, (theirs - LOWEST) // STEP))
    return raw[i * size + j] / SCALE


def win_chance(
    scores: tuple[int, int], team: int, opener: int | None, target: int = TARGET
) -> float:
    """``team``'s chance to win at the start of a round ``opener``'s team opens (``None``:
    not known yet, a draw decides: the mean of both), from ``scores`` (team 0's, team 1's).

    A team at or past the target has won (1.0, and 0.0 for the other); the two teams'
    chances add up to 1.
    """
    mine, theirs = scores[team], scores[1 - team]
    if mine >= target:
        return 1.0
    if theirs >= target:
        return 0.0
    if target != TARGET:
        mine, theirs = round(mine * TARGET / target), round(theirs * TARGET / target)
    if opener is None:
        return 0.5 * (opener_chance(mine, theirs) + 1.0 - opener_chance(theirs, mine))
    if opener & 1 == team:
        return opener_chance(mine, theirs)
    return 1.0 - opener_chance(theirs, mine)


__all__ = ["LOWEST", "SCALE", "STEP", "TARGET", "encode", "opener_chance", "win_chance"]
