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
from collections.abc import Iterable

from .errors import PointNotOpenError
from .kernel import (
    Ends,
    ScoringEnd,
    branches_open,
    legal_moves,
    lines_taken,
    spinner_of,
    table_ends,
)
from .moves import ALL_POINTS, PASS, Move, Point
from .tiles import ALL_TILES, FULL_SET_MASK, Tile


class Layout(Ends):
    """The tiles on the table and what can be attached to them.

    The rules state (open points, ends' sum, spinner) and how a placement changes it
    are the kernel's (:class:`~seven_rocks.engine.kernel.Ends`); a layout adds the
    placements in order, the tiles on the table, checks, and undo.
    """

    __slots__ = ("_mask", "_moves", "_undo")

    def __init__(self) -> None:
        super().__init__()
        self._moves: list[Move] = []
        #: Bit set of the tiles on the table.
        self._mask = 0
        self._undo: list[tuple[int, list[int], int]] = []

    @classmethod
    def from_moves(cls, moves: Iterable[Move | str]) -> Layout:
        """The table after these placements in play order (text forms accepted);
        an illegal one raises the specific error naming its tile and point.

        >>> Layout.from_moves(["1-4", "1-1@1-4:low"]).open_points()
        (Point(Tile(1, 1), Side.LINE_B), Point(Tile(1, 4), Side.HIGH))
        """
        layout = cls()
        for move in moves:
            layout.place(Move.parse(move) if isinstance(move, str) else move)
        return layout

    # ------------------------------------------------------------------ queries
    @property
    def moves(self) -> tuple[Move, ...]:
        """The placements in the order they were made (the first is the opening)."""
        return tuple(self._moves)

    @property
    def tiles(self) -> tuple[Tile, ...]:
        return tuple(m.tile for m in self._moves)  # type: ignore[misc]

    @property
    def tiles_mask(self) -> int:
        """The tiles on the table as a bit set."""
        return self._mask

    @property
    def spinner(self) -> Tile | None:
        """The first double placed, the only tile that ever branches."""
        return spinner_of(self.spin)

    @property
    def lines_taken(self) -> int:
        """How many of the spinner's in-line sides are taken (0 without a spinner)."""
        return lines_taken(self.spin)

    @property
    def branches_open(self) -> bool:
        """Whether the spinner's branches are available: both in-line sides are taken."""
        return branches_open(self.spin)

    @property
    def ends_sum(self) -> int:
        """The sum of the scoring ends right now."""
        return self.sum

    def __len__(self) -> int:
        return len(self._moves)

    def __bool__(self) -> bool:
        return bool(self._moves)

    def __contains__(self, tile: object) -> bool:
        return isinstance(tile, Tile) and bool(self._mask & tile.mask)

    def open_points(self) -> tuple[Point, ...]:
        """Every attach point a tile may be placed on now, in tile order."""
        return tuple(ALL_POINTS[i] for i in sorted(self.open))

    def open_values(self) -> frozenset[int]:
        """The numbers that can be matched now (what a pass proves a player lacks)."""
        return frozenset(ALL_POINTS[i].value for i in self.open)

    def legal_moves(self, hand: int) -> list[Move]:
        """The moves a hand (bit set of tiles) may make here: placements, else ``[PASS]``
        (the kernel's :func:`~seven_rocks.engine.kernel.legal_moves`)."""
        return legal_moves(self.open, hand)

    def placements(self, tiles: int) -> list[Move]:
        """Every placement of these tiles (bit set; those on the table are skipped)."""
        moves = legal_moves(self.open, tiles & ~self._mask)
        return [] if moves == [PASS] else moves

    def scoring_ends(self) -> tuple[ScoringEnd, ...]:
        """The counted contributions whose total is :attr:`ends_sum`, in tile order."""
        return table_ends(self.open, self.spin)

    def sum_after_move(self, move: Move) -> int:
        """The ends' sum ``move`` would leave (checked like :meth:`place`; nothing changes)."""
        self.check(move)
        return self.sum_after(move.index)

    def copy(self) -> Layout:
        """An independent copy (its undo history starts empty)."""
        other = Layout.__new__(Layout)
        other.open = self.open[:]
        other.sum = self.sum
        other.spin = self.spin
        other._moves = self._moves[:]
        other._mask = self._mask
        other._undo = []
        return other

    def __repr__(self) -> str:
        return f"<Layout {' '.join(str(m) for m in self._moves) or 'empty'} sum={self.sum}>"

    # ---------------------------------------------------------------- mutation
    def check(self, move: Move) -> None:
        """Raise the precise error if ``move`` cannot go on this table; change nothing."""
        tile = move.tile
        if tile is None:
            raise PointNotOpenError("a pass places nothing")
        where = "open" if move.at is None else f"go on {move.at}"
        if self._mask & tile.mask:
            raise PointNotOpenError(f"{tile} cannot {where}: it is already on the table")
        at = move.at
        if at is None:
            if self._moves:
                raise PointNotOpenError(f"{tile} cannot open: the table already has tiles")
        elif at.index not in self.open:
            raise PointNotOpenError(
                f"{tile} cannot go on {at}: that point is not open ({self._why_closed(at)})"
            )

    def _why_closed(self, at: Point) -> str:
        if not self._mask & at.tile.mask:
            return f"{at.tile} is not on the table"
        if at.is_branch and at.tile is self.spinner and not self.branches_open:
            return "the spinner's branches open only once both its line sides are taken"
        if at.is_branch:
            return f"{at.tile} is not the spinner: only the first double placed branches"
        return "a tile is already there"

    def place(self, move: Move) -> int:
        """Place ``move``'s tile and return the new ends' sum.

        Checks only the table (is the point free, is the tile not already down, is the
        table empty for an opening); whose hand the tile comes from is the round's
        business.  A rejected move raises and changes nothing.
        """
        tile = move.tile
        at = move.at
        if (
            tile is None
            or self._mask & tile.mask
            or (self._moves if at is None else at.index not in self.open)
        ):
            self.check(move)
        self._undo.append((self.sum, self.open[:], self.spin))
        self._moves.append(move)
        self._mask |= tile.mask  # type: ignore[union-attr]
        return self.place_index(move.index)

    def unplace(self) -> Move:
        """Take back the last placement (the inverse of :meth:`place`)."""
        move = self._moves.pop()
        self.sum, self.open, self.spin = self._undo.pop()
        self._mask ^= move.tile.mask  # type: ignore[union-attr]
        return move


def random_layout(rng: random.Random, max_tiles: int = 28) -> Layout:
    """A random legal table: a random opening, then a random unplayed tile on a random
    open point, until ``max_tiles`` are down or nothing fits.

    Hands play no part (any unplayed tile may go), so full 28-tile tables are common:
    what geometry tests and benchmarks need to cover every shape a table can take.
    """
    layout = Layout()
    layout.place(Move(ALL_TILES[rng.randrange(len(ALL_TILES))]))
    while len(layout) < max_tiles:
        moves = layout.placements(FULL_SET_MASK)
        if not moves:
            break
        # Tile order, then the order the points opened: the draws this function has always made.
        moves.sort(key=_tile_index)
        layout.place(rng.choice(moves))
    return layout


def _tile_index(move: Move) -> int:
    return move.tile.index if move.tile is not None else -1


def placements_of(layout: Layout) -> list[tuple[str, str | None]]:
    """The table as the text pairs the geometry and the records use: ``("1-5", "1-1:branch_a")``."""
    return [(str(m.tile), str(m.at) if m.at else None) for m in layout._moves]


__all__ = ["Layout", "ScoringEnd", "placements_of", "random_layout"]
