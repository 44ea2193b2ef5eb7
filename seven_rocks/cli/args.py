"""Argument types shared by the subcommands: they turn bad input into one-line errors."""

from __future__ import annotations

import argparse
import re

_BYTES = re.compile(r"(\d{1,16})\s*([kmg]?)(?:i?b)?", re.IGNORECASE)
_UNITS = {"": 1, "k": 1024, "m": 1024**2, "g": 1024**3}
#: The largest byte count accepted (1 TiB): larger ones cannot be read in one piece anyway.
MAX_BYTES = 1024**4


def positive_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value <= 0:
        raise argparse.ArgumentTypeError(f"{text!r} must be at least 1")
    return value


def non_negative_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"{text!r} must not be negative")
    return value


def port_number(text: str) -> int:
    value = non_negative_int(text)
    if value > 65535:
        raise argparse.ArgumentTypeError(f"{text!r} is not a port (0..65535)")
    return value


def byte_count(text: str) -> int:
    """A size in bytes, with an optional binary unit: ``500000``, ``64K``, ``32M``, ``1G``."""
    match = _BYTES.fullmatch(text.strip())
    if match is None:
        raise argparse.ArgumentTypeError(f"{text[:40]!r} is not a size (like 32M or 1G)")
    value = int(match[1]) * _UNITS[match[2].lower()]
    if not 0 < value <= MAX_BYTES:
        raise argparse.ArgumentTypeError(f"{text!r} must be between 1 byte and 1024G")
    return value


#: The most games one ``simulate`` or ``tournament`` plays: at a few milliseconds to
#: seconds a game, more would not end in a lifetime.
MAX_GAMES = 10_000_000
#: The highest target: a game to it between random bots is about 400 rounds.
MAX_TARGET = 10_000


def _short(value: int) -> str:
    """A number as text, or how many digits it has when that would be a wall of digits."""
    text = str(value)
    return text if len(text) <= 24 else f"a {len(text)}-digit number"


def bounded_int(text: object, *, minimum: int, maximum: int | None, what: str) -> int:
    """``text`` as a whole number from ``minimum`` to ``maximum`` (``None``: no upper
    bound), or a one-line ValueError."""
    try:
        value = int(str(text))
    except ValueError:
        shown = str(text)
        shown = shown if len(shown) <= 40 else shown[:40] + "..."
        raise ValueError(f"{what} must be a whole number, not {shown!r}") from None
    if value < minimum:
        raise ValueError(f"{what} must be at least {minimum}, not {_short(value)}")
    if maximum is not None and value > maximum:
        raise ValueError(f"{what} must be at most {maximum:,}, not {_short(value)}")
    return value


def games_count(text: str) -> int:
    """An argparse type: a number of games from 1 to :data:`MAX_GAMES`."""
    value = positive_int(text)
    if value > MAX_GAMES:
        raise argparse.ArgumentTypeError(f"at most {MAX_GAMES:,} games, not {_short(value)}")
    return value


def target_points(text: str) -> int:
    """An argparse type: a target from 1 to :data:`MAX_TARGET` points."""
    value = positive_int(text)
    if value > MAX_TARGET:
        raise argparse.ArgumentTypeError(
            f"the target is at most {MAX_TARGET:,}, not {_short(value)}"
        )
    return value
