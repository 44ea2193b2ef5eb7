"""The table: placed tiles, their attach points, the single spinner, and the ends' sum.

:class:`Layout` is the part of a round everybody can see.  It keeps the running sum of
the scoring ends incrementally, so a placement costs a handful of operations and can
be undone with :meth:`Layout.unplace` (the search bots place and unplace millions of
tiles).  The query methods (:meth:`open_points`, :meth:`scoring_ends`) build the two
lists the original rule book draws: hollow dots for legal continuations and filled
numbers for counted contributions.

>>> layout = Layout()
>>> [layout.place(Move.parse(m)) for m in ("1-4", "1-1@1-4:low", "4-4@1-4:high")]
[5, 6, 10]
>>> [str(p) for p in layout.open_points()]
['1-1:line_b', '4-4:line_b']
>>> layout.scoring_ends()
(ScoringEnd(tile=Tile(1, 1), side=None, value=2), ScoringEnd(tile=Tile(4, 4), side=None, value=8))
"""

from __future__ import annotations

import random
from typing import NamedTuple

from .errors import PointNotOpenError
from .moves import Move, Point, Side
from .tiles import ALL_TILES, Tile

_LINES = (Side.LINE_A, Side.LINE_B)


class ScoringEnd(NamedTuple):
    """One counted contribution: a free half of a non-double (``side`` set) or a whole
    terminal double (``side`` is ``None``, ``value`` is both halves)."""

    tile: Tile
    side: Side | None
    value: int

    def __str__(self) -> str:
        where = f"{self.tile}:{self.side}" if self.side else str(self.tile)
        return f"{where}={self.value}"


class Layout:
    """The tiles on the table and what can be attached to them."""

    __slots__ = ("_lines_free", "_moves", "_open", "_spinner", "_sum", "_undo")

    def __init__(self) -> None:
        self._moves: list[Move] = []
        self._open: list[Point] = []
        self._sum = 0
        self._spinner: Tile | None = None
        #: In-line sides of the spinner still free (the branches open when this hits 0).
        self._lines_free = 0
        self._undo: list[tuple[int, list[Point], Tile | None, int]] = []

    # ------------------------------------------------------------------ queries
    @property
    def moves(self) -> tuple[Move, ...]:
        """The placements in the order they were made (the first is the opening)."""
        return tuple(self._moves)

    @property
    def tiles(self) -> tuple[Tile, ...]:
        return tuple(m.tile for m in self._moves)  # type: ignore[misc]

    @property
    def spinner(self) -> Tile | None:
        """The first double placed, the only tile that ever branches."""
        return self._spinner

    @property
    def ends_sum(self) -> int:
        """The sum of the scoring ends right now."""
        return self._sum

    def __len__(self) -> int:
        return len(self._moves)

    def __bool__(self) -> bool:
        return bool(self._moves)

    def __contains__(self, tile: object) -> bool:
        return any(m.tile is tile for m in self._moves)

    def is_open(self, point: Point) -> bool:
        return point in self._open

    def open_points(self) -> tuple[Point, ...]:
        """Every attach point a tile may be placed on now, in tile order."""
        return tuple(sorted(self._open))

    def open_values(self) -> frozenset[int]:
        """The numbers that can be matched now (what a pass proves a player lacks)."""
        return frozenset(p.value for p in self._open)

    def scoring_ends(self) -> tuple[ScoringEnd, ...]:
        """The counted contributions whose total is :attr:`ends_sum`, in tile order."""
        ends: list[ScoringEnd] = []
        spinner = self._spinner
        for point in self._open:
            tile = point.tile
            if tile is spinner:
                if point.side is Side.LINE_B or (
                    point.side is Side.LINE_A and not self.is_open(Point(tile, Side.LINE_B))
                ):
                    ends.append(ScoringEnd(tile, None, 2 * tile.low))
            elif tile.is_double:
                ends.append(ScoringEnd(tile, None, 2 * tile.low))
            else:
                ends.append(ScoringEnd(tile, point.side, point.value))
        # Tile order; the two ends of an opening non-double read high first, as the rule book does.
        ends.sort(key=lambda e: (e.tile.index, e.side is Side.LOW))
        return tuple(ends)

    def copy(self) -> Layout:
        """An independent copy (its undo history starts empty)."""
        other = Layout.__new__(Layout)
        other._moves = self._moves[:]
        other._open = self._open[:]
        other._sum = self._sum
        other._spinner = self._spinner
        other._lines_free = self._lines_free
        other._undo = []
        return other

    def __repr__(self) -> str:
        return f"<Layout {' '.join(str(m) for m in self._moves) or 'empty'} sum={self._sum}>"

    # ---------------------------------------------------------------- mutation
    def place(self, move: Move) -> int:
        """Place ``move``'s tile and return the new ends' sum.

        Checks only the table (is the point free, is the table empty for an opening);
        whose hand the tile comes from is the round's business.
        """
        at = move.at
        tile = move.tile
        if tile is None:
            raise PointNotOpenError("a pass places nothing")
        opened = self._open
        if at is None:
            if self._moves:
                raise PointNotOpenError(f"{tile} cannot open: the table already has tiles")
        elif at not in opened:
            raise PointNotOpenError(f"{tile} cannot go on {at}: that point is not open")
        self._undo.append((self._sum, opened[:], self._spinner, self._lines_free))
        self._moves.append(move)
        if at is None:
            if tile.is_double:
                self._spinner = tile
                self._lines_free = 2
                opened[:] = [Point(tile, Side.LINE_A), Point(tile, Side.LINE_B)]
                self._sum = 2 * tile.low
            else:
                opened[:] = [Point(tile, Side.LOW), Point(tile, Side.HIGH)]
                self._sum = tile.low + tile.high
            return self._sum
        total = self._sum
        opened.remove(at)
        anchor = at.tile
        if anchor is self._spinner:
            if at.side in _LINES:
                self._lines_free -= 1
                if not self._lines_free:
                    # Both in-line sides taken: the spinner stops counting, its branches open.
                    total -= 2 * at.value
                    opened.append(Point(anchor, Side.BRANCH_A))
                    opened.append(Point(anchor, Side.BRANCH_B))
        elif anchor.is_double:
            total -= 2 * at.value
        else:
            total -= at.value
        if tile.is_double:
            if self._spinner is None:
                self._spinner = tile
                self._lines_free = 1
            total += 2 * tile.low
        else:
            total += move.free.value  # type: ignore[union-attr]
        opened.append(move.free)  # type: ignore[arg-type]
        self._sum = total
        return total

    def unplace(self) -> Move:
        """Take back the last placement (the inverse of :meth:`place`)."""
        move = self._moves.pop()
        self._sum, self._open, self._spinner, self._lines_free = self._undo.pop()
        return move


def random_layout(rng: random.Random, max_tiles: int = 28) -> Layout:
    """A random legal table: a random opening, then a random unplayed tile on a random
    open point, until ``max_tiles`` are down or nothing fits.

    Hands play no part (any unplayed tile may go), so full 28-tile tables are common:
    what geometry tests and benchmarks need to cover every shape a table can take.
    """
    layout = Layout()
    unplayed = list(ALL_TILES)
    layout.place(Move(unplayed.pop(rng.randrange(len(unplayed)))))
    while len(layout) < max_tiles:
        moves = [Move(t, p) for t in unplayed for p in layout._open if t.has(p.value)]
        if not moves:
            break
        move = rng.choice(moves)
        layout.place(move)
        unplayed.remove(move.tile)  # type: ignore[arg-type]
    return layout


def placements_of(layout: Layout) -> list[tuple[str, str | None]]:
    """The table as the text pairs the geometry and the records use: ``("1-5", "1-1:branch_a")``."""
    return [(str(m.tile), str(m.at) if m.at else None) for m in layout._moves]
