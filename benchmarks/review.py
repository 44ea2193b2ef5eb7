"""Time to review a whole game for one seat (the coach), in CPython, one core.

    .venv/bin/python benchmarks/review.py [--games 5] [--seed 0] [--levels quick,brisk]

Games are played to 250 by four expert bots (seeds S, S+1, ...); each is reviewed for
South (seat 0) at every level, then opened again from the review cached in its record as
the page opens its own saved game (trusted: no move searched again).  Prints, per level,
the median and the slowest whole-game review (and which game that is), the median per
searched move, the deals searched per game, and the moves per game; times are CPU seconds
of this process
(``time.process_time``), so a busy machine does not inflate them.  The browser target is a
whole game's review in at most 10 s; Pyodide ran the master's search about 2x slower than
CPython when it was last measured (``brisk``, the coach's level: 39 ms against 21 ms a
decision with a choice, ``benchmarks/browser.py`` and ``benchmarks/bots.py``), so a CPython
median under about 4 s leaves room.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from seven_rocks.app.review import ReviewJob, attach, cached
from seven_rocks.bots import make_bot
from seven_rocks.engine.game import Game
from seven_rocks.engine.record import to_record


def expert_game(seed: int) -> Game:
    game = Game(seed=seed)
    bots = [make_bot("expert", seed * 4 + s) for s in range(4)]
    while not game.is_over:
        seat = game.turn
        game.play(bots[seat].choose(game.view(seat)), seat)
    return game


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=5)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--levels", default="quick,brisk")
    parser.add_argument("--seat", type=int, default=0)
    args = parser.parse_args(argv)
    games = [expert_game(args.seed + k) for k in range(args.games)]
    moves = [sum(t.seat == args.seat for r in g.rounds for t in r.turns) for g in games]
    print(
        f"{args.games} expert games to 250 (seeds {args.seed}..{args.seed + args.games - 1}), "
        f"seat {args.seat}: {statistics.median(moves):.0f} moves per game (median), "
        f"{min(moves)}..{max(moves)}"
    )
    print(
        f"{'level':<8} {'game median s':>13} {'max s':>7} {'per search ms':>13} "
        f"{'searched':>8} {'deals':>6} {'wall median s':>13} {'cached open ms':>14}  slowest"
    )
    for level in args.levels.split(","):
        cpu, wall, per, searched, reopen, deals = [], [], [], [], [], []
        for game in games:
            c0, w0 = time.process_time(), time.perf_counter()
            job = ReviewJob(game, args.seat, level)
            review = job.run()
            cpu.append(time.process_time() - c0)
            wall.append(time.perf_counter() - w0)
            searched.append(job.searched)
            per.append(cpu[-1] / max(1, job.searched))
            deals.append(sum(m.samples for m in review.moves))
            stored = json.loads(json.dumps(attach(to_record(game), review)))
            c0 = time.process_time()
            kept = cached(stored, args.seat, level)
            again = ReviewJob(game, args.seat, level, kept, trusted=True)
            assert again.run() == review and again.searched == 0
            reopen.append(time.process_time() - c0)
        slowest = cpu.index(max(cpu))
        print(
            f"{level:<8} {statistics.median(cpu):13.2f} {max(cpu):7.2f} "
            f"{1000 * statistics.median(per):13.1f} {statistics.median(searched):8.0f} "
            f"{statistics.median(deals):6.0f} {statistics.median(wall):13.2f} "
            f"{1000 * statistics.median(reopen):14.1f}  game {args.seed + slowest} "
            f"({moves[slowest]} moves)"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
