"""``seven-rocks replay``: check every record of a file and narrate one game."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from ..engine.errors import RecordError, RecordTooLargeError
from ..engine.record import MAX_RECORD_BYTES, read_jsonl
from .args import byte_count, positive_int
from .describe import NAME_LIMIT, describe_game, printable, team_name


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "replay",
        help="validate game records and narrate a game move by move",
        description="Replay every record of a JSON Lines file through the rules (each move "
        "is checked again), then print game K move by move with the sum of the ends and "
        "the points of each placement.",
    )
    parser.add_argument(
        "file", metavar="FILE", help="a JSON Lines file of game records ('-' for stdin)"
    )
    parser.add_argument(
        "--game",
        type=positive_int,
        default=1,
        metavar="K",
        help="which game to narrate (1-based, default 1)",
    )
    parser.add_argument("--quiet", action="store_true", help="only validate; print the count")
    parser.add_argument(
        "--max-record-bytes",
        type=byte_count,
        default=MAX_RECORD_BYTES,
        metavar="SIZE",
        help="refuse a record (one line) larger than this, like 64M or 1G "
        f"(default {MAX_RECORD_BYTES // 1024**2}M, some 10,000 rounds)",
    )
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from . import UsageError

    if sys.stdout is None and not args.quiet:
        raise UsageError("standard output is closed: nowhere to narrate the game")
    if args.file == "-" and sys.stdin is None:  # started with stdin closed (<&-)
        raise UsageError("standard input is closed: there is no record to read")
    name = "standard input" if args.file == "-" else printable(args.file)
    source = sys.stdin.buffer if args.file == "-" else args.file
    chosen = None
    count = 0
    try:
        for count, game in enumerate(read_jsonl(source, max_bytes=args.max_record_bytes), 1):
            if count == args.game:
                chosen = game
    except RecordTooLargeError as error:
        raise UsageError(f"{error}; --max-record-bytes raises the limit") from None
    if count == 0:
        raise RecordError(f"{name} holds no game records")
    print(f"{count} game record{'s' if count != 1 else ''} replayed: all legal.")
    if args.quiet:
        return 0
    if chosen is None:
        raise RecordError(f"there is no game {args.game}: {name} has {count}")
    seats = ", ".join(printable(seat, NAME_LIMIT) for seat in chosen.seats)
    print(f"\nGame {args.game}: seats {seats}; target {chosen.target}.")
    for line in describe_game(chosen):
        print(line)
    if chosen.winner is not None:
        print(
            f"\nWinner: {team_name(chosen.winner)} (team {chosen.winner}), "
            f"{chosen.scores[0]} - {chosen.scores[1]}."
        )
    else:
        print(f"\nUnfinished: {chosen.scores[0]} - {chosen.scores[1]}.")
    return 0
