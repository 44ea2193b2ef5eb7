"""Tests for :mod:`seven_rocks.app.geometry`: where each domino of the table is drawn.

The properties are checked on random *legal* tables made by the engine
(:func:`seven_rocks.engine.layout.random_layout`), whose open points are also an independent check
of the geometry's own bookkeeping of free ends.
"""

from __future__ import annotations

import json
import random
import statistics
from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from seven_rocks.app.geometry import (
    GROWTH,
    TABLE_AREA,
    Geometry,
    GeometryBuilder,
    PointGeometry,
    TileGeometry,
    layout_geometry,
)
from seven_rocks.engine.layout import placements_of, random_layout

Placements = list[tuple[str, str | None]]
Rect = tuple[float, float, float, float]

ASPECTS = (0.5, 0.6, 0.75, 1.0, 1.6, 2.0)
TOL = 1e-6
#: A table no random game outgrows: its layout never has to be redone.
HUGE_AREA = 40_000.0


# --------------------------------------------------------------------------- generator
def random_legal_placements(rng: random.Random, max_tiles: int = 28) -> tuple[Placements, set[str]]:
    """A random legal table from the engine, and the attach points it says are free."""
    layout = random_layout(rng, max_tiles)
    return placements_of(layout), {str(p) for p in layout.open_points()}


# --------------------------------------------------------------------------- checks
def overlap(a: Rect, b: Rect) -> bool:
    """Positive-area intersection, with a small tolerance so touching edges are fine."""
    return a[0] < b[2] - TOL and b[0] < a[2] - TOL and a[1] < b[3] - TOL and b[1] < a[3] - TOL


def inside(r: Rect, box: Rect) -> bool:
    return (
        r[0] >= box[0] - TOL
        and r[1] >= box[1] - TOL
        and r[2] <= box[2] + TOL
        and r[3] <= box[3] + TOL
    )


def number_of(point: str) -> int:
    tile, side = point.split(":")
    a, b = map(int, tile.split("-"))
    return b if side == "high" else a


def check_join(anchor: TileGeometry, side: str, placed: TileGeometry, shown: int) -> None:
    """The placed tile's joining half sits one unit beyond the anchor's attach point, in
    the direction the anchor's line continues; a placed double lies crosswise to that."""
    ax, ay = anchor.x, anchor.y
    along = (1.0, 0.0) if anchor.angle == 0 else (0.0, 1.0)  # the anchor's long axis
    across = (along[1], along[0])
    if side in ("low", "high"):
        (h1x, h1y, n1), (h2x, h2y, _) = anchor.halves()
        hx, hy, ox, oy = (h1x, h1y, h2x, h2y) if n1 == shown else (h2x, h2y, h1x, h1y)
        expected = [(2 * hx - ox, 2 * hy - oy)]  # beyond the free half, along the anchor
        contact = (hx, hy)
    elif side.startswith("line"):  # beyond a long edge of the crosswise double
        expected = [(ax + s * across[0], ay + s * across[1]) for s in (-1, 1)]
        contact = (ax, ay)
    else:  # a branch: beyond a short edge of the spinner
        expected = [(ax + s * 1.5 * along[0], ay + s * 1.5 * along[1]) for s in (-1, 1)]
        contact = (ax, ay)
    if placed.first == placed.halves()[1][2]:  # a double joins with its middle
        joint = (placed.x, placed.y)
    else:
        joint = next((x, y) for x, y, n in placed.halves() if n == shown)
    assert any(abs(joint[0] - x) + abs(joint[1] - y) < TOL for x, y in expected), (
        anchor,
        side,
        placed,
    )
    direction = (joint[0] - contact[0], joint[1] - contact[1])
    if placed.first == placed.halves()[1][2]:
        long_axis = (1.0, 0.0) if placed.angle == 0 else (0.0, 1.0)
        assert abs(long_axis[0] * direction[0] + long_axis[1] * direction[1]) < TOL, placed


def check_layout(placements: Sequence[tuple[str, str | None]], geometry: Geometry) -> None:
    """Everything the renderer relies on, for one table."""
    tiles = {t.tile: t for t in geometry.tiles}
    assert [t.tile for t in geometry.tiles] == [tile for tile, _ in placements]
    rects = [t.rect() for t in geometry.tiles]
    markers = [p.rect() for p in geometry.points.values()]
    for i, r in enumerate(rects):
        assert all(not overlap(r, other) for other in rects[:i]), geometry.tiles[i]
        assert all(not overlap(r, m) for m in markers), geometry.tiles[i]
        assert inside(r, geometry.bounds)
    for i, m in enumerate(markers):
        assert all(not overlap(m, other) for other in markers[:i])
        assert inside(m, geometry.bounds)
    assert inside(geometry.bounds, geometry.table)
    doubles = [t for t in geometry.tiles if t.first == t.halves()[1][2]]
    assert [t.tile for t in geometry.tiles if t.is_spinner] == [t.tile for t in doubles[:1]]
    for tile, at in placements[1:]:
        assert at is not None
        anchor, side = at.split(":")
        check_join(tiles[anchor], side, tiles[tile], number_of(at))
    for p in geometry.points.values():
        assert p.angle in (0, 90, 180, 270)


def tiles_on_table(geometry: Geometry) -> bool:
    return all(inside(t.rect(), geometry.initial_table) for t in geometry.tiles)


# --------------------------------------------------------------------------- properties
@settings(max_examples=300, deadline=None)
@given(rng=st.randoms(use_true_random=False), aspect=st.sampled_from(ASPECTS))
def test_random_layouts_never_overlap_and_join_correctly(rng: random.Random, aspect: float) -> None:
    placements, free = random_legal_placements(rng)
    geometry = layout_geometry(placements, aspect)
    check_layout(placements, geometry)
    assert set(geometry.points) == free


@settings(max_examples=150, deadline=None)
@given(
    rng=st.randoms(use_true_random=False),
    aspect=st.sampled_from(ASPECTS),
    cut=st.floats(0.0, 1.0),
)
def test_on_one_table_a_prefix_is_laid_out_exactly_as_in_the_longer_game(
    rng: random.Random, aspect: float, cut: float
) -> None:
    # A table big enough never to grow: every tile's place depends only on the tiles before.
    placements, _ = random_legal_placements(rng)
    full = layout_geometry(placements, aspect, table_area=HUGE_AREA)
    assert full.table == full.initial_table
    k = round(cut * len(placements))
    assert layout_geometry(placements[:k], aspect, table_area=HUGE_AREA).tiles == full.tiles[:k]


@settings(max_examples=150, deadline=None)
@given(rng=st.randoms(use_true_random=False), aspect=st.sampled_from(ASPECTS))
def test_placed_tiles_move_only_when_the_table_grows(rng: random.Random, aspect: float) -> None:
    placements, _ = random_legal_placements(rng)
    builder = GeometryBuilder(aspect)
    before: tuple[TileGeometry, ...] = ()
    table = builder.table
    for tile, at in placements:
        placed = builder.add(tile, at)
        assert builder.tiles[-1] == placed
        grew = builder.table != table
        if not grew:
            assert builder.tiles[:-1] == before
        else:  # it grows about its centre, keeping its shape
            assert builder.table[2] > table[2] and builder.table[3] > table[3]
            assert builder.table[2] / builder.table[3] == pytest.approx(table[2] / table[3])
        before, table = builder.tiles, builder.table
    assert builder.geometry() == layout_geometry(placements, aspect)


@settings(max_examples=60, deadline=None)
@given(rng=st.randoms(use_true_random=False), aspect=st.sampled_from(ASPECTS))
def test_the_table_is_no_bigger_than_the_tiles_on_it_need(
    rng: random.Random, aspect: float
) -> None:
    # Started one growth step smaller, the same placements end on the very same table: the
    # smaller one could not hold them (nothing is kept for tiles that never came).
    placements, _ = random_legal_placements(rng, max_tiles=rng.randint(1, 28))
    geometry = layout_geometry(placements, aspect)
    if geometry.table == geometry.initial_table:
        return
    x0, y0, x1, y1 = geometry.table
    smaller = (x1 - x0) * (y1 - y0) / GROWTH**2
    again = layout_geometry(placements, aspect, table_area=smaller)
    assert again.table == pytest.approx(geometry.table)
    assert again.tiles == geometry.tiles


@settings(max_examples=100, deadline=None)
@given(
    rng=st.randoms(use_true_random=False),
    aspect=st.sampled_from((0.3, 0.5, 1.0, 2.0, 3.0)),
    area=st.sampled_from((1.0, 20.0, 80.0, 200.0)),
)
def test_cramped_tables_grow_instead_of_overlapping(
    rng: random.Random, aspect: float, area: float
) -> None:
    placements, _ = random_legal_placements(rng)
    geometry = layout_geometry(placements, aspect, table_area=area)
    check_layout(placements, geometry)


# The short side of the view a full (28-tile) random table needs, in tile units, measured
# over these 100 games: medians 11 (aspect 2) to 16 (square), worst cases 18.25 to 36.5.
# Every arm leaving the spinner straight, with no end beside another, costs the worst cases
# about a fifth (a spinner wound in by the arms around it makes its table grow) and the
# medians a quarter of a unit; the table that kept room for every unplayed tile needed
# about a sixth more.  The bounds leave a little slack for tuning.
SPAN_BOUNDS = {0.5: (12, 19), 0.6: (13, 23), 1.0: (17, 37), 1.6: (13, 23), 2.0: (12, 19)}


@pytest.mark.parametrize("aspect", sorted(SPAN_BOUNDS))
def test_full_tables_are_drawn_large(aspect: float) -> None:
    rng = random.Random(20240611)
    games: list[Placements] = []
    while len(games) < 100:
        placements, _ = random_legal_placements(rng)
        if len(placements) == 28:
            games.append(placements)
    spans = []
    for game in games:
        geometry = layout_geometry(game, aspect)
        check_layout(game, geometry)
        x0, y0, x1, y1 = geometry.bounds
        w, h = x1 - x0, y1 - y0
        spans.append(max(w, h * aspect) if aspect < 1 else max(h, w / aspect))
    median, worst = SPAN_BOUNDS[aspect]
    assert statistics.median(spans) <= median
    assert max(spans) <= worst


# --------------------------------------------------------------------------- hand-worked
@pytest.mark.parametrize(
    ("aspect", "placements", "tiles", "points"),
    [
        pytest.param(
            1.6,
            [("1-4", None)],
            [TileGeometry("1-4", 0.0, 0.0, 0, 1)],
            [PointGeometry("1-4:high", 1.5, 0.0, 0), PointGeometry("1-4:low", -1.5, 0.0, 180)],
            id="opening-at-the-centre",
        ),
        pytest.param(
            0.6,
            [("1-4", None)],
            [TileGeometry("1-4", 0.0, 0.0, 90, 1)],
            [PointGeometry("1-4:high", 0.0, 1.5, 90), PointGeometry("1-4:low", 0.0, -1.5, 270)],
            id="portrait-opening-runs-down",
        ),
        pytest.param(
            1.6,
            [
                ("5-5", None),
                ("0-5", "5-5:line_a"),
                ("2-5", "5-5:line_b"),
                ("3-5", "5-5:branch_a"),
                ("1-5", "5-5:branch_b"),
            ],
            [
                TileGeometry("5-5", 0.0, 0.0, 90, 5, is_spinner=True),
                TileGeometry("0-5", -1.5, 0.0, 0, 0),
                TileGeometry("2-5", 1.5, 0.0, 0, 5),
                TileGeometry("3-5", 0.0, -2.0, 90, 3),
                TileGeometry("1-5", 0.0, 2.0, 90, 5),
            ],
            [
                PointGeometry("0-5:low", -3.0, 0.0, 180),
                PointGeometry("1-5:low", 0.0, 3.5, 90),
                PointGeometry("2-5:low", 3.0, 0.0, 0),
                PointGeometry("3-5:low", 0.0, -3.5, 270),
            ],
            id="spinner-four-arms",
        ),
        pytest.param(
            1.6,
            [("1-4", None), ("4-4", "1-4:high"), ("4-6", "4-4:line_b"), ("6-6", "4-6:high")],
            [
                TileGeometry("1-4", 0.0, 0.0, 0, 1),
                TileGeometry("4-4", 1.5, 0.0, 90, 4, is_spinner=True),
                TileGeometry("4-6", 3.0, 0.0, 0, 4),
                TileGeometry("6-6", 4.5, 0.0, 90, 6),
            ],
            [
                PointGeometry("1-4:low", -1.5, 0.0, 180),
                PointGeometry("4-4:branch_a", 1.5, -1.5, 270),  # its line sides are both taken
                PointGeometry("4-4:branch_b", 1.5, 1.5, 90),
                PointGeometry("6-6:line_b", 5.5, 0.0, 0),
            ],
            id="doubles-lie-crosswise",
        ),
        pytest.param(
            0.6,
            [("1-4", None), ("4-4", "1-4:high")],
            [TileGeometry("1-4", 0.0, 0.0, 90, 1), TileGeometry("4-4", 0.0, 1.5, 0, 4, True)],
            [PointGeometry("1-4:low", 0.0, -1.5, 270), PointGeometry("4-4:line_b", 0.0, 2.5, 90)],
            id="portrait-double-crosswise",
        ),
    ],
)
def test_hand_worked_layouts(
    aspect: float,
    placements: Placements,
    tiles: list[TileGeometry],
    points: list[PointGeometry],
) -> None:
    geometry = layout_geometry(placements, aspect)
    assert list(geometry.tiles) == tiles
    assert list(geometry.points.values()) == points
    check_layout(placements, geometry)


def test_the_empty_table_has_one_point_at_its_centre() -> None:
    geometry = layout_geometry([])
    assert geometry.tiles == ()
    assert dict(geometry.points) == {"open": PointGeometry("open", 0.0, 0.0, 0)}
    assert geometry.bounds == (-0.5, -0.5, 0.5, 0.5)


def test_an_arm_turns_clockwise_at_the_table_edge() -> None:
    # A 12 x 12 table: the edge is 6 from the centre.  1-2 ends at x = 3 with its free end
    # pointing right; going straight, 2-3 would leave too little room (a double and a turn
    # need 2 more units after its end at x = 5), so 2-3 is laid vertically at the corner,
    # its 2 against 1-2, and the arm goes on downwards (clockwise).
    placements: Placements = [("0-1", None), ("1-2", "0-1:high"), ("2-3", "1-2:high")]
    geometry = layout_geometry(placements, aspect=1.0, table_area=144.0)
    assert geometry.tiles[1] == TileGeometry("1-2", 2.0, 0.0, 0, 1)
    assert geometry.tiles[2] == TileGeometry("2-3", 3.5, 0.5, 90, 2)
    assert geometry.points["2-3:high"] == PointGeometry("2-3:high", 3.5, 2.0, 90)
    assert geometry.table == geometry.initial_table == (-6.0, -6.0, 6.0, 6.0)
    check_layout(placements, geometry)


def test_a_blocked_turn_grows_the_table_and_the_arm_runs_straight() -> None:
    # The same arm on a table too short to turn down: the table grows (keeping its aspect)
    # until the arm fits, here straight on.
    placements: Placements = [("0-1", None), ("1-2", "0-1:high"), ("2-3", "1-2:high")]
    geometry = layout_geometry(placements, aspect=4.0, table_area=36.0)  # 12 x 3
    assert geometry.tiles[2] == TileGeometry("2-3", 4.0, 0.0, 0, 2)
    assert geometry.table[2] > geometry.initial_table[2] == 6.0
    assert geometry.table[2] / geometry.table[3] == pytest.approx(4.0)
    check_layout(placements, geometry)


def test_as_dict_is_plain_json() -> None:
    placements, _ = random_legal_placements(random.Random(7))
    geometry = layout_geometry(placements)
    data = json.loads(json.dumps(geometry.as_dict()))
    assert data == geometry.as_dict()
    assert data["tiles"][0] == {
        "tile": placements[0][0],
        "x": 0.0,
        "y": 0.0,
        "angle": geometry.tiles[0].angle,
        "first": geometry.tiles[0].first,
        "is_spinner": geometry.tiles[0].is_spinner,
    }
    assert {p["point"] for p in data["points"]} == set(geometry.points)
    assert len(data["bounds"]) == len(data["table"]) == len(data["initial_table"]) == 4


def test_the_default_table_has_the_requested_shape() -> None:
    x0, y0, x1, y1 = GeometryBuilder(0.6).initial_table
    assert (x1 - x0) / (y1 - y0) == pytest.approx(0.6)
    assert (x1 - x0) * (y1 - y0) == pytest.approx(TABLE_AREA)


# --------------------------------------------------------------------------- validation
OPEN_14: Placements = [("1-4", None)]
SPINNER_44: Placements = [("1-4", None), ("4-4", "1-4:high")]


@pytest.mark.parametrize(
    ("placements", "words"),
    [
        pytest.param([("1-7", None)], ["1-7", "open", "no tile 1-7"], id="unknown-tile"),
        pytest.param([("1-4", "1-1:line_a")], ["1-4", "1-1:line_a", "must open"], id="no-opening"),
        pytest.param([("1-4", "0-0:low")], ["1-4", "0-0:low", "no side low"], id="bad-side"),
        pytest.param([*OPEN_14, ("2-3", None)], ["2-3", "open", "not empty"], id="two-openers"),
        pytest.param([*OPEN_14, ("1-4", "1-4:high")], ["1-4", "1-4:high", "itself"], id="twice"),
        pytest.param(
            [*OPEN_14, ("4-5", "1-4:high"), ("1-5", "4-5:high"), ("1-5", "1-4:low")],
            ["1-5", "1-4:low", "already on the table"],
            id="again",
        ),
        pytest.param(
            [*OPEN_14, ("4-5", "4-4:line_b")],
            ["4-5", "4-4:line_b", "not on the table"],
            id="anchor",
        ),
        pytest.param(
            [*OPEN_14, ("4-5", "1-4:line_a")], ["4-5", "1-4:line_a", "no side"], id="side"
        ),
        pytest.param([*OPEN_14, ("4-5", "1-4")], ["4-5", "1-4", "attach point"], id="no-side"),
        pytest.param(
            [*SPINNER_44, ("4-5", "4-4:line_a")], ["4-5", "4-4:line_a", "not open"], id="joined"
        ),
        pytest.param(
            [*OPEN_14, ("4-5", "1-4:high"), ("4-6", "1-4:high")],
            ["4-6", "1-4:high", "not open"],
            id="used-side",
        ),
        pytest.param(
            [*SPINNER_44, ("4-5", "4-4:branch_a")],
            ["4-5", "4-4:branch_a", "not open"],
            id="branch-too-early",
        ),
        pytest.param(
            [("1-1", None), ("1-4", "1-1:line_a"), ("4-4", "1-4:high"), ("4-5", "4-4:branch_a")],
            ["4-5", "4-4:branch_a", "not open"],
            id="later-doubles-never-branch",
        ),
        pytest.param(
            [*OPEN_14, ("2-3", "1-4:high")], ["2-3", "1-4:high", "needs a 4"], id="number"
        ),
        pytest.param(
            [*OPEN_14, ("1-1", "1-4:high")], ["1-1", "1-4:high", "needs a 4"], id="double"
        ),
        pytest.param([*OPEN_14, ("pass", None)], ["pass places no tile"], id="pass"),
    ],
)
def test_illegal_placements_are_refused_by_name(placements: Placements, words: list[str]) -> None:
    with pytest.raises(ValueError, match="cannot") as error:
        layout_geometry(placements)
    for word in words:
        assert word in str(error.value)


@pytest.mark.parametrize("aspect", [0.0, -1.0, float("nan"), float("inf")])
def test_a_table_needs_a_positive_aspect(aspect: float) -> None:
    with pytest.raises(ValueError, match="aspect"):
        GeometryBuilder(aspect)


def test_a_tile_written_high_half_first_is_the_same_tile() -> None:
    assert layout_geometry([("4-1", None)]) == layout_geometry([("1-4", None)])


def test_a_refused_placement_leaves_the_builder_unchanged() -> None:
    builder = GeometryBuilder()
    builder.add("1-4", None)
    before = builder.geometry()
    with pytest.raises(ValueError, match="2-3"):
        builder.add("2-3", "1-4:high")
    assert builder.geometry() == before
