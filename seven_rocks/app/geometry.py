"""Where each domino of the table is drawn: a pure function of the placements, fitted to them.

The engine knows *what* is attached to *what* (:class:`~seven_rocks.engine.layout.Layout`:
its open points, its spinner, each :class:`~seven_rocks.engine.moves.Move`'s joining and free
sides); this module only decides *where* each tile lies on a virtual table so the browser can
draw it.  It uses the standard library only (it also runs under Pyodide).

Conventions (the renderer must follow them)
-------------------------------------------
* Units: a tile is 2 x 1.  ``x`` grows to the right and ``y`` grows **down** (SVG).  The
  opening tile is centred on ``(0, 0)``, the centre of the table.
* :class:`TileGeometry` ``angle`` is 0 (long axis horizontal) or 90 (vertical); ``first`` is
  the number drawn in the left half (angle 0) or the top half (angle 90).  Equivalently: draw
  the tile horizontally with ``first`` on the left, then ``rotate(angle)`` about its centre.
  The matching halves of neighbouring tiles then touch.
* :class:`PointGeometry` is a free attach point (exactly the engine's ``open_points()``): a
  hollow 1 x 1 marker centred on ``(x, y)``, the cell the joining half of the next tile will
  cover.  Its ``angle`` is the direction the line continues (0 = +x, 90 = +y, 180 = -x,
  270 = -y).  The empty table has one point, ``"open"``, on the table's centre.
* The opening tile lies along the table's long side, its low half (or an opening double's
  ``line_a``) to the left or top.  A spinner's ``branch_a`` is anticlockwise of the way its
  line runs (from ``line_a`` to ``line_b``), ``branch_b`` clockwise.
* ``bounds`` (min_x, min_y, max_x, max_y) covers every tile and shown marker; ``table`` is the
  rectangle the arms were laid out in (it contains ``bounds``); ``initial_table`` is the
  smallest table a round starts with (the same shape).

A table that fits what is on it
-------------------------------
Players want big tiles, so nothing is kept for tiles that may never come.  The arms are laid
out greedily inside a table of the drawing area's shape: each arm grows straight; when the
next tile, plus room for a crosswise double and a turn after it, would cross the table's
edge, or run into another tile, a non-double is laid perpendicular and the arm turns:
clockwise if it can (arms that all turn the same way fan out into different quadrants, like
a pinwheel), otherwise anticlockwise.  Doubles never turn: they stay crosswise to their line.
Every arm leaves the spinner straight, as players lay it: its first tile never turns, and
the room it will take beyond each free side of the spinner is kept from the moment the
spinner lands.  No tile may cover another tile or a free end's marker, no new end may lie
within a tile's width of another free side (an end beside another arm's, or beside the
spinner's unused arm, could be either's), and every new end must be able to take at least
one more tile.

When a placement finds no such spot, the table grows by a step (keeping its shape) and the
whole table is laid out again: the tiles already down *glide* to their new places (the
browser animates every move of a placed tile).  The table only grows within a round, so
tiles move only at those steps; a big enough table always works (every arm straight).

>>> g = layout_geometry([("1-4", None), ("4-4", "1-4:high"), ("1-2", "1-4:low")])
>>> for t in g.tiles:
...     print(t)
TileGeometry(tile='1-4', x=0.0, y=0.0, angle=0, first=1, is_spinner=False)
TileGeometry(tile='4-4', x=1.5, y=0.0, angle=90, first=4, is_spinner=True)
TileGeometry(tile='1-2', x=-2.0, y=0.0, angle=0, first=2, is_spinner=False)
>>> sorted(g.points)
['1-2:high', '4-4:line_b']
>>> g.points["4-4:line_b"]
PointGeometry(point='4-4:line_b', x=2.5, y=0.0, angle=0)
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from seven_rocks.app.plane import EPS, Rect, Vec, ccw, cell, cw, frame, gap, overlap, union
from seven_rocks.app.replies import TableTile
from seven_rocks.engine.errors import SevenRocksError
from seven_rocks.engine.layout import Layout
from seven_rocks.engine.moves import Move, Point, Side
from seven_rocks.engine.tiles import Tile

__all__ = [
    "GROWTH",
    "TABLE_AREA",
    "Geometry",
    "GeometryBuilder",
    "PointGeometry",
    "TileGeometry",
    "layout_geometry",
]

#: Area of the table a round starts with, in square units (a tile is 2): its short side is
#: about 11 units at the usual shapes, 8.6 on a laptop's wide felt.  The arms run straight
#: until they near its edge; the renderer's view follows the layout's own bounds (zoomed in
#: no further than a tile as long as the hand's, ``spanForTile`` in
#: web/js/table/view-box.js), so a short line is drawn large and a long one fills the felt.
TABLE_AREA = 200.0
#: How much the table grows (each side) when a placement finds no spot on it.
GROWTH = 1.12
#: Past this half-size every arm can run straight, which always works: the search ends.
_HUGE = 120.0
_ANGLE = {(1, 0): 0, (0, 1): 90, (-1, 0): 180, (0, -1): 270}


@dataclass(frozen=True, slots=True)
class TileGeometry:
    """One placed tile: centre ``(x, y)``, ``angle`` 0 or 90, ``first`` = number in the
    left (angle 0) or top (angle 90) half."""

    tile: str
    x: float
    y: float
    angle: int
    first: int
    is_spinner: bool = False

    def rect(self) -> Rect:
        """The 2 x 1 (angle 0) or 1 x 2 (angle 90) rectangle the tile covers."""
        hx, hy = (1.0, 0.5) if self.angle == 0 else (0.5, 1.0)
        return (self.x - hx, self.y - hy, self.x + hx, self.y + hy)

    def as_json(self) -> TableTile:
        return {
            "tile": self.tile,
            "x": self.x,
            "y": self.y,
            "angle": self.angle,
            "first": self.first,
            "is_spinner": self.is_spinner,
        }

    def halves(self) -> tuple[tuple[float, float, int], tuple[float, float, int]]:
        """Centres and numbers of the two halves, ``first`` first."""
        tile = Tile.parse(self.tile)
        second = tile.high if self.first == tile.low else tile.low
        dx, dy = (0.5, 0.0) if self.angle == 0 else (0.0, 0.5)
        return ((self.x - dx, self.y - dy, self.first), (self.x + dx, self.y + dy, second))


@dataclass(frozen=True, slots=True)
class PointGeometry:
    """A free attach point: a 1 x 1 hollow marker centred on ``(x, y)``; ``angle`` is the
    direction the line would continue (0 = +x, 90 = +y)."""

    point: str
    x: float
    y: float
    angle: int

    def rect(self) -> Rect:
        return cell(self.x, self.y)


@dataclass(frozen=True)
class Geometry:
    """Everything the renderer needs for one table state."""

    tiles: tuple[TileGeometry, ...]
    points: Mapping[str, PointGeometry]
    bounds: Rect
    table: Rect
    initial_table: Rect

    def as_dict(self) -> dict[str, object]:
        """Plain dicts, lists, numbers and strings, ready for ``json.dumps``."""
        return {
            "tiles": [t.as_json() for t in self.tiles],
            "points": [
                {"point": p.point, "x": p.x, "y": p.y, "angle": p.angle}
                for p in self.points.values()
            ],
            "bounds": list(self.bounds),
            "table": list(self.table),
            "initial_table": list(self.initial_table),
        }


@dataclass(frozen=True, slots=True)
class _Spot:
    """Where a free (or reserved) attach point's marker lies and which way its line runs."""

    x: float
    y: float
    d: Vec

    def cell(self) -> Rect:
        return cell(self.x, self.y)


def _first_tiles(spinner: Mapping[Point, _Spot]) -> dict[Point, Rect]:
    """Beyond each free side of the spinner, the room its arm's first tile takes, laid
    straight out: the tile's far half and its end's cell."""
    return {p: frame(s.x, s.y, s.d, 0.5, 2.5, -0.5, 0.5) for p, s in spinner.items()}


@dataclass(frozen=True, slots=True)
class _Step:
    """One placement with the engine's fact about it that the move alone does not tell:
    whether its tile became the spinner (the layout's first double)."""

    move: Move
    spinner: bool


class _Plan:
    """The arms laid out on one table size; :meth:`place` is ``False`` when a move finds no
    spot there (the builder then tries a bigger table)."""

    def __init__(self, hw: float, hh: float) -> None:
        self.hw, self.hh = hw, hh
        # The opening line runs along the table's long side, as players lay it.
        self.axis: Vec = (1, 0) if hw >= hh else (0, 1)
        self.tiles: list[TileGeometry] = []
        self.rects: list[Rect] = []
        #: Every side of a placed tile still free, the spinner's unopened branches included.
        self.spots: dict[Point, _Spot] = {}
        #: The spinner, once it is down: every arm leaves it straight.
        self.spinner: Tile | None = None
        #: Beyond each of the spinner's free sides, the room its arm's first tile will take
        #: (straight out, its end's cell included): no other arm may wind into it.
        self.kept: dict[Point, Rect] = {}

    def inside(self, r: Rect) -> bool:
        return (
            r[0] >= -self.hw - EPS
            and r[2] <= self.hw + EPS
            and r[1] >= -self.hh - EPS
            and r[3] <= self.hh + EPS
        )

    def place(self, step: _Step) -> bool:
        move = step.move
        if move.at is None:
            return self._open(step)
        spot = self.spots.pop(move.at)
        self.kept.pop(move.at, None)
        for tile, made in self._options(step, spot):
            if self._free(tile, made):
                self._commit(tile, made)
                return True
        return False

    def _open(self, step: _Step) -> bool:
        tile = step.move.tile
        assert tile is not None
        d = self.axis
        back = (-d[0], -d[1])
        if tile.is_double:
            geo = TileGeometry(
                str(tile), 0.0, 0.0, 90 if d == (1, 0) else 0, tile.low, step.spinner
            )
            made = {
                Point(tile, Side.LINE_A): _Spot(-d[0], -d[1], back),
                Point(tile, Side.LINE_B): _Spot(d[0], d[1], d),
            }
        else:  # the low half towards -x (or -y): read left to right, top to bottom
            geo = TileGeometry(str(tile), 0.0, 0.0, 0 if d == (1, 0) else 90, tile.low)
            made = {
                Point(tile, Side.LOW): _Spot(-1.5 * d[0], -1.5 * d[1], back),
                Point(tile, Side.HIGH): _Spot(1.5 * d[0], 1.5 * d[1], d),
            }
        if step.spinner:
            made.update(self._branches(tile, 0.0, 0.0, d))
        if not self.inside(union([geo.rect(), *(s.cell() for s in made.values())])):
            return False
        self._commit(geo, made)
        return True

    @staticmethod
    def _branches(tile: Tile, x: float, y: float, d: Vec) -> dict[Point, _Spot]:
        """The spinner's branch cells, 1.5 from its centre beyond its long ends: ``branch_a``
        anticlockwise of the line's direction ``d``, ``branch_b`` clockwise."""
        return {
            Point(tile, side): _Spot(x + 1.5 * q[0], y + 1.5 * q[1], q)
            for side, q in ((Side.BRANCH_A, ccw(d)), (Side.BRANCH_B, cw(d)))
        }

    def _options(
        self, step: _Step, spot: _Spot
    ) -> Iterable[tuple[TileGeometry, dict[Point, _Spot]]]:
        """Where the tile could go, best first: straight on if the table has room ahead,
        then turning clockwise, then anticlockwise (then straight on past the edge is no
        option: the caller grows the table).  A double only goes straight, crosswise."""
        move = step.move
        tile, free = move.tile, move.free
        assert tile is not None and free is not None and move.at is not None
        x, y, d = spot.x, spot.y, spot.d
        number = move.at.value
        if tile.is_double:
            geo = TileGeometry(str(tile), x, y, 90 if d[1] == 0 else 0, number, step.spinner)
            made = {free: _Spot(x + d[0], y + d[1], d)}
            if step.spinner:
                made.update(self._branches(tile, x, y, d))
            ahead = frame(x, y, d, -0.5, 2.0, -1.0, 1.0)
            if self.inside(union([geo.rect(), ahead, *(s.cell() for s in made.values())])):
                yield geo, made
            return
        other = tile.high if number == tile.low else tile.low
        # An arm's first tile leaves the spinner straight, as players lay it: laid across
        # beside the spinner it would read as part of the neighbouring arm.
        off_spinner = move.at.tile == self.spinner
        ways = (d,) if off_spinner else (d, cw(d), ccw(d))
        reach = 0.5 if off_spinner else 2.0
        for q in ways:
            horizontal = q[1] == 0
            joining_first = (q[0] > 0) if horizontal else (q[1] > 0)
            geo = TileGeometry(
                str(tile),
                x + 0.5 * q[0],
                y + 0.5 * q[1],
                0 if horizontal else 90,
                number if joining_first else other,
            )
            new = _Spot(x + 2 * q[0], y + 2 * q[1], q)
            # Room for a crosswise double after it, whose next tile can then turn (off the
            # spinner, where the arm cannot turn yet, room for the double alone).
            ahead = frame(new.x, new.y, q, -0.5, reach, -1.0, 1.0)
            if self.inside(union([geo.rect(), ahead])):
                yield geo, {free: new}

    def _free(self, geo: TileGeometry, made: dict[Point, _Spot]) -> bool:
        """Whether ``geo`` and its new markers cover no tile and no other marker, no new end
        lies within a tile's width (one unit) of another free side (which arm an end belongs
        to must be plain at a glance), and every new end that continues a line can still
        take a tile (straight on or turning)."""
        rect = geo.rect()
        cells = [s.cell() for s in self.spots.values()]
        kept = list(self.kept.values())
        if any(overlap(rect, r) for r in [*self.rects, *cells, *kept]):
            return False
        rects = [*self.rects, rect, *kept]
        new_cells = [s.cell() for s in made.values()]
        for i, c in enumerate(new_cells):
            if any(overlap(c, r) for r in rects) or any(overlap(c, o) for o in cells):
                return False
            if any(overlap(c, o) for o in new_cells[:i]):
                return False
            if any(gap(c, o) < 1 - EPS for o in cells):
                return False
        blockers = rects + cells + new_cells
        for spot in made.values():
            nexts = (
                frame(spot.x, spot.y, q, 0.5, 1.5, -0.5, 0.5)
                for q in (spot.d, cw(spot.d), ccw(spot.d))
            )
            if not any(not any(overlap(n, b) for b in blockers) for n in nexts):
                return False
        return True

    def _commit(self, geo: TileGeometry, made: dict[Point, _Spot]) -> None:
        if geo.is_spinner:
            self.spinner = Tile.parse(geo.tile)
            self.kept = _first_tiles(made)
        self.tiles.append(geo)
        self.rects.append(geo.rect())
        self.spots.update(made)


class GeometryBuilder:
    """Incremental layout: :meth:`add` one placement at a time, in play order.

    The engine's own :class:`~seven_rocks.engine.layout.Layout` checks each placement and
    says which points are free and which double is the spinner.  A move costs O(tiles on the
    table), except when the table must grow and is laid out again (a few times a round).

    >>> b = GeometryBuilder(aspect=1.6)
    >>> b.add("5-5", None)
    TileGeometry(tile='5-5', x=0.0, y=0.0, angle=90, first=5, is_spinner=True)
    >>> sorted(b.geometry().points)
    ['5-5:line_a', '5-5:line_b']
    >>> b.add("0-5", "5-5:line_a").x, b.add("2-5", "5-5:line_b").x
    (-1.5, 1.5)
    >>> sorted(b.geometry().points)
    ['0-5:low', '2-5:low', '5-5:branch_a', '5-5:branch_b']
    """

    def __init__(self, aspect: float = 16 / 10, *, table_area: float = TABLE_AREA) -> None:
        if not (math.isfinite(aspect) and aspect > 0):
            raise ValueError(f"aspect must be a positive number, not {aspect!r}")
        if not (math.isfinite(table_area) and table_area > 0):
            raise ValueError(f"table_area must be a positive number, not {table_area!r}")
        self.aspect = aspect
        hw = math.sqrt(table_area * aspect) / 2
        hh = math.sqrt(table_area / aspect) / 2
        self.initial_table: Rect = (-hw, -hh, hw, hh)
        self.layout = Layout()
        self._steps: list[_Step] = []
        self._plan = _Plan(hw, hh)

    # ------------------------------------------------------------------ queries
    @property
    def table(self) -> Rect:
        """The table the arms are laid out in now (it only ever grows)."""
        return (-self._plan.hw, -self._plan.hh, self._plan.hw, self._plan.hh)

    @property
    def tiles(self) -> tuple[TileGeometry, ...]:
        """The tiles placed so far, in play order."""
        return tuple(self._plan.tiles)

    def points(self) -> dict[str, PointGeometry]:
        """The free attach points a tile may be placed on now (``"open"`` when empty)."""
        if not self._steps:
            return {"open": PointGeometry("open", 0.0, 0.0, _ANGLE[self._plan.axis])}
        spots = self._plan.spots
        return {
            str(p): PointGeometry(str(p), spots[p].x, spots[p].y, _ANGLE[spots[p].d])
            for p in sorted(self.layout.open_points(), key=str)
        }

    def geometry(self) -> Geometry:
        """A snapshot of the table now (O(tiles on the table))."""
        points = self.points()
        rects = self._plan.rects + [p.rect() for p in points.values()]
        return Geometry(self.tiles, points, union(rects), self.table, self.initial_table)

    # ------------------------------------------------------------------ placing
    def add(self, tile: str | Move, at: str | None = None) -> TileGeometry:
        """Place a move (a :class:`Move`, or a tile's text and the attach point's text,
        ``None`` to open) and return where its tile lies now.  Raises :class:`ValueError`,
        naming both, for a placement the engine refuses; the builder is then unchanged."""
        move = tile if isinstance(tile, Move) else self._parse(tile, at)
        if move.tile is None:
            raise ValueError("a pass cannot go on the table: a pass places no tile")
        layout = self.layout
        where = "open the round" if move.at is None else f"go on {move.at}"
        if move.tile in layout:
            raise ValueError(f"{move.tile} cannot {where}: it is already on the table")
        if move.at is None and layout:
            raise ValueError(f"{move.tile} cannot {where}: the table is not empty")
        if move.at is not None and not layout:
            raise ValueError(f"{move.tile} cannot {where}: the table is empty, it must open")
        if move.at is not None and move.at.tile not in layout:
            raise ValueError(f"{move.tile} cannot {where}: {move.at.tile} is not on the table")
        try:
            layout.place(move)
        except SevenRocksError as error:
            raise ValueError(str(error)) from None
        step = _Step(move, layout.spinner is move.tile)
        self._steps.append(step)
        if not self._plan.place(step):
            self._grow()
        return self._plan.tiles[-1]

    def _parse(self, tile: str, at: str | None) -> Move:
        where = "open the round" if at is None else f"go on {at}"
        try:
            return Move.parse(tile if at is None else f"{tile}@{at}")
        except SevenRocksError as error:
            raise ValueError(f"{tile} cannot {where}: {error}") from None

    def _grow(self) -> None:
        """Lay every placement out again on bigger and bigger tables until all fit."""
        hw, hh = self._plan.hw, self._plan.hh
        while True:
            hw, hh = hw * GROWTH, hh * GROWTH
            plan = _Plan(hw, hh)
            if all(plan.place(step) for step in self._steps):
                self._plan = plan
                return
            if min(hw, hh) > _HUGE:  # impossible: straight arms always fit, as argued above
                raise AssertionError(f"no layout for {' '.join(str(s.move) for s in self._steps)}")


def layout_geometry(
    placements: Sequence[tuple[str, str | None]] | Sequence[Move],
    aspect: float = 16 / 10,
    *,
    table_area: float = TABLE_AREA,
) -> Geometry:
    """The geometry of a table after ``placements`` (in play order; the first opens): moves,
    or the game records' text pairs ``("4-4", "1-4:high")``.

    Raises :class:`ValueError`, naming the tile and the point, for a placement the engine
    refuses (an unknown or repeated tile, an anchor not on the table, a side that is not
    free, numbers that do not match).

    >>> layout_geometry([]).points["open"]
    PointGeometry(point='open', x=0.0, y=0.0, angle=0)
    >>> layout_geometry([("3-6", None)], aspect=0.6).tiles[0]  # portrait: the line runs down
    TileGeometry(tile='3-6', x=0.0, y=0.0, angle=90, first=3, is_spinner=False)
    """
    builder = GeometryBuilder(aspect, table_area=table_area)
    for placement in placements:
        if isinstance(placement, Move):
            builder.add(placement)
        else:
            builder.add(*placement)
    return builder.geometry()
