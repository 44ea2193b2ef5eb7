"""Duplicate tournaments between two bots, in parallel, with honest statistics.

Team A (bot ``a``) sits at seats 0 and 2, team B at 1 and 3; every game is then played
again on the same deals with the teams swapped (``Game(seed=...)`` deals the k-th round
from the seed and k alone, so both games of a pair see the same k-th deal whatever
happened before).  Deal luck thus cancels out in each pair.

Results do not depend on the number of worker processes: each pair's deals and bot
seeds come from the tournament seed and the pair's number only, and results are
gathered in pair order (only the measured decision times vary).

>>> result = run_tournament("greedy", "random", games=4, seed=1, progress=False)
>>> result.games, result.a_wins + result.b_wins
(4, 4)
>>> lo, hi = wilson_interval(result.a_wins, result.games)
>>> 0 <= lo <= result.win_rate <= hi <= 1
True
"""

from __future__ import annotations

import math
import multiprocessing
import random
import statistics
import sys
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import IO, Any

from ..bots import BOTS, PRESETS
from ..bots.base import Bot
from ..engine.game import Game
from ..engine.record import dumps
from ..engine.round import End
from ..engine.scoring import DEFAULT_TARGET

BotFactory = Callable[[int | None], Bot]

#: z for a two-sided 95% interval.
Z95 = 1.959963984540054


def wilson_interval(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a binomial proportion (95% by default).

    >>> [round(x, 4) for x in wilson_interval(60, 100)]
    [0.502, 0.6906]
    >>> wilson_interval(0, 0)
    (0.0, 1.0)
    """
    if trials <= 0:
        return (0.0, 1.0)
    p = successes / trials
    z2 = z * z
    denominator = 1 + z2 / trials
    centre = (p + z2 / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / denominator
    lo = 0.0 if successes <= 0 else max(0.0, centre - half)
    hi = 1.0 if successes >= trials else min(1.0, centre + half)
    return (lo, hi)


def bot_names() -> list[str]:
    """Every name a tournament accepts: the fair bots, their levels, the research bots."""
    from . import RESEARCH_BOTS

    return [*BOTS, *PRESETS, *RESEARCH_BOTS]


def bot_factory(name: str) -> BotFactory:
    """The constructor of a bot by tournament name (fair bots, levels, research bots)."""
    from . import RESEARCH_BOTS

    if name in BOTS:
        return BOTS[name]
    if name in PRESETS:
        return PRESETS[name]
    if name in RESEARCH_BOTS:
        return RESEARCH_BOTS[name]
    raise ValueError(f"unknown bot {name!r} (choose from {', '.join(bot_names())})")


def decide(bot: Bot, game: Game) -> Any:
    """Ask ``bot`` for the move of the seat to play.

    A fair bot gets the seat's view and nothing else.  A research bot (``fair`` false)
    is given the true hands through its explicit ``choose_with_hands`` method.
    """
    seat = game.turn
    view = game.view(seat)
    if bot.fair:
        return bot.choose(view)
    hands = tuple(game.current.hand(s) for s in range(4))
    return bot.choose_with_hands(view, hands)  # type: ignore[attr-defined]


@dataclass(slots=True)
class GameOutcome:
    """One game's facts, from team A's and team B's side (not seat parity)."""

    a_won: bool
    a_score: int
    b_score: int
    rounds: int
    a_points: int
    b_points: int
    a_net: int
    b_net: int
    a_dominoes: int
    b_dominoes: int
    blocks: int
    a_seconds: list[float] = field(default_factory=list)
    b_seconds: list[float] = field(default_factory=list)
    a_wall: list[float] = field(default_factory=list)
    b_wall: list[float] = field(default_factory=list)
    record: str | None = None


def _seed_of(*parts: object) -> int:
    text = ":".join(str(p) for p in ("seven-rocks-tournament", *parts))
    return random.Random(text).getrandbits(48)


def play_game(
    a: BotFactory,
    b: BotFactory,
    names: tuple[str, str],
    deal_seed: int,
    a_first: bool,
    bot_seed: int,
    *,
    target: int = DEFAULT_TARGET,
    record: bool = False,
) -> GameOutcome:
    """One game: A at seats 0 and 2 when ``a_first``, else at 1 and 3."""
    a_team = 0 if a_first else 1
    seats = [names[0] if s % 2 == a_team else names[1] for s in range(4)]
    game = Game(seed=deal_seed, target=target, seats=seats)
    bots = [(a if s % 2 == a_team else b)(_seed_of(bot_seed, s)) for s in range(4)]
    seconds: list[list[float]] = [[], []]
    wall: list[list[float]] = [[], []]
    clock = time.process_time
    wall_clock = time.perf_counter
    while not game.is_over:
        seat = game.turn
        started, wall_started = clock(), wall_clock()
        move = decide(bots[seat], game)
        seconds[seat & 1].append(clock() - started)
        wall[seat & 1].append(wall_clock() - wall_started)
        game.play(move, seat)
    points = [0, 0]
    net = [0, 0]
    dominoes = [0, 0]
    blocks = 0
    for rnd in game.rounds:
        for team in (0, 1):
            points[team] += rnd.points[team]
            net[team] += rnd.result()[team]
        if rnd.end is End.DOMINO:
            dominoes[rnd.turns[-1].seat & 1] += 1
        elif rnd.end is End.BLOCKED:
            blocks += 1
    b_team = 1 - a_team
    scores = game.scores
    return GameOutcome(
        a_won=game.winner == a_team,
        a_score=scores[a_team],
        b_score=scores[b_team],
        rounds=len(game.rounds),
        a_points=points[a_team],
        b_points=points[b_team],
        a_net=net[a_team],
        b_net=net[b_team],
        a_dominoes=dominoes[a_team],
        b_dominoes=dominoes[b_team],
        blocks=blocks,
        a_seconds=seconds[a_team],
        b_seconds=seconds[b_team],
        a_wall=wall[a_team],
        b_wall=wall[b_team],
        record=dumps(game) if record else None,
    )


@dataclass(frozen=True, slots=True)
class _PairTask:
    a: BotFactory
    b: BotFactory
    names: tuple[str, str]
    seed: int
    pair: int
    target: int
    record: bool


def _play_pair(task: _PairTask) -> tuple[GameOutcome, GameOutcome]:
    deal_seed = _seed_of("deals", task.seed, task.pair)
    games = []
    for half, a_first in enumerate((True, False)):
        games.append(
            play_game(
                task.a,
                task.b,
                task.names,
                deal_seed,
                a_first,
                _seed_of("bots", task.seed, task.pair, half),
                target=task.target,
                record=task.record,
            )
        )
    return games[0], games[1]


def _percentile(values: Sequence[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))
    return ordered[index]


@dataclass(slots=True)
class TournamentResult:
    """The totals of a tournament (``to_json()`` is the ``--json`` output)."""

    a: str
    b: str
    seed: int
    games: int = 0
    a_wins: int = 0
    b_wins: int = 0
    pairs_swept_a: int = 0
    pairs_swept_b: int = 0
    pairs_split: int = 0
    rounds: int = 0
    margin_total: int = 0
    a_points: int = 0
    b_points: int = 0
    a_net: int = 0
    b_net: int = 0
    a_dominoes: int = 0
    b_dominoes: int = 0
    blocks: int = 0
    a_seconds: list[float] = field(default_factory=list)
    b_seconds: list[float] = field(default_factory=list)
    a_wall: list[float] = field(default_factory=list)
    b_wall: list[float] = field(default_factory=list)

    def add_pair(self, first: GameOutcome, second: GameOutcome) -> None:
        for game in (first, second):
            self.games += 1
            self.a_wins += game.a_won
            self.b_wins += not game.a_won
            self.rounds += game.rounds
            self.margin_total += game.a_score - game.b_score
            self.a_points += game.a_points
            self.b_points += game.b_points
            self.a_net += game.a_net
            self.b_net += game.b_net
            self.a_dominoes += game.a_dominoes
            self.b_dominoes += game.b_dominoes
            self.blocks += game.blocks
            self.a_seconds.extend(game.a_seconds)
            self.b_seconds.extend(game.b_seconds)
            self.a_wall.extend(game.a_wall)
            self.b_wall.extend(game.b_wall)
        wins = first.a_won + second.a_won
        self.pairs_swept_a += wins == 2
        self.pairs_swept_b += wins == 0
        self.pairs_split += wins == 1

    @property
    def win_rate(self) -> float:
        return self.a_wins / self.games if self.games else 0.0

    @property
    def ci95(self) -> tuple[float, float]:
        return wilson_interval(self.a_wins, self.games)

    @property
    def mean_margin(self) -> float:
        return self.margin_total / self.games if self.games else 0.0

    def seconds_per_move(self, wall: bool = False) -> dict[str, dict[str, float]]:
        """Per bot: median and p95 seconds per decision (forced moves included).

        CPU seconds of the deciding process by default: what a decision costs on one
        core, whatever else the machine is doing; ``wall=True`` for elapsed time.
        """
        out: dict[str, dict[str, float]] = {}
        samples: dict[str, list[float]] = {}
        samples.setdefault(self.a, []).extend(self.a_wall if wall else self.a_seconds)
        samples.setdefault(self.b, []).extend(self.b_wall if wall else self.b_seconds)
        for name, values in samples.items():
            out[name] = {
                "median": statistics.median(values) if values else 0.0,
                "p95": _percentile(values, 0.95),
                "decisions": len(values),
            }
        return out

    def to_json(self) -> dict[str, Any]:
        rounds = max(1, self.rounds)
        lo, hi = self.ci95
        return {
            "a": self.a,
            "b": self.b,
            "seed": self.seed,
            "games": self.games,
            "a_wins": self.a_wins,
            "b_wins": self.b_wins,
            "win_rate": self.win_rate,
            "ci95": [lo, hi],
            "mean_margin": self.mean_margin,
            "duplicate_pairs": {
                "a_both": self.pairs_swept_a,
                "split": self.pairs_split,
                "b_both": self.pairs_swept_b,
            },
            "rounds": self.rounds,
            "points_per_round": {"a": self.a_points / rounds, "b": self.b_points / rounds},
            "net_per_round": {"a": self.a_net / rounds, "b": self.b_net / rounds},
            "dominoes": {"a": self.a_dominoes, "b": self.b_dominoes},
            "blocks": self.blocks,
            "seconds_per_move": self.seconds_per_move(),
            "wall_seconds_per_move": self.seconds_per_move(wall=True),
        }

    def summary(self) -> str:
        data = self.to_json()
        lo, hi = data["ci95"]
        ppr, npr = data["points_per_round"], data["net_per_round"]
        lines = [
            f"{self.a} (A, seats 0+2) vs {self.b} (B, seats 1+3): {self.games} games on "
            f"{self.games // 2} duplicate deal sets, seed {self.seed}",
            f"A wins {self.a_wins}/{self.games} = {self.win_rate:.1%}  "
            f"(95% Wilson CI {lo:.1%} .. {hi:.1%})",
            f"duplicate pairs: A won both {self.pairs_swept_a}, split {self.pairs_split}, "
            f"B won both {self.pairs_swept_b}",
            f"mean final margin (A - B): {self.mean_margin:+.1f}",
            f"rounds: {self.rounds}; points per round A {ppr['a']:.1f}, B {ppr['b']:.1f}; "
            f"net per round (after deductions) A {npr['a']:+.1f}, B {npr['b']:+.1f}",
            f"dominoes: A {self.a_dominoes}, B {self.b_dominoes}; blocked rounds: {self.blocks}",
        ]
        for name, t in data["seconds_per_move"].items():
            lines.append(
                f"CPU seconds per decision, {name}: median {t['median']:.4f}, "
                f"p95 {t['p95']:.4f} ({t['decisions']} decisions)"
            )
        return "\n".join(lines)


def _pool_context() -> Any:
    methods = multiprocessing.get_all_start_methods()
    return multiprocessing.get_context("fork" if "fork" in methods else "spawn")


def iter_pairs(tasks: Sequence[_PairTask], jobs: int) -> Iterator[tuple[GameOutcome, GameOutcome]]:
    """Results of the pairs in order, computed by ``jobs`` processes."""
    if jobs <= 1 or len(tasks) <= 1:
        for task in tasks:
            yield _play_pair(task)
        return
    with _pool_context().Pool(min(jobs, len(tasks))) as pool:
        yield from pool.imap(_play_pair, tasks, chunksize=1)


def run_tournament(
    a: str,
    b: str,
    games: int,
    seed: int = 0,
    *,
    jobs: int = 1,
    target: int = DEFAULT_TARGET,
    progress: bool = True,
    record: IO[str] | None = None,
    factories: Mapping[str, BotFactory] | None = None,
) -> TournamentResult:
    """Play ``games`` games (``games / 2`` duplicate pairs) of ``a`` against ``b``.

    ``games`` must be even: every deal set is played twice, teams swapped.
    ``factories`` may supply constructors for names outside the registries (tuning).
    ``record``, if given, receives every game as a JSON Lines row, in order.
    """
    if games <= 0 or games % 2:
        raise ValueError(
            f"--games must be a positive even number (each deal set is played "
            f"twice, teams swapped), not {games}"
        )
    if jobs <= 0:
        raise ValueError(f"--jobs must be at least 1, not {jobs}")
    extra = dict(factories or {})
    fa = extra[a] if a in extra else bot_factory(a)
    fb = extra[b] if b in extra else bot_factory(b)
    tasks = [
        _PairTask(fa, fb, (a, b), seed, pair, target, record is not None)
        for pair in range(games // 2)
    ]
    result = TournamentResult(a=a, b=b, seed=seed)
    bar: Any = None
    if progress:
        from tqdm import tqdm

        bar = tqdm(
            total=games, file=sys.stderr, unit="game", desc=f"{a} vs {b}", dynamic_ncols=True
        )
    try:
        for first, second in iter_pairs(tasks, jobs):
            result.add_pair(first, second)
            if record is not None:
                for outcome in (first, second):
                    assert outcome.record is not None
                    record.write(outcome.record + "\n")
            if bar is not None:
                bar.update(2)
                bar.set_postfix_str(f"A {result.win_rate:.1%}")
    finally:
        if bar is not None:
            bar.close()
    return result


__all__ = [
    "GameOutcome",
    "TournamentResult",
    "bot_factory",
    "bot_names",
    "decide",
    "play_game",
    "run_tournament",
    "wilson_interval",
]
