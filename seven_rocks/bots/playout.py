"""A lean simulator of one round on bit sets, for the search bots' playouts.

:class:`Sim` holds the same state as a :class:`~seven_rocks.engine.round.Round` (hands as bit
sets, the open points, the ends' sum, the spinner) in flat lists and ints, computes a
move's points without placing it, and can snapshot/restore or push/pop.  It is only
ever built from a position the caller supplies (a view's table plus a *guessed*
deal, or the true deal for the research oracle): it has no way to reach a real round.

Its rules are the engine's (checked against :class:`Round` by the tests); it exists
because the playouts need a few hundred thousand placements per second.

>>> from seven_rocks.engine.game import Game
>>> import random
>>> game = Game(seed=2)
>>> rnd = game.current
>>> sim = Sim.from_round_state(rnd.layout, [rnd.hand_mask(s) for s in range(4)], rnd.turn,
...                            0, rnd.scores, rnd.target)
>>> result = sim.playout(random.Random(0))
>>> sim.end in (DOMINO, BLOCKED, TARGET)
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final

from ..engine.layout import Layout
from ..engine.moves import ALL_MOVES, ALL_POINTS, OPENING_MOVES, PASS, Move, Side
from ..engine.tiles import ALL_TILES, SUIT_MASKS, tiles_of

# Round ends (0 while the round goes on).
DOMINO: Final = 1
BLOCKED: Final = 2
TARGET: Final = 3

_N_MOVES = len(ALL_MOVES)
#: Per move index: the tile's bit, pips, whether it is a double.
M_MASK: list[int] = [0] * _N_MOVES
M_PIPS: list[int] = [0] * _N_MOVES
M_DOUBLE: list[bool] = [False] * _N_MOVES
M_TILE: list[int] = [-1] * _N_MOVES
#: Point index the move attaches to (-1 for openings), its anchor tile index, the point
#: it frees, and whether the point is an in-line side of a double.
M_AT: list[int] = [-1] * _N_MOVES
M_ANCHOR: list[int] = [-1] * _N_MOVES
M_FREE: list[int] = [-1] * _N_MOVES
M_LINE: list[bool] = [False] * _N_MOVES
#: Value of the attach point; what the anchor stops contributing when it is not the
#: spinner; what the new tile contributes.
M_VALUE: list[int] = [0] * _N_MOVES
M_REM: list[int] = [0] * _N_MOVES
M_ADD: list[int] = [0] * _N_MOVES

for _m in ALL_MOVES:
    _i = _m.index
    if _m.tile is None:
        continue
    _t = _m.tile
    M_MASK[_i] = _t.mask
    M_PIPS[_i] = _t.pips
    M_DOUBLE[_i] = _t.is_double
    M_TILE[_i] = _t.index
    if _m.at is None:
        M_ADD[_i] = 2 * _t.low if _t.is_double else _t.pips
        continue
    _p = _m.at
    M_AT[_i] = _p.index
    M_ANCHOR[_i] = _p.tile.index
    M_FREE[_i] = _m.free.index  # type: ignore[union-attr]
    M_LINE[_i] = _p.side in (Side.LINE_A, Side.LINE_B)
    M_VALUE[_i] = _p.value
    M_REM[_i] = 2 * _p.value if _p.tile.is_double else _p.value
    M_ADD[_i] = 2 * _t.low if _t.is_double else _m.free.value  # type: ignore[union-attr]

P_VALUE: Final[list[int]] = [p.value for p in ALL_POINTS]
#: Branch points of each double tile (by tile index), for when the spinner opens up.
_BRANCHES: dict[int, tuple[int, int]] = {}
#: The two in-line points of each double (opening a double frees both).
_LINES: dict[int, tuple[int, int]] = {}
_SIDES_OF: dict[int, tuple[int, int]] = {}
for _p in ALL_POINTS:
    if _p.side is Side.BRANCH_A:
        _BRANCHES[_p.tile.index] = (_p.index, _BRANCHES.get(_p.tile.index, (0, 0))[1])
    elif _p.side is Side.BRANCH_B:
        _BRANCHES[_p.tile.index] = (_BRANCHES.get(_p.tile.index, (0, 0))[0], _p.index)
    elif _p.side is Side.LINE_A:
        _LINES[_p.tile.index] = (_p.index, _LINES.get(_p.tile.index, (0, 0))[1])
    elif _p.side is Side.LINE_B:
        _LINES[_p.tile.index] = (_LINES.get(_p.tile.index, (0, 0))[0], _p.index)
    elif _p.side is Side.LOW:
        _SIDES_OF[_p.tile.index] = (_p.index, _SIDES_OF.get(_p.tile.index, (0, 0))[1])
    else:
        _SIDES_OF[_p.tile.index] = (_SIDES_OF.get(_p.tile.index, (0, 0))[0], _p.index)


def _moves_by_point() -> list[dict[int, tuple[int, ...]]]:
    """``TABLE[point][hand & suit]`` → indices of the placements on that point."""
    table: list[dict[int, tuple[int, ...]]] = []
    for point in ALL_POINTS:
        suit = SUIT_MASKS[point.value] & ~point.tile.mask
        entry: dict[int, tuple[int, ...]] = {}
        sub = suit
        while True:
            entry[sub] = tuple(Move(t, point).index for t in tiles_of(sub))
            entry[sub | point.tile.mask] = entry[sub]
            if not sub:
                break
            sub = (sub - 1) & suit
        table.append(entry)
    return table


MOVES_BY_POINT: Final = _moves_by_point()
P_SUIT: Final[list[int]] = [SUIT_MASKS[p.value] for p in ALL_POINTS]
#: Per point: its tile's index, whether it is an in-line side of a double, and what its
#: tile stops contributing when something attaches there (unless that tile is the spinner).
P_TILE: Final[list[int]] = [p.tile.index for p in ALL_POINTS]
P_LINE: Final[list[bool]] = [p.side in (Side.LINE_A, Side.LINE_B) for p in ALL_POINTS]
P_REM: Final[list[int]] = [2 * p.value if p.tile.is_double else p.value for p in ALL_POINTS]
#: ``ADDS_BY_POINT[point][hand & suit]``: the distinct contributions of the tiles that
#: could attach there (their free end, or both halves of a double).
ADDS_BY_POINT: Final[list[dict[int, tuple[int, ...]]]] = [
    {sub: tuple(sorted({M_ADD[mi] for mi in found})) for sub, found in entry.items()}
    for entry in MOVES_BY_POINT
]
OPENING_INDEX: Final[list[int]] = [m.index for m in OPENING_MOVES]
MOVE_OF: Final[tuple[Move, ...]] = ALL_MOVES


def _pip_table(tiles_from: int) -> list[int]:
    out = [0] * (1 << 14)
    for mask in range(1 << 14):
        total = 0
        bits = mask
        while bits:
            low = bits & -bits
            total += ALL_TILES[tiles_from + low.bit_length() - 1].pips
            bits ^= low
        out[mask] = total
    return out


_PIPS_LO: Final = _pip_table(0)
_PIPS_HI: Final = _pip_table(14)


def hand_pips(mask: int) -> int:
    """Total pips of a hand bit set."""
    return _PIPS_LO[mask & 0x3FFF] + _PIPS_HI[mask >> 14]


def deduction(mask: int) -> int:
    """A hand's deduction: its pips rounded to five (remainders 1-2 down, 3-4 up)."""
    return (_PIPS_LO[mask & 0x3FFF] + _PIPS_HI[mask >> 14] + 2) // 5 * 5


class Sim:
    """One round's state on plain ints, with greedy-ish playouts.

    ``points`` are the raw placement points each team scored *since the simulator's
    start position*; ``base`` are the team totals at that position (for the target).
    """

    __slots__ = (
        "base",
        "end",
        "hands",
        "lines_free",
        "open",
        "passes",
        "points",
        "spinner",
        "sum",
        "target",
        "turn",
        "undo",
    )

    def __init__(self) -> None:
        self.hands: list[int] = [0, 0, 0, 0]
        self.open: list[int] = []
        self.sum = 0
        self.spinner = -1
        self.lines_free = 0
        self.turn = 0
        self.passes = 0
        self.points: list[int] = [0, 0]
        self.base: tuple[int, int] = (0, 0)
        self.target = 250
        self.end = 0
        self.undo: list[tuple[int, int, list[int], int, int, int, int, int]] = []

    @classmethod
    def from_round_state(
        cls,
        layout: Layout,
        hands: Sequence[int],
        turn: int,
        passes_in_a_row: int,
        scores: tuple[int, int],
        target: int,
    ) -> Sim:
        """A simulator at a position: the table, four hand bit sets, whose turn it is."""
        sim = cls()
        sim.hands = list(hands)
        sim.open = [p.index for p in layout._open]
        sim.sum = layout.ends_sum
        spinner = layout.spinner
        sim.spinner = spinner.index if spinner is not None else -1
        sim.lines_free = layout._lines_free
        sim.turn = turn
        sim.passes = passes_in_a_row
        sim.base = scores
        sim.target = target
        return sim

    # ------------------------------------------------------------------ state
    def snapshot(self) -> tuple[list[int], list[int], int, int, int, int, int, int, int]:
        return (
            self.hands[:],
            self.open[:],
            self.sum,
            self.spinner,
            self.lines_free,
            self.turn,
            self.passes,
            self.points[0],
            self.points[1],
        )

    def restore(self, snap: tuple[list[int], list[int], int, int, int, int, int, int, int]) -> None:
        hands, opened, self.sum, self.spinner, self.lines_free, self.turn, self.passes = snap[:7]
        p0, p1 = snap[7], snap[8]
        self.hands = hands[:]
        self.open = opened[:]
        self.points = [p0, p1]
        self.end = 0

    def legal(self) -> list[int]:
        """Indices (into ``ALL_MOVES``) of the legal placements; empty means pass."""
        hand = self.hands[self.turn]
        opened = self.open
        if not opened:
            return [OPENING_INDEX[t.index] for t in tiles_of(hand)]
        out: list[int] = []
        for p in opened:
            found = MOVES_BY_POINT[p][hand & P_SUIT[p]]
            if found:
                out.extend(found)
        return out

    def new_sum(self, mi: int) -> int:
        """The ends' sum after move ``mi`` (not applied)."""
        at = M_AT[mi]
        if at < 0:
            return M_ADD[mi]
        if M_ANCHOR[mi] == self.spinner:
            rem = 2 * M_VALUE[mi] if M_LINE[mi] and self.lines_free == 1 else 0
        else:
            rem = M_REM[mi]
        return self.sum - rem + M_ADD[mi]

    def push(self, mi: int) -> int:
        """Apply placement ``mi`` (or a pass, ``mi < 0``) for the player to move; returns points."""
        turn = self.turn
        self.undo.append(
            (
                turn,
                self.passes,
                self.open[:],
                self.sum,
                self.spinner,
                self.lines_free,
                self.points[turn & 1],
                mi,
            )
        )
        if mi < 0:
            self.passes += 1
            if self.passes == 4:
                self.end = BLOCKED
            self.turn = (turn + 1) & 3
            return 0
        self._place(mi)
        self.hands[turn] ^= M_MASK[mi]
        self.passes = 0
        total = self.sum
        points = 0
        if total and total % 5 == 0:
            points = total
            team = turn & 1
            self.points[team] += total
            if self.base[team] + self.points[team] >= self.target:
                self.end = TARGET
        if not self.hands[turn] and not self.end:
            self.end = DOMINO
        self.turn = (turn + 1) & 3
        return points

    def pop(self) -> None:
        turn, passes, opened, total, spinner, lines_free, pts, mi = self.undo.pop()
        self.turn = turn
        self.passes = passes
        self.open = opened
        self.sum = total
        self.spinner = spinner
        self.lines_free = lines_free
        self.points[turn & 1] = pts
        self.end = 0
        if mi >= 0:
            self.hands[turn] |= M_MASK[mi]

    def _place(self, mi: int) -> None:
        at = M_AT[mi]
        tile = M_TILE[mi]
        if at < 0:
            if M_DOUBLE[mi]:
                self.spinner = tile
                self.lines_free = 2
                self.open = list(_LINES[tile])
            else:
                self.open = list(_SIDES_OF[tile])
            self.sum = M_ADD[mi]
            return
        opened = self.open
        opened.remove(at)
        total = self.sum
        anchor = M_ANCHOR[mi]
        if anchor == self.spinner:
            if M_LINE[mi]:
                self.lines_free -= 1
                if not self.lines_free:
                    total -= 2 * M_VALUE[mi]
                    opened.extend(_BRANCHES[anchor])
        else:
            total -= M_REM[mi]
        if M_DOUBLE[mi] and self.spinner < 0:
            self.spinner = tile
            self.lines_free = 1
        self.sum = total + M_ADD[mi]
        opened.append(M_FREE[mi])

    # --------------------------------------------------------------- outcome
    def deductions(self) -> tuple[int, int]:
        """Each team's total deduction (zero unless the round was settled)."""
        if self.end == TARGET or not self.end:
            return (0, 0)
        h = self.hands
        return (deduction(h[0]) + deduction(h[2]), deduction(h[1]) + deduction(h[3]))

    def margin(self, team: int) -> int:
        """``team``'s points minus the other team's since the start, deductions included."""
        d0, d1 = self.deductions()
        diff = (self.points[0] - d0) - (self.points[1] - d1)
        return diff if team == 0 else -diff

    # -------------------------------------------------------------- playouts
    def greedy_move(self, moves: list[int], rng: random.Random) -> int:
        """Most points now; ties to doubles, then heavier tiles, then at random."""
        best = -1
        best_key = -1
        ties = 0
        spinner = self.spinner
        total = self.sum
        lines_free = self.lines_free
        for mi in moves:
            at = M_AT[mi]
            if at < 0:
                s = M_ADD[mi]
            elif M_ANCHOR[mi] == spinner:
                s = total - (2 * M_VALUE[mi] if M_LINE[mi] and lines_free == 1 else 0) + M_ADD[mi]
            else:
                s = total - M_REM[mi] + M_ADD[mi]
            key = (s if s % 5 == 0 else 0) * 64 + M_DOUBLE[mi] * 32 + M_PIPS[mi]
            if key > best_key:
                best_key = key
                best = mi
                ties = 1
            elif key == best_key:
                ties += 1
                if rng.random() * ties < 1.0:
                    best = mi
        return best

    def wary_move(self, moves: list[int], rng: random.Random, wary: float) -> int:
        """Points now minus ``wary`` times the best the next player can score in reply
        (with the hand this simulation gives him); ties to doubles, heavy tiles, chance.

        Computed without placing anything: the reply's sum is the sum after the move,
        minus what the reply's attach point stops contributing, plus the reply tile's end.
        """
        nxt = self.hands[(self.turn + 1) & 3]
        spinner = self.spinner
        lines_free = self.lines_free
        total = self.sum
        opened = self.open
        best = moves[0]
        best_key = -1e9
        ties = 0
        for mi in moves:
            at = M_AT[mi]
            if at < 0:
                return self.greedy_move(moves, rng)  # an opening: no reply table yet
            anchor = M_ANCHOR[mi]
            spinner2 = spinner
            free2 = lines_free
            extra: tuple[int, ...] = ()
            if anchor == spinner:
                if M_LINE[mi]:
                    free2 = lines_free - 1
                    if free2:
                        rem = 0
                    else:
                        rem = 2 * M_VALUE[mi]
                        extra = _BRANCHES[anchor]
                else:
                    rem = 0
            else:
                rem = M_REM[mi]
            if M_DOUBLE[mi] and spinner < 0:
                spinner2 = M_TILE[mi]
                free2 = 1
            s1 = total - rem + M_ADD[mi]
            reply = 0
            if nxt:
                for p in (*opened, M_FREE[mi], *extra):
                    if p == at:
                        continue
                    sub = nxt & P_SUIT[p]
                    if not sub:
                        continue
                    if P_TILE[p] == spinner2:
                        base = s1 - (2 * P_VALUE[p] if P_LINE[p] and free2 == 1 else 0)
                    else:
                        base = s1 - P_REM[p]
                    for add in ADDS_BY_POINT[p][sub]:
                        s2 = base + add
                        if s2 > reply and s2 % 5 == 0:
                            reply = s2
            key = (
                (s1 if s1 % 5 == 0 else 0) - wary * reply + 0.01 * (M_DOUBLE[mi] * 32 + M_PIPS[mi])
            )
            if key > best_key:
                best_key = key
                best = mi
                ties = 1
            elif key == best_key:
                ties += 1
                if rng.random() * ties < 1.0:
                    best = mi
        return best

    def playout(self, rng: random.Random, epsilon: float = 0.0, wary: float = 0.0) -> int:
        """Play to the end of the round with the greedy policy (a random move with
        probability ``epsilon``; with ``wary`` > 0, minus that much of the next player's
        best reply); returns the number of moves made (undo not kept)."""
        hands = self.hands
        count = 0
        undo = self.undo
        while not self.end:
            turn = self.turn
            hand = hands[turn]
            opened = self.open
            moves: list[int] = []
            if not opened:
                moves = [OPENING_INDEX[t.index] for t in tiles_of(hand)]
            else:
                for p in opened:
                    found = MOVES_BY_POINT[p][hand & P_SUIT[p]]
                    if found:
                        moves.extend(found)
            if not moves:
                self.passes += 1
                if self.passes == 4:
                    self.end = BLOCKED
                self.turn = (turn + 1) & 3
                count += 1
                continue
            if len(moves) == 1:
                mi = moves[0]
            elif epsilon and rng.random() < epsilon:
                mi = moves[int(rng.random() * len(moves))]
            elif wary:
                mi = self.wary_move(moves, rng, wary)
            else:
                mi = self.greedy_move(moves, rng)
            self._place(mi)
            hand ^= M_MASK[mi]
            hands[turn] = hand
            self.passes = 0
            total = self.sum
            if total and total % 5 == 0:
                team = turn & 1
                self.points[team] += total
                if self.base[team] + self.points[team] >= self.target:
                    self.end = TARGET
                    break
            if not hand:
                self.end = DOMINO
                break
            self.turn = (turn + 1) & 3
            count += 1
        undo.clear()
        return count


def move_index(move: Move) -> int:
    """The simulator's index of an engine move (``-1`` for the pass)."""
    return -1 if move is PASS else move.index


__all__ = ["BLOCKED", "DOMINO", "MOVE_OF", "TARGET", "Sim", "deduction", "hand_pips", "move_index"]
