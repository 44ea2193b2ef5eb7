"""``expert``: a hand-written policy a strong club player would recognise.

For every legal move it weighs, from the player's view alone:

* the points it scores now;
* what it hands the **next opponent**: the best score he could make on the new ends
  (each unseen tile weighted by the chance he holds it; tiles of numbers he has shown
  he lacks by passing count zero), and the chance he has to knock;
* what it leaves the **partner** (the same estimate, as a gain) and the risk of
  blocking him;
* **control**: keeping numbers it holds in depth on the table, keeping its own hand
  playable;
* **shedding** heavy tiles and awkward doubles, more urgently as the round nears its
  end (small hands, many passes), and going for the domino when it is close.

The weights were tuned by tournament (``benchmarks/tune_expert.py``).  The per-move
features are also what :func:`describe` turns into the hint's English reason.
"""

from __future__ import annotations

from dataclasses import dataclass, fields

from ..engine.kernel import (
    M_DOUBLE,
    M_PIPS,
    M_TILE,
    P_SUIT,
    P_VALUE,
    PLACEMENT_INDICES,
    POINTS,
    SEATS,
)
from ..engine.moves import PASS, Move
from ..engine.view import PlayerView
from .base import Bot
from .playout import Sim
from .sampling import unseen_mask, view_hand_mask


@dataclass(frozen=True, slots=True)
class ExpertWeights:
    """Weights of the expert's features (points are worth 1)."""

    #: Expected best score of the next opponent on the new ends.
    threat: float = 1.125
    #: Expected best score of the partner on the new ends (he plays after the opponent).
    partner: float = 0.15
    #: Chance the next opponent has to knock, in points.
    opp_pass: float = 9.0
    #: Chance the partner has to knock, in points.
    partner_pass: float = 0.75
    #: Per own tile still playable on the new ends.
    mobility: float = 1.2
    #: Per own tile showing the number the move exposes (control of that number).
    depth: float = 1.0
    #: Per pip shed, scaled up as the round nears its end.
    shed: float = 0.25
    #: Extra per pip shed late in the round.
    shed_late: float = 0.6
    #: Playing a double (a double only ever matches one number).
    double: float = 2.0
    #: Last tile left and playable on the new ends.
    domino_close: float = 3.0

    def replace(self, **changes: float) -> ExpertWeights:
        values = {f.name: getattr(self, f.name) for f in fields(self)}
        values.update(changes)
        return ExpertWeights(**values)


DEFAULT_WEIGHTS = ExpertWeights()


@dataclass(frozen=True, slots=True)
class MoveFeatures:
    """What the expert sees in one move (all from the view)."""

    move: Move
    points: int
    threat: float
    partner_gain: float
    opp_pass: float
    partner_pass: float
    mobility: int
    depth: int
    pips: int
    late: float
    double: bool
    domino_close: bool
    domino: bool
    exposed: int

    def value(self, w: ExpertWeights) -> float:
        return (
            self.points
            - w.threat * self.threat
            + w.partner * self.partner_gain
            + w.opp_pass * self.opp_pass
            - w.partner_pass * self.partner_pass
            + w.mobility * self.mobility
            + w.depth * self.depth
            + (w.shed + w.shed_late * self.late) * self.pips
            + w.double * self.double
            + w.domino_close * self.domino_close
        )


class Knowledge:
    """Who may hold what, from the view: each seat's candidate tiles and the chance
    it holds each one (hand size over the sizes of all seats that may hold it)."""

    __slots__ = ("eligible", "own", "prob", "sizes")

    def __init__(self, view: PlayerView) -> None:
        unseen = unseen_mask(view)
        voids = view.void_masks()
        self.own = view_hand_mask(view)
        self.sizes = view.hand_sizes
        seat = view.seat
        others = [s for s in range(SEATS) if s != seat]
        self.eligible = [0, 0, 0, 0]
        for s in others:
            self.eligible[s] = unseen & ~voids[s]
        #: prob[s][tile index] for tiles seat s may hold.
        self.prob: list[dict[int, float]] = [{}, {}, {}, {}]
        bits = unseen
        while bits:
            low = bits & -bits
            bits ^= low
            index = low.bit_length() - 1
            holders = [s for s in others if self.eligible[s] & low]
            total = sum(self.sizes[s] for s in holders)
            for s in holders:
                self.prob[s][index] = self.sizes[s] / total if total else 0.0


def reply_outlook(sim: Sim, pool: int, prob: dict[int, float]) -> tuple[float, float]:
    """For a seat to move on ``sim``'s table holding some of ``pool``: its expected best
    score and the chance it must pass (tiles treated as independent)."""
    best_by_tile: dict[int, int] = {}
    for p in sim.open:
        for mi in PLACEMENT_INDICES[p][pool & P_SUIT[p]]:
            pts = POINTS[sim.sum_after(mi)]
            t = M_TILE[mi]
            if pts > best_by_tile.get(t, -1):
                best_by_tile[t] = pts
    none = 1.0
    expected = 0.0
    for t, pts in sorted(best_by_tile.items(), key=lambda kv: -kv[1]):
        q = prob.get(t, 0.0)
        if q >= 1.0:
            q = 0.999
        expected += none * q * pts
        none *= 1.0 - q
    return expected, none


def features(view: PlayerView, know: Knowledge | None = None) -> list[MoveFeatures]:
    """The expert's features for each of the view's legal placements."""
    know = know or Knowledge(view)
    seat = view.seat
    layout = view.layout
    hands = [0, 0, 0, 0]
    hands[seat] = know.own
    sim = Sim.from_round_state(layout, hands, seat, view.passes_in_a_row, view.scores, view.target)
    nxt = (seat + 1) & 3
    partner = (seat + 2) & 3
    others_min = min(view.hand_sizes[s] for s in range(SEATS) if s != seat)
    late = max(0.0, 1.0 - (others_min - 1) / 6.0)
    passes = sum(1 for t in view.turns if t.move is PASS)
    late = min(1.0, late + 0.1 * passes)
    out = []
    for move in view.legal_moves():
        if move is PASS:
            continue
        mi = move.index
        points = sim.push(mi)
        left = sim.hands[seat]
        threat, opp_pass = reply_outlook(sim, know.eligible[nxt], know.prob[nxt])
        gain, partner_pass = reply_outlook(sim, know.eligible[partner], know.prob[partner])
        mobility = 0
        exposed = P_VALUE[sim.open[-1]] if sim.open else -1
        for p in sim.open:
            mobility += (left & P_SUIT[p]).bit_count()
        depth = (left & P_SUIT[sim.open[-1]]).bit_count() if sim.open else 0
        domino = not left
        domino_close = left.bit_count() == 1 and mobility > 0
        sim.pop()
        out.append(
            MoveFeatures(
                move=move,
                points=points,
                threat=threat,
                partner_gain=gain,
                opp_pass=opp_pass,
                partner_pass=partner_pass,
                mobility=mobility,
                depth=depth,
                pips=M_PIPS[mi],
                late=late,
                double=M_DOUBLE[mi],
                domino_close=domino_close,
                domino=domino,
                exposed=exposed,
            )
        )
    return out


class ExpertBot(Bot):
    """Points now against what the move hands the next opponent, partner play,
    control of numbers, shedding heavy tiles: a club player's judgement."""

    name = "expert"

    def __init__(self, seed: int | None = None, weights: ExpertWeights = DEFAULT_WEIGHTS) -> None:
        super().__init__(seed)
        self.weights = weights

    def ranked(self, view: PlayerView) -> list[tuple[float, MoveFeatures]]:
        """Every placement with its value, best first (ties keep the legal-move order)."""
        w = self.weights
        scored = [(f.value(w), f) for f in features(view)]
        scored.sort(key=lambda vf: -vf[0])
        return scored

    def choose(self, view: PlayerView) -> Move:
        moves = view.legal_moves()
        if len(moves) == 1:
            return moves[0]
        ranked = self.ranked(view)
        best = ranked[0][0]
        ties = [f.move for v, f in ranked if v >= best - 1e-9]
        return ties[0] if len(ties) == 1 else ties[int(self.rng.random() * len(ties))]


def describe(f: MoveFeatures, view: PlayerView) -> str:
    """A short human reason built from a move's features."""
    parts = []
    parts.append(f"scores {f.points} now" if f.points else "scores nothing now")
    if f.domino:
        parts.append("dominoes: the others' hands are deducted")
    else:
        if f.opp_pass > 0.5:
            parts.append(f"the next opponent likely has to knock ({f.opp_pass:.0%})")
        elif f.threat >= 1:
            parts.append(f"leaves the next opponent about {f.threat:.0f} points")
        else:
            parts.append("leaves the next opponent little to score")
        if f.partner_gain >= 3:
            parts.append(f"sets up about {f.partner_gain:.0f} for the partner")
        if f.depth >= 2 and f.exposed >= 0:
            parts.append(f"keeps control of the {f.exposed}s ({f.depth} more in hand)")
        if f.pips >= 9:
            parts.append(f"sheds a heavy tile ({f.pips} pips)")
        elif f.double:
            parts.append("gets a double out")
        if f.domino_close:
            parts.append("last tile stays playable")
    return "; ".join(parts)


__all__ = [
    "DEFAULT_WEIGHTS",
    "ExpertBot",
    "ExpertWeights",
    "Knowledge",
    "MoveFeatures",
    "describe",
    "features",
    "reply_outlook",
]
