"""The table as the page draws it: the geometry of every tile and attach point (laid out for
the drawing area's shape), the counted ends with their positions, and the open points'
values. :class:`TableCache` keeps one round's geometry between snapshots and adds only the
new tiles; :func:`round_story` lays out every position of a recorded round for the replay
viewer."""

from __future__ import annotations

from collections.abc import Sequence

from ..engine.layout import Layout
from ..engine.moves import Move
from ..engine.round import Round
from .event_json import EventJSON
from .geometry import Geometry, GeometryBuilder
from .protocol import point_of, tile_of
from .replies import StoryRound, StoryTurn, Table, TableEnd, TablePoint


def _add(builder: GeometryBuilder, move: Move) -> None:
    builder.add(str(move.tile), point_of(move))


def geometry_of(layout: Layout, aspect: float) -> GeometryBuilder:
    builder = GeometryBuilder(aspect)
    for move in layout.moves:
        _add(builder, move)
    return builder


def table_json(layout: Layout, builder: GeometryBuilder) -> Table:
    """The table for the page: tiles, points (with their values), counted ends, sum."""
    geometry = builder.geometry()
    values = {str(p): p.value for p in layout.open_points()}
    points: list[TablePoint] = [
        {"point": p.point, "x": p.x, "y": p.y, "angle": p.angle, "value": values.get(p.point)}
        for p in geometry.points.values()
    ]
    return {
        "tiles": [t.as_json() for t in geometry.tiles],
        "points": points,
        "bounds": list(geometry.bounds),
        "table": list(geometry.table),
        "initial_table": list(geometry.initial_table),
        "ends": _ends(layout, geometry),
        "sum": layout.ends_sum,
        "spinner": str(layout.spinner) if layout.spinner else None,
        "last_tile": str(layout.moves[-1].tile) if layout.moves else None,
    }


def _ends(layout: Layout, geometry: Geometry) -> list[TableEnd]:
    """The counted ends, each where the page writes its number."""
    points = geometry.points
    placed = {t.tile: t for t in geometry.tiles}
    ends: list[TableEnd] = []
    for end in layout.scoring_ends():
        tile = str(end.tile)
        if end.side:
            where = points.get(f"{tile}:{end.side}")
        else:  # a terminal double: its number sits at a free in-line side, beside the tile
            where = points.get(f"{tile}:line_b") or points.get(f"{tile}:line_a")
        x, y = (where.x, where.y) if where else (placed[tile].x, placed[tile].y)
        ends.append(
            {"tile": tile, "side": end.side and str(end.side), "value": end.value, "x": x, "y": y}
        )
    return ends


class TableCache:
    """The current round's geometry, kept between snapshots: a new placement adds one tile
    instead of laying the whole table out again (a new round or shape starts afresh)."""

    def __init__(self) -> None:
        self._builder: GeometryBuilder | None = None
        self._key: tuple[int, float] = (0, 0.0)

    def clear(self) -> None:
        self._builder = None

    def table(self, rnd: Round, aspect: float) -> Table:
        layout = rnd.layout
        key = (id(rnd), aspect)
        builder = self._builder
        if builder is None or key != self._key or len(builder.tiles) > len(layout):
            builder = GeometryBuilder(aspect)
            self._key = key
        for move in layout.moves[len(builder.tiles) :]:
            _add(builder, move)
        self._builder = builder
        return table_json(layout, builder)


def round_story(rnd: Round, aspect: float, events: Sequence[EventJSON]) -> StoryRound:
    """A finished or recorded round for the replay viewer: every position's table, hands and
    team scores (position ``k`` is after the round's first ``k`` turns; the last position of a
    settled round shows the scores after the settlement). ``events`` are the round's encoded
    events, which carry the scores."""
    builder = GeometryBuilder(aspect)
    layout = Layout()
    hands = [list(hand) for hand in rnd.deal]
    turn_events = [e for e in events if e["type"] in ("placed", "passed")]
    ends = [e for e in events if e["type"] in ("round_settled", "game_won")]
    tables: list[Table] = []
    hands_at = [[[str(t) for t in hand] for hand in hands]]
    scores = [list(events[0]["scores"]) if events else [0, 0]]
    turns: list[StoryTurn] = []
    for turn, event in zip(rnd.turns, turn_events, strict=True):
        move = turn.move
        if move.tile is not None:
            layout.place(move)
            _add(builder, move)
            hands[turn.seat].remove(move.tile)
        tables.append(table_json(layout, builder))
        hands_at.append([[str(t) for t in hand] for hand in hands])
        scores.append(list(event["scores"]))
        turns.append(
            {"seat": turn.seat, "move": str(move), "tile": tile_of(move), "points": turn.points}
        )
    if ends:
        scores[-1] = list(ends[-1]["scores"])
    return {
        "deal": [[str(t) for t in hand] for hand in rnd.deal],
        "opener": rnd.opener,
        "turns": turns,
        "tables": tables,
        "hands": hands_at,
        "scores": scores,
        "end": rnd.end and str(rnd.end),
    }
