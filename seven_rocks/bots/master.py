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
``master`` is ``"default"``).  CPU seconds per decision on positions with a choice
(``benchmarks/bots.py --positions 200``, 2026-12-04), and duplicate results, games to 250:

=========  ==========  ==========  ===============  ======================================
level      deals       exact at    median / p95 s   vs expert (win rate, 95% CI)
=========  ==========  ==========  ===============  ======================================
quick         40       <= 8 tiles  0.004 / 0.016    45.5% (40.7% .. 50.4%, 400 games)
brisk        150       <= 10       0.015 / 0.057    63.0% (58.2% .. 67.6%, 400 games)
default    1,000 (*)   <= 12       0.097 / 0.219    76.6% (73.9% .. 79.1%, 1,000 games)
strong     2,000 (*)   <= 12       0.195 / 0.438    not measured (twice the default's deals)
=========  ==========  ==========  ===============  ======================================

(*) with successive halving, on deals resampled from a pool of three times as many by
the play model with the shedding habit (``halving``, ``infer=1``, ``shed=0.5``,
``double=2``: ``master-infer``'s settings, below).
``brisk`` is the search ``master-v1`` plays, frozen, as the yardstick; the coach
reviews with it, because a whole game's review must stay within 10 s in the browser.
In the browser (Pyodide in Chromium, ``benchmarks/browser.py``) the default decides in
182 ms median, 369 ms p95 on decisions with a choice (``--runs 3 --moves 40``,
2026-12-04, while a match kept both of this machine's cores busy: an upper figure; the
default before, ``master-h1000``, 183 / 397 ms on an idle machine; ``brisk``, the
coach's, 39 / 108 ms).
CPU seconds move with this shared machine: ``master-v1`` (the same search as ``brisk``)
took 0.023 s median when the time budgets were set and 0.016 s in the run above, so the
benchmark's ``ref med`` column puts the default at 0.138 s median (0.15 allowed) at the
budgets' speed; ``master-h1000`` (the default before) measured 0.091 / 0.235 in the same
run (0.129 at the budgets' speed).

Built in and off at every level, because it did not measure better: ``search="ismcts"``,
single-observer Information-Set MCTS (:mod:`.ismcts`), which at the same budget won only
41.0% (34.4% .. 47.9%, 200 games) against this flat search.  ``infer`` was first tried
on ``brisk`` at beta 0.15 on points alone: 68 wins in the first 104 games of its
400-game match against expert, where ``brisk`` won 66: inconclusive; with the sharper
model and the shedding habit it is the default's (the end of this docstring).

How the default was made stronger, measured against ``master-v1`` (the yardstick,
``brisk``, frozen in :mod:`seven_rocks.research.masters`) on duplicate deals, games to
250, ``--jobs 1``:

* ``weigh=beta``: every uniformly drawn deal's value weighted by
  :meth:`~.sampling.PlayModel.weight` (importance weights, cheaper and smoother than
  ``infer``'s resampling); at 150 deals: 51.0% (41.4% .. 60.6%, 100 games, seed 21,
  margin +11.1): no signal alone;
* rollouts with a bonus of 6 for leaving the next player nothing to play: 49.0%
  (39.4% .. 58.7%, 100 games, seed 21, margin -7.6): dropped;
* 500 deals, exact from 12 tiles (then the ``strong`` level) head to head: 60.0% (50.2% ..
  69.1%, 100 games, seed 31, margin +24.7), although against expert it won 63.5% (58.7% ..
  68.1%, 400 games), no more than ``brisk``;
* ``master-next`` (500 deals, exact from 12, ``weigh=0.15``): 61.3% (55.8% .. 66.4%,
  320 games: seed 31, 100; seed 41, 190; seed 42, 30; margin +30.0) against
  ``master-v1``; seeds 41 and 42 alone, played after it was chosen: 60.0% (53.4% ..
  66.2%, 220 games).  Against greedy 93.5% (90.0% .. 95.8%, 290 games, seed 1), margin
  +94.5: 60% of the oracle's +157 (``master-v1``: +77, 49%).  Against expert: not
  measured.  Decides in 0.109 s median, 0.355 s p95 (``benchmarks/bots.py``, CPU, a
  shared machine where master-v1 measured 0.030 / 0.107).  Not yet the default: the
  issue asks for 1,000 games per target.

Against greedy, the margin target (60% of the oracle's +157, i.e. +94.2), with
``seven-rocks tournament CANDIDATE greedy --games 1000 --seed S --jobs 2``; the margin's
interval is 1.96 standard errors of the per-game margins:

* ``master-next``, seed 71, 1,000 games: 92.0% (90.2% .. 93.5%), margin +90.4 +- 4.1
  (57.6%): short of the target; pooled with seed 1 (290 games) and seed 61 (352),
  about 58.5%;
* exact search from 14 tiles instead of 12, seed 71, stopped at 391 games: margin +87.1
  +- 6.4; paired with ``master-next`` on the same deals, +1.6 +- 6.8: no gain;
* ``weigh=0.5`` (the play model fits where the hidden tiles are better than at 0.15 on
  positions from games against greedy and expert), seed 81, 680 games: 92.4% (90.1% ..
  94.1%), margin +90.6 +- 4.9 (57.7%): no gain;
* rollouts that play the other team plain greedy (as the opponent really plays), seed
  71, 106 games: margin -20.9 +- 15.9 against ``master-next`` on the same deals:
  clearly worse, dropped;
* ``halving`` at 1,000 deals (``master-h1000``: the last two moves standing get twice
  ``master-next``'s deals, for 0.119 s median / 0.285 s p95), seed 91, 1,000 games:
  93.0% (91.2% .. 94.4%), margin +93.5 +- 4.0 (59.5%, 57.0% .. 62.1%): the closest
  yet, still short of the target's 60%.

``master-h1000``'s search became the default, on these matches (``seven-rocks tournament
master-h1000 B --games 1000 --seed S --jobs 2 --record F --resume``); it stayed the
default until ``master-infer``'s settings replaced it (the end of this docstring):

* against ``master-v1``, seed 111, 1,000 games: 65.2% (62.2% .. 68.1%), margin +35.2 +-
  6.1, pairs won both 202, split 248, lost both 50 (the target: 56%, interval above 50%);
* against expert, seed 101, 1,000 games: 77.7% (75.0% .. 80.2%), margin +56.0 +- 5.6,
  pairs won both 288, split 201, lost both 11 (the target: 65%);
* against greedy, seed 91 (above): margin +93.5 +- 4.0; seed 121, 1,000 games: 92.3%
  (90.5% .. 93.8%), margin +94.1 +- 4.2 (59.9%); both seeds pooled, 2,000 games: +93.8
  +- 2.9, 59.7% (57.9% .. 61.6%) of the oracle's +157: 0.4 points of margin short of
  the target's +94.2, well within the noise;
* the oracle on seed 121's deals (``seven-rocks tournament oracle greedy --games 1000
  --seed 121 --jobs 2``): 100% of 1,000 games, margin +158.5 +- 2.7, so the +157 holds;
  master's +94.1 on the same deals is 59.4% of it (bootstrap 95%: 56.7% .. 62.0%);
* seed 131, both: master 93.3% (91.6% .. 94.7%), margin +96.0 +- 4.0; the oracle 99.9%,
  +160.7 +- 2.8.  Three seeds pooled, 3,000 games: master +94.5 +- 2.4, 60.2% (58.7% ..
  61.7%) of +157; against the oracle on the same 2,000 deals (+159.6 +- 2.0), 59.6%
  (bootstrap 95%: 57.7% .. 61.4%).  The line is inside both intervals;
* seed 141, master (played in two sittings, ``--resume``): 93.2% (91.5% .. 94.6%), margin
  +94.5 +- 4.1, 0.113 s median / 0.295 s p95 per decision.  Four seeds pooled, 4,000
  games: +94.5 +- 2.0, 60.2% (58.9% .. 61.5%) of the issue's +157;
* seed 151, master: 90.9% (89.0% .. 92.5%), margin +91.1 +- 4.2, 0.110 s median / 0.287 s
  p95.  Five seeds pooled, 5,000 games: +93.8 +- 1.8, 59.8% (58.6% .. 60.9%) of +157: the
  target's line is inside the interval, the estimate a little under it;
* the oracle on seeds 141 and 151's deals (``seven-rocks tournament oracle greedy --games
  1000 --seed S --jobs 2 --record F``): 99.9% and 100% of 1,000 games each, margins +157.7
  and +157.9.  Master's games paired with the oracle's on the same deal and seats: 59.9%
  of the oracle's margin on seed 141, 57.7% on seed 151, 58.8% together (bootstrap 95%:
  56.9% .. 60.7%).  With seeds 121 and 131, master made 59.2% of what the oracle made on
  the same 4,000 deals;
* seed 161, master (2026-12-03, run in the background, all 1,000 games): 92.8% (91.0% ..
  94.2%), margin +91.8 +- 4.0, 0.107 s median / 0.274 s p95.  Six seeds pooled, 6,000
  games: +93.5 +- 1.6, 59.5% (58.5% .. 60.6%) of +157.

Tried since, on the default's search: playouts warier of the next seat's reply (``wary=0.75``
for 0.5), seed 151, stopped at 468 games: 92.3% wins, margin paired with the default's on
the same deals -0.2 +- 6.5: no sign of a gain, dropped.

How much more search can still give, without playing games (``benchmarks/decisions.py
--jobs 2 --bots ...``, 2026-12-04): on 400 playout-phase choices of master seats against
greedy, each level's *regret* (the expected round points its move gives up against the
best move of a far bigger search of the same model, 8,000 deals, no halving):

=================  ===============  ==================  ===============================
bot                regret           gain over default   CPU s median / p95 (these; 200
                                                        of ``benchmarks/bots.py``)
=================  ===============  ==================  ===============================
``master-v1``      0.660 +- 0.184   -0.480 +- 0.180     0.026 / 0.066
``master-next``    0.213 +- 0.082   -0.033              0.089 / 0.220
default            0.180 +- 0.089                       0.131 / 0.246; 0.099 / 0.229
``master-race``    0.139 +- 0.086   +0.041 +- 0.046     0.125 / 0.565; 0.089 / 0.426
``strong``         0.109 +- 0.057   +0.071 +- 0.070     0.261 / 0.494
=================  ===============  ==================  ===============================

A master seat makes about 37 such choices per game against greedy (30 games), so a
regret gain ``g`` should be worth about ``37 g`` points of game margin, and the screen
agrees with the matches: it predicts +17.6 for the default over ``master-v1`` (the
matches: +77 to +93.5, +16.5) and +1.2 over ``master-next`` (about +1.7).  Two
conclusions: a perfect search of this model would add at most about 0.18 x 37 = +7
points of margin to the default's +93.5 (the rest of the way to the oracle's +157 is
what the hidden hands hide, and the playout model); and the time budget leaves about
+1.5 of it (``master-race``: the last two moves raced, ``Level.extend``; the same median
time, a longer tail), +2.6 at twice the time (``strong``).

``master-race`` against greedy on seed 161 (``seven-rocks tournament master-race greedy
--games 1000 --seed 161 --jobs 2 --record F``, 58 minutes): 94.0% (92.4% .. 95.3%), margin
+95.3 +- 4.0, 60.7% (58.1% .. 63.2%) of +157, 0.071 s median / 0.451 s p95 per decision;
paired game by game with the default's 1,000 games on the same deals and seats (+91.8),
+3.5 +- 4.4: in line with the screen's +1.5, too few games to tell it from nothing.  Not
the default: its matches against ``master-v1`` and expert are not played, and its p95
leaves no room at the budgets' speed.

Inference, not search, is where the margin was (2026-12-04).  ``benchmarks/inference.py``
(300 positions per opponent, 1,500 uniform deals each) measures the share of hidden tiles
a play model's weights place with their true holder: uniform deals 0.347 against greedy;
the then default's model (points, beta 0.15) 0.367; points at beta 1 plus the shedding habit
(0.5 per pip, 2 for a double) 0.392, and as much better against expert (0.368 -> 0.393)
and master-brisk (0.370 -> 0.386), at the price of a third of the deals' effective weight.
``master-infer`` (:mod:`seven_rocks.research.masters`) resamples its deals from a pool of
3,000 by that model.  Against greedy, seed 161 (``seven-rocks tournament master-infer
greedy --games 1000 --seed 161 --jobs 2``; played as a scratch bot whose first games the
committed one reproduces move for move): 94.3% (92.7% .. 95.6%), margin **+100.3 +- 3.9,
63.9% of the oracle's +157** (61.4% .. 66.4%); paired with the then default's (``master-h1000``)
1,000 games on the same deals, **+8.5 +- 4.7**; 0.105 s median / 0.233 s p95 per decision.

``master-infer``'s settings became the default (2026-12-04), on these matches
(``seven-rocks tournament master-infer B --games 1000 --seed S --jobs 2 --record F
--resume``):

* against ``master-v1``, seed 171, 1,000 games: 62.6% (59.6% .. 65.5%), margin +29.7 +-
  6.1, pairs won both 188, split 250, lost both 62 (the target: 56%, interval above
  50%); 0.096 s median / 0.231 s p95 per decision (``master-v1``: 0.013 / 0.049);
* against greedy, seed 161 (above): margin +100.3 +- 3.9, 63.9% of the oracle's +157
  (the target: 60%);
* against expert, seed 181, 1,000 games (played as ``master``, the committed default;
  its first 392 games, played by ``master-infer`` a session earlier, came out the same):
  76.6% (73.9% .. 79.1%), margin +54.9 +- 5.7, pairs won both 285, split 196, lost both
  19 (the target: 65%; the default before: 77.7% on seed 101); 0.118 s median / 0.319 s
  p95 per decision.
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
    #: ``master-infer``'s settings since 2026-12-04 (``master-h1000``'s before).
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
