"""Decision quality: how far each search level's choices fall from a much bigger search's.

    .venv/bin/python benchmarks/decisions.py --jobs 2                       # 400 positions
    .venv/bin/python benchmarks/decisions.py --bots master,master-strong --positions 200

A duplicate match needs thousands of games to see a gain of one or two points of margin;
this screen sees one in minutes, because it plays no games.  Positions come
from games of ``master-brisk`` (seats 0 and 2) against ``--opponent`` (seats 1 and 3):
every decision of a master seat with at least two legal moves while the hands still hold
more tiles than any level searches exactly (the playout phase, where the deal count
matters).  On each position a *reference* search of the same model, many more deals and
no successive halving (``--reference`` deals), values every legal move; a bot's
**regret** there is the reference's best value minus the value of the move the bot
chose, in expected round points for its team (0 when it chose the best).

The reference plays the bots' own playout model, so the screen measures how close a
level comes to what its model would choose with unlimited time, not how good the model
is: it ranks deal counts and allocation schemes, never playout policies or inference
(those change the reference too, and need games).  A regret gain of ``g`` per decision
is worth about ``g`` times the team's playout-phase choices per game in game margin
(about 37 for master against greedy; checked against matches in
:mod:`seven_rocks.bots.master`'s docstring).

Prints, per bot: the mean regret with its 95% interval, the gain over the first bot
listed, paired on the same positions, the share of positions with any regret, and the
bot's CPU seconds per decision (median, p95).  Results depend only on ``--seed``.
"""

from __future__ import annotations

import argparse
import multiprocessing
import statistics
import sys
import time
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tqdm import tqdm

import seven_rocks.research  # noqa: F401  (registers the research names: master-150-uniform, ...)
from seven_rocks.app.runner import Decision, Runner, bot_seed
from seven_rocks.bots import Bot, make_bot
from seven_rocks.bots.master import DEFAULT, LEVELS, MasterBot
from seven_rocks.engine.game import Game
from seven_rocks.engine.moves import Move
from seven_rocks.engine.view import PlayerView

#: No level searches exactly with more tiles in the hands than this.
EXACT_TILES = max(level.exact_tiles for level in LEVELS.values())

#: The seed of the reference search on position ``i`` is this plus ``i``; a bot's is ``i``.
REFERENCE_SEED = 10_000


def positions(
    count: int, seed: int, opponent: str, truth: list[list[int]] | None = None
) -> list[PlayerView]:
    """Playout-phase views of the master seats with a choice, from successive games;
    with ``truth``, each one's true hands (four bit sets) are appended there, for the
    screens that score a guess of the hidden hands (``benchmarks/inference.py``)."""
    found: list[PlayerView] = []

    def keeping(bot: Bot, seat: int) -> Decision:
        def decide(view: PlayerView) -> Move:
            if seat % 2 == 0 and len(view.legal_moves()) > 1 and sum(view.hand_sizes) > EXACT_TILES:
                found.append(view)
                if truth is not None:
                    truth.append([runner.game.current.hand_mask(s) for s in range(4)])
            return bot.choose(view)

        return decide

    game_seed = seed
    while len(found) < count:
        seats = [
            make_bot("master-brisk" if s % 2 == 0 else opponent, bot_seed(game_seed, s), "research")
            for s in range(4)
        ]
        runner = Runner(Game(seed=game_seed), [keeping(bot, s) for s, bot in enumerate(seats)])
        while runner.bot_to_move and len(found) < count:
            runner.step()
        game_seed += 1
    return found


#: One position's result: per bot, its regret and CPU seconds.
Scores = dict[str, tuple[float, float]]


def score(task: tuple[int, PlayerView, list[str], int]) -> Scores:
    """Every bot's regret and time on one position (run in a worker process)."""
    i, view, bots, reference = task
    search = MasterBot(REFERENCE_SEED + i, replace(DEFAULT, samples=reference, halving=False))
    values = {a.move: a.value for a in search.analyse(view)}
    best = max(values.values())
    out: Scores = {}
    for name in bots:
        bot = make_bot(name, i, "research")
        started = time.process_time()
        move = bot.choose(view)
        out[name] = (best - values[move], time.process_time() - started)
    return out


def interval(values: list[float]) -> tuple[float, float]:
    """Mean and the half-width of its 95% interval (normal approximation)."""
    mean = statistics.fmean(values)
    return mean, 1.96 * statistics.stdev(values) / len(values) ** 0.5


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--positions", type=int, default=400)
    parser.add_argument("--seed", type=int, default=7000, help="the first game's seed")
    parser.add_argument("--bots", default="master-brisk,master,master-strong")
    parser.add_argument("--opponent", default="greedy")
    parser.add_argument("--reference", type=int, default=8000, help="the reference's deals")
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args(argv)
    bots = args.bots.split(",")
    for name in bots:
        make_bot(name, 0, "research")  # an unknown name fails here, before any work
    views = positions(args.positions, args.seed, args.opponent)
    tasks = [(i, view, bots, args.reference) for i, view in enumerate(views)]
    with multiprocessing.get_context("spawn").Pool(args.jobs) as pool:
        results = list(tqdm(pool.imap(score, tasks), total=len(tasks), unit="position"))
    print(
        f"{len(views)} positions (master-brisk against {args.opponent}, seed {args.seed}),"
        f" reference {args.reference} deals; regret in expected round points per decision"
    )
    print(f"{'bot':<16}{'regret':>16}{'gain over ' + bots[0]:>28}{'any':>7}{'median':>9}{'p95':>8}")
    for name in bots:
        regret, spread = interval([r[name][0] for r in results])
        gain, gain_spread = interval([r[bots[0]][0] - r[name][0] for r in results])
        share = sum(r[name][0] > 0 for r in results) / len(results)
        times = [r[name][1] for r in results]
        p95 = statistics.quantiles(times, n=20)[-1]
        print(
            f"{name:<16}{regret:>9.3f} ± {spread:.3f}{gain:>21.3f} ± {gain_spread:.3f}"
            f"{share:>7.0%}{statistics.median(times):>9.3f}{p95:>8.3f}",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
