"""The win-chance table as the research writes it: the module's text and the model it is.

:func:`write_table` writes a fitted table (:mod:`.winchance_fit`) as the module
:mod:`seven_rocks.bots.winchance_table`; :func:`team0` is the same table as a model for
:mod:`.calibration`, rounded as the written table rounds it.  ``seven-rocks winchance``
(:mod:`seven_rocks.cli.winchance`) plays the games, fits, writes and measures; how the shipped
table was made: ``docs/coach.md``.
"""

from __future__ import annotations

from pathlib import Path

from ..bots.winchance import LOWEST, STEP, TARGET, encode
from .calibration import Model

HEADER = '''"""The win-chance table (:mod:`.winchance`), written by ``seven-rocks winchance``.

{how}
"""

ENCODED = (
{lines}
)
'''


def write_table(table: list[list[float]], path: Path, how: str) -> int:
    """Write the table module; returns its size in bytes."""
    text = encode(table)
    lines = "\n".join(f'    "{text[i : i + 88]}"' for i in range(0, len(text), 88))
    path.write_text(HEADER.format(how=how, lines=lines))
    return path.stat().st_size


def team0(table: list[list[float]]) -> Model:
    """Team 0's chance from a fitted ``table``, rounded as the written table rounds it."""
    size = len(table)

    def chance(scores: tuple[int, int], opener: int) -> float:
        if max(scores) >= TARGET:
            return 1.0 if scores[0] >= TARGET else 0.0
        mine, theirs = (scores[0], scores[1]) if opener == 0 else (scores[1], scores[0])
        i = min(size - 1, max(0, (mine - LOWEST) // STEP))
        j = min(size - 1, max(0, (theirs - LOWEST) // STEP))
        p = round(table[i][j] * 255) / 255
        return p if opener == 0 else 1.0 - p

    return chance


__all__ = ["HEADER", "team0", "write_table"]
