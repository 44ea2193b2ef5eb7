"""Fitting the win-chance table: an exact dynamic programme over the score states.

A round is taken from the opening team's side (:class:`Round`): the scoring placements in
order (``True`` for the opening team), the two deductions and who opens next.  The rounds
measured in self-play stand for what any round brings; a team's chance to win from the
scores ``(x, y)`` at the start of a round it opens is then the mean over those rounds of

* 1 or 0 when a placement takes one team to the target (the first one in the round's order),
* else the chance from the scores after the settlement, with the next round's opener
  (the one who dominoed; after a block a fair draw: the mean of both).

Scores can fall (deductions), so the states form cycles: the programme sweeps the grid
from the highest scores down until no chance moves by more than ``TOLERANCE``.  Winning
chances are monotone in a team's own score by construction (the same rounds from a higher
score reach the target no later), which the table's tests check.

Only rounds that could not have been cut short by the target are used (both scores before
the round at most :data:`CLEAR` below it): a round cut short is not a whole round, and
keeping only whole rounds from near the target would keep the low-scoring ones.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Final

from ..bots.winchance import LOWEST, STEP, TARGET
from .roundtrace import GameTrace

#: A round starting this far or further below the target cannot reach it (no team scored
#: more than 120 in a round in the games measured), so it is whole.
CLEAR: Final = 130
TOLERANCE: Final = 1e-6


@dataclass(frozen=True, slots=True)
class Round:
    """One round from the opening team's side."""

    placements: tuple[tuple[bool, int], ...]
    #: The points each team placed in the round (the opening team's first).
    totals: tuple[int, int]
    cut_opener: int
    cut_other: int
    #: True: the opening team opens the next; False: the other; None: a draw decides.
    opens_next: bool | None


def whole_rounds(games: Iterable[GameTrace], target: int = TARGET) -> list[Round]:
    """The rounds of ``games`` that the target could not cut short, from the opener's side."""
    out = []
    for game in games:
        for r in game.rounds:
            if r.won or max(r.scores) > target - CLEAR:
                continue
            o = r.opener
            placements = tuple((team == o, points) for team, points in r.placements)
            mine = sum(p for own, p in placements if own)
            out.append(
                Round(
                    placements,
                    (mine, sum(p for own, p in placements if not own)),
                    r.deductions[o],
                    r.deductions[1 - o],
                    None if r.next_opener is None else r.next_opener == o,
                )
            )
    return out


Kernel = list[tuple[int, int, float]]


def _settle(rounds: Sequence[Round], x: int, y: int, target: int) -> tuple[float, Kernel, Kernel]:
    """From scores ``(x, y)``: the rounds' weight of a win at the target, and the rounds
    that go on as ``(steps in x, steps in y, weight)`` by who opens next: the opening team
    again, or the other (a block counts half to each)."""
    won = 0.0
    same: defaultdict[tuple[int, int], float] = defaultdict(float)
    other: defaultdict[tuple[int, int], float] = defaultdict(float)
    for r in rounds:
        mine, theirs = r.totals
        if x + mine < target and y + theirs < target:
            step = ((mine - r.cut_opener) // STEP, (theirs - r.cut_other) // STEP)
            if r.opens_next is None:
                same[step] += 0.5
                other[step] += 0.5
            else:
                (same if r.opens_next else other)[step] += 1.0
            continue
        mine = theirs = 0
        ended = False
        for own, points in r.placements:
            if own:
                mine += points
                if x + mine >= target:
                    won, ended = won + 1.0, True
                    break
            else:
                theirs += points
                if y + theirs >= target:
                    ended = True
                    break
        assert ended, "a round whose total reaches the target reaches it on the way"
    return (
        won,
        [(di, dj, w) for (di, dj), w in same.items()],
        [(di, dj, w) for (di, dj), w in other.items()],
    )


def fit(rounds: Sequence[Round], target: int = TARGET) -> list[list[float]]:
    """``table[i][j]``: the opening team's chance to win from scores ``LOWEST + STEP*i``
    (its own) and ``LOWEST + STEP*j`` (the other team's), at the start of a round."""
    size = (target - LOWEST) // STEP
    top = max(max(r.totals) for r in rounds)
    # Below ``far`` no round reaches the target: every such score sees the same rounds.
    far = max(0, (target - top - LOWEST) // STEP - 1)
    settled = {}
    for ki in range(far, size):
        for kj in range(far, size):
            settled[ki, kj] = _settle(rounds, LOWEST + STEP * ki, LOWEST + STEP * kj, target)
    count = float(len(rounds))
    table = [[0.5] * size for _ in range(size)]
    order = sorted(((i, j) for i in range(size) for j in range(size)), key=lambda ij: -sum(ij))
    while True:
        change = 0.0
        for i, j in order:
            won, same, other = settled[max(i, far), max(j, far)]
            total = won
            for di, dj, w in same:
                a, b = i + di, j + dj
                total += w * table[a if a > 0 else 0][b if b > 0 else 0]
            for di, dj, w in other:
                a, b = i + di, j + dj
                total += w * (1.0 - table[b if b > 0 else 0][a if a > 0 else 0])
            value = total / count
            change = max(change, abs(value - table[i][j]))
            table[i][j] = value
        if change < TOLERANCE:
            return table
