"""``seven-rocks replay``: check every record of a file and narrate one game."""

from __future__ import annotations

import argparse
from typing import Any

from ..app.describe import describe_game, team_name
from ..engine.errors import RecordError
from ..engine.record import read_jsonl
from .args import positive_int


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "replay",
        help="validate game records and narrate a game move by move",
        description="Replay every record of a JSON Lines file through the rules (each move "
        "is checked again), then print game K move by move with the sum of the ends and "
        "the points of each placement.",
    )
    parser.add_argument("file", metavar="FILE", help="a JSON Lines file of game records")
    parser.add_argument(
        "--game",
        type=positive_int,
        default=1,
        metavar="K",
        help="which game to narrate (1-based, default 1)",
    )
    parser.add_argument("--quiet", action="store_true", help="only validate; print the count")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    chosen = None
    count = 0
    for count, game in enumerate(read_jsonl(args.file), start=1):
        if count == args.game:
            chosen = game
    if count == 0:
        raise RecordError(f"{args.file} holds no game records")
    print(f"{count} game record{'s' if count != 1 else ''} replayed: all legal.")
    if args.quiet:
        return 0
    if chosen is None:
        raise RecordError(f"there is no game {args.game}: {args.file} has {count}")
    print(f"\nGame {args.game}: seats {', '.join(chosen.seats)}; target {chosen.target}.")
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
