"""``seven-rocks tournament A B``: a duplicate match between two bots, with statistics."""

from __future__ import annotations

import argparse
import json
import sys
from functools import partial
from typing import IO, TYPE_CHECKING, Any

from tqdm import tqdm

from ..bots import bot_factory, bot_names
from ..engine.scoring import DEFAULT_TARGET
from ..research.resume import ResumeError, read_played_pairs
from ..research.tournament import MAX_JOBS, TournamentResult, run_tournament
from .args import MAX_GAMES, MAX_TARGET, bounded_int
from .files import add_record_options, open_new

if TYPE_CHECKING:
    from ..research.cluster import Cluster

USAGE_ERROR = 2


def _games(text: object) -> int:
    value = bounded_int(text, minimum=2, maximum=MAX_GAMES, what="--games")
    if value % 2:
        raise ValueError(
            f"--games must be even (each deal set is played twice, teams swapped), not {value}"
        )
    return value


def _bar(a: str, b: str, games: int, played: TournamentResult | None) -> tqdm[Any]:
    """The match's progress bar on stderr (stdout is the result), from the games played."""
    return tqdm(
        total=games,
        initial=0 if played is None else played.games,
        file=sys.stderr,
        unit="game",
        desc=f"{a} vs {b}",
        dynamic_ncols=True,
    )


def _advance(bar: tqdm[Any], result: TournamentResult) -> None:
    """:func:`run_tournament`'s progress report: the bar moves to the games tallied."""
    bar.update(result.games - bar.n)
    bar.set_postfix_str(f"A {result.win_rate:.1%}")


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``tournament`` subcommand."""
    names = ", ".join(bot_names("research"))
    parser = subparsers.add_parser(
        "tournament",
        help="a duplicate match between two bots (win rate with a 95%% interval)",
        description=(
            "Bot A (seats 0 and 2) against bot B (seats 1 and 3), games to the target. "
            "Duplicate play: every game's deals are played again with the teams swapped, "
            "so deal luck cancels out. Prints A's game win rate with a 95% Wilson "
            "interval, the mean final margin, points per round, dominoes and blocks, and "
            "each bot's median and p95 seconds per decision. Results depend only on the "
            "seed, not on --jobs; a long match can be played in sittings "
            f"(--record FILE --resume). Bots: {names} (oracle sees every hand: research only)."
        ),
    )
    parser.add_argument("a", metavar="A", help="bot of team A (seats 0 and 2)")
    parser.add_argument("b", metavar="B", help="bot of team B (seats 1 and 3)")
    parser.add_argument(
        "--games",
        default="200",
        metavar="N",
        help=f"number of games, even, 2 to {MAX_GAMES:,}: N/2 deal sets each played twice "
        "(default 200)",
    )
    parser.add_argument(
        "--seed",
        default="0",
        metavar="S",
        help="tournament seed: fixes every deal and bot (default 0)",
    )
    parser.add_argument(
        "--jobs",
        metavar="J",
        help=f"worker processes, 1 to {MAX_JOBS} (default 1; results do not depend on it)",
    )
    parser.add_argument(
        "--cluster",
        metavar="ADDRESS",
        help="play the pairs as tasks on the Ray cluster whose head is at ADDRESS (HOST:PORT, "
        "or auto for the one this machine belongs to): the same records and figures as "
        "--jobs; needs pip install 'seven-rocks[cluster]' here and on every node",
    )
    parser.add_argument(
        "--target",
        default=str(DEFAULT_TARGET),
        metavar="T",
        help=f"points to win a game, 1 to {MAX_TARGET:,} (default {DEFAULT_TARGET})",
    )
    parser.add_argument(
        "--json", action="store_true", help="print one JSON object instead of the text summary"
    )
    add_record_options(
        parser, "write every game as JSON Lines to FILE (a new file, unless --force or --resume)"
    )
    parser.add_argument(
        "--resume",
        action="store_true",
        help="continue the match recorded in --record FILE (same A, B, --seed and --target): "
        "its games are checked and counted, not played again, and the new ones are appended",
    )
    parser.add_argument("--no-progress", action="store_true", help="no progress bar on stderr")
    parser.set_defaults(func=run)


def _error(message: str) -> int:
    print(f"seven-rocks tournament: {message}", file=sys.stderr)
    return USAGE_ERROR


def _continue(
    path: str, a: str, b: str, seed: int, target: int, games: int
) -> TournamentResult | None:
    """The tally of the pairs already in the record at ``path``, its unfinished end cut off.

    A missing file is a match not begun.  Nothing is changed unless the whole record is
    this match's and fits in ``games``; then an unfinished last pair (a sitting killed
    while it wrote) is dropped, with a line on stderr, since it will be played again.
    """
    try:
        handle = open(path, "r+b")  # noqa: SIM115
    except FileNotFoundError:
        return None
    played = TournamentResult(a=a, b=b, seed=seed)
    with handle:
        try:
            offset = read_played_pairs(handle, played, target)
        except ResumeError as error:
            raise ResumeError(f"{path}: {error}") from None
        if played.games > games:
            raise ValueError(
                f"{path} already holds {played.games} games of this match, more than "
                f"--games {games}"
            )
        size = handle.seek(0, 2)
        if offset < size:
            handle.truncate(offset)
            print(
                f"seven-rocks tournament: left out the unfinished last pair of {path} "
                f"({size - offset:,} bytes); it is played again",
                file=sys.stderr,
            )
    return played


def run(args: argparse.Namespace) -> int:
    """Run the match described by ``args``; returns the exit status."""
    for name in (args.a, args.b):
        try:
            bot_factory(name, "research")
        except ValueError as error:
            return _error(str(error))
    jobs_given = getattr(args, "jobs", None)
    # Numbers are checked here, not by argparse, so a mistake is one line on stderr.
    try:
        games = _games(args.games)
        seed = bounded_int(args.seed, minimum=0, maximum=None, what="--seed")
        jobs = bounded_int(
            1 if jobs_given is None else jobs_given, minimum=1, maximum=MAX_JOBS, what="--jobs"
        )
        target = bounded_int(
            getattr(args, "target", DEFAULT_TARGET), minimum=1, maximum=MAX_TARGET, what="--target"
        )
    except ValueError as error:
        return _error(str(error))
    resume = getattr(args, "resume", False)
    if resume and not args.record:
        return _error("--resume continues a recorded match: give its file with --record FILE")
    address = getattr(args, "cluster", None)
    if address is not None and jobs_given is not None:
        return _error("--cluster plays on every CPU of the cluster: leave out --jobs")
    played: TournamentResult | None = None
    bar: tqdm[Any] | None = None
    stream: IO[str] | None = None
    cluster: Cluster | None = None
    try:
        if address is not None:  # before the record is touched: a bad address changes nothing
            from ..research.cluster import connect

            cluster = connect(address)
        if args.record:
            try:
                if resume:
                    played = _continue(args.record, args.a, args.b, seed, target, games)
                    stream = open(args.record, "a", encoding="utf-8")  # noqa: SIM115
                else:
                    stream = open_new(args.record, force=getattr(args, "force", False))
            except OSError as error:
                return _error(f"cannot write {args.record}: {error.strerror or error}")
            except ValueError as error:
                return _error(str(error))
        bar = None if getattr(args, "no_progress", False) else _bar(args.a, args.b, games, played)
        result = run_tournament(
            args.a,
            args.b,
            games,
            seed,
            jobs=jobs,
            target=target,
            progress=None if bar is None else partial(_advance, bar),
            record=stream,
            played=played,
            executor=cluster,
        )
    finally:
        if bar is not None:
            bar.close()
        if stream is not None:
            stream.close()
        if cluster is not None:
            cluster.close()
    if args.json:
        data: dict[str, Any] = result.to_json()
        print(json.dumps(data, indent=None))
    else:
        print(result.summary())
    return 0
