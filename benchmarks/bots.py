"""Decision time of every bot level, on positions from real games (CPython, one core).

    .venv/bin/python benchmarks/bots.py [--positions 400] [--seed 0] [--bots master,expert]
    .venv/bin/python benchmarks/bots.py --bots master-150-uniform,master-1000-weighted  # research

Positions are collected by playing expert-vs-expert games and keeping every decision
where the player to move has at least two legal moves (forced moves cost nothing and
would flatter the medians); each bot then decides each position once.  Prints median,
p95 and max seconds per decision, and the fraction of all decisions (forced included)
in a typical game.  Times are CPU seconds of this process (``time.process_time``), so
a busy machine does not inflate them; the wall-clock columns show what it did.

CPU seconds still move with the machine: on this shared virtual machine the same code
has measured 40% apart on different days.  So ``master-150-uniform`` (the ``brisk``
search, frozen) is always timed too, as a yardstick, and the last column gives each median at
the speed the time budgets were set at, where ``master-150-uniform`` took
:data:`YARDSTICK_REFERENCE_MEDIAN` seconds:
``median x YARDSTICK_REFERENCE_MEDIAN / master-150-uniform's median``.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import seven_rocks.research  # noqa: F401  (registers the fair yardsticks: master-150-uniform, ...)
from seven_rocks.app.runner import Decision, Runner, bot_seed
from seven_rocks.bots import Bot, bot_names, make_bot
from seven_rocks.engine.game import Game
from seven_rocks.engine.moves import Move
from seven_rocks.engine.view import PlayerView


def positions(count: int, seed: int) -> tuple[list[PlayerView], float]:
    """Views with a real choice, and the share of decisions that are real choices."""
    out: list[PlayerView] = []
    decisions = 0

    def collecting(bot: Bot) -> Decision:
        """``bot``'s decision, which also keeps every view that held a choice."""

        def decide(view: PlayerView) -> Move:
            nonlocal decisions
            decisions += 1
            if len(view.legal_moves()) > 1:
                out.append(view)
            return bot.choose(view)

        return decide

    game_seed = seed
    while len(out) < count:
        experts = [make_bot("expert", bot_seed(game_seed, s)) for s in range(4)]
        runner = Runner(Game(seed=game_seed), [collecting(bot) for bot in experts])
        while runner.bot_to_move and len(out) < count:
            runner.step()
        game_seed += 1
    return out, len(out) / max(1, decisions)


#: ``master-150-uniform``'s median CPU seconds per decision when the time budgets were set.
YARDSTICK_REFERENCE_MEDIAN = 0.023
YARDSTICK = "master-150-uniform"


def decision_times(name: str, views: list[PlayerView]) -> tuple[list[float], list[float]]:
    """CPU and wall-clock seconds of bot ``name`` (seed 1) deciding each of ``views``."""
    bot = make_bot(name, 1, "research")
    times: list[float] = []
    walls: list[float] = []
    for view in views:
        started, wall_started = time.process_time(), time.perf_counter()
        bot.choose(view)
        times.append(time.process_time() - started)
        walls.append(time.perf_counter() - wall_started)
    return times, walls


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, int(q * len(ordered) + 0.999999) - 1))]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--positions", type=int, default=400)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--bots", default=",".join(bot_names()))
    args = parser.parse_args(argv)
    views, share = positions(args.positions, args.seed)
    print(f"{len(views)} positions with a choice ({share:.0%} of all decisions have one)")
    print("CPU seconds per decision (one core; wall-clock too, which includes machine load)")
    measured = {YARDSTICK: decision_times(YARDSTICK, views)}  # timed once if listed too
    yardstick = statistics.median(measured[YARDSTICK][0])
    scale = YARDSTICK_REFERENCE_MEDIAN / yardstick
    print(
        f"{YARDSTICK} decides in {yardstick:.4f} s median here "
        f"({YARDSTICK_REFERENCE_MEDIAN} s when the budgets were set): "
        f"'ref med' is each median x {scale:.2f}"
    )
    print(
        f"{'bot':<16}{'median':>10}{'p95':>10}{'max':>10}{'wall med':>12}{'wall p95':>10}"
        f"{'ref med':>10}"
    )
    for name in args.bots.split(","):
        times, walls = measured.get(name) or decision_times(name, views)
        median = statistics.median(times)
        print(
            f"{name:<16}{median:>10.4f}{percentile(times, 0.95):>10.4f}"
            f"{max(times):>10.4f}{statistics.median(walls):>12.4f}"
            f"{percentile(walls, 0.95):>10.4f}{median * scale:>10.4f}",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
