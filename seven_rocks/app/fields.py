"""Typed fields of an untrusted JSON object, each checked with one sentence for a bad one.

What a file or the page hands in (a record's cached ``"reviews"``, for one) is anyone's
data: a field may be missing, of another type, a huge or non-finite number (``NaN`` and
``1e999`` parse as floats), or a seat that does not exist.  Reading it field by field
through these functions turns each such fault into a :class:`FieldError` that names the
field and shows the value, short, instead of a ``KeyError`` or ``IndexError`` somewhere
later, or a ``NaN`` written back out as JSON no parser accepts.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from ..engine.round import SEATS

#: The most characters of a rejected value shown in a message.
SHOWN: int = 40


class FieldError(ValueError):
    """One field of an untrusted object is missing or not what it must be (one sentence)."""


def shown(value: object) -> str:
    """A short picture of a value for an error message."""
    try:
        text = repr(value)
    except ValueError:  # an integer too long to print
        return f"a {type(value).__name__} too large to show"
    return text if len(text) <= SHOWN else text[: SHOWN - 3] + "..."


def _get(raw: Mapping[str, Any], name: str) -> Any:
    if name not in raw:
        raise FieldError(f"'{name}' is missing")
    return raw[name]


def whole(raw: Mapping[str, Any], name: str, low: int, high: int) -> int:
    """Field ``name``: a whole number from ``low`` to ``high`` (not a bool, not 1.0)."""
    value = _get(raw, name)
    if type(value) is not int or not low <= value <= high:
        raise FieldError(
            f"'{name}' must be a whole number from {low} to {high:,}, not {shown(value)}"
        )
    return value


def seat(raw: Mapping[str, Any], name: str = "seat") -> int:
    """Field ``name``: a seat, 0 to 3."""
    return whole(raw, name, 0, SEATS - 1)


def number(raw: Mapping[str, Any], name: str, low: float, high: float) -> float:
    """Field ``name``: a finite number from ``low`` to ``high`` (an int is taken as a float)."""
    value = _get(raw, name)
    if type(value) not in (int, float) or not math.isfinite(value) or not low <= value <= high:
        raise FieldError(f"'{name}' must be a number from {low:g} to {high:g}, not {shown(value)}")
    return float(value)


def optional_number(raw: Mapping[str, Any], name: str, low: float, high: float) -> float | None:
    """Field ``name``: ``null`` or a finite number from ``low`` to ``high``."""
    return None if _get(raw, name) is None else number(raw, name, low, high)


def text(raw: Mapping[str, Any], name: str, longest: int) -> str:
    """Field ``name``: a string of at most ``longest`` characters."""
    value = _get(raw, name)
    if not isinstance(value, str) or len(value) > longest:
        raise FieldError(
            f"'{name}' must be text of at most {longest} characters, not {shown(value)}"
        )
    return value


def flag(raw: Mapping[str, Any], name: str) -> bool:
    """Field ``name``: true or false."""
    value = _get(raw, name)
    if not isinstance(value, bool):
        raise FieldError(f"'{name}' must be true or false, not {shown(value)}")
    return value


def items(raw: Mapping[str, Any], name: str, longest: int) -> list[Any]:
    """Field ``name``: a list of at most ``longest`` items."""
    value = _get(raw, name)
    if not isinstance(value, list) or len(value) > longest:
        raise FieldError(
            f"'{name}' must be a list of at most {longest:,} items, not {shown(value)}"
        )
    return value


def obj(value: object, what: str) -> Mapping[str, Any]:
    """``value`` as an object (``what`` names it in the message)."""
    if not isinstance(value, Mapping):
        raise FieldError(f"{what} must be an object, not {shown(value)}")
    return value


__all__ = [
    "FieldError",
    "flag",
    "items",
    "number",
    "obj",
    "optional_number",
    "seat",
    "shown",
    "text",
    "whole",
]
