"""``master``: search over the hidden tiles (determinised Monte Carlo with exact endgames).

For each decision the bot draws deals of the unseen tiles uniformly among those
consistent with everything public (hand sizes, the tiles played, every pass's voids:
:class:`~seven_rocks.bots.sampling.DealSampler`), resampled from a pool three times as
big in proportion to how well they explain the other seats' plays
(:class:`~seven_rocks.bots.sampling.PlayModel`: the points each took or passed up, and
the habit of shedding heavy tiles and doubles; ``infer``), and for each deal scores
every candidate move:

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
reaches the target, so near the target reaching it first beats a bigger round.  A level
with ``win`` values an outcome by the team's chance to win the game instead: 1 or 0 at
the target, else the win-chance table (:mod:`.winchance`) at the scores the round
leaves, with who opens next (:func:`.outcome.outcome_win`).  The master plays so
(:data:`PLAY`): near the target a few points decide a game and early on they matter
little, and the match of the default's search playing for the game against it playing for
points is in ``docs/bots-measured.md``.  The named levels stay on points: the coach, the
puzzles and the research read their values as points.

The number of deals is fixed by the level, so a seeded bot is deterministic; an
optional ``time_limit`` (seconds) caps a decision (then it depends on the clock).

Levels (``MasterBot(level=...)``, or the tournament names ``master-quick`` etc.;
``master`` is :data:`PLAY`, ``"default"``'s search playing for the game):

=========  ==========  ==========  ==============================================
level      deals       exact at    what for
=========  ==========  ==========  ==============================================
quick         40       <= 8 tiles  a quick opponent
brisk        150       <= 10       the coach's (a whole game's review within 10 s
                                   in the browser)
default    1,000 (*)   <= 12       the search of the hint and the master (both
                                   playing it for the game: :data:`PLAY`)
strong     2,000 (*)   <= 12       twice the default's deals
=========  ==========  ==========  ==============================================

(*) with successive halving, on deals resampled by the play model with the shedding
habit (``halving``, ``infer=1``, ``shed=0.5``, ``double=2``).  What each level costs and
how strong it plays, and how the default's settings were chosen (every match and
screen, with its command), are in ``docs/bots-measured.md``; anything that adds work to
the default's decision needs a time budget check there first.  Search variants that no
level uses (tree search, importance weights, racing the last two moves) live in
:mod:`seven_rocks.research.variants`, through the two hooks :meth:`MasterBot._deal_weights`
and :meth:`MasterBot._race`.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Protocol

from ..engine.moves import PASS, Move, Point, Side
from ..engine.view import PlayerView
from .base import Bot
from .outcome import outcome_chance, outcome_value, outcome_win, solve
from .playout import Sim
from .sampling import DealSampler, InferredDeals, PlayModel

#: Candidate deals drawn per deal searched when inferring from play.
INFER_POOL = 3
#: At most this many candidates: the pool is drawn and weighed before the first deal is
#: searched, so no ``time_limit`` cuts it short, and a level of a million deals would spend
#: minutes there; a bigger pool resamples no better than this one already does.
MAX_INFER_POOL = 60_000

DealSource = Callable[[random.Random], list[int]]
#: How much one sampled deal (its hands as bit sets) counts in the mean of a move's values.
DealWeight = Callable[[list[int]], float]


@dataclass(frozen=True, slots=True)
class Level:
    """A strength/time trade-off of the search."""

    #: Deals searched per decision (what the last two moves get, with ``halving``).
    samples: int
    #: Tiles left in all hands at or below which each deal is solved exactly (alpha-beta).
    exact_tiles: int
    #: The playout policy's caution: minus this much of the next seat's best reply.
    wary: float = 0.5
    #: Inference from play (:class:`~.sampling.PlayModel` beta; 0 = uniform deals only).
    infer: float = 0.0
    #: The play model's other habits: its preference for shedding heavy tiles (per pip)
    #: and doubles (:class:`~.sampling.PlayModel`).
    shed: float = 0.0
    double: float = 0.0
    #: Successive halving of the playout search: after a quarter of the deals, and again
    #: after half, only the better half of the moves (at least two) is played on, so the
    #: deals go where the choice is close.  ``samples`` is then what the last two get.
    halving: bool = False
    #: Value each searched round's end by the team's chance to win the game
    #: (:func:`.outcome.outcome_win`) instead of its points (:func:`.outcome.outcome_value`):
    #: near the target a few points decide a game, early on they matter little.
    win: bool = False


#: A quick opponent.
QUICK = Level(samples=40, exact_tiles=8)
#: The coach's level: a sixth of the default's time, so a whole game's review stays
#: within 10 s in the browser.
BRISK = replace(QUICK, samples=150, exact_tiles=10)
#: The hint's and the default opponent's (how it was chosen: ``docs/bots-measured.md``).
DEFAULT = replace(
    BRISK, samples=1000, exact_tiles=12, infer=1.0, shed=0.5, double=2.0, halving=True
)
#: Twice the default's deals.
STRONG = replace(DEFAULT, samples=2000)
#: The master's own play and the hint: the default's search playing for the game.  Not a
#: named level: what reads a level's values as points (the coach, the puzzles, research
#: yardsticks) names one of :data:`LEVELS`.
PLAY = replace(DEFAULT, win=True)

LEVELS: dict[str, Level] = {"quick": QUICK, "brisk": BRISK, "default": DEFAULT, "strong": STRONG}


class Race(Protocol):
    """A stopping rule for the last two moves standing (no level races; research does).

    Once only two moves are searched, the search gives :meth:`add` their paired difference
    on each deal; from half of ``samples`` on, every quarter, it stops when :meth:`clear`,
    else goes on to ``deals`` deals (never fewer than the level's).
    """

    weight: float
    deals: int

    def add(self, weight: float, difference: float) -> None: ...

    def clear(self) -> bool: ...


@dataclass(frozen=True, slots=True)
class Analysis:
    """The search's verdict on one candidate move (values from the mover's team's side:
    round points, or with :attr:`Level.win` the chance to win the game)."""

    move: Move
    value: float
    samples: int
    #: The team's chance to win the game after the move (with ``chances``, else None).
    chance: float | None = None


def _better_half(alive: list[int], totals: list[float], masses: list[float]) -> list[int]:
    """The better half (at least two) of the moves still searched, by mean value so far."""

    def mean(i: int) -> float:
        return totals[i] / masses[i] if masses[i] > 0.0 else 0.0

    keep = max(2, (len(alive) + 1) // 2)
    return sorted(sorted(alive, key=mean, reverse=True)[:keep])


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
            out.append(replace(a, move=skipped[a.move]))
    return out


class MasterBot(Bot):
    """Samples the hidden hands and plays every candidate out: the strongest fair bot."""

    name = "master"

    def __init__(
        self,
        seed: int | None = None,
        level: str | Level = PLAY,
        *,
        time_limit: float | None = None,
        chances: bool = False,
    ) -> None:
        super().__init__(seed)
        if isinstance(level, str):
            try:
                level = LEVELS[level]
            except KeyError:
                raise ValueError(
                    f"unknown level {level!r} (choose from {', '.join(LEVELS)})"
                ) from None
        self.level = level
        self.time_limit = time_limit
        #: Also estimate each move's chance to win the game (the coach's measure; it does
        #: not change the ranking, which is by the level's value: points, or with
        #: ``Level.win`` the chance to win itself).
        self.chances = chances

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seed={self.seed}, level={self.level!r})"

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
        exact = sum(view.hand_sizes) <= self.level.exact_tiles
        return _with_twins(self._search(view, moves, deals, exact=exact), twins)

    def _deal_source(self, view: PlayerView) -> DealSource:
        """Deals consistent with ``view``; weighted by how the others played (``infer``)
        when their play says something, else drawn uniformly."""
        sampler = DealSampler(view)
        deals: DealSource = sampler.sample
        if self.level.infer:
            model = self.play_model(view, self.level.infer)
            if model.informative:
                pool = min(INFER_POOL * self.level.samples, MAX_INFER_POOL)
                deals = InferredDeals(sampler, model, self.rng, pool).sample
        return deals

    def play_model(self, view: PlayerView, beta: float) -> PlayModel:
        """The level's model of the other seats' play, at ``beta``."""
        return PlayModel(view, beta=beta, shed=self.level.shed, double=self.level.double)

    def _search(
        self, view: PlayerView, moves: list[Move], deals: DealSource, *, exact: bool
    ) -> list[Analysis]:
        """The search every level plays: :meth:`_search_flat` (variants replace it)."""
        return self._search_flat(view, moves, deals, exact=exact)

    def _deal_weights(self, view: PlayerView) -> DealWeight | None:
        """How much each deal counts (``None``: every deal the same, at every level)."""
        return None

    def _race(self) -> Race | None:
        """The stopping rule for the last two moves (``None``: no level races)."""
        return None

    def _search_flat(
        self, view: PlayerView, moves: list[Move], deals: DealSource, *, exact: bool
    ) -> list[Analysis]:
        """Every move on every sampled deal, best mean first.

        With ``halving``, the better half of the moves goes on after a quarter of the
        deals and again after half (:func:`_better_half`); the moves searched longest
        come first, so the best of the last ones standing leads.  With a :class:`Race`
        too, the last two race: from half of the deals on, every quarter, the search
        ends once they are clearly apart, else goes on to the race's ``deals``.
        Near the end (``exact``) each deal is solved by alpha-beta, so fewer deals do;
        otherwise each move is played out from the same snapshot with the same playout
        seed, so the moves of one deal differ only by the move (common random numbers).
        """
        rng = self.rng
        seat = view.seat
        team = seat & 1
        level = self.level
        indices = [-1 if m is PASS else m.index for m in moves]
        totals = [0.0] * len(moves)
        masses = [0.0] * len(moves)
        counts = [0] * len(moves)
        chances = [0.0] * len(moves) if self.chances else None
        alive = list(range(len(moves)))
        started = time.perf_counter()
        samples = level.samples if not exact else max(8, level.samples // 4)
        # (No cut before the first deal: with fewer than four there is nothing to rank by.)
        cuts = [c for c in (samples // 4, samples // 2) if c] if level.halving and not exact else []
        deal_weight = self._deal_weights(view)
        leaf = outcome_win if level.win else outcome_value
        race = None if exact else self._race()
        step = max(1, samples // 4)
        limit = samples
        done = 0
        while done < limit:
            if done in cuts and len(alive) > 2:
                alive = _better_half(alive, totals, masses)
            hands = deals(rng)
            weight = 1.0 if deal_weight is None else deal_weight(hands)
            root = Sim.from_round_state(
                view.layout, hands, seat, view.passes_in_a_row, view.scores, view.target
            )
            if exact:
                for i in alive:
                    root.push(indices[i])
                    totals[i] += weight * solve(root, team, -1e9, 1e9, leaf)
                    if chances is not None:
                        chances[i] += weight * solve(root, team, -1.0, 2.0, outcome_chance)
                    root.pop()
            else:
                snap = root.snapshot()
                playout_seed = rng.getrandbits(32)
                values = []
                for i in alive:
                    root.restore(snap)
                    root.push(indices[i])
                    root.playout(random.Random(playout_seed), 0.0, level.wary)
                    value = leaf(root, team)
                    totals[i] += weight * value
                    if chances is not None:
                        chances[i] += weight * outcome_chance(root, team)
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
                limit = max(samples, race.deals)  # never fewer deals than the level
        out = []
        for i, m in enumerate(moves):
            mass = masses[i] if masses[i] > 0.0 else max(1, counts[i])
            chance = None if chances is None else chances[i] / mass
            out.append(Analysis(m, totals[i] / mass, counts[i], chance))
        # The moves searched to the end first (all of them without halving), best first.
        out.sort(key=lambda a: (-a.samples, -a.value))
        return out

    def choose(self, view: PlayerView) -> Move:
        moves = view.legal_moves()
        if len(moves) == 1:
            return moves[0]
        return self.analyse(view)[0].move


def evaluate(
    view: PlayerView, seed: int, level: str | Level = "default", *, chances: bool = False
) -> list[Analysis]:
    """Every legal move of ``view`` with the master's value at ``level``, best first (with
    ``chances``, each with its chance to win the game too).

    The coach's entry point (:mod:`seven_rocks.app.review`): a fresh bot seeded with ``seed``
    runs one :meth:`MasterBot.analyse`, so the verdict is a function of the view and the seed
    alone (no clock, no state carried between calls).
    """
    return MasterBot(seed, level, chances=chances).analyse(view)


__all__ = [
    "BRISK",
    "DEFAULT",
    "LEVELS",
    "PLAY",
    "QUICK",
    "STRONG",
    "Analysis",
    "Level",
    "MasterBot",
    "Race",
    "evaluate",
]
