"""Attach points and moves: small interned values with text forms that round-trip.

An attach point is a side of a tile on the table (``"1-1:branch_a"``); a move is a
tile placed on a point (``"1-5@1-1:branch_a"``), an opening (``"1-4"``) or a pass
(``"pass"``).  All of them exist once, built at import time, so generating legal
moves never allocates one and moves compare by identity.

>>> move = Move.parse("1-5@1-1:branch_a")
>>> move.tile, move.at, move.at.value
(Tile(1, 5), Point(Tile(1, 1), Side.BRANCH_A), 1)
>>> str(move), move is Move(Tile(1, 5), Point(Tile(1, 1), Side.BRANCH_A))
('1-5@1-1:branch_a', True)
>>> Move.parse("pass") is PASS, str(Move.parse("4-1"))
(True, '1-4')
"""

from __future__ import annotations

from enum import StrEnum
from typing import ClassVar, Final

from .errors import InvalidMoveError, InvalidTileError, NumbersDontMatchError, echo
from .tiles import ALL_TILES, Tile


class Side(StrEnum):
    """Where on a tile another tile can attach (the names used in game records)."""

    LOW = "low"
    HIGH = "high"
    LINE_A = "line_a"
    LINE_B = "line_b"
    BRANCH_A = "branch_a"
    BRANCH_B = "branch_b"

    def __repr__(self) -> str:
        return f"Side.{self.name}"


_NON_DOUBLE_SIDES: Final = (Side.LOW, Side.HIGH)
_DOUBLE_SIDES: Final = (Side.LINE_A, Side.LINE_B, Side.BRANCH_A, Side.BRANCH_B)


class Point:
    """An attach point: one side of one tile.  Interned, immutable."""

    __slots__ = ("index", "side", "tile", "value")

    tile: Tile
    side: Side
    #: The number a tile must show to attach here.
    value: int
    #: Dense index (0..69) for tables on the hot path.
    index: int

    _interned: ClassVar[dict[tuple[Tile, Side], Point]] = {}

    def __new__(cls, tile: Tile, side: Side | str) -> Point:
        try:
            return cls._interned[tile, side]  # type: ignore[index]
        except KeyError:
            pass
        try:
            side = Side(side)
        except ValueError:
            raise InvalidMoveError(
                f"{echo(side)} is not a side (one of {', '.join(Side)})"
            ) from None
        if not isinstance(tile, Tile):
            raise InvalidMoveError(f"not a tile: {echo(tile)}")
        point = cls._interned.get((tile, side))
        if point is not None:
            return point
        raise InvalidMoveError(
            f"{tile} has no side {side}: "
            + (
                "a double has line_a, line_b, branch_a, branch_b"
                if tile.is_double
                else "a non-double has low and high"
            )
        )

    @classmethod
    def _create(cls, tile: Tile, side: Side) -> Point:
        point = object.__new__(cls)
        object.__setattr__(point, "tile", tile)
        object.__setattr__(point, "side", side)
        value = tile.high if side is Side.HIGH else tile.low
        object.__setattr__(point, "value", value)
        object.__setattr__(point, "index", len(cls._interned))
        cls._interned[tile, side] = point
        return point

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("points are immutable")

    def __reduce__(self) -> tuple[type[Point], tuple[Tile, str]]:
        return (Point, (self.tile, str(self.side)))

    def __hash__(self) -> int:
        return self.index

    def __lt__(self, other: Point) -> bool:
        return self.index < other.index

    def __repr__(self) -> str:
        return f"Point({self.tile!r}, {self.side!r})"

    def __str__(self) -> str:
        return f"{self.tile}:{self.side}"

    @property
    def is_branch(self) -> bool:
        return self.side is Side.BRANCH_A or self.side is Side.BRANCH_B

    @classmethod
    def parse(cls, text: str) -> Point:
        """Read ``"a-b:side"``.

        >>> Point.parse("1-4:low").value
        1
        """
        tile_text, colon, side_text = str(text).partition(":")
        if not colon:
            raise InvalidMoveError(
                f"an attach point is written like '1-1:line_b', not {echo(text)}"
            )
        try:
            tile = Tile.parse(tile_text)
        except InvalidTileError as error:
            raise InvalidMoveError(f"bad attach point {echo(text)}: {error}") from None
        return cls(tile, side_text.strip())


for _tile in ALL_TILES:
    for _side in _DOUBLE_SIDES if _tile.is_double else _NON_DOUBLE_SIDES:
        Point._create(_tile, _side)

ALL_POINTS: Final[tuple[Point, ...]] = tuple(Point._interned.values())


class Move:
    """A tile placed on an attach point, an opening placement, or a pass.  Interned.

    ``tile`` is ``None`` only for the pass; ``at`` is ``None`` for the opening and the pass.
    For a placement, ``free`` is the point of the placed tile that becomes available
    (the opposite half of a non-double, ``line_b`` of a double).
    """

    __slots__ = ("at", "free", "index", "joined", "tile")

    tile: Tile | None
    at: Point | None
    #: The side of ``tile`` that touches ``at`` (``None`` for openings and the pass).
    joined: Side | None
    #: The new attach point a placement creates on its own tile.
    free: Point | None
    index: int

    _interned: ClassVar[dict[tuple[Tile | None, Point | None], Move]] = {}

    def __new__(cls, tile: Tile | None, at: Point | None = None) -> Move:
        try:
            return cls._interned[tile, at]
        except (KeyError, TypeError):
            pass
        if tile is None or not isinstance(tile, Tile):
            raise InvalidMoveError(f"not a move: tile {echo(tile)} at {echo(at)}")
        if not isinstance(at, Point):
            raise InvalidMoveError(f"not an attach point: {echo(at)}")
        if at.tile is tile:
            raise NumbersDontMatchError(f"{tile} cannot be placed on itself ({at})")
        raise NumbersDontMatchError(
            f"{tile} cannot attach to {at}: that point needs a {at.value} and {tile} has none"
        )

    @classmethod
    def _create(cls, tile: Tile | None, at: Point | None) -> Move:
        move = object.__new__(cls)
        joined: Side | None = None
        free: Point | None = None
        if tile is not None and at is not None:
            if tile.is_double:
                joined, free = Side.LINE_A, Point(tile, Side.LINE_B)
            elif at.value == tile.low:
                joined, free = Side.LOW, Point(tile, Side.HIGH)
            else:
                joined, free = Side.HIGH, Point(tile, Side.LOW)
        for name, value in (
            ("tile", tile),
            ("at", at),
            ("joined", joined),
            ("free", free),
            ("index", len(cls._interned)),
        ):
            object.__setattr__(move, name, value)
        cls._interned[tile, at] = move
        return move

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("moves are immutable")

    def __reduce__(self) -> tuple[type[Move], tuple[Tile | None, Point | None]]:
        return (Move, (self.tile, self.at))

    def __hash__(self) -> int:
        return self.index

    def __lt__(self, other: Move) -> bool:
        return self.index < other.index

    def __repr__(self) -> str:
        return f"Move.parse({str(self)!r})"

    def __str__(self) -> str:
        if self.tile is None:
            return "pass"
        if self.at is None:
            return str(self.tile)
        return f"{self.tile}@{self.at}"

    @classmethod
    def parse(cls, text: str) -> Move:
        """Read ``"pass"``, an opening ``"a-b"`` or a placement ``"a-b@c-d:side"``.

        >>> Move.parse("3-5@1-1:branch_a")
        Traceback (most recent call last):
        ...
        seven_rocks.engine.errors.NumbersDontMatchError: 3-5 cannot attach to 1-1:branch_a: ...
        """
        if not isinstance(text, str):
            raise InvalidMoveError(f"a move is text like '3-5@1-1:line_b', not {echo(text)}")
        body = text.strip()
        if body.lower() == "pass":
            return PASS
        tile_text, at_sign, point_text = body.partition("@")
        try:
            tile = Tile.parse(tile_text)
        except InvalidTileError as error:
            raise InvalidMoveError(f"bad move {echo(text)}: {error}") from None
        if not at_sign:
            return cls(tile)
        return cls(tile, Point.parse(point_text))


PASS: Final[Move] = Move._create(None, None)
for _tile in ALL_TILES:
    Move._create(_tile, None)
for _point in ALL_POINTS:
    for _tile in ALL_TILES:
        if _tile is not _point.tile and _tile.has(_point.value):
            Move._create(_tile, _point)

ALL_MOVES: Final[tuple[Move, ...]] = tuple(Move._interned.values())
#: ``OPENING_MOVES[tile.index]``: the opening placement of that tile.
OPENING_MOVES: Final[tuple[Move, ...]] = tuple(Move(tile) for tile in ALL_TILES)
