"""How long the table geometry takes: a whole 28-tile layout, and one incremental move.

Run from the repository root::

    .venv/bin/python benchmarks/geometry.py [--games 200] [--aspect 1.6] [--seed 1]

The layouts are random complete (28-tile) legal games from the tests' generator.  The
browser worker calls :meth:`GeometryBuilder.add` once per move and then sends
``geometry().as_dict()``, so both are timed per move; the slow moves matter as much as the
median there, hence the 95th percentile (the maximum mostly measures the machine's noise).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from pathlib import Path
from time import perf_counter_ns

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from seven_rocks.app.geometry import GeometryBuilder, layout_geometry
from seven_rocks.engine.layout import placements_of, random_layout

Placements = list[tuple[str, str | None]]


def complete_games(count: int, seed: int) -> list[Placements]:
    """``count`` random legal games in which all 28 tiles were placed."""
    rng = random.Random(seed)
    games: list[Placements] = []
    while len(games) < count:
        placements = placements_of(random_layout(rng))
        if len(placements) == 28:
            games.append(placements)
    return games


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--aspect", type=float, default=16 / 10)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    games = complete_games(args.games, args.seed)

    whole: list[float] = []
    for game in games:  # best of 3 per layout: the machine's noise only ever adds time
        runs = []
        for _ in range(3):
            start = perf_counter_ns()
            layout_geometry(game, args.aspect)
            runs.append((perf_counter_ns() - start) / 1e6)
        whole.append(min(runs))

    adds: list[float] = []
    moves: list[float] = []
    for game in games:
        builder = GeometryBuilder(args.aspect)
        for tile, at in game:
            start = perf_counter_ns()
            builder.add(tile, at)
            added = perf_counter_ns()
            builder.geometry().as_dict()
            done = perf_counter_ns()
            adds.append((added - start) / 1e3)
            moves.append((done - start) / 1e3)

    print(f"{len(games)} random complete 28-tile layouts, aspect {args.aspect:g}")
    print(
        f"whole layout (layout_geometry): median {statistics.median(whole):.2f} ms,"
        f" p95 {percentile(whole, 0.95):.2f} ms"
    )
    for name, values in (("incremental add", adds), ("add + geometry().as_dict()", moves)):
        print(
            f"per tile, {name}: median {statistics.median(values):.0f} us,"
            f" p95 {percentile(values, 0.95):.0f} us"
        )


if __name__ == "__main__":
    main()
