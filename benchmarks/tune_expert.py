"""Tune the expert's weights by tournament (coordinate search on duplicate deals).

    .venv/bin/python benchmarks/tune_expert.py --games 1000 --passes 2 --jobs 2

Every candidate plays the same duplicate deal sets (same seed) against an opponent
(``greedy`` by default), so candidates are compared on identical cards; the objective
is the mean final margin per game (less noisy than the win rate, and it moves with it).
Each pass tries, for every weight, the current value times 0.5 and 1.5 (or +-1 when it
is 0) and keeps a change only if it beats the incumbent.  The result is printed as an
``ExpertWeights(...)`` literal for ``seven_rocks/bots/expert.py``; a final check plays a
fresh seed against the default weights.
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import asdict, fields
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from seven_rocks.bots.expert import DEFAULT_WEIGHTS, ExpertBot, ExpertWeights
from seven_rocks.research.tournament import run_tournament


def score(
    weights: ExpertWeights, opponent: str, games: int, seed: int, jobs: int
) -> tuple[float, float]:
    result = run_tournament(
        "candidate",
        opponent,
        games,
        seed,
        jobs=jobs,
        factories={"candidate": partial(ExpertBot, weights=weights)},
    )
    return result.mean_margin, result.win_rate


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--passes", type=int, default=2)
    parser.add_argument("--seed", type=int, default=100)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--opponent", default="greedy")
    args = parser.parse_args(argv)
    best = DEFAULT_WEIGHTS
    best_margin, best_rate = score(best, args.opponent, args.games, args.seed, args.jobs)
    print(f"start: margin {best_margin:+.2f}, win rate {best_rate:.1%}  {best}", flush=True)
    for number in range(1, args.passes + 1):
        improved = False
        for f in fields(ExpertWeights):
            current = getattr(best, f.name)
            trials = [current * 0.5, current * 1.5] if current else [-1.0, 1.0]
            for value in trials:
                candidate = best.replace(**{f.name: round(value, 3)})
                margin, rate = score(candidate, args.opponent, args.games, args.seed, args.jobs)
                mark = ""
                if margin > best_margin:
                    best, best_margin, best_rate, improved, mark = (
                        candidate,
                        margin,
                        rate,
                        True,
                        "  <- kept",
                    )
                print(
                    f"pass {number} {f.name}={value:.3f}: margin {margin:+.2f}, "
                    f"win rate {rate:.1%}{mark}",
                    flush=True,
                )
        if not improved:
            break
    print(f"best: margin {best_margin:+.2f}, win rate {best_rate:.1%}")
    print("ExpertWeights(" + ", ".join(f"{k}={v}" for k, v in asdict(best).items()) + ")")
    check_seed = args.seed + 1
    tuned = score(best, args.opponent, args.games, check_seed, args.jobs)
    default = score(DEFAULT_WEIGHTS, args.opponent, args.games, check_seed, args.jobs)
    print(
        f"fresh seed {check_seed}: tuned margin {tuned[0]:+.2f} ({tuned[1]:.1%}), "
        f"defaults {default[0]:+.2f} ({default[1]:.1%})"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
