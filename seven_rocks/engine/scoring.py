"""The two pieces of arithmetic in the rules: a placement's points and a hand's deduction."""

from __future__ import annotations

from typing import Final

#: A team that reaches or passes this many raw points wins at once.
DEFAULT_TARGET: Final = 250
#: With a single spinner no placement can show more than 36 on its ends, so 35 is the best score.
MAX_ENDS_SUM: Final = 36


def round_to_five(pips: int) -> int:
    """Round a hand's pip total to the nearest five: remainders 1-2 down, 3-4 up.

    >>> [round_to_five(n) for n in (0, 1, 2, 3, 4, 5, 6, 8, 12, 13)]
    [0, 0, 0, 5, 5, 5, 5, 10, 10, 15]
    """
    return (pips + 2) // 5 * 5


def placement_points(ends_sum: int) -> int:
    """Points for a placement whose scoring ends add up to ``ends_sum``.

    >>> [placement_points(n) for n in (0, 4, 5, 6, 10, 35, 36)]
    [0, 0, 5, 0, 10, 35, 0]
    """
    return ends_sum if ends_sum > 0 and ends_sum % 5 == 0 else 0
