"""Where each domino of the table is drawn: a pure, incremental function of the placements.

The engine knows *what* is attached to *what*; this module decides *where* it lies on a
virtual table so the browser can draw it.  It uses the standard library only (it also runs
under Pyodide) and takes the game-record text forms as input: ``("1-4", None)`` opens,
``("4-4", "1-4:high")`` places ``4-4`` on the attach point ``high`` of ``1-4``.

Conventions (the renderer must follow them)
-------------------------------------------
* Units: a tile is 2 x 1.  ``x`` grows to the right and ``y`` grows **down** (SVG).  The
  opening tile is centred on ``(0, 0)``, the centre of the table.
* :class:`TileGeometry` ``angle`` is 0 (long axis horizontal) or 90 (vertical); ``first`` is
  the number drawn in the left half (angle 0) or the top half (angle 90).  Equivalently: draw
  the tile horizontally with ``first`` on the left, then ``rotate(angle)`` about its centre.
  The matching halves of neighbouring tiles then touch.
* :class:`PointGeometry` is a free attach point: a hollow 1 x 1 marker centred on ``(x, y)``,
  i.e. the cell the joining half of the next tile will cover, just beyond the anchor's free
  edge.  Its ``angle`` is the direction the line continues (0 = +x, 90 = +y, 180 = -x,
  270 = -y).  The spinner's branches are listed once both its line sides are taken.  The
  empty table has one point, ``"open"``, on the table's centre.
* The opening tile lies along the table's long side, its low half (or an opening double's
  ``line_a``) to the left or top.  A spinner's ``branch_a`` is anticlockwise of the way its
  line runs (from ``line_a`` to ``line_b``), ``branch_b`` clockwise.
* ``bounds`` (min_x, min_y, max_x, max_y) covers every tile and shown marker; ``table`` is the
  rectangle used for turning decisions (it always contains ``bounds``); ``initial_table`` is
  the table before any growth.

How arms are laid out, and why they never collide
-------------------------------------------------
The opening line runs along the table's long side.  Each arm grows straight; when the next
tile, plus room for a crosswise double and a turn after it, would cross the table edge, a
non-double is laid perpendicular at the corner and the arm turns: clockwise if it can (arms
that all turn the same way fan out into different quadrants, like a pinwheel), otherwise
anticlockwise.  Doubles never turn: they stay crosswise to their line.

To be sure every arm can always go on, every free end (the spinner's branches included,
from the moment the spinner lands) keeps a *room*: a lane two units wide (a crosswise double
fits) from its marker, straight on or turning once at a corner, long enough for all the
tiles still unplayed (2 units each; an end that no unplayed tile matches keeps only its
marker).  Rooms are kept free of tiles and of each other: no tile may enter another end's
room, and a turn is taken only if the new end finds a room of its own.  An arm can always
*follow* its room (it stays inside it and leaves a room for the next end, one tile
shorter), so every placement has a legal spot and tiles, markers and arms never overlap.
Before the spinner exists rooms are straight, and each end also keeps its *shadow* clear:
where the branches would need room if the next double landed on it.

When neither going straight nor a turn fits inside the table, the arm follows its room and
the table grows about its centre, keeping its aspect, just enough for it.  Tiles already
placed never move; only later decisions see the bigger table.

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
from dataclasses import dataclass, replace

__all__ = [
    "TABLE_AREA",
    "Geometry",
    "GeometryBuilder",
    "PointGeometry",
    "TileGeometry",
    "layout_geometry",
]

Rect = tuple[float, float, float, float]
"""An axis-aligned rectangle ``(min_x, min_y, max_x, max_y)``."""
_Vec = tuple[int, int]

#: Area of the initial table in square units (a tile is 2).  Random full games stay wholly
#: inside it 90-97% of the time at aspect ratios 0.5 to 2.0 (tests/test_geometry.py), and
#: typically span 70-85% of its width and height, so it is neither cramped nor empty.
TABLE_AREA = 600.0
_EPS = 1e-9
_LINE_SIDES = ("line_a", "line_b")
_ANGLE = {(1, 0): 0, (0, 1): 90, (-1, 0): 180, (0, -1): 270}


def _cw(d: _Vec) -> _Vec:
    """The direction a quarter turn clockwise on screen (y down): east -> south."""
    return (-d[1], d[0])


def _ccw(d: _Vec) -> _Vec:
    return (d[1], -d[0])


def _frame(cx: float, cy: float, d: _Vec, a0: float, a1: float, p0: float, p1: float) -> Rect:
    """The rectangle spanning ``a0..a1`` along ``d`` and ``p0..p1`` to its clockwise side,
    measured from ``(cx, cy)``: working in (along, across) terms lets one piece of code lay
    out all four directions."""
    px, py = _cw(d)
    xs = [cx + a * d[0] + p * px for a in (a0, a1) for p in (p0, p1)]
    ys = [cy + a * d[1] + p * py for a in (a0, a1) for p in (p0, p1)]
    return (min(xs), min(ys), max(xs), max(ys))


def _overlap(a: Rect, b: Rect) -> bool:
    """Whether two rectangles share positive area (touching edges do not count)."""
    return a[0] < b[2] - _EPS and b[0] < a[2] - _EPS and a[1] < b[3] - _EPS and b[1] < a[3] - _EPS


def _union(rects: Iterable[Rect]) -> Rect:
    x0, y0, x1, y1 = zip(*rects, strict=True)
    return (min(x0), min(y0), max(x1), max(y1))


def _parse_tile(name: str) -> tuple[int, int]:
    """``"a-b"`` with 0 <= a <= b <= 6 (low half first, as in the game records)."""
    parts = name.split("-")
    if len(parts) == 2 and all(p.isdigit() and len(p) == 1 for p in parts):
        a, b = int(parts[0]), int(parts[1])
        if a <= b <= 6:
            return a, b
    raise ValueError(f"unknown tile {name!r} (tiles are 'a-b', low half first, 0 <= a <= b <= 6)")


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

    def halves(self) -> tuple[tuple[float, float, int], tuple[float, float, int]]:
        """Centres and numbers of the two halves, ``first`` first."""
        a, b = _parse_tile(self.tile)
        second = b if self.first == a else a
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
        return (self.x - 0.5, self.y - 0.5, self.x + 0.5, self.y + 0.5)


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
            "tiles": [
                {
                    "tile": t.tile,
                    "x": t.x,
                    "y": t.y,
                    "angle": t.angle,
                    "first": t.first,
                    "is_spinner": t.is_spinner,
                }
                for t in self.tiles
            ],
            "points": [
                {"point": p.point, "x": p.x, "y": p.y, "angle": p.angle}
                for p in self.points.values()
            ],
            "bounds": list(self.bounds),
            "table": list(self.table),
            "initial_table": list(self.initial_table),
        }


@dataclass(frozen=True, slots=True)
class _Route:
    """How an end is sure to go on: straight, or ``corner`` cells straight then towards
    ``turn`` (allowed once the spinner is down)."""

    corner: float | None = None
    turn: _Vec | None = None


@dataclass(frozen=True, slots=True)
class _End:
    """A free attach point (or a spinner branch reserved before it opens)."""

    point: str
    number: int
    x: float  # centre of the marker cell
    y: float
    d: _Vec  # direction the line continues
    route: _Route = _Route()
    available: bool = True

    def marker(self) -> Rect:
        return (self.x - 0.5, self.y - 0.5, self.x + 0.5, self.y + 0.5)

    def region(self, tiles_left: int) -> tuple[Rect, ...]:
        """The room this end keeps for the ``tiles_left`` tiles that may still come to it
        (each advances at most 2): a lane wide enough for crosswise doubles, along the
        route.  The corner is generous (a turn may come a cell early or, after a double,
        a cell late) so an arm following its route never has to leave it."""
        if tiles_left == 0:
            return (self.marker(),)
        reach = 2 * tiles_left + 0.5
        k, q = self.route.corner, self.route.turn
        if k is None or q is None or k + 1.5 > reach:
            return (_frame(self.x, self.y, self.d, -0.5, reach, -1.0, 1.0),)
        lane = _frame(self.x, self.y, self.d, -0.5, k + 1.5, -1.0, 1.0)
        cx, cy = self.x + k * self.d[0], self.y + k * self.d[1]
        return (lane, _frame(cx, cy, q, 1.0, reach, -2.0, 2.0))

    def shadow(self, tiles_left: int) -> tuple[Rect, ...]:
        """Where the spinner's branches would need room if a double landed on this end now
        or after straight non-doubles (kept clear only before the spinner exists)."""
        if tiles_left == 0:
            return ()
        far = 2 * tiles_left + 1.0
        return (
            _frame(self.x, self.y, self.d, -1.0, far, 1.0, far),
            _frame(self.x, self.y, self.d, -1.0, far, -far, -1.0),
        )


@dataclass(frozen=True, slots=True)
class _Candidate:
    tile: TileGeometry
    ends: tuple[_End, ...]  # the attach points the new tile creates
    fit: Rect  # what must lie inside the table for the option to "fit"


class GeometryBuilder:
    """Incremental layout: :meth:`add` one placement at a time, in play order.

    Each tile's position depends only on the tiles before it, so a prefix of a game always
    gets exactly the positions the full game has, and a move costs O(tiles on the table).

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
        self._hw = math.sqrt(table_area * aspect) / 2
        self._hh = math.sqrt(table_area / aspect) / 2
        self.initial_table: Rect = (-self._hw, -self._hh, self._hw, self._hh)
        # The opening line runs along the long side of the table, as players lay it.
        self._axis: _Vec = (1, 0) if aspect >= 1 else (0, 1)
        self._tiles: list[TileGeometry] = []
        self._rects: list[Rect] = []
        self._placed: dict[str, TileGeometry] = {}
        self._ends: dict[str, _End] = {}
        self._spinner: str | None = None
        self._unplaced = {f"{a}-{b}" for a in range(7) for b in range(a, 7)}

    # ------------------------------------------------------------------ queries
    @property
    def table(self) -> Rect:
        """The table used for turning decisions now (it only ever grows)."""
        return (-self._hw, -self._hh, self._hw, self._hh)

    @property
    def tiles(self) -> tuple[TileGeometry, ...]:
        """The tiles placed so far, in play order."""
        return tuple(self._tiles)

    def points(self) -> dict[str, PointGeometry]:
        """The free attach points a tile may be placed on now (``"open"`` when empty)."""
        if not self._tiles:
            return {"open": PointGeometry("open", 0.0, 0.0, _ANGLE[self._axis])}
        return {
            e.point: PointGeometry(e.point, e.x, e.y, _ANGLE[e.d])
            for e in sorted(self._ends.values(), key=lambda e: e.point)
            if e.available
        }

    def geometry(self) -> Geometry:
        """A snapshot of the table now (O(tiles on the table))."""
        points = self.points()
        rects = self._rects + [p.rect() for p in points.values()]
        return Geometry(tuple(self._tiles), points, _union(rects), self.table, self.initial_table)

    # ------------------------------------------------------------------ placing
    def add(self, tile: str, at: str | None) -> TileGeometry:
        """Place ``tile`` on the attach point ``at`` ("c-d:side"; ``None`` opens) and return
        where it lies.  Raises :class:`ValueError` naming both for an illegal placement."""
        where = "open the round" if at is None else f"go on {at}"
        try:
            a, b = _parse_tile(tile)
        except ValueError as error:
            raise ValueError(f"{tile!r} cannot {where}: {error}") from None
        if tile in self._placed:
            raise ValueError(f"{tile} cannot {where}: it is already on the table")
        if at is None:
            if self._tiles:
                raise ValueError(f"{tile} cannot {where}: the table is not empty")
            return self._open(tile, a, b)
        if not self._tiles:
            raise ValueError(f"{tile} cannot {where}: the table is empty, it must open")
        end = self._end_for(tile, at)
        if end.number not in (a, b):
            raise ValueError(f"{tile} cannot {where}: that point shows {end.number}")
        options = self._options(tile, a, b, end)
        follow, rest = self._follow(end, options)
        for candidate in options:  # straight on, else turning, if it fits and leaves room
            if self._fits(candidate.fit):
                ends = self._settle(candidate, end, rest if candidate is follow else None)
                if ends is not None:
                    break
        else:  # follow the room past the edge, and grow the table for it
            candidate, ends = follow, self._settle(follow, end, rest)
            if ends is None:  # impossible, as the module docstring argues
                raise AssertionError(f"no room for {tile} on {at}")
            self._grow_to(candidate.fit)
        self._commit(candidate.tile, ends, end)
        return candidate.tile

    def _end_for(self, tile: str, at: str) -> _End:
        anchor, _, side = at.partition(":")
        if anchor not in self._placed:
            raise ValueError(f"{tile} cannot go on {at}: {anchor!r} is not on the table")
        a, b = _parse_tile(anchor)
        sides = ("low", "high") if a != b else (*_LINE_SIDES, "branch_a", "branch_b")
        if side not in sides or (side.startswith("branch") and anchor != self._spinner):
            raise ValueError(f"{tile} cannot go on {at}: {anchor} has no side {side!r}")
        end = self._ends.get(at)
        if end is None:
            raise ValueError(f"{tile} cannot go on {at}: that point is already taken")
        if not end.available:
            raise ValueError(
                f"{tile} cannot go on {at}: the spinner's branches open only once both "
                "its line sides are taken"
            )
        return end

    def _open(self, tile: str, a: int, b: int) -> TileGeometry:
        d = self._axis
        back = (-d[0], -d[1])
        if a == b:
            geo = TileGeometry(tile, 0.0, 0.0, 90 if d == (1, 0) else 0, a, is_spinner=True)
            ends = [
                _End(f"{tile}:line_a", a, -d[0], -d[1], back),
                _End(f"{tile}:line_b", a, d[0], d[1], d),
                *self._branches(tile, a, 0.0, 0.0, d),
            ]
        else:  # the low half towards -x (or -y): read left to right, top to bottom
            geo = TileGeometry(tile, 0.0, 0.0, 0 if d == (1, 0) else 90, a)
            ends = [
                _End(f"{tile}:low", a, -1.5 * d[0], -1.5 * d[1], back),
                _End(f"{tile}:high", b, 1.5 * d[0], 1.5 * d[1], d),
            ]
        self._grow_to(_union([geo.rect(), *(e.marker() for e in ends)]))  # tiny tables
        self._commit(geo, tuple(ends), None)
        return geo

    @staticmethod
    def _branches(tile: str, n: int, x: float, y: float, d: _Vec) -> list[_End]:
        """The spinner's branch points, reserved (not available) until its lines are taken:
        ``branch_a`` on the anticlockwise side of the line's direction, ``branch_b`` on the
        clockwise side, 1.5 from the spinner's centre (beyond its long ends)."""
        return [
            _End(f"{tile}:{name}", n, x + 1.5 * q[0], y + 1.5 * q[1], q, available=False)
            for name, q in (("branch_a", _ccw(d)), ("branch_b", _cw(d)))
        ]

    def _options(self, tile: str, a: int, b: int, end: _End) -> list[_Candidate]:
        """Where the tile could go: straight on, turning clockwise, turning anticlockwise.
        A double only goes straight (crosswise); a non-double covers the marker cell with
        its joining half and the next cell ahead or to either side."""
        x, y, d = end.x, end.y, end.d
        if a == b:
            spinner = self._spinner is None
            geo = TileGeometry(tile, x, y, 90 if d[1] == 0 else 0, a, is_spinner=spinner)
            ends = [_End(f"{tile}:line_b", a, x + d[0], y + d[1], d)]
            if spinner:
                ends += self._branches(tile, a, x, y, d)
            # Room for the next tile to turn at the marker (as wide as a crosswise double).
            ahead = _frame(x, y, d, -0.5, 2.0, -1.0, 1.0)
            fit = _union([geo.rect(), ahead, *(e.marker() for e in ends)])
            return [_Candidate(geo, tuple(ends), fit)]
        other = b if a == end.number else a
        side = "low" if other < end.number else "high"
        options = []
        for q in (d, _cw(d), _ccw(d)):
            cx, cy = x + 0.5 * q[0], y + 0.5 * q[1]
            horizontal = q[1] == 0
            joining_first = (q[0] > 0) if horizontal else (q[1] > 0)
            geo = TileGeometry(
                tile, cx, cy, 0 if horizontal else 90, end.number if joining_first else other
            )
            new = _End(f"{tile}:{side}", other, x + 2 * q[0], y + 2 * q[1], q)
            # Leave room for a crosswise double after it, whose next tile can then turn.
            ahead = _frame(new.x, new.y, q, -0.5, 2.0, -1.0, 1.0)
            options.append(_Candidate(geo, (new,), _union([geo.rect(), ahead])))
        return options

    @staticmethod
    def _follow(end: _End, options: list[_Candidate]) -> tuple[_Candidate, _Route]:
        """The option that follows ``end``'s route, and the rest of the route, which the new
        end inherits.  Straight routes go straight on; bent ones go straight until within a
        cell of the corner (a double always goes straight, crosswise), then turn."""
        k, q = end.route.corner, end.route.turn
        straight = options[0]
        double = len(options) == 1  # the one way a double goes: straight on, crosswise
        if k is None or q is None:
            return straight, _Route()
        if double or k >= 2:
            return straight, _Route(k - (1 if double else 2), q)
        return next(c for c in options if c.ends[0].d == q), _Route()

    def _settle(
        self, c: _Candidate, used: _End, inherited: _Route | None
    ) -> tuple[_End, ...] | None:
        """The new ends, with their routes, if placing ``c`` leaves every end its room (free
        of tiles and of each other) and, before the spinner, every shadow clear; else
        ``None``.  Rooms only shrink as tiles run out, which is what keeps them valid."""
        rect = c.tile.rect()
        left = self._unplaced - {c.tile.tile}
        live = {int(n) for t in left for n in t.split("-")}

        def n(e: _End) -> int:  # how many more tiles might still go on e's arm
            return len(left) if e.number in live else 0

        others = [e for e in self._ends.values() if e is not used]
        rooms = [r for e in others for r in e.region(n(e))]
        if any(_overlap(rect, r) for r in self._rects + rooms):
            return None
        blockers = [*self._rects, rect, *rooms]
        if c.tile.is_spinner:  # every new end goes straight; they must not meet
            for e in c.ends:
                room = e.region(n(e))
                if any(_overlap(r, b) for r in room for b in blockers):
                    return None
                blockers += room
            return c.ends
        new = c.ends[0]
        if self._spinner is None:  # straight routes only, and keep the shadows clear
            shadows = [s for e in others for s in e.shadow(n(e))]
            room = new.region(n(new))
            clear = not any(_overlap(r, s) for r in (rect, *room) for s in shadows) and not any(
                _overlap(r, b) for r in (*room, *new.shadow(n(new))) for b in blockers
            )
            return c.ends if clear else None
        routes = self._routes(new) + ([inherited] if inherited is not None else [])
        for route in routes:
            routed = replace(new, route=route)
            if not any(_overlap(r, b) for r in routed.region(n(new)) for b in blockers):
                return (routed,)
        return None

    def _routes(self, end: _End) -> list[_Route]:
        """Routes worth reserving for a new end, best first: the way the arm will most
        likely go (straight to the table edge, then turn clockwise, else anticlockwise),
        straight on, then turning earlier."""
        x, y, d = end.x, end.y, end.d
        room = (self._hw - x * d[0]) if d[0] else (self._hh - y * d[1])
        k = math.floor(room - 2.0 + _EPS)
        turns = (_cw(d), _ccw(d))
        routes = [_Route(k, q) for q in turns] if k >= 0 else []
        routes.append(_Route())
        routes += [_Route(j, q) for j in range(min(k, 40) - 1, -1, -1) for q in turns]
        return routes

    def _fits(self, r: Rect) -> bool:
        return (
            r[0] >= -self._hw - _EPS
            and r[2] <= self._hw + _EPS
            and r[1] >= -self._hh - _EPS
            and r[3] <= self._hh + _EPS
        )

    def _grow_to(self, r: Rect) -> None:
        """Scale the table about its centre, keeping its aspect, until ``r`` fits."""
        scale = max(1.0, -r[0] / self._hw, r[2] / self._hw, -r[1] / self._hh, r[3] / self._hh)
        self._hw *= scale
        self._hh *= scale

    def _commit(self, geo: TileGeometry, ends: tuple[_End, ...], used: _End | None) -> None:
        self._tiles.append(geo)
        self._rects.append(geo.rect())
        self._placed[geo.tile] = geo
        self._unplaced.discard(geo.tile)
        if geo.is_spinner:
            self._spinner = geo.tile
        if used is not None:
            del self._ends[used.point]
        for e in ends:
            self._ends[e.point] = e
        spinner = self._spinner
        if spinner and not any(f"{spinner}:{s}" in self._ends for s in _LINE_SIDES):
            for s in ("branch_a", "branch_b"):
                key = f"{spinner}:{s}"
                if key in self._ends and not self._ends[key].available:
                    self._ends[key] = replace(self._ends[key], available=True)


def layout_geometry(
    placements: Sequence[tuple[str, str | None]],
    aspect: float = 16 / 10,
    *,
    table_area: float = TABLE_AREA,
) -> Geometry:
    """The geometry of a table after ``placements`` (in play order; the first opens).

    Raises :class:`ValueError`, naming the tile and the point, for an unknown or repeated
    tile, an anchor not on the table, a side that is not free, or numbers that do not match.

    >>> layout_geometry([]).points["open"]
    PointGeometry(point='open', x=0.0, y=0.0, angle=0)
    >>> layout_geometry([("3-6", None)], aspect=0.6).tiles[0]  # portrait: the line runs down
    TileGeometry(tile='3-6', x=0.0, y=0.0, angle=90, first=3, is_spinner=False)
    """
    builder = GeometryBuilder(aspect, table_area=table_area)
    for tile, at in placements:
        builder.add(tile, at)
    return builder.geometry()
