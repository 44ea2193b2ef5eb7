"""``seven-rocks puzzles``: find positions with one clearly best move, checked by a big search."""

from __future__ import annotations

import collections
import json
import sys
from typing import Any

from ..research.puzzles import CHECK, MARGIN, SCREEN, THEMES, find_puzzles, puzzle_file
from .args import games_count, non_negative_int, positive_int
from .files import open_new


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "puzzles",
        help="find puzzles: positions where one move clearly beats every other",
        description=f"Play N fast expert games and look at every decision from the mover's "
        f"view: a quick search ({SCREEN}) screens each position, and those where one move "
        f"leads (and is not simply the most points now) are searched again far deeper "
        f"({CHECK}), which must agree and find it ahead by {MARGIN:g} points.  Writes one "
        "JSON file of puzzles, each with a theme; the same seed makes the same file.",
    )
    parser.add_argument(
        "--games", type=games_count, default=80, metavar="N", help="games to look in (default 80)"
    )
    parser.add_argument(
        "--seed", type=non_negative_int, default=1, metavar="S", help="the seed (default 1)"
    )
    parser.add_argument(
        "--jobs",
        type=positive_int,
        default=1,
        metavar="J",
        help="processes to search games in (default 1; the file is the same for any J)",
    )
    parser.add_argument("--out", required=True, metavar="FILE", help="the puzzle file to write")
    parser.add_argument(
        "--force", action="store_true", help="let --out replace a file that already exists"
    )
    parser.set_defaults(func=run)


def run(args: Any) -> int:
    with open_new(args.out, force=args.force) as out:

        def report(game: int, screened: int, found: int) -> None:
            print(
                f"\rgame {game}/{args.games}: {screened} screened, {found} puzzles",
                end="",
                file=sys.stderr,
                flush=True,
            )

        puzzles, stats = find_puzzles(args.games, args.seed, jobs=args.jobs, progress=report)
        print(file=sys.stderr)
        json.dump(puzzle_file(puzzles, args.games, args.seed), out, separators=(",", ":"))
        out.write("\n")
    themes = collections.Counter(p["theme"] for p in puzzles)
    print(
        f"{stats.found} puzzles from {stats.games} games: {stats.decisions} decisions looked "
        f"at, {stats.screened} passed the screen, {stats.seconds:.0f} s"
    )
    print("by theme: " + ", ".join(f"{name} {themes[name]}" for name in THEMES))
    return 0
