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
