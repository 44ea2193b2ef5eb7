"""``seven-rocks simulate``: many complete bot games, with records and a summary."""

from __future__ import annotations

import argparse
import sys
from contextlib import nullcontext
from typing import IO, Any

from tqdm import tqdm

from ..app.runner import Runner, bot_seed
from ..bots import bot_factory, bot_names
from ..engine.game import Game
from ..engine.record import dumps
from ..engine.scoring import DEFAULT_TARGET
from ..research.stats import GameFacts, Tally
from .args import MAX_GAMES, MAX_TARGET, games_count, non_negative_int, target_points
from .files import add_record_options, write_whole


def bot_list(text: str) -> list[str]:
    names = [n.strip() for n in text.split(",")]
    for name in names:
        try:
            bot_factory(name)
        except ValueError as error:
            raise argparse.ArgumentTypeError(str(error)) from None
    if len(names) not in (1, 2, 4):
        raise argparse.ArgumentTypeError("give 1, 2 or 4 comma-separated bot names")
    return names


def seat_names(bots: list[str]) -> list[str]:
    """Four seats from 1 name (every seat), 2 names (team 0, team 1) or 4 (per seat)."""
    if len(bots) == 1:
        return [bots[0]] * 4
    if len(bots) == 2:
        return [bots[0], bots[1], bots[0], bots[1]]
    return list(bots)


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "simulate",
        help="play complete bot games and summarise them",
        description="Play complete games (to the target) between bots, optionally writing "
        "every game as a JSON Lines record. Game k uses seed S + k.",
    )
    parser.add_argument(
        "--games",
        type=games_count,
        default=100,
        metavar="N",
        help=f"how many games, 1 to {MAX_GAMES:,} (default 100)",
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
        f"known: {', '.join(bot_names())} (default random)",
    )
    parser.add_argument(
        "--target",
        type=target_points,
        default=DEFAULT_TARGET,
        help=f"points to win, 1 to {MAX_TARGET:,} (default {DEFAULT_TARGET})",
    )
    add_record_options(
        parser, "write every game as JSON Lines to FILE ('-' for stdout); a new file unless --force"
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
        # The record appears whole once every game is played; a failure leaves none.
        context = write_whole(args.record, force=getattr(args, "force", False))
    else:
        context = nullcontext(None)
    names = seat_names(args.bots)
    factories = [bot_factory(name) for name in names]
    tally = Tally()
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
            game = Game(seed=seed, target=args.target, seats=names)
            bots = [make(bot_seed(seed, seat)) for seat, make in enumerate(factories)]
            Runner(game, [bot.choose for bot in bots]).run()
            if record_stream is not None:
                record_stream.write(dumps(game) + "\n")
            tally.add(GameFacts.of(game))
    games, rounds = tally.games, tally.rounds
    print(f"games        {games}  (seeds {args.seed}..{args.seed + games - 1})", file=out)
    print(f"seats        {', '.join(names)}", file=out)
    print(f"rounds       {rounds}  ({rounds / games:.2f} per game)", file=out)
    wins = (tally.a_wins, tally.b_wins)
    points = (tally.a_points, tally.b_points)
    for team in (0, 1):
        print(
            f"team {team} wins  {wins[team]}  ({100 * wins[team] / games:.1f}%)"
            f"   placement points per round {points[team] / rounds:.2f}",
            file=out,
        )
    print(
        f"round ends   {tally.dominoes} dominoes, {tally.blocks} blocks, "
        f"{tally.target_ends} at the target",
        file=out,
    )
    return 0
