"""The rules kernel: what a placement does to the table, written once, as tables.

Everything that plays, checks or searches a round (:class:`~seven_rocks.engine.round.Round`,
:class:`~seven_rocks.engine.layout.Layout`, :class:`~seven_rocks.engine.view.PlayerView`,
the bots' simulator and heuristics, deal inference) asks this module three questions and
derives nothing on its own:

* **Which placements are legal?**  :data:`PLACEMENTS` ``[point][hand & P_SUIT[point]]``
  lists the moves a hand can make on one open point; :func:`legal_moves` /
  :func:`legal_indices` walk the open points.  A player with any placement must make one;
  only a player with none passes (:func:`legal_moves` answers ``[PASS]`` then).
* **What does a placement do to the table?**  The table's rules state is three things:
  the open attach points (indices into ``ALL_POINTS``), the sum of the scoring ends, and
  the *spinner state* ``spin`` (which double is the spinner and how many of its in-line
  sides are taken, see :func:`spin_of`).  :data:`OPENS`, :data:`DELTA` and
  :data:`NEXT_SPIN` (indexed ``[spin][move.index]``) give the points a placement makes
  available, the change of the ends' sum and the next spinner state; :class:`Ends`
  applies them.  They are built at import from the rule book written as functions:
  :func:`_opening`, :func:`_on_point` and :func:`_next_spin` (attach points and the
  spinner) and :func:`scoring_ends` (which ends count, and for how much).  A placement's
  change of the sum is *measured* with :func:`scoring_ends`, never written by hand, so
  the incremental sum cannot disagree with the from-scratch one.
* **What does a sum score?**  :data:`POINTS` ``[ends_sum]`` is
  :func:`~seven_rocks.engine.scoring.placement_points` as a table: hot loops index it.
* **What does a move end?**  :func:`ending`: only the turn, the round (:attr:`End.DOMINO`,
  :attr:`End.BLOCKED`) or the game (:attr:`End.TARGET`).

Tables indexed by plain ints are what let the search bots make a few hundred thousand
placements a second in pure Python; the ``Move``/``Point`` objects stay the public face.

>>> table = Ends()
>>> [table.place_index(Move.parse(m).index) for m in ("1-4", "1-1@1-4:low", "4-4@1-4:high")]
[5, 6, 10]
>>> [str(ALL_POINTS[p]) for p in table.open], str(spinner_of(table.spin)), branches_open(table.spin)
(['1-1:line_b', '4-4:line_b'], '1-1', False)
>>> table.sum_after(Move.parse("1-2@1-1:line_b").index)  # spinner internal: 8 + 2
10
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from enum import StrEnum
from typing import Final, NamedTuple, cast

from .moves import ALL_MOVES, ALL_POINTS, OPENING_MOVES, PASS, Move, Point, Side
from .scoring import MAX_ENDS_SUM, placement_points, round_to_five
from .tiles import ALL_TILES, DOUBLES, SUIT_MASKS, Tile, tiles_of

# ------------------------------------------------------------------- points, moves
#: Per point index: the number a tile must show to attach there, and the bit set of
#: the seven tiles showing it (a hand's candidates are ``hand & P_SUIT[point]``).
P_VALUE: Final[list[int]] = [p.value for p in ALL_POINTS]
P_SUIT: Final[list[int]] = [SUIT_MASKS[p.value] for p in ALL_POINTS]

_N_MOVES: Final = len(ALL_MOVES)
#: Per move index: the placed tile's index and bit (-1 / 0 for the pass), the point it
#: attaches to (-1 for openings and the pass), its pips and whether it is a double.
M_TILE: Final[list[int]] = [m.tile.index if m.tile else -1 for m in ALL_MOVES]
M_MASK: Final[list[int]] = [m.tile.mask if m.tile else 0 for m in ALL_MOVES]
M_AT: Final[list[int]] = [m.at.index if m.at else -1 for m in ALL_MOVES]
M_PIPS: Final[list[int]] = [m.tile.pips if m.tile else 0 for m in ALL_MOVES]
M_DOUBLE: Final[list[bool]] = [bool(m.tile and m.tile.is_double) for m in ALL_MOVES]
#: ``OPENING_INDEX[tile.index]``: the move index of opening with that tile.
OPENING_INDEX: Final[list[int]] = [m.index for m in OPENING_MOVES]


def _placements() -> list[dict[int, tuple[Move, ...]]]:
    """``table[point][hand & P_SUIT[point]]`` → the placements of those tiles on that point.

    A point's candidates are the (at most six) other tiles showing its number, so every
    subset fits in 128 entries per point and finding the moves on a point is one lookup.
    The anchor tile itself is in the suit mask but never in a hand (it is on the table);
    its entries repeat the ones without it so the lookup needs no extra masking.

    Built by doubling, a tile at a time in index order (each subset's moves are the
    smaller subset's and the new tile's, so they stay in tile order): one tuple per entry
    instead of a walk over every subset's bits, which matters at a page's first start.
    """
    table: list[dict[int, tuple[Move, ...]]] = []
    for point in ALL_POINTS:
        anchor = point.tile.mask
        entry: dict[int, tuple[Move, ...]] = {0: (), anchor: ()}
        for tile in tiles_of(SUIT_MASKS[point.value] & ~anchor):
            move = Move(tile, point)
            for sub, moves in list(entry.items()):
                entry[sub | tile.mask] = (*moves, move)
        table.append(entry)
    return table


#: The move table: ``PLACEMENTS[point][hand & P_SUIT[point]]`` → moves, in tile order.
PLACEMENTS: Final = _placements()
#: The same table as move indices, for the simulator (one table, two spellings).
PLACEMENT_INDICES: Final[list[dict[int, tuple[int, ...]]]] = [
    {sub: tuple(m.index for m in moves) for sub, moves in entry.items()} for entry in PLACEMENTS
]


def legal_moves(opened: Sequence[int], hand: int) -> list[Move]:
    """The moves a hand (bit set) may make on a table whose open points are ``opened``.

    An empty table takes any tile as the opening.  Otherwise every placement of a held
    tile on an open point, in open-point order then tile order; a hand with none must
    pass, so the answer is then ``[PASS]`` (never empty while the hand holds tiles).
    """
    if not opened:
        return [OPENING_MOVES[t.index] for t in tiles_of(hand)]
    moves: list[Move] = []
    for p in opened:
        held = hand & P_SUIT[p]
        if held:  # most open points match no held tile: skip the table lookup
            moves += PLACEMENTS[p][held]
    return moves or [PASS]


def legal_indices(opened: list[int], hand: int) -> list[int]:
    """:func:`legal_moves` as move indices; empty means the hand must pass."""
    if not opened:
        return [OPENING_INDEX[t.index] for t in tiles_of(hand)]
    out: list[int] = []
    for p in opened:
        found = PLACEMENT_INDICES[p][hand & P_SUIT[p]]
        if found:
            out.extend(found)
    return out


def can_place(opened: Iterable[int], hand: int) -> bool:
    """Whether a hand holds any legal placement (if not, and only then, it passes)."""
    empty = True
    for p in opened:
        if hand & P_SUIT[p]:
            return True
        empty = False
    return empty and bool(hand)


# ------------------------------------------------------------------ the spinner
#: The spinner state of a table without a double yet.
NO_SPINNER: Final = 0
#: How many spinner states there are: none, or one of 7 doubles with 0, 1 or 2 of its
#: in-line sides taken.
SPIN_STATES: Final = 1 + 3 * len(DOUBLES)


def spin_of(spinner: Tile | None, lines_taken: int) -> int:
    """The spinner state: which double is the spinner and how many in-line sides are taken.

    >>> spin_of(None, 0), spin_of(Tile(0, 0), 0), spin_of(Tile(6, 6), 2)
    (0, 1, 21)
    """
    return NO_SPINNER if spinner is None else 1 + 3 * spinner.low + lines_taken


def spinner_of(spin: int) -> Tile | None:
    """The spinner of a spinner state (``None`` before the first double)."""
    return None if spin == NO_SPINNER else DOUBLES[(spin - 1) // 3]


def lines_taken(spin: int) -> int:
    """How many of the spinner's in-line sides (``line_a``, ``line_b``) are taken."""
    return 0 if spin == NO_SPINNER else (spin - 1) % 3


def branches_open(spin: int) -> bool:
    """Whether the spinner branches yet: only once both in-line sides are taken."""
    return spin != NO_SPINNER and (spin - 1) % 3 == 2


def _opening(move: Move) -> tuple[tuple[Point, ...], int]:
    """The points an opening frees and the spinner state after it: a non-double frees
    both its sides; a double frees both in-line sides and is the spinner."""
    tile = move.tile
    assert tile is not None
    if tile.is_double:
        return (Point(tile, Side.LINE_A), Point(tile, Side.LINE_B)), spin_of(tile, 0)
    return (Point(tile, Side.LOW), Point(tile, Side.HIGH)), NO_SPINNER


def _on_point(spin: int, at: Point) -> tuple[tuple[Point, ...], int]:
    """What covering the open point ``at`` does besides freeing the new tile's own side
    (a non-double's other half, a double's ``line_b``): the points it opens and the
    next spinner state.  Taking the spinner's second in-line side opens its two
    branches, listed before the new tile's side (the order legal moves come in)."""
    spinner = spinner_of(spin)
    if spinner is not None and at.tile is spinner and not at.is_branch and lines_taken(spin) < 2:
        if lines_taken(spin) == 1:
            return (Point(spinner, Side.BRANCH_A), Point(spinner, Side.BRANCH_B)), spin + 1
        return (), spin + 1
    return (), spin


def _next_spin(spin: int, move: Move, after_point: int) -> int:
    """The first double placed is the spinner, with one in-line side taken (the one it
    joined with); no later double ever branches."""
    tile = move.tile
    if spin == NO_SPINNER and tile is not None and tile.is_double:
        return spin_of(tile, 1)
    return after_point


class ScoringEnd(NamedTuple):
    """One counted contribution: a free half of a non-double (``side`` set) or a whole
    terminal double (``side`` is ``None``, ``value`` is both halves)."""

    tile: Tile
    side: Side | None
    value: int

    def __str__(self) -> str:
        where = f"{self.tile}:{self.side}" if self.side else str(self.tile)
        return f"{where}={self.value}"


def scoring_ends(opened: Iterable[Point], spin: int) -> list[ScoringEnd]:
    """The rule book's scoring ends of a table, in tile order (the opening non-double's
    two ends high first, as the rule book reads them).  Their total is the ends' sum.
    """
    ends = list(_ends(opened, spin))
    ends.sort(key=lambda e: (e.tile.index, e.side is Side.LOW))
    return ends


def _ends(opened: Iterable[Point], spin: int) -> Iterable[ScoringEnd]:
    """The scoring ends, in the order of ``opened``:

    * the free side of a non-double counts its number (zero counts zero);
    * a terminal double counts both halves; the spinner too, once, while at least one of
      its in-line sides is free; an internal spinner and its unused branches count zero.
    """
    spinner = spinner_of(spin)
    spinner_counted = False
    for point in opened:
        tile = point.tile
        if tile is spinner:
            if not point.is_branch and not spinner_counted:
                spinner_counted = True
                yield ScoringEnd(tile, None, 2 * tile.low)
        elif tile.is_double:
            yield ScoringEnd(tile, None, 2 * tile.low)
        else:
            yield ScoringEnd(tile, point.side, point.value)


def _end_table() -> list[list[tuple[int, ScoringEnd] | None]]:
    """``END_TABLE[spin][point]``: what one open point counts, as ``(order, end)``.

    What a point counts depends only on the spinner state (see :func:`_witness`), so each
    entry is :func:`_ends` of that point alone; ``order`` is the place
    :func:`scoring_ends` sorts it into.  The spinner's two in-line sides hold the same
    entry (the same order), so dropping repeated orders counts the spinner once, as
    :func:`_ends` does.
    """
    table = []
    for spin in range(SPIN_STATES):
        row: list[tuple[int, ScoringEnd] | None] = []
        for point in ALL_POINTS:
            ends = list(_ends([point], spin))
            if not ends:
                row.append(None)
                continue
            (end,) = ends
            order = 2 * end.tile.index + (end.side is Side.LOW)
            row.append((order, end))
        table.append(row)
    return table


def table_ends(opened: Iterable[int], spin: int) -> tuple[ScoringEnd, ...]:
    """:func:`scoring_ends` of the open points (indices) from :data:`END_TABLE`: a lookup
    per point and a sort of the two to six ends, for every placement of every game."""
    row = END_TABLE[spin]
    found = [row[p] for p in opened]
    if None in found:  # a spinner's branch, or the in-line sides of an internal spinner
        found = [entry for entry in found if entry is not None]
    pairs = cast("list[tuple[int, ScoringEnd]]", found)
    pairs.sort()
    ends: list[ScoringEnd] = []
    last = -1
    for order, end in pairs:
        if order != last:  # the spinner's second in-line side: counted once
            ends.append(end)
            last = order
    return tuple(ends)


def _sum_of(points: Iterable[Point], spin: int) -> int:
    return sum(e.value for e in _ends(points, spin))


def _witness(spin: int, at: Point) -> list[Point]:
    """The smallest set of open points with ``at`` among them in spinner state ``spin``.

    What a point counts depends on no other point except on the spinner, whose two
    in-line sides count once between them: so what covering ``at`` changes in the ends'
    sum can be measured on ``at`` alone, plus the spinner's other in-line side while
    both are free.
    """
    spinner = spinner_of(spin)
    if spinner is not None and at.tile is spinner and lines_taken(spin) == 0:
        return [at, Point(spinner, Side.LINE_B if at.side is Side.LINE_A else Side.LINE_A)]
    return [at]


def _transition_tables() -> tuple[list[list[int]], list[list[int]], list[list[tuple[int, ...]]]]:
    """Build :data:`DELTA`, :data:`NEXT_SPIN`, :data:`OPENS` from the rule functions above.

    A placement's change of the ends' sum is what the new tile's free side counts, minus
    what covering its point takes away; both are measured with :func:`scoring_ends`
    (before and after, on the witness set), never written out by hand.
    """
    adds = [0] * _N_MOVES
    for move in ALL_MOVES:
        if move.free is not None:  # a double's line_b counts both halves, spinner or not
            adds[move.index] = _sum_of([move.free], NO_SPINNER)
    delta = [[0] * _N_MOVES for _ in range(SPIN_STATES)]
    next_spin = [[spin] * _N_MOVES for spin in range(SPIN_STATES)]
    opens: list[list[tuple[int, ...]]] = [[()] * _N_MOVES for _ in range(SPIN_STATES)]
    for move in OPENING_MOVES:  # only ever on an empty table: no spinner yet
        points, after = _opening(move)
        delta[NO_SPINNER][move.index] = _sum_of(points, after)
        next_spin[NO_SPINNER][move.index] = after
        opens[NO_SPINNER][move.index] = tuple(p.index for p in points)
    for spin in range(SPIN_STATES):
        by_point = []
        for at in ALL_POINTS:
            extra, after = _on_point(spin, at)
            before = _witness(spin, at)
            remaining = [p for p in before if p is not at] + list(extra)
            loss = _sum_of(before, spin) - _sum_of(remaining, after)
            by_point.append((loss, tuple(p.index for p in extra), after))
        d, n, o = delta[spin], next_spin[spin], opens[spin]
        for move in ALL_MOVES:
            if move.at is None or move.free is None:
                continue
            loss, extra_opens, after = by_point[move.at.index]
            i = move.index
            d[i] = adds[i] - loss
            n[i] = _next_spin(spin, move, after)
            o[i] = (*extra_opens, move.free.index)
    return delta, next_spin, opens


#: ``DELTA[spin][move.index]``: the change of the ends' sum when the move is placed.
#: ``NEXT_SPIN[spin][move.index]``: the spinner state after it.
#: ``OPENS[spin][move.index]``: the point indices it makes available, in order.
DELTA, NEXT_SPIN, OPENS = _transition_tables()

#: ``END_TABLE[spin][point]``: ``(order, ScoringEnd)`` or ``None`` (see :func:`_end_table`).
END_TABLE: Final = _end_table()

# --------------------------------------------------------------------- scoring
#: ``POINTS[ends_sum]``: what a placement leaving that sum scores (a positive multiple of
#: five, else nothing).  No legal table shows more than ``MAX_ENDS_SUM``.
POINTS: Final[tuple[int, ...]] = tuple(placement_points(s) for s in range(MAX_ENDS_SUM + 1))


def _pip_table(tiles_from: int) -> list[int]:
    """Pips of every subset of 14 tiles from ``tiles_from``, by doubling: the subsets with
    a tile are those without it, each plus its pips (a list comprehension a tile, not a
    loop over 16,384 masks: the kernel is imported at a page's first start)."""
    out = [0]
    for tile in ALL_TILES[tiles_from : tiles_from + 14]:
        out += [pips + tile.pips for pips in out]
    return out


_PIPS_LO: Final = _pip_table(0)
_PIPS_HI: Final = _pip_table(14)
#: ``ROUNDED[pips]``: :func:`~seven_rocks.engine.scoring.round_to_five` as a table.
ROUNDED: Final[tuple[int, ...]] = tuple(round_to_five(n) for n in range(169))


def hand_pips(mask: int) -> int:
    """Total pips of a hand bit set (two table lookups)."""
    return _PIPS_LO[mask & 0x3FFF] + _PIPS_HI[mask >> 14]


def deduction(mask: int) -> int:
    """A hand's deduction at the settlement: its pips rounded to five."""
    return ROUNDED[_PIPS_LO[mask & 0x3FFF] + _PIPS_HI[mask >> 14]]


# ------------------------------------------------------------------- endings
#: The players at the table, in turn order; four passes in a row block the round.
SEATS: Final = 4


class End(StrEnum):
    """How a round ended (the values are the record's ``"end"`` field)."""

    #: A player placed his last tile: the round ends and is settled.
    DOMINO = "domino"
    #: Every seat passed in a row: the round ends and is settled.
    BLOCKED = "blocked"
    #: A placement brought its team to the target: the game ends at once, unsettled.
    TARGET = "target"


def ending(passes: int, scored: int, team_total: int, target: int, hand: int) -> End | None:
    """What the move just made ends: ``None`` for only the turn, else how the round ends.

    Read from the state after the move: ``passes`` in a row counting it (0 after a
    placement), the points it ``scored``, its team's total with them (``team_total``,
    against ``target``), and the mover's ``hand`` (bit set) after it.  The target is
    checked only after a scoring placement, and before the domino: a last tile that
    reaches the target wins the game with no settlement.

    >>> ending(4, 0, 120, 250, 0b101), ending(0, 0, 120, 250, 0b101)
    (<End.BLOCKED: 'blocked'>, None)
    >>> ending(0, 10, 250, 250, 0), ending(0, 0, 120, 250, 0)
    (<End.TARGET: 'target'>, <End.DOMINO: 'domino'>)
    """
    if passes:
        return End.BLOCKED if passes == SEATS else None
    if scored and team_total >= target:
        return End.TARGET
    return None if hand else End.DOMINO


# ------------------------------------------------------------------- the state
class Ends:
    """The table as the rules see it: open points, ends' sum, spinner state.

    :class:`~seven_rocks.engine.layout.Layout` adds the move history and undo to it; the
    bots' simulator adds hands and turns.  Both place tiles through :meth:`place_index`,
    the one place the transition tables are applied.
    """

    __slots__ = ("open", "spin", "sum")

    def __init__(self) -> None:
        #: Open attach points, as indices into ``ALL_POINTS``, in the order they opened.
        self.open: list[int] = []
        #: The sum of the scoring ends.
        self.sum = 0
        #: The spinner state (:func:`spin_of`).
        self.spin = NO_SPINNER

    def place_index(self, mi: int) -> int:
        """Apply placement ``mi`` (unchecked) and return the new ends' sum."""
        spin = self.spin
        at = M_AT[mi]
        if at >= 0:
            self.open.remove(at)
        self.open.extend(OPENS[spin][mi])
        self.spin = NEXT_SPIN[spin][mi]
        total = self.sum + DELTA[spin][mi]
        self.sum = total
        return total

    def sum_after(self, mi: int) -> int:
        """The ends' sum placement ``mi`` would leave (nothing is placed)."""
        return self.sum + DELTA[self.spin][mi]


__all__ = [
    "DELTA",
    "END_TABLE",
    "M_AT",
    "M_DOUBLE",
    "M_MASK",
    "M_PIPS",
    "M_TILE",
    "NEXT_SPIN",
    "NO_SPINNER",
    "OPENING_INDEX",
    "OPENS",
    "PLACEMENTS",
    "PLACEMENT_INDICES",
    "POINTS",
    "P_SUIT",
    "P_VALUE",
    "ROUNDED",
    "SEATS",
    "End",
    "Ends",
    "ScoringEnd",
    "branches_open",
    "can_place",
    "deduction",
    "ending",
    "hand_pips",
    "legal_indices",
    "legal_moves",
    "lines_taken",
    "scoring_ends",
    "spin_of",
    "spinner_of",
    "table_ends",
]
