"""Record reading speed: replaying records of 1,500 and 6,000 rounds (or any sizes).

Run: ``python benchmarks/records.py [--rounds 1500,6000] [--repeats R]``.  Each record is
one unfinished game with a huge target, its moves always the first legal one, written by
:func:`~seven_rocks.engine.record.dumps`; the timed step is :func:`loads` on its text (the
size and depth checks, ``json.loads`` and the checked replay of every move), as
``seven-rocks replay`` does per line.  Prints the median of R repeats in wall-clock and in
CPU time (this process only: on a shared machine the CPU figure is the one to compare),
and both per 1,000 rounds: a linear reader keeps that last column flat, and the last line
gives the largest record's CPU time over the smallest's against their ratio of rounds (a
6,000-round game should take at most 6 times a 1,500-round one; linear is 4).  The peak
memory column is the resident size of a child process that reads the record from a file
and replays it, nothing else.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
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


_PEAK = """
import resource, sys
from seven_rocks.engine.record import loads
text = open(sys.argv[1], encoding="utf-8").read()
loads(text, max_bytes=len(text.encode()))
print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
"""


def peak_memory_mb(text: str) -> float:
    """The peak resident memory (MB) of a fresh process that replays ``text`` from a file."""
    with tempfile.NamedTemporaryFile("w", suffix=".json", encoding="utf-8") as file:
        file.write(text)
        file.flush()
        out = subprocess.run(
            [sys.executable, "-c", _PEAK, file.name], capture_output=True, text=True, check=True
        )
    return int(out.stdout) / 1024


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", default="1500,6000", help="comma-separated sizes")
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    print(
        f"{'rounds':>7} {'MB':>6} {'wall s':>8} {'cpu s':>7} {'cpu s/1k rounds':>16} {'peak MB':>8}"
    )
    sizes = [int(n) for n in args.rounds.split(",")]
    cpu_of = {}
    for rounds in sizes:
        text = record_text(rounds)
        wall, cpu = time_loads(text, args.repeats)
        cpu_of[rounds] = cpu
        print(
            f"{rounds:>7} {len(text) / 1e6:>6.1f} {wall:>8.2f} {cpu:>7.2f} "
            f"{cpu / rounds * 1000:>16.3f} {peak_memory_mb(text):>8.0f}",
            flush=True,
        )
    small, large = min(sizes), max(sizes)
    if large > small:
        print(
            f"cpu {large:,} rounds / {small:,} rounds: {cpu_of[large] / cpu_of[small]:.2f}x "
            f"(rounds {large / small:.2f}x)"
        )


if __name__ == "__main__":
    main()
