"""Every error the engine raises, so callers can catch exactly what they mean.

They are ``ValueError`` subclasses (bad input is a value problem), in the manner of
python-chess: an illegal move says which tile and which point, and the state it was
offered to is left exactly as it was.
"""

from __future__ import annotations

import reprlib
from typing import Final

#: The most characters of rejected input an error message quotes.
ECHO_LIMIT: Final = 40
_ECHO: Final = reprlib.Repr()
_ECHO.maxstring = _ECHO.maxother = _ECHO.maxlong = ECHO_LIMIT
_ECHO.maxlevel, _ECHO.maxlist, _ECHO.maxdict = 2, 4, 3


def echo(value: object) -> str:
    """What an error quotes of rejected input: its ``repr`` (control characters escaped),
    at most :data:`ECHO_LIMIT` characters, so a megabyte of text sent to the worker's
    ``play`` comes back as one short readable sentence.

    >>> echo("3-5"), echo("x" * 100)
    ("'3-5'", "'xxxxxxxxxxxxxxxxx...xxxxxxxxxxxxxxxxxx'")
    """
    try:
        shown = _ECHO.repr(value)
    except (ValueError, RecursionError):  # an int too long to print, a nested monster
        return f"a value too large to show ({type(value).__name__})"
    return shown if len(shown) <= ECHO_LIMIT else shown[: ECHO_LIMIT - 3] + "..."


class SevenRocksError(ValueError):
    """Base class of everything the engine rejects."""


class InvalidTileError(SevenRocksError):
    """Text or numbers that do not name a double-six tile."""


class InvalidMoveError(SevenRocksError):
    """Text that is not a move at all (as opposed to a well-formed move that is illegal)."""


class IllegalMoveError(SevenRocksError):
    """A well-formed move that the rules do not allow in the current position."""


class NotYourTurnError(IllegalMoveError):
    """A seat tried to move while another seat is to play."""


class TileNotInHandError(IllegalMoveError):
    """The tile is not in the hand of the player to move."""


class PointNotOpenError(IllegalMoveError):
    """The attach point is not free on the table (or the table is still empty)."""


class IllegalPassError(IllegalMoveError):
    """A pass by a player who holds a legal placement (there is no passing by choice)."""


class RoundOverError(IllegalMoveError):
    """A move offered after the round (or the game) has ended."""


class RecordError(SevenRocksError):
    """A game record that is malformed or replays illegally; the message names where."""


class RecordTooLargeError(RecordError):
    """A record longer than the reader's limit: refused before it is all read or parsed."""


class NumbersDontMatchError(IllegalMoveError):
    """The tile shows no half equal to the attach point's number (or it is that very tile)."""


class InvalidDealError(SevenRocksError):
    """Hands or an opener that no shuffle and draw could have produced."""
