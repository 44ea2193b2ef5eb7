"""The checks a request's parameters pass before the session acts: one readable sentence
(a :class:`~seven_rocks.app.protocol.RequestError`) for anything the page should not send,
and the session stays as it was."""

from __future__ import annotations

import math
from collections.abc import Collection
from typing import Final

from .names import clean_name
from .protocol import RequestError

#: The table's aspect ratio (width / height) is clamped to this range: a sliver of a window
#: must not make the geometry lay a line thousands of units long. The page sends its
#: drawing area's shape as it is; only the engine clamps it.
ASPECT_RANGE: Final = (0.4, 3.0)
#: The longest slice of work (a replay, a review) the page may ask for, in milliseconds.
MAX_BUDGET_MS: Final = 2000.0
#: How long one slice of a replay may keep the engine busy by default, in seconds.
DEFAULT_BUDGET: Final = 0.15


def _whole(value: object) -> int | None:
    """``value`` if it is a whole number (not a bool), else None."""
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def aspect(value: object) -> float:
    """A usable aspect ratio: a finite positive number, clamped and rounded."""
    if (
        not isinstance(value, int | float)
        or isinstance(value, bool)
        or not math.isfinite(value)
        or value <= 0
    ):
        raise RequestError(f"'aspect' must be a positive number, not {value!r}")
    low, high = ASPECT_RANGE
    return round(min(max(float(value), low), high), 3)


def seed(value: object) -> int | None:
    whole = _whole(value)
    if value is not None and (whole is None or whole < 0):
        raise RequestError(f"a seed is a whole number from 0 up, not {value!r}")
    return whole


def target(value: object) -> int:
    whole = _whole(value)
    if whole is None or whole <= 0:
        raise RequestError(f"the target must be a positive whole number, not {value!r}")
    return whole


def since(value: object) -> int:
    """The index of the first event the page has not seen (a negative one means all)."""
    whole = _whole(value)
    if whole is None:
        raise RequestError(f"'since' must be a whole number, not {value!r}")
    return max(0, whole)


def move_text(value: object) -> str:
    if not isinstance(value, str):
        raise RequestError(f"a move is text such as '1-4@4-4:line_b', not {value!r}")
    return value


def bots(value: object, known: Collection[str]) -> list[str | None]:
    """Four seats, each a bot name of ``known`` or ``None`` for a person."""
    if not isinstance(value, list | tuple) or len(value) != 4:
        raise RequestError("'bots' must list four seats (null for a human seat)")
    for name in value:
        if name is not None and name not in known:
            raise RequestError(f"unknown bot {name!r} (choose from {', '.join(known)})")
    return list(value)


def names(value: object) -> list[str | None]:
    """Four seats' names for people (``None`` or blank: no name), each as
    :func:`.names.clean_name` keeps it."""
    if value is None:
        return [None] * 4
    if not isinstance(value, list | tuple) or len(value) != 4:
        raise RequestError("'names' must list four seats (null for no name)")
    out: list[str | None] = []
    for name in value:
        if name is not None and not isinstance(name, str):
            raise RequestError(f"a name is text, not {name!r}")
        try:
            out.append(clean_name(name or ""))
        except ValueError as error:
            raise RequestError(str(error)) from None
    return out


def budget_ms(value: object) -> float:
    """A slice's time budget in milliseconds, from 0 (one step a slice) to
    :data:`MAX_BUDGET_MS` (the engine stays responsive)."""
    if not isinstance(value, int | float) or isinstance(value, bool):
        raise RequestError(f"'budget_ms' must be a number of milliseconds, not {value!r}")
    if not 0 <= value <= MAX_BUDGET_MS:
        raise RequestError(f"'budget_ms' must be from 0 to {MAX_BUDGET_MS:.0f}")
    return float(value)


def budget_seconds(value: object) -> float:
    """A slice's time budget from the page's milliseconds (0 replays one round a slice)."""
    return budget_ms(value) / 1000
