"""A lean simulator of one round on bit sets, for the search bots' playouts.

:class:`Sim` holds the same state as a :class:`~seven_rocks.engine.round.Round` (hands as bit
sets, the open points, the ends' sum, the spinner) in flat lists and ints, computes a
move's points without placing it, and can snapshot/restore or push/pop.  It is only
ever built from a position the caller supplies (a view's table plus a *guessed*
deal, or the true deal for the research oracle): it has no way to reach a real round.

It has no rules of its own: legal moves, what a placement does to the table and what
it scores all come from the kernel's tables (:mod:`seven_rocks.engine.kernel`), the same
ones :class:`Round` uses; the hot loops index them directly instead of calling through
the ``Move`` objects.  What a move ends is the kernel's :func:`~seven_rocks.engine.kernel.ending`,
which :meth:`Sim.push` calls; only the playout's hot loop writes it out inline.  Every path
(``push``/``pop``, the inlined playout loop, the greedy and wary policies' sums) is checked
move by move against :class:`Round` and against :func:`~seven_rocks.engine.kernel.ending`
by the tests.
It exists because the playouts need a few hundred thousand placements per second.

>>> from seven_rocks.engine.game import Game
>>> import random
>>> game = Game(seed=2)
>>> rnd = game.current
>>> sim = Sim.from_round_state(rnd.layout, [rnd.hand_mask(s) for s in range(4)], rnd.turn,
...                            0, rnd.scores, rnd.target)
>>> result = sim.playout(random.Random(0))
>>> isinstance(sim.end, End)
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final

from ..engine.kernel import (
    DELTA,
    M_AT,
    M_DOUBLE,
    M_MASK,
    M_PIPS,
    NEXT_SPIN,
    OPENS,
    P_SUIT,
    PLACEMENT_INDICES,
    POINTS,
    SEATS,
    End,
    Ends,
    deduction,
    ending,
    hand_pips,
    legal_indices,
)
from ..engine.layout import Layout
from ..engine.moves import PASS, Move
from ..engine.scoring import DEFAULT_TARGET

# The playout's hot loop reads these as globals rather than as attributes of ``End``.
_DOMINO: Final = End.DOMINO
_BLOCKED: Final = End.BLOCKED
_TARGET: Final = End.TARGET

#: Per move index: the greedy tie-break after points, doubles first (a double matches only
#: one number, so it is the tile most likely to get stuck), then heavier tiles.
SHED: Final[list[int]] = [d * 32 + p for d, p in zip(M_DOUBLE, M_PIPS, strict=True)]

Snapshot = tuple[list[int], list[int], int, int, int, int, int, int]


class Sim(Ends):
    """One round's state on plain ints, with greedy-ish playouts.

    The table part (``open``, ``sum``, ``spin``) and :meth:`place_index` are the kernel's
    :class:`~seven_rocks.engine.kernel.Ends`.  ``points`` are the raw placement points
    each team scored *since the simulator's start position*; ``base`` are the team
    totals at that position (for the target).
    """

    __slots__ = ("base", "end", "hands", "passes", "points", "target", "turn", "undo")

    def __init__(self) -> None:
        super().__init__()
        self.hands: list[int] = [0, 0, 0, 0]
        self.turn = 0
        self.passes = 0
        self.points: list[int] = [0, 0]
        self.base: tuple[int, int] = (0, 0)
        self.target = DEFAULT_TARGET
        #: How the round ended (the kernel's ``ending``); ``None`` while it goes on.
        self.end: End | None = None
        self.undo: list[tuple[int, int, list[int], int, int, int, int]] = []

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
        sim.open = layout.open[:]
        sim.sum = layout.sum
        sim.spin = layout.spin
        sim.turn = turn
        sim.passes = passes_in_a_row
        sim.base = scores
        sim.target = target
        return sim

    # ------------------------------------------------------------------ state
    def snapshot(self) -> Snapshot:
        return (
            self.hands[:],
            self.open[:],
            self.sum,
            self.spin,
            self.turn,
            self.passes,
            self.points[0],
            self.points[1],
        )

    def restore(self, snap: Snapshot) -> None:
        hands, opened, self.sum, self.spin, self.turn, self.passes, p0, p1 = snap
        self.hands = hands[:]
        self.open = opened[:]
        self.points = [p0, p1]
        self.end = None

    def legal(self) -> list[int]:
        """Indices (into ``ALL_MOVES``) of the legal placements; empty means pass."""
        return legal_indices(self.open, self.hands[self.turn])

    def push(self, mi: int) -> int:
        """Apply placement ``mi`` (or a pass, ``mi < 0``) for the player to move; returns points."""
        turn = self.turn
        self.undo.append(
            (turn, self.passes, self.open[:], self.sum, self.spin, self.points[turn & 1], mi)
        )
        team = turn & 1
        if mi < 0:
            self.passes += 1
            total = self.base[team] + self.points[team]
            self.end = ending(self.passes, 0, total, self.target, self.hands[turn])
            self.turn = (turn + 1) & 3
            return 0
        points = POINTS[self.place_index(mi)]
        self.hands[turn] ^= M_MASK[mi]
        self.passes = 0
        self.points[team] += points
        total = self.base[team] + self.points[team]
        self.end = ending(0, points, total, self.target, self.hands[turn])
        self.turn = (turn + 1) & 3
        return points

    def pop(self) -> None:
        turn, passes, opened, total, spin, pts, mi = self.undo.pop()
        self.turn = turn
        self.passes = passes
        self.open = opened
        self.sum = total
        self.spin = spin
        self.points[turn & 1] = pts
        self.end = None
        if mi >= 0:
            self.hands[turn] |= M_MASK[mi]

    # --------------------------------------------------------------- outcome
    def deductions(self) -> tuple[int, int]:
        """Each team's total deduction (zero unless the round was settled)."""
        if self.end is None or self.end is End.TARGET:
            return (0, 0)
        h = self.hands
        return (deduction(h[0]) + deduction(h[2]), deduction(h[1]) + deduction(h[3]))

    def margin(self, team: int) -> int:
        """``team``'s points minus the other team's since the start, deductions included."""
        d0, d1 = self.deductions()
        diff = (self.points[0] - d0) - (self.points[1] - d1)
        return diff if team == 0 else -diff

    # -------------------------------------------------------------- playouts
    def greedy_key(self, mi: int) -> int:
        """What the greedy policy maximises: points now, then :data:`SHED`."""
        return POINTS[self.sum + DELTA[self.spin][mi]] * 64 + SHED[mi]

    def greedy_move(self, moves: list[int], rng: random.Random) -> int:
        """Most points now; ties to doubles, then heavier tiles, then at random
        (:meth:`greedy_key`, inlined)."""
        best = -1
        best_key = -1
        ties = 0
        total = self.sum
        delta = DELTA[self.spin]
        for mi in moves:
            key = POINTS[total + delta[mi]] * 64 + SHED[mi]
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

        Computed without placing anything, from the kernel's tables: the table after the
        move is the open points minus the one covered plus :data:`OPENS`, its sum moves
        by :data:`DELTA`, and the reply's sums use the rows of the spinner state after it.
        """
        nxt = self.hands[(self.turn + 1) & 3]
        spin = self.spin
        total = self.sum
        delta = DELTA[spin]
        next_spin = NEXT_SPIN[spin]
        opens = OPENS[spin]
        # The next player's placements on the points open now (the same for every move
        # but the one it covers); those on the points a move opens are added per move.
        standing: list[tuple[int, int]] = []
        if nxt:
            for p in self.open:
                sub = nxt & P_SUIT[p]
                if sub:
                    for mj in PLACEMENT_INDICES[p][sub]:
                        standing.append((p, mj))
        best = moves[0]
        best_key = -1e9
        ties = 0
        for mi in moves:
            at = M_AT[mi]
            if at < 0:
                return self.greedy_move(moves, rng)  # an opening: no reply table yet
            s1 = total + delta[mi]
            reply = 0
            if nxt:
                delta2 = DELTA[next_spin[mi]]
                for p, mj in standing:
                    if p != at:
                        pts = POINTS[s1 + delta2[mj]]
                        if pts > reply:
                            reply = pts
                for p in opens[mi]:
                    sub = nxt & P_SUIT[p]
                    if sub:
                        for mj in PLACEMENT_INDICES[p][sub]:
                            pts = POINTS[s1 + delta2[mj]]
                            if pts > reply:
                                reply = pts
            key = POINTS[s1] - wary * reply + 0.01 * SHED[mi]
            if key > best_key:
                best_key = key
                best = mi
                ties = 1
            elif key == best_key:
                ties += 1
                if rng.random() * ties < 1.0:
                    best = mi
        return best

    def playout(
        self,
        rng: random.Random,
        epsilon: float = 0.0,
        wary: float = 0.0,
        trace: list[int] | None = None,
    ) -> int:
        """Play to the end of the round with the greedy policy (a random move with
        probability ``epsilon``; with ``wary`` > 0, minus that much of the next player's
        best reply); returns the number of moves made (undo not kept).

        This is :meth:`push` without the undo record, inlined for speed: the ending
        checks below are :func:`~seven_rocks.engine.kernel.ending` written out (the tests
        replay traces through :meth:`push` and compare).  ``trace``, if given, receives
        every move made (``-1`` for a pass) so tests can replay it.
        """
        hands = self.hands
        points = self.points
        count = 0
        while not self.end:
            turn = self.turn
            hand = hands[turn]
            moves = legal_indices(self.open, hand)
            if not moves:
                if trace is not None:
                    trace.append(-1)
                self.passes += 1
                if self.passes == SEATS:
                    self.end = _BLOCKED
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
            if trace is not None:
                trace.append(mi)
            scored = POINTS[self.place_index(mi)]
            hand ^= M_MASK[mi]
            hands[turn] = hand
            self.passes = 0
            if scored:
                team = turn & 1
                points[team] += scored
                if self.base[team] + points[team] >= self.target:
                    self.end = _TARGET
                    break
            if not hand:
                self.end = _DOMINO
                break
            self.turn = (turn + 1) & 3
            count += 1
        self.undo.clear()
        return count


def move_index(move: Move) -> int:
    """The simulator's index of an engine move (``-1`` for the pass)."""
    return -1 if move is PASS else move.index


__all__ = [
    "SHED",
    "Sim",
    "deduction",
    "hand_pips",
    "move_index",
]
