"""What a finished simulated round is worth to a team, and the exact endgame search.

The master's search (:mod:`.master`) values each playout's end with one of these leaves:
the round's margin with a bonus at the target (:func:`outcome_value`, the named levels),
or the team's chance to win the game from the win-chance table (:func:`outcome_win`, the
master's own play); :func:`solve` searches a sampled deal exactly once few tiles remain.
They are apart from the bot because the coach, the puzzles' screen and the research
variants value rounds the same way without running the bot.
"""

from __future__ import annotations

from collections.abc import Callable

from ..engine.kernel import End
from .playout import Sim
from .winchance import win_chance

#: What reaching the target is worth, in round points, on top of the round's margin.
WIN_VALUE = 200.0
#: A finished (simulated) round's worth for a team (its points, or its chance to win).
Leaf = Callable[[Sim, int], float]


def outcome_value(sim: Sim, team: int) -> float:
    """The value of a finished (simulated) round for ``team``."""
    margin = float(sim.margin(team))
    if sim.end is End.TARGET:
        winner = 0 if sim.base[0] + sim.points[0] >= sim.target else 1
        return margin + (WIN_VALUE if winner == team else -WIN_VALUE)
    return margin


def _settled(sim: Sim) -> tuple[tuple[int, int], int | None]:
    """The scores a round that ended short of the target leaves (deductions taken), and
    the team that opens next: the one who dominoed (after a block a draw decides: None)."""
    points, base = sim.points, sim.base
    d0, d1 = sim.deductions()
    scores = (base[0] + points[0] - d0, base[1] + points[1] - d1)
    hands = sim.hands
    opener = None if sim.end is not End.DOMINO else 0 if not (hands[0] and hands[2]) else 1
    return scores, opener


def outcome_chance(sim: Sim, team: int) -> float:
    """``team``'s chance to win the game after a finished (simulated) round: 1 or 0 at the
    target, else the win-chance model's (:mod:`.winchance`) at the settled scores, the one
    who dominoed opening next (after a block a draw decides)."""
    if sim.end is End.TARGET:
        return 1.0 if sim.base[team] + sim.points[team] >= sim.target else 0.0
    scores, opener = _settled(sim)
    return win_chance(scores, team, opener, sim.target)


#: A tie-break worth far less than the table's step (1/255 of a chance): each point of the
#: round's margin, or each tile still in the hands when a team reaches the target, adds this
#: much to :func:`outcome_win`.
TIE_POINT = 1e-6


def outcome_win(sim: Sim, team: int) -> float:
    """The value of a finished (simulated) round for ``team`` when the search plays for
    the game: its chance to win (:func:`outcome_chance`).

    Equal chances are told apart by a tie-break far below the table's resolution: a game
    won sooner (more tiles still in the hands) beats one won later, since the deals
    searched are only a sample of what the hidden hands may be, and one lost later beats
    one lost sooner; a decided game where no round reaches the target yet is played for
    the round's margin.
    """
    base = sim.base
    if sim.end is End.TARGET:
        sooner = TIE_POINT * sum(h.bit_count() for h in sim.hands)
        return 1.0 + sooner if base[team] + sim.points[team] >= sim.target else -sooner
    scores, opener = _settled(sim)
    margin = scores[team] - base[team] - scores[1 - team] + base[1 - team]
    return win_chance(scores, team, opener, sim.target) + TIE_POINT * margin


def solve(sim: Sim, team: int, alpha: float, beta: float, leaf: Leaf = outcome_value) -> float:
    """Exact value of ``sim`` for ``team`` with both teams playing perfectly on this deal
    (the value of a finished round is ``leaf``'s: its points, or a chance to win)."""
    if sim.end is not None:
        return leaf(sim, team)
    moves = sim.legal()
    maximizing = (sim.turn & 1) == team
    if not moves:
        sim.push(-1)
        value = solve(sim, team, alpha, beta, leaf)
        sim.pop()
        return value
    if len(moves) > 1:
        moves.sort(key=lambda m: -sim.greedy_key(m))
    if maximizing:
        best = -1e9
        for mi in moves:
            sim.push(mi)
            value = solve(sim, team, alpha, beta, leaf)
            sim.pop()
            if value > best:
                best = value
                if best > alpha:
                    alpha = best
                    if alpha >= beta:
                        break
        return best
    best = 1e9
    for mi in moves:
        sim.push(mi)
        value = solve(sim, team, alpha, beta, leaf)
        sim.pop()
        if value < best:
            best = value
            if best < beta:
                beta = best
                if alpha >= beta:
                    break
    return best


__all__ = [
    "TIE_POINT",
    "WIN_VALUE",
    "Leaf",
    "outcome_chance",
    "outcome_value",
    "outcome_win",
    "solve",
]
