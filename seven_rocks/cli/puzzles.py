"""``seven-rocks puzzles``: find positions with one clearly best move, checked by a big search."""

from __future__ import annotations

import collections
import json
import sys
from pathlib import Path
from typing import Any

from ..research.puzzle_themes import THEMES
from ..research.puzzles import (
    CHECK,
    CHECKS,
    EVERY,
    LOOKS,
    MARGIN,
    SCREEN,
    check_joins,
    extend,
    puzzle_file,
    read_file,
)
from .args import games_count, non_negative_int, positive_int
from .files import open_new


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "puzzles",
        help="find puzzles: positions where one move clearly beats every other",
        description=f"Play N fast expert games and look at every decision from the mover's "
        f"view: a quick search ({SCREEN}) screens each position, and those where one move "
        f"leads (and is not simply the most points now) are searched again far deeper "
        f"({CHECK}, on other deals each time), which must agree and find it ahead by "
        f"{MARGIN:g} points.  Writes one "
        "JSON file of puzzles, each with a theme; the same seed makes the same file.  "
        "--extend grows a file: its puzzles keep their numbers and the new ones follow.",
    )
    parser.add_argument(
        "--games", type=games_count, default=80, metavar="N", help="games to look in (default 80)"
    )
    parser.add_argument(
        "--seed", type=non_negative_int, default=1, metavar="S", help="the seed (default 1)"
    )
    parser.add_argument(
        "--theme",
        choices=list(LOOKS),
        default=EVERY,
        help="hunt one theme: look only where it can happen and keep only its puzzles "
        f"(default {EVERY}: every decision, every theme)",
    )
    parser.add_argument(
        "--checks",
        type=positive_int,
        default=CHECKS,
        metavar="K",
        help=f"independent big searches (other deals each) that must all find the answer "
        f"ahead (default {CHECKS})",
    )
    parser.add_argument(
        "--extend",
        metavar="FILE",
        help="a puzzle file to grow: --out gets its puzzles, same numbers, then the new ones",
    )
    parser.add_argument(
        "--daily-from",
        metavar="DAY",
        help="with --extend: the day (YYYY-MM-DD) the new puzzles join the daily round; the "
        "days before keep their daily puzzles",
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
    # The file to grow is read whole before --out is opened: they may be the same file.
    base = puzzle_file([], [])
    if args.extend is not None:
        base = read_file(Path(args.extend).read_text(encoding="utf-8"))
    check_joins(base, args.daily_from)
    with open_new(args.out, force=args.force) as out:

        def report(game: int, screened: int, found: int) -> None:
            print(
                f"\rgame {game}/{args.games}: {screened} screened, {found} puzzles",
                end="",
                file=sys.stderr,
                flush=True,
            )

        grown, stats = extend(
            base,
            args.games,
            args.seed,
            theme=args.theme,
            checks=args.checks,
            daily_from=args.daily_from,
            jobs=args.jobs,
            progress=report,
        )
        print(file=sys.stderr)
        json.dump(grown, out, separators=(",", ":"))
        out.write("\n")
    found = grown["puzzles"][len(base["puzzles"]) :]
    print(
        f"{stats.found} puzzles from {stats.games} games: {stats.decisions} decisions looked "
        f"at, {stats.screened} passed the screen, {stats.seconds:.0f} s"
    )
    print("by theme: " + ", ".join(f"{name} {_count(found)[name]}" for name in THEMES))
    if base["puzzles"]:
        every = grown["puzzles"]
        print(
            f"the file: {len(every)} puzzles, by theme: "
            + ", ".join(f"{name} {_count(every)[name]}" for name in THEMES)
        )
    return 0


def _count(puzzles: list[Any]) -> collections.Counter[str]:
    return collections.Counter(p["theme"] for p in puzzles)
