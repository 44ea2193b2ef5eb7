"""``seven-rocks simulate``: many complete bot games, with records and a summary."""

from __future__ import annotations

import argparse
import sys
from contextlib import nullcontext
from typing import IO, Any

from tqdm import tqdm

from ..app.play import make_bots, play_game
from ..bots import BOTS
from ..engine.record import dumps
from ..engine.round import End
from ..engine.scoring import DEFAULT_TARGET
from .args import non_negative_int, positive_int


def bot_list(text: str) -> list[str]:
    names = [n.strip() for n in text.split(",")]
    for name in names:
        if name not in BOTS:
            raise argparse.ArgumentTypeError(
                f"unknown bot {name!r} (choose from {', '.join(BOTS)})"
            )
    if len(names) not in (1, 2, 4):
        raise argparse.ArgumentTypeError("give 1, 2 or 4 comma-separated bot names")
    return names


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "simulate",
        help="play complete bot games and summarise them",
        description="Play complete games (to the target) between bots, optionally writing "
        "every game as a JSON Lines record. Game k uses seed S + k.",
    )
    parser.add_argument(
        "--games", type=positive_int, default=100, metavar="N", help="how many games (default 100)"
    )
    parser.add_argument(
        "--seed",
        type=non_negative_int,
        default=0,
        metavar="S",
        help="seed of the first game (default 0)",
    )
    parser.add_argument(
        "--bots",
        type=bot_list,
        default=["random"],
        metavar="A,B,C,D",
        help="bot per seat 0..3 (or one for all, or two for the teams); "
        f"known: {', '.join(BOTS)} (default random)",
    )
    parser.add_argument(
        "--target",
        type=positive_int,
        default=DEFAULT_TARGET,
        help=f"points to win (default {DEFAULT_TARGET})",
    )
    parser.add_argument(
        "--record", metavar="FILE", help="write every game as JSON Lines to FILE ('-' for stdout)"
    )
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    out: Any = sys.stdout
    if args.record == "-" and sys.stdout is None:  # started with stdout closed (>&-)
        from . import UsageError

        raise UsageError("standard output is closed: nowhere to write the records")
    if args.record == "-":
        context: Any = nullcontext(sys.stdout)
        out = sys.stderr  # keep the summary off the record stream
    elif args.record:
        context = open(args.record, "w", encoding="utf-8")  # noqa: SIM115
    else:
        context = nullcontext(None)
    wins = [0, 0]
    rounds = dominoes = blocks = 0
    points = [0, 0]
    with context as stream:
        record_stream: IO[str] | None = stream
        for k in tqdm(
            range(args.games),
            desc="games",
            unit="game",
            file=sys.stderr,
            disable=None if args.games >= 20 else True,
        ):
            seed = args.seed + k
            game = play_game(make_bots(args.bots, seed), seed, target=args.target)
            if record_stream is not None:
                record_stream.write(dumps(game) + "\n")
            assert game.winner is not None
            wins[game.winner] += 1
            for rnd in game.rounds:
                rounds += 1
                dominoes += rnd.end is End.DOMINO
                blocks += rnd.end is End.BLOCKED
                points[0] += rnd.points[0]
                points[1] += rnd.points[1]
    names = args.bots if len(args.bots) == 4 else make_names(args.bots)
    print(f"games        {args.games}  (seeds {args.seed}..{args.seed + args.games - 1})", file=out)
    print(f"seats        {', '.join(names)}", file=out)
    print(f"rounds       {rounds}  ({rounds / args.games:.2f} per game)", file=out)
    for team in (0, 1):
        print(
            f"team {team} wins  {wins[team]}  ({100 * wins[team] / args.games:.1f}%)"
            f"   placement points per round {points[team] / rounds:.2f}",
            file=out,
        )
    print(
        f"round ends   {dominoes} dominoes, {blocks} blocks, "
        f"{rounds - dominoes - blocks} at the target",
        file=out,
    )
    return 0


def make_names(bots: list[str]) -> list[str]:
    return [bots[0]] * 4 if len(bots) == 1 else [bots[0], bots[1], bots[0], bots[1]]
