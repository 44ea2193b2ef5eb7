"""Duplicate tournaments between two bots, in parallel, with honest statistics.

Team A (bot ``a``) sits at seats 0 and 2, team B at 1 and 3; every game is then played
again on the same deals with the teams swapped (``Game(seed=...)`` deals the k-th round
from the seed and k alone, so both games of a pair see the same k-th deal whatever
happened before).  Deal luck thus cancels out in each pair.

Results do not depend on the number of worker processes: each pair's deals and bot
seeds come from the tournament seed and the pair's number only, and results are
gathered in pair order (only the measured decision times vary).

>>> result = run_tournament("greedy", "random", games=4, seed=1)
>>> result.games, result.a_wins + result.b_wins
(4, 4)
>>> lo, hi = wilson_interval(result.a_wins, result.games)
>>> 0 <= lo <= result.win_rate <= hi <= 1
True
"""

from __future__ import annotations

import multiprocessing
import random
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import IO, Any, Final

from ..app.runner import Decision, Runner
from ..bots import BotFactory, bot_factory
from ..bots.base import Bot
from ..engine.errors import SevenRocksError
from ..engine.game import Game
from ..engine.moves import Move
from ..engine.record import dumps
from ..engine.scoring import DEFAULT_TARGET
from ..engine.view import PlayerView
from .stats import GameFacts, Samples, Tally, wilson_interval

#: The most worker processes a tournament starts.
MAX_JOBS: Final = 256
#: Pairs handed to the workers ahead of the one being collected, per worker: enough to
#: keep every worker busy, few enough that memory does not grow with --games.
AHEAD_PER_JOB: Final = 4


class TournamentError(SevenRocksError):
    """A match that cannot be played as asked (games, jobs, the games played so far)."""


def decision(bot: Bot, game: Game) -> Decision:
    """How ``bot`` decides in ``game``.

    A fair bot gets the seat's view and nothing else.  A research bot (``fair`` false)
    is given the true hands through its explicit ``choose_with_hands`` method.
    """
    if bot.fair:
        return bot.choose
    with_hands = bot.choose_with_hands  # type: ignore[attr-defined]

    def cheat(view: PlayerView) -> Move:
        rnd = game.current
        move: Move = with_hands(view, tuple(rnd.hand(s) for s in range(4)))
        return move

    return cheat


def decide(bot: Bot, game: Game) -> Move:
    """``bot``'s move for the seat to play (through :func:`decision`)."""
    return decision(bot, game)(game.view(game.turn))


@dataclass(slots=True)
class GameOutcome:
    """One game's facts, which team bot A sat in, and each side's seconds per decision."""

    facts: GameFacts
    a_team: int
    cpu: tuple[list[float], list[float]] = field(default_factory=lambda: ([], []))
    wall: tuple[list[float], list[float]] = field(default_factory=lambda: ([], []))
    record: str | None = None

    @property
    def a_won(self) -> bool:
        return self.facts.winner == self.a_team


def _seed_of(*parts: object) -> int:
    text = ":".join(str(p) for p in ("seven-rocks-tournament", *parts))
    return random.Random(text).getrandbits(48)


def deal_seed(seed: int, pair: int) -> int:
    """The game seed of duplicate pair ``pair``'s deals (both of its games) in match ``seed``."""
    return _seed_of("deals", seed, pair)


def seats_of(names: tuple[str, str], a_first: bool) -> list[str]:
    """Each seat's bot name: A at seats 0 and 2 when ``a_first``, else at 1 and 3."""
    a_team = 0 if a_first else 1
    return [names[0] if s % 2 == a_team else names[1] for s in range(4)]


def play_duplicate_game(
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
    seats = seats_of(names, a_first)
    game = Game(seed=deal_seed, target=target, seats=seats)
    bots = [(a if s % 2 == a_team else b)(_seed_of(bot_seed, s)) for s in range(4)]
    runner = Runner(game, [decision(bot, game) for bot in bots], timed=True)
    runner.run()
    b_team = 1 - a_team
    return GameOutcome(
        facts=GameFacts.of(game),
        a_team=a_team,
        cpu=(
            runner.cpu[a_team] + runner.cpu[a_team + 2],
            runner.cpu[b_team] + runner.cpu[b_team + 2],
        ),
        wall=(
            runner.wall[a_team] + runner.wall[a_team + 2],
            runner.wall[b_team] + runner.wall[b_team + 2],
        ),
        record=dumps(game) if record else None,
    )


@dataclass(frozen=True, slots=True)
class PairTask:
    """What a worker needs to play duplicate pair ``pair`` of match ``seed``: picklable, so
    a pool process or a cluster's worker plays it, and the result is the same wherever."""

    a: BotFactory
    b: BotFactory
    names: tuple[str, str]
    seed: int
    pair: int
    target: int
    record: bool


def play_pair(task: PairTask) -> tuple[GameOutcome, GameOutcome]:
    """Both games of the task's pair: its deals with A first, then with the teams swapped."""
    deals = deal_seed(task.seed, task.pair)
    games = []
    for half, a_first in enumerate((True, False)):
        games.append(
            play_duplicate_game(
                task.a,
                task.b,
                task.names,
                deals,
                a_first,
                _seed_of("bots", task.seed, task.pair, half),
                target=task.target,
                record=task.record,
            )
        )
    return games[0], games[1]


@dataclass(slots=True)
class TournamentResult:
    """The totals of a tournament (``to_json()`` is the ``--json`` output)."""

    a: str
    b: str
    seed: int
    tally: Tally = field(default_factory=Tally)
    pairs_swept_a: int = 0
    pairs_swept_b: int = 0
    pairs_split: int = 0
    #: Games read back from the record of an earlier sitting (no decision times).
    resumed: int = 0

    def add_pair(self, first: GameOutcome, second: GameOutcome) -> None:
        for game in (first, second):
            self.tally.add(game.facts, game.a_team, cpu=game.cpu, wall=game.wall)
        wins = first.a_won + second.a_won
        self.pairs_swept_a += wins == 2
        self.pairs_swept_b += wins == 0
        self.pairs_split += wins == 1

    @property
    def games(self) -> int:
        return self.tally.games

    @property
    def a_wins(self) -> int:
        return self.tally.a_wins

    @property
    def b_wins(self) -> int:
        return self.tally.b_wins

    @property
    def win_rate(self) -> float:
        return self.tally.win_rate

    @property
    def ci95(self) -> tuple[float, float]:
        return self.tally.ci95

    @property
    def mean_margin(self) -> float:
        return self.tally.mean_margin

    def seconds_per_move(self, wall: bool = False) -> dict[str, dict[str, float]]:
        """Per bot: median and p95 seconds per decision (forced moves included).

        CPU seconds of the deciding process by default: what a decision costs on one
        core, whatever else the machine is doing; ``wall=True`` for elapsed time.
        """
        t = self.tally
        a, b = (t.a_wall, t.b_wall) if wall else (t.a_cpu, t.b_cpu)
        if self.a == self.b:  # one bot on both sides: one set of figures
            both = Samples(a.limit + b.limit)
            both.extend(a.values + b.values)
            both.count = a.count + b.count
            return {self.a: both.summary()}
        return {self.a: a.summary(), self.b: b.summary()}

    def to_json(self) -> dict[str, Any]:
        t = self.tally
        lo, hi = self.ci95
        points = t.per_round(t.a_points, t.b_points)
        net = t.per_round(t.a_net, t.b_net)
        return {
            "a": self.a,
            "b": self.b,
            "seed": self.seed,
            "games": t.games,
            "a_wins": t.a_wins,
            "b_wins": t.b_wins,
            "win_rate": t.win_rate,
            "ci95": [lo, hi],
            "mean_margin": t.mean_margin,
            "duplicate_pairs": {
                "a_both": self.pairs_swept_a,
                "split": self.pairs_split,
                "b_both": self.pairs_swept_b,
            },
            "rounds": t.rounds,
            "points_per_round": {"a": points[0], "b": points[1]},
            "net_per_round": {"a": net[0], "b": net[1]},
            "dominoes": {"a": t.a_dominoes, "b": t.b_dominoes},
            "blocks": t.blocks,
            "seconds_per_move": self.seconds_per_move(),
            "wall_seconds_per_move": self.seconds_per_move(wall=True),
            "resumed_games": self.resumed,
        }

    def summary(self) -> str:
        data = self.to_json()
        lo, hi = data["ci95"]
        ppr, npr = data["points_per_round"], data["net_per_round"]
        t = self.tally
        lines = [
            f"{self.a} (A, seats 0+2) vs {self.b} (B, seats 1+3): {t.games} games on "
            f"{t.games // 2} duplicate deal sets, seed {self.seed}",
            f"A wins {t.a_wins}/{t.games} = {t.win_rate:.1%}  (95% Wilson CI {lo:.1%} .. {hi:.1%})",
            f"duplicate pairs: A won both {self.pairs_swept_a}, split {self.pairs_split}, "
            f"B won both {self.pairs_swept_b}",
            f"mean final margin (A - B): {t.mean_margin:+.1f}",
            f"rounds: {t.rounds}; points per round A {ppr['a']:.1f}, B {ppr['b']:.1f}; "
            f"net per round (after deductions) A {npr['a']:+.1f}, B {npr['b']:+.1f}",
            f"dominoes: A {t.a_dominoes}, B {t.b_dominoes}; blocked rounds: {t.blocks}",
        ]
        if self.resumed:
            lines.append(
                f"{self.resumed} of the games were read back from the record; the "
                f"decision times are those of the {t.games - self.resumed} played now"
            )
        for name, timing in data["seconds_per_move"].items():
            lines.append(
                f"CPU seconds per decision, {name}: median {timing['median']:.4f}, "
                f"p95 {timing['p95']:.4f} ({timing['decisions']} decisions)"
            )
        return "\n".join(lines)


def _pool_context() -> Any:
    methods = multiprocessing.get_all_start_methods()
    return multiprocessing.get_context("fork" if "fork" in methods else "spawn")


Pair = tuple[GameOutcome, GameOutcome]
#: Where a match's pairs are played: given the pair tasks in order, yields their results in
#: the same order.  ``jobs`` local processes by default (:func:`iter_pairs`); a cluster is
#: another (:mod:`.cluster`), and the tally, record and progress reports are the same for both.
PairExecutor = Callable[[Iterable[PairTask]], Iterator[Pair]]


def in_order(
    submit: Callable[[PairTask], Callable[[], Pair]],
    tasks: Iterable[PairTask],
    ahead: Callable[[], int],
) -> Iterator[Pair]:
    """The results of ``tasks`` in order, each started by ``submit`` (which returns the
    call that waits for its result), at most ``ahead()`` of them started and not yet
    yielded (asked again at each task: a cluster's workers may come and go).

    Tasks are taken from ``tasks`` lazily, so a tournament of any length holds a bounded
    number of them however many workers play them.
    """
    pending: deque[Callable[[], Pair]] = deque()
    for task in tasks:
        pending.append(submit(task))
        while len(pending) >= max(1, ahead()):
            yield pending.popleft()()
    while pending:
        yield pending.popleft()()


def iter_pairs(tasks: Iterable[PairTask], jobs: int) -> Iterator[Pair]:
    """Results of the pairs in order, computed by ``jobs`` processes, a few pairs per
    process ahead of the result being collected."""
    if jobs <= 1:
        for task in tasks:
            yield play_pair(task)
        return
    with _pool_context().Pool(jobs) as pool:
        yield from in_order(
            lambda task: pool.apply_async(play_pair, (task,)).get,
            tasks,
            lambda: jobs * AHEAD_PER_JOB,
        )


def run_tournament(
    a: str,
    b: str,
    games: int,
    seed: int = 0,
    *,
    jobs: int = 1,
    target: int = DEFAULT_TARGET,
    progress: Callable[[TournamentResult], None] | None = None,
    record: IO[str] | None = None,
    factories: Mapping[str, BotFactory] | None = None,
    played: TournamentResult | None = None,
    executor: PairExecutor | None = None,
) -> TournamentResult:
    """Play ``games`` games (``games / 2`` duplicate pairs) of ``a`` against ``b``.

    ``games`` must be even: every deal set is played twice, teams swapped; a bad ``games``
    or ``jobs`` is a :class:`TournamentError` naming the field.
    ``progress``, if given, is called with the tally after each pair (the command line
    draws its bar with it).
    ``factories`` may supply constructors for names outside the registry (tuning).
    ``record``, if given, receives every game as a JSON Lines row, in order, flushed
    after each pair so that a sitting cut short keeps what it played.
    ``played`` is the result of the first pairs, played in an earlier sitting and read
    back from its record (:func:`~.resume.read_played_pairs`): play goes on after them.
    ``executor``, if given, plays the pairs instead of ``jobs`` local processes (a cluster:
    :mod:`.cluster`); the results, and so the record and the figures, are the same.
    Games are played and tallied as a stream: memory does not grow with ``games``.
    """
    if games <= 0 or games % 2:
        raise TournamentError(
            f"games must be a positive even number (each deal set is played "
            f"twice, teams swapped), not {games}"
        )
    if not 1 <= jobs <= MAX_JOBS:
        raise TournamentError(f"jobs must be from 1 to {MAX_JOBS}, not {jobs}")
    extra = dict(factories or {})
    fa = extra[a] if a in extra else bot_factory(a, "research")
    fb = extra[b] if b in extra else bot_factory(b, "research")
    pairs = games // 2
    result = TournamentResult(a=a, b=b, seed=seed) if played is None else played
    if (result.a, result.b, result.seed) != (a, b, seed):
        raise TournamentError(f"the games played so far are not of {a} vs {b} with seed {seed}")
    done = result.games // 2
    if done > pairs:
        raise TournamentError(
            f"the record already holds {result.games} games of this match, more than "
            f"the {games} asked for"
        )
    tasks = (
        PairTask(fa, fb, (a, b), seed, pair, target, record is not None)
        for pair in range(done, pairs)
    )
    if executor is None:
        played_pairs = iter_pairs(tasks, max(1, min(jobs, pairs - done)))
    else:
        played_pairs = executor(tasks)
    for first, second in played_pairs:
        result.add_pair(first, second)
        if record is not None:
            for outcome in (first, second):
                assert outcome.record is not None
                record.write(outcome.record + "\n")
            record.flush()
        if progress is not None:
            progress(result)
    return result


__all__ = [
    "AHEAD_PER_JOB",
    "MAX_JOBS",
    "GameOutcome",
    "PairExecutor",
    "PairTask",
    "TournamentError",
    "TournamentResult",
    "deal_seed",
    "decide",
    "decision",
    "in_order",
    "iter_pairs",
    "play_duplicate_game",
    "play_pair",
    "run_tournament",
    "seats_of",
    "wilson_interval",
]
