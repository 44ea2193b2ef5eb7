"""The strength ladder: duplicate tournaments between the levels, as a table.

    .venv/bin/python benchmarks/ladder.py --jobs 2              # the whole ladder
    .venv/bin/python benchmarks/ladder.py --jobs 2 --levels     # plus the search levels
    .venv/bin/python benchmarks/ladder.py --only master:greedy  # one match
    .venv/bin/python benchmarks/ladder.py --json results.jsonl  # keep every result

Each match is ``seven-rocks tournament A B --games N --seed S --jobs J``; fast
matches get ``--fast-games`` games, any match with a search bot ``--search-games``.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from seven_rocks.bots import bot_names
from seven_rocks.research.tournament import run_tournament

#: The ladder: each level against the one below, and the cheating yardstick.
MATCHES = [
    ("greedy", "random"),
    ("expert", "greedy"),
    ("master", "greedy"),
    ("master", "expert"),
    ("oracle", "greedy"),
]
#: What the search levels cost and win (``--levels``).
LEVEL_MATCHES = [
    ("master-quick", "expert"),
    ("master-brisk", "expert"),
    ("master", "master-brisk"),
    ("master-strong", "master"),
    ("oracle", "master"),
]
SEARCH = ("master", "oracle")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--fast-games", type=int, default=2000)
    parser.add_argument("--search-games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument(
        "--only", action="append", metavar="A:B", help="run only this match (repeatable)"
    )
    parser.add_argument(
        "--levels",
        action="store_true",
        help="also run the level comparisons (quick/brisk/strong/oracle)",
    )
    parser.add_argument("--json", metavar="FILE", help="append every result as a JSON line")
    args = parser.parse_args(argv)
    matches = MATCHES + LEVEL_MATCHES if args.levels else MATCHES
    if args.only:
        matches = [(m.split(":", 1)[0], m.split(":", 1)[1]) for m in args.only]
    known = bot_names("research")
    unknown = sorted({name for match in matches for name in match} - set(known))
    if unknown:
        parser.error(f"unknown bot {unknown[0]!r} (choose from {', '.join(known)})")
    header = (
        f"{'A':<15}{'B':<10}{'games':>6}{'A wins':>8}{'rate':>8}{'95% CI':>17}"
        f"{'margin':>8}{'A s/move med':>14}{'p95':>8}{'minutes':>9}"
    )
    print(header)
    print("-" * len(header), flush=True)
    for a, b in matches:
        search = any(a.startswith(s) or b.startswith(s) for s in SEARCH)
        games = args.search_games if search else args.fast_games
        started = time.time()
        result = run_tournament(a, b, games, args.seed, jobs=args.jobs)
        data = result.to_json()
        lo, hi = data["ci95"]
        timing = data["seconds_per_move"][a]
        print(
            f"{a:<15}{b:<10}{games:>6}{data['a_wins']:>8}{data['win_rate']:>8.1%}"
            f"{f'{lo:.1%}..{hi:.1%}':>17}{data['mean_margin']:>+8.1f}"
            f"{timing['median']:>14.4f}{timing['p95']:>8.4f}"
            f"{(time.time() - started) / 60:>9.1f}",
            flush=True,
        )
        if args.json:
            with open(args.json, "a", encoding="utf-8") as stream:
                stream.write(json.dumps(data) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
