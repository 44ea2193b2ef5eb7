"""``master``: search over the hidden tiles (determinised Monte Carlo with exact endgames).

For each decision the bot draws deals of the unseen tiles uniformly among those
consistent with everything public (hand sizes, the tiles played, every pass's voids:
:class:`~seven_rocks.bots.sampling.DealSampler`), keeps them in proportion to how well
they explain the other seats' plays (:class:`~seven_rocks.bots.sampling.PlayModel`: the
points each took or passed up, and the habit of shedding heavy tiles and doubles;
``infer`` resamples a pool three times as big, ``weigh`` weights each deal instead),
and for each deal scores every candidate move:

* by playing the round out with a fast policy (:class:`~.playout.Sim`): every seat
  takes the most points now minus half of what the next seat could score in reply on
  the sampled deal ("wary greedy"; plain greedy rollouts measured clearly weaker), or
* exactly (alpha-beta over the sampled deal, a quarter as many deals) once few tiles
  remain in the hands.

Every candidate sees the same deals and the same playout random numbers (common
random numbers), so differences between moves are not drowned by deal luck; after a
quarter and again after half of the deals only the better half of the moves goes on
(``halving``), so the deals go where the choice is close.  The
value of an outcome is the round's net result for the bot's team (its points minus
the opponents', deductions included), plus a large bonus or penalty when a team
reaches the target, so near 250 reaching it first beats a bigger round.

The number of deals is fixed by the level, so a seeded bot is deterministic; an
optional ``time_limit`` (seconds) caps a decision (then it depends on the clock).

Levels (``MasterBot(level=...)``, or the tournament names ``master-quick`` etc.;
``master`` is ``"default"``):

=========  ==========  ==========  ==============================================
level      deals       exact at    what for
=========  ==========  ==========  ==============================================
quick         40       <= 8 tiles  a quick opponent
brisk        150       <= 10       the coach's (a whole game's review within 10 s
                                   in the browser); ``master-v1``'s search
default    1,000 (*)   <= 12       the hint and the default opponent
strong     2,000 (*)   <= 12       twice the default's deals
=========  ==========  ==========  ==============================================

(*) with successive halving, on deals resampled from a pool of three times as many by
the play model with the shedding habit (``halving``, ``infer=1``, ``shed=0.5``,
``double=2``).  What each level costs and how strong it plays, and how the default's
settings were chosen (every match and screen, with its command), are in
``docs/bots-measured.md``; anything that adds work to the default's decision needs a
time budget check there first.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass

from ..engine.moves import PASS, Move, Point, Side
from ..engine.view import PlayerView
from . import ismcts
from .base import Bot
from .playout import TARGET, Sim
from .sampling import DealSampler, InferredDeals, PlayModel

#: ISMCTS iterations per "sample" of the level (about the flat search's cost per deal).
ISMCTS_PER_SAMPLE = 3

#: Candidate deals drawn per deal searched when inferring from play.
INFER_POOL = 3

#: What reaching the target is worth, in round points, on top of the round's margin.
WIN_VALUE = 200.0

DealSource = Callable[[random.Random], list[int]]


@dataclass(frozen=True, slots=True)
class Level:
    """A strength/time trade-off of the search."""

    samples: int
    exact_tiles: int
    epsilon: float = 0.0
    wary: float = 0.0
    #: ``"flat"`` (every candidate on every deal) or ``"ismcts"`` (one tree, see
    #: :mod:`.ismcts`, with ``samples`` x ``ISMCTS_PER_SAMPLE`` iterations).
    search: str = "flat"
    #: Inference from play (:class:`~.sampling.PlayModel` beta; 0 = uniform deals only).
    infer: float = 0.0
    #: Importance weights from play: each uniform deal's value counts in proportion to
    #: :meth:`~.sampling.PlayModel.weight` at this beta (0 = every deal counts the same).
    weigh: float = 0.0
    #: The play model's other habits, for ``infer`` and ``weigh`` alike: its preference for
    #: shedding heavy tiles (per pip) and doubles (:class:`~.sampling.PlayModel`).
    shed: float = 0.0
    double: float = 0.0
    #: Successive halving of the playout search: after a quarter of the deals, and again
    #: after half, only the better half of the moves (at least two) is played on, so the
    #: deals go where the choice is close.  ``samples`` is then what the last two get.
    halving: bool = False
    #: Racing the last two moves (0 = off): once only two moves are searched, their paired
    #: difference over the deals so far is checked every quarter of ``samples`` from half of
    #: them on; the search stops as soon as it is clear (:data:`CLEAR` standard errors)
    #: and otherwise goes on past ``samples`` to at most this many deals.
    extend: int = 0


#: How many standard errors the last two moves' mean difference must span to stop the race.
CLEAR = 2.0


LEVELS: dict[str, Level] = {
    "quick": Level(samples=40, exact_tiles=8, wary=0.5),
    #: ``master-v1``'s search, the yardstick's: the coach's level, a sixth
    #: of the default's time, so a whole game's review stays within 10 s in the browser.
    "brisk": Level(samples=150, exact_tiles=10, wary=0.5),
    #: ``master-infer``'s settings (how they were chosen: ``docs/bots-measured.md``).
    "default": Level(
        samples=1000, exact_tiles=12, wary=0.5, infer=1.0, shed=0.5, double=2.0, halving=True
    ),
    "strong": Level(
        samples=2000, exact_tiles=12, wary=0.5, infer=1.0, shed=0.5, double=2.0, halving=True
    ),
}


@dataclass(frozen=True, slots=True)
class Analysis:
    """The search's verdict on one candidate move (values from the mover's team's side)."""

    move: Move
    value: float
    samples: int


def outcome_value(sim: Sim, team: int) -> float:
    """The value of a finished (simulated) round for ``team``."""
    margin = float(sim.margin(team))
    if sim.end == TARGET:
        winner = 0 if sim.base[0] + sim.points[0] >= sim.target else 1
        return margin + (WIN_VALUE if winner == team else -WIN_VALUE)
    return margin


def solve(sim: Sim, team: int, alpha: float, beta: float) -> float:
    """Exact value of ``sim`` for ``team`` with both teams playing perfectly on this deal."""
    if sim.end:
        return outcome_value(sim, team)
    moves = sim.legal()
    maximizing = (sim.turn & 1) == team
    if not moves:
        sim.push(-1)
        value = solve(sim, team, alpha, beta)
        sim.pop()
        return value
    if len(moves) > 1:
        moves.sort(key=lambda m: -sim.greedy_key(m))
    if maximizing:
        best = -1e9
        for mi in moves:
            sim.push(mi)
            value = solve(sim, team, alpha, beta)
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
        value = solve(sim, team, alpha, beta)
        sim.pop()
        if value < best:
            best = value
            if best < beta:
                beta = best
                if alpha >= beta:
                    break
    return best


def _better_half(alive: list[int], totals: list[float], masses: list[float]) -> list[int]:
    """The better half (at least two) of the moves still searched, by mean value so far."""

    def mean(i: int) -> float:
        return totals[i] / masses[i] if masses[i] > 0.0 else 0.0

    keep = max(2, (len(alive) + 1) // 2)
    return sorted(sorted(alive, key=mean, reverse=True)[:keep])


class _Race:
    """The paired difference of the last two moves, deal by deal (importance-weighted):
    with common random numbers it is far less noisy than either move's own mean."""

    __slots__ = ("squares", "sum", "sum_sq", "weight")

    def __init__(self) -> None:
        self.weight = 0.0
        self.squares = 0.0  # of the weights: the effective number of deals is weight² / squares
        self.sum = 0.0
        self.sum_sq = 0.0

    def add(self, weight: float, difference: float) -> None:
        self.weight += weight
        self.squares += weight * weight
        self.sum += weight * difference
        self.sum_sq += weight * difference * difference

    def clear(self) -> bool:
        """Whether the mean difference spans :data:`CLEAR` standard errors (two moves
        that never differ are clear too: more deals would not part them)."""
        mean = self.sum / self.weight
        variance = max(0.0, self.sum_sq / self.weight - mean * mean)
        deals = self.weight * self.weight / self.squares
        return abs(mean) >= CLEAR * math.sqrt(variance / deals)


def _branch_twin(move: Move) -> Move | None:
    """For a placement on the spinner's ``branch_b``: the same tile on ``branch_a``."""
    at = move.at
    if at is None or move.tile is None or at.side is not Side.BRANCH_B:
        return None
    return Move(move.tile, Point(at.tile, Side.BRANCH_A))


def _with_twins(found: list[Analysis], twins: dict[Move, Move | None]) -> list[Analysis]:
    """``found`` plus each skipped twin, right after the move it mirrors."""
    skipped = {twin: m for m, twin in twins.items() if twin is not None and twin in twins}
    if not skipped:
        return found
    out = []
    for a in found:
        out.append(a)
        if a.move in skipped:
            out.append(Analysis(skipped[a.move], a.value, a.samples))
    return out


class MasterBot(Bot):
    """Samples the hidden hands and plays every candidate out: the strongest fair bot."""

    name = "master"

    def __init__(
        self,
        seed: int | None = None,
        level: str | Level = "default",
        *,
        samples: int | None = None,
        exact_tiles: int | None = None,
        epsilon: float | None = None,
        wary: float | None = None,
        search: str | None = None,
        infer: float | None = None,
        weigh: float | None = None,
        shed: float | None = None,
        double: float | None = None,
        halving: bool | None = None,
        extend: int | None = None,
        time_limit: float | None = None,
    ) -> None:
        super().__init__(seed)
        if isinstance(level, Level):
            preset = level
            level = "custom"
        else:
            try:
                preset = LEVELS[level]
            except KeyError:
                raise ValueError(
                    f"unknown level {level!r} (choose from {', '.join(LEVELS)})"
                ) from None
        self.level = level
        self.samples = preset.samples if samples is None else samples
        self.exact_tiles = preset.exact_tiles if exact_tiles is None else exact_tiles
        self.epsilon = preset.epsilon if epsilon is None else epsilon
        self.wary = preset.wary if wary is None else wary
        self.search = preset.search if search is None else search
        self.infer = preset.infer if infer is None else infer
        self.weigh = preset.weigh if weigh is None else weigh
        self.shed = preset.shed if shed is None else shed
        self.double = preset.double if double is None else double
        self.halving = preset.halving if halving is None else halving
        self.extend = preset.extend if extend is None else extend
        if self.search not in ("flat", "ismcts"):
            raise ValueError(f"unknown search {self.search!r} (flat or ismcts)")
        self.time_limit = time_limit

    # ---------------------------------------------------------------- search
    def analyse(self, view: PlayerView, deals: DealSource | None = None) -> list[Analysis]:
        """Every legal move with its mean value over the sampled deals, best first."""
        moves = view.legal_moves()
        if len(moves) == 1:
            return [Analysis(moves[0], 0.0, 0)]
        if deals is None:
            deals = self._deal_source(view)
        # A tile on the spinner's second branch is the same move as on its first while both
        # are free: search one, report both.
        twins = {m: _branch_twin(m) for m in moves}
        moves = [m for m in moves if twins[m] is None or twins[m] not in moves]
        exact = sum(view.hand_sizes) <= self.exact_tiles
        if not exact and self.search == "ismcts":
            found = self._search_tree(view, moves, deals)
        else:
            found = self._search_flat(view, moves, deals, exact=exact)
        return _with_twins(found, twins)

    def _deal_source(self, view: PlayerView) -> DealSource:
        """Deals consistent with ``view``; weighted by how the others played (``infer``)
        when their play says something, else drawn uniformly."""
        sampler = DealSampler(view)
        deals: DealSource = sampler.sample
        if self.infer:
            model = self._play_model(view, self.infer)
            if model.informative:
                deals = InferredDeals(sampler, model, self.rng, INFER_POOL * self.samples).sample
        return deals

    def _play_model(self, view: PlayerView, beta: float) -> PlayModel:
        return PlayModel(view, beta=beta, shed=self.shed, double=self.double)

    def _search_tree(
        self, view: PlayerView, moves: list[Move], deals: DealSource
    ) -> list[Analysis]:
        """ISMCTS over the deals: moves ranked by visits (the tree's own choice), then value.

        A move the tree never tried gets no samples and a value of -1e9, so it sorts last.
        """
        stats = ismcts.search(
            view.layout,
            view.seat,
            view.passes_in_a_row,
            view.scores,
            view.target,
            deals,
            self.rng,
            outcome_value,
            iterations=self.samples * ISMCTS_PER_SAMPLE,
            wary=self.wary,
            time_limit=self.time_limit,
        )
        found = []
        for m in moves:
            i = -1 if m is PASS else m.index
            found.append(
                Analysis(m, stats[i][1] if i in stats else -1e9, stats[i][0] if i in stats else 0)
            )
        found.sort(key=lambda a: (-a.samples, -a.value))
        return found

    def _search_flat(
        self, view: PlayerView, moves: list[Move], deals: DealSource, *, exact: bool
    ) -> list[Analysis]:
        """Every move on every sampled deal, best mean first.

        With ``halving``, the better half of the moves goes on after a quarter of the
        deals and again after half (:func:`_better_half`); the moves searched longest
        come first, so the best of the last ones standing leads.  With ``extend`` too,
        the last two race (:class:`_Race`): from half of the deals on, every quarter, the
        search ends once they are clearly apart, else goes on to ``extend`` deals.
        Near the end (``exact``) each deal is solved by alpha-beta, so fewer deals do;
        otherwise each move is played out from the same snapshot with the same playout
        seed, so the moves of one deal differ only by the move (common random numbers).
        """
        rng = self.rng
        seat = view.seat
        team = seat & 1
        indices = [-1 if m is PASS else m.index for m in moves]
        totals = [0.0] * len(moves)
        masses = [0.0] * len(moves)
        counts = [0] * len(moves)
        alive = list(range(len(moves)))
        started = time.perf_counter()
        samples = self.samples if not exact else max(8, self.samples // 4)
        # (No cut before the first deal: with fewer than four there is nothing to rank by.)
        cuts = [c for c in (samples // 4, samples // 2) if c] if self.halving and not exact else []
        model = self._play_model(view, self.weigh) if self.weigh else None
        if model is not None and not model.informative:
            model = None
        race = _Race() if self.extend and not exact else None
        step = max(1, samples // 4)
        limit = samples
        done = 0
        while done < limit:
            if done in cuts and len(alive) > 2:
                alive = _better_half(alive, totals, masses)
            hands = deals(rng)
            weight = 1.0 if model is None else model.weight(hands)
            root = Sim.from_round_state(
                view.layout, hands, seat, view.passes_in_a_row, view.scores, view.target
            )
            if exact:
                for i in alive:
                    root.push(indices[i])
                    totals[i] += weight * solve(root, team, -1e9, 1e9)
                    root.pop()
            else:
                snap = root.snapshot()
                playout_seed = rng.getrandbits(32)
                values = []
                for i in alive:
                    root.restore(snap)
                    root.push(indices[i])
                    root.playout(random.Random(playout_seed), self.epsilon, self.wary)
                    value = outcome_value(root, team)
                    totals[i] += weight * value
                    values.append(value)
                if race is not None and len(alive) == 2:
                    race.add(weight, values[0] - values[1])
            for i in alive:
                counts[i] += 1
                masses[i] += weight
            done += 1
            if self.time_limit is not None and time.perf_counter() - started > self.time_limit:
                break
            if race is not None and race.weight and done >= samples // 2 and done % step == 0:
                if race.clear():
                    break
                limit = max(samples, self.extend)  # never fewer deals than the level
        out = [
            Analysis(
                m, totals[i] / (masses[i] if masses[i] > 0.0 else max(1, counts[i])), counts[i]
            )
            for i, m in enumerate(moves)
        ]
        # The moves searched to the end first (all of them without halving), best first.
        out.sort(key=lambda a: (-a.samples, -a.value))
        return out

    def choose(self, view: PlayerView) -> Move:
        moves = view.legal_moves()
        if len(moves) == 1:
            return moves[0]
        return self.analyse(view)[0].move

    def explain(self, view: PlayerView, move: Move) -> str | None:
        if move is PASS:
            return "no tile matches any open end: must knock"
        from .expert import Knowledge, describe, features

        analysis = self.analyse(view)
        mine = next((a for a in analysis if a.move is move), None)
        feats = next((f for f in features(view, Knowledge(view)) if f.move is move), None)
        if mine is None or feats is None:
            return None
        text = describe(feats, view)
        best = analysis[0]
        if len(analysis) > 1 and mine.samples:
            if best.move is move:
                second = analysis[1]
                text += (
                    f"; played out on {mine.samples} possible deals of the hidden tiles it "
                    f"averages {mine.value:+.1f} for the team this round, "
                    f"{mine.value - second.value:.1f} more than {second.move}"
                )
            else:
                text += (
                    f"; played out on {mine.samples} possible deals of the hidden tiles it "
                    f"averages {mine.value:+.1f} for the team this round, "
                    f"{best.value - mine.value:.1f} less than {best.move}"
                )
        return text


def evaluate(view: PlayerView, seed: int, level: str = "default") -> list[Analysis]:
    """Every legal move of ``view`` with the master's value at ``level``, best first.

    The coach's entry point (:mod:`seven_rocks.app.review`): a fresh bot seeded with ``seed``
    runs one :meth:`MasterBot.analyse`, so the verdict is a function of the view and the seed
    alone (no clock, no state carried between calls).
    """
    return MasterBot(seed, level).analyse(view)


__all__ = [
    "LEVELS",
    "WIN_VALUE",
    "Analysis",
    "Level",
    "MasterBot",
    "evaluate",
    "outcome_value",
    "solve",
]
