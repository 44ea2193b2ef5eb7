"""``seven-rocks puzzles``: find positions with one clearly best move, checked by a big search."""

from __future__ import annotations

import collections
import json
import sys
from typing import Any

from ..research.puzzle_themes import THEMES
from ..research.puzzles import (
    CHECK,
    CHECKS,
    EVERY,
    LOOKS,
    MARGIN,
    MAX_FILE_BYTES,
    SCREEN,
    PuzzleFile,
    PuzzleFileError,
    check_joins,
    extend,
    puzzle_file,
    read_file,
)
from .args import byte_count, games_count, non_negative_int, positive_int
from .files import check_new, write_whole


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
        help="with --extend (and only with it): the day (YYYY-MM-DD) the new puzzles join "
        "the daily round; the days before keep their daily puzzles",
    )
    parser.add_argument(
        "--max-file-bytes",
        type=byte_count,
        default=MAX_FILE_BYTES,
        metavar="SIZE",
        help="refuse an --extend file larger than this (default 16M; e.g. 64K, 32M)",
    )
    parser.add_argument(
        "--jobs",
        type=positive_int,
        default=1,
        metavar="J",
        help="processes to search games in (default 1; the file is the same for any J)",
    )
    parser.add_argument(
        "--out",
        required=True,
        metavar="FILE",
        help="the puzzle file to write: whole at the end, or not at all (it may be --extend's)",
    )
    parser.add_argument(
        "--force", action="store_true", help="let --out replace a file that already exists"
    )
    parser.set_defaults(func=run)


def run(args: Any) -> int:
    if args.daily_from is not None and args.extend is None:
        from . import UsageError

        raise UsageError("--daily-from is the day --extend's new puzzles join: give --extend FILE")
    # Refused before the search, which may take half an hour; the file is written at the end.
    check_new(args.out, force=args.force)
    # The file to grow is read whole first: it may be --out too, replaced once all is found.
    base = puzzle_file([], [])
    if args.extend is not None:
        base = _read(args.extend, args.max_file_bytes)
    check_joins(base, args.daily_from)

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
    with write_whole(args.out, force=args.force) as out:
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


def _read(path: str, max_bytes: int) -> PuzzleFile:
    """The puzzle file at ``path``, read at most ``max_bytes`` (and one more, to tell)."""
    with open(path, "rb") as stream:
        data = stream.read(max_bytes + 1)
    if len(data) > max_bytes:
        raise PuzzleFileError(
            f"{path} is larger than {max_bytes:,} bytes, more than a puzzle file; "
            "--max-file-bytes raises the limit"
        )
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise PuzzleFileError(f"{path} is not UTF-8 text") from None
    try:
        return read_file(text, max_bytes)
    except PuzzleFileError as error:
        raise PuzzleFileError(f"{path}: {error}") from None
