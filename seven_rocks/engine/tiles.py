"""The 28 tiles of a double-six set, as interned immutable values.

A tile is named low half first (``"3-5"``).  There are only 28 of them, so every
:class:`Tile` is created once at import time and ``Tile(5, 3)`` returns the same
object as ``Tile.parse("3-5")``: identity comparisons are valid, hashing is by
the tile's index, and the hot paths of the engine can work on small integers
(``tile.index``) and bit masks without ever allocating a tile.

>>> Tile(5, 3)
Tile(3, 5)
>>> Tile.parse("3-5") is Tile(3, 5)
True
>>> str(Tile(6, 6)), Tile(6, 6).is_double, Tile(6, 6).pips
('6-6', True, 12)
>>> len(ALL_TILES), sum(tile.pips for tile in ALL_TILES)
(28, 168)
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import ClassVar, Final

from .errors import InvalidTileError, echo

#: Highest number on a half in a double-six set.
MAX_PIPS: Final = 6


class Tile:
    """One domino; ``low <= high``.  Interned: build with ``Tile(a, b)`` or :meth:`parse`."""

    __slots__ = ("high", "index", "low", "mask")

    low: int
    high: int
    #: Position in :data:`ALL_TILES` (0..27), stable across processes and versions.
    index: int
    #: ``1 << index``: hands are bit sets of tiles on the engine's hot path.
    mask: int

    _interned: ClassVar[dict[tuple[int, int], Tile]] = {}

    def __new__(cls, a: int, b: int) -> Tile:
        low, high = (a, b) if a <= b else (b, a)
        try:
            return cls._interned[low, high]
        except KeyError:
            pass
        if not (isinstance(low, int) and isinstance(high, int) and low >= 0 and high <= MAX_PIPS):
            raise InvalidTileError(f"no tile {a}-{b} in a double-six set")
        tile = object.__new__(cls)
        object.__setattr__(tile, "low", low)
        object.__setattr__(tile, "high", high)
        index = len(cls._interned)
        object.__setattr__(tile, "index", index)
        object.__setattr__(tile, "mask", 1 << index)
        cls._interned[low, high] = tile
        return tile

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("tiles are immutable")

    def __reduce__(self) -> tuple[type[Tile], tuple[int, int]]:
        # Unpickling goes back through __new__, so tiles stay interned across processes.
        return (Tile, (self.low, self.high))

    def __hash__(self) -> int:
        return self.index

    def __lt__(self, other: Tile) -> bool:
        return self.index < other.index

    def __le__(self, other: Tile) -> bool:
        return self.index <= other.index

    def __repr__(self) -> str:
        return f"Tile({self.low}, {self.high})"

    def __str__(self) -> str:
        return f"{self.low}-{self.high}"

    @property
    def is_double(self) -> bool:
        return self.low == self.high

    @property
    def pips(self) -> int:
        """Total of both halves: what the tile costs when it is left in a hand."""
        return self.low + self.high

    def has(self, number: int) -> bool:
        """Whether either half shows ``number``."""
        return number in (self.low, self.high)

    def other(self, number: int) -> int:
        """The half opposite the one showing ``number`` (the number itself for a double)."""
        if number == self.low:
            return self.high
        if number == self.high:
            return self.low
        raise InvalidTileError(f"tile {self} has no half {number}")

    @classmethod
    def parse(cls, text: str) -> Tile:
        """Read ``"a-b"`` (either order; ``"a|b"`` and ``"[a|b]"`` are accepted too).

        Halves are ASCII digits: ``int`` would also take ``"٣"`` and refuse ``"²"``
        (which ``str.isdigit`` lets through) with a message about ``int()``.

        >>> Tile.parse("[4|1]")
        Tile(1, 4)
        >>> Tile.parse("7-1")
        Traceback (most recent call last):
        ...
        seven_rocks.engine.errors.InvalidTileError: no tile 7-1 in a double-six set
        >>> Tile.parse("²-1")
        Traceback (most recent call last):
        ...
        seven_rocks.engine.errors.InvalidTileError: invalid tile '²-1': a tile is written like '3-5'
        """
        if isinstance(text, str):
            body = text.strip().strip("[]")
            for separator in ("-", "|"):
                halves = [h.strip() for h in body.split(separator)]
                if len(halves) == 2 and all(_is_half(h) for h in halves):
                    return cls(int(halves[0]), int(halves[1]))
        raise InvalidTileError(f"invalid tile {echo(text)}: a tile is written like '3-5'")


def _is_half(text: str) -> bool:
    """ASCII digits, few enough for ``int`` (a long run is no tile either)."""
    return 0 < len(text) <= 2 and text.isascii() and text.isdigit()


# Created in a fixed order (0-0, 0-1, ..., 0-6, 1-1, ..., 6-6) so indices are stable.
ALL_TILES: Final[tuple[Tile, ...]] = tuple(
    Tile(low, high) for low in range(MAX_PIPS + 1) for high in range(low, MAX_PIPS + 1)
)
DOUBLES: Final[tuple[Tile, ...]] = tuple(t for t in ALL_TILES if t.is_double)

#: ``SUIT_MASKS[n]``: bit set of the seven tiles showing the number ``n``.
SUIT_MASKS: Final[tuple[int, ...]] = tuple(
    sum(t.mask for t in ALL_TILES if t.has(n)) for n in range(MAX_PIPS + 1)
)
FULL_SET_MASK: Final = (1 << len(ALL_TILES)) - 1


def tiles_of(mask: int) -> list[Tile]:
    """The tiles in a bit set, in index order.

    >>> tiles_of(Tile(0, 0).mask | Tile(6, 6).mask)
    [Tile(0, 0), Tile(6, 6)]
    """
    out = []
    while mask:
        low_bit = mask & -mask
        out.append(ALL_TILES[low_bit.bit_length() - 1])
        mask ^= low_bit
    return out


def mask_of(tiles: Iterable[Tile]) -> int:
    """The bit set of an iterable of tiles (duplicates are an error)."""
    mask = 0
    for tile in tiles:
        if not isinstance(tile, Tile):
            raise InvalidTileError(f"not a tile: {echo(tile)}")
        if mask & tile.mask:
            raise InvalidTileError(f"tile {tile} appears twice")
        mask |= tile.mask
    return mask
