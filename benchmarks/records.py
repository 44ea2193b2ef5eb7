"""Record reading speed: replaying records of 1,000, 3,000 and 10,000 rounds.

Run: ``python benchmarks/records.py [--rounds 1000,3000,10000] [--repeats R]``.  Each record
is one unfinished game with a huge target, its moves always the first legal one, written by
:func:`~seven_rocks.engine.record.dumps`; the timed step is :func:`loads` on its text (the
size and depth checks, ``json.loads`` and the checked replay of every move), as
``seven-rocks replay`` does per line.  Prints the median of R repeats in wall-clock and in
CPU time (this process only: on a shared machine the CPU figure is the one to compare),
and both per 1,000 rounds: a linear reader keeps that last column flat (issue 13 asks for
at most 1 s per 1,000 rounds; before the fix 1,000 rounds took 2.5 s and 10,000 four minutes).
"""

from __future__ import annotations

import argparse
import statistics
import time

from seven_rocks.engine.game import Game
from seven_rocks.engine.record import dumps, loads


def record_text(rounds: int, seed: int = 1) -> str:
    """A record of ``rounds`` finished rounds (plus the next one, dealt and unplayed)."""
    game = Game(seed=seed, target=10**9)
    while game.round_number <= rounds:
        game.play(game.legal_moves()[0])
    return dumps(game)


def time_loads(text: str, repeats: int) -> tuple[float, float]:
    """Median wall-clock and CPU seconds of ``loads(text)``."""
    walls, cpus = [], []
    for _ in range(repeats):
        wall, cpu = time.perf_counter(), time.process_time()
        loads(text, max_bytes=len(text.encode()))
        cpus.append(time.process_time() - cpu)
        walls.append(time.perf_counter() - wall)
    return statistics.median(walls), statistics.median(cpus)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", default="1000,3000,10000", help="comma-separated sizes")
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    print(f"{'rounds':>7} {'MB':>6} {'wall s':>8} {'cpu s':>7} {'cpu s/1k rounds':>16}")
    for rounds in (int(n) for n in args.rounds.split(",")):
        text = record_text(rounds)
        wall, cpu = time_loads(text, args.repeats)
        print(
            f"{rounds:>7} {len(text) / 1e6:>6.1f} {wall:>8.2f} {cpu:>7.2f} "
            f"{cpu / rounds * 1000:>16.3f}",
            flush=True,
        )


if __name__ == "__main__":
    main()
