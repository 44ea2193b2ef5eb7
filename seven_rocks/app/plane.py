"""The virtual table's plane: rectangles and quarter turns, for :mod:`.geometry`.

Units are the geometry's (a tile is 2 x 1), ``y`` grows down (SVG).  A direction is a unit
step along an axis; working in (along, across) terms of a direction lets one piece of code
lay a line out in all four directions.  Standard library only (it runs under Pyodide).
"""

from __future__ import annotations

import math
from collections.abc import Iterable

__all__ = ["EPS", "Rect", "Vec", "ccw", "cell", "cw", "frame", "gap", "overlap", "union"]

Rect = tuple[float, float, float, float]
"""An axis-aligned rectangle ``(min_x, min_y, max_x, max_y)``."""
Vec = tuple[int, int]
"""A direction: ``(1, 0)`` east, ``(0, 1)`` south."""

#: Below this, two edges meet: rounding never makes touching tiles overlap.
EPS = 1e-9


def cw(d: Vec) -> Vec:
    """The direction a quarter turn clockwise on screen (y down): east -> south."""
    return (-d[1], d[0])


def ccw(d: Vec) -> Vec:
    """The direction a quarter turn anticlockwise on screen: east -> north."""
    return (d[1], -d[0])


def frame(cx: float, cy: float, d: Vec, a0: float, a1: float, p0: float, p1: float) -> Rect:
    """The rectangle spanning ``a0..a1`` along ``d`` and ``p0..p1`` to its clockwise side,
    measured from ``(cx, cy)``."""
    px, py = cw(d)
    xs = [cx + a * d[0] + p * px for a in (a0, a1) for p in (p0, p1)]
    ys = [cy + a * d[1] + p * py for a in (a0, a1) for p in (p0, p1)]
    return (min(xs), min(ys), max(xs), max(ys))


def overlap(a: Rect, b: Rect) -> bool:
    """Whether two rectangles share positive area (touching edges do not count)."""
    return a[0] < b[2] - EPS and b[0] < a[2] - EPS and a[1] < b[3] - EPS and b[1] < a[3] - EPS


def gap(a: Rect, b: Rect) -> float:
    """The shortest distance between two rectangles (0 when they touch or overlap)."""
    dx = max(a[0] - b[2], b[0] - a[2], 0.0)
    dy = max(a[1] - b[3], b[1] - a[3], 0.0)
    return math.hypot(dx, dy)


def union(rects: Iterable[Rect]) -> Rect:
    """The smallest rectangle holding all of ``rects``."""
    x0, y0, x1, y1 = zip(*rects, strict=True)
    return (min(x0), min(y0), max(x1), max(y1))


def cell(x: float, y: float) -> Rect:
    """The unit square centred on ``(x, y)``: a free end's marker, the cell a tile's half takes."""
    return (x - 0.5, y - 0.5, x + 0.5, y + 0.5)
