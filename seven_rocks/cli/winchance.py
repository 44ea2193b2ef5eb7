"""``seven-rocks winchance`` and ``seven-rocks winchance-check``: make the win-chance table
and measure its calibration (the research behind it is :mod:`seven_rocks.research`).

``winchance`` plays ``--games`` self-play games of ``--bot`` (seeds from ``--seed``), fits the
table on their whole rounds (:mod:`~seven_rocks.research.winchance_fit`), writes it to
``--table`` (the module :mod:`seven_rocks.bots.winchance_table`), then measures it on
``--held-out`` further games of the same bot and ``--check-games`` games of ``--check-bot``
(the master's search), none of them fitted on: predicted against observed win rates by
bucket (:mod:`~seven_rocks.research.calibration`), printed as a table and drawn to
``--svg``.  Games are cached as JSON in ``--cache`` (named by bot, first seed and count), so
a second run refits without replaying.  How the shipped table was made: ``docs/coach.md``.

``winchance-check RECORD...`` measures the shipped table on the finished games of records
(:mod:`~seven_rocks.research.winchance_check`).
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path
from typing import Any

from .args import non_negative_int, positive_int


def register(subparsers: Any) -> None:
    """Add the ``winchance`` and ``winchance-check`` subcommands."""
    parser = subparsers.add_parser(
        "winchance",
        help="make the win-chance table from self-play and measure its calibration",
        description=(
            "Play --games self-play games of --bot, fit the win-chance table on their whole "
            "rounds, write it to --table, then measure it on --held-out further games and "
            "--check-games games of --check-bot (none fitted on): predicted against observed "
            "win rates by bucket, printed and drawn to --svg. --cache keeps played games."
        ),
    )
    parser.add_argument("--bot", default="expert", help="the bot whose games are fitted on")
    parser.add_argument("--games", type=positive_int, default=8000, help="games fitted on")
    parser.add_argument("--held-out", type=non_negative_int, default=4000, help="games measured on")
    parser.add_argument("--seed", type=non_negative_int, default=100_000)
    parser.add_argument("--check-bot", default="master-quick")
    parser.add_argument("--check-games", type=non_negative_int, default=150)
    parser.add_argument("--check-seed", type=non_negative_int, default=200_000)
    parser.add_argument("--jobs", type=positive_int, default=2)
    parser.add_argument("--cache", type=Path, default=None, help="folder of played games")
    parser.add_argument("--table", type=Path, default=Path("seven_rocks/bots/winchance_table.py"))
    parser.add_argument("--svg", type=Path, default=Path("docs/coach-calibration.svg"))
    parser.set_defaults(func=run_fit)
    check = subparsers.add_parser(
        "winchance-check",
        help="the shipped win-chance table's calibration on the games of records",
        description="The shipped win-chance table's calibration on the finished games of "
        "records (what `seven-rocks tournament --record` writes).",
    )
    check.add_argument("records", nargs="+", type=Path, help="JSON Lines files of game records")
    check.set_defaults(func=run_check)


def _games(bot: str, seed: int, count: int, jobs: int, cache: Path | None) -> list[Any]:
    """``count`` self-play games of ``bot`` from ``seed``, read from ``cache`` when there."""
    from ..research.roundtrace import dump, load, self_play

    path = cache / f"{bot}-{seed}-{count}.json" if cache is not None else None
    if path is not None and path.exists():
        return load(path)
    started = time.perf_counter()
    out = self_play(bot, list(range(seed, seed + count)), jobs)
    print(f"played {count} {bot} games in {time.perf_counter() - started:.0f} s")
    if path is not None:
        path.parent.mkdir(parents=True, exist_ok=True)
        dump(out, path)
    return out


def run_fit(args: argparse.Namespace) -> int:
    from ..bots.winchance import LOWEST, STEP
    from ..research.calibration import calibrate, plot_svg, table_text, worst_gap
    from ..research.winchance import team0, write_table
    from ..research.winchance_fit import fit, whole_rounds

    played = _games(args.bot, args.seed, args.games + args.held_out, args.jobs, args.cache)
    fitted, held_out = played[: args.games], played[args.games :]
    rounds = whole_rounds(fitted)
    started = time.perf_counter()
    table = fit(rounds)
    print(
        f"fitted on {len(rounds)} whole rounds of {len(fitted)} games "
        f"in {time.perf_counter() - started:.0f} s"
    )
    how = (
        f"Fitted on {len(rounds)} whole rounds of {len(fitted)} games of {args.bot!r} "
        f"(seeds {args.seed}..{args.seed + args.games - 1})."
    )
    size = write_table(table, args.table, how)
    start = table[-LOWEST // STEP][-LOWEST // STEP]
    print(f"wrote {args.table} ({size} bytes); the opening team's chance at 0-0: {start:.1%}")
    chance = team0(table)
    held = calibrate(held_out, chance)
    print(f"\n{args.bot}, {len(held_out)} games not fitted on:\n{table_text(held)}")
    print(f"largest gap in a bucket of 1000+ positions: {worst_gap(held):.1f} points")
    series = [(f"{args.bot}, {len(held_out)} held-out games", "#1f6feb", held)]
    if args.check_games:
        check = _games(args.check_bot, args.check_seed, args.check_games, args.jobs, args.cache)
        checked = calibrate(check, chance)
        print(f"\n{args.check_bot}, {len(check)} games:\n{table_text(checked)}")
        series.append((f"{args.check_bot}, {len(check)} games", "#d9480f", checked))
    args.svg.write_text(plot_svg(series))
    print(f"\nwrote {args.svg}")
    return 0


def run_check(args: argparse.Namespace) -> int:
    from ..research.calibration import ENOUGH, table_text, worst_gap
    from ..research.winchance_check import measure

    count, buckets = measure(args.records)
    print(f"{count} finished games, {sum(b.positions for b in buckets)} round starts:")
    print(table_text(buckets))
    judged = sum(1 for b in buckets if b.positions >= ENOUGH)
    if judged:
        print(
            f"largest gap in a bucket of {ENOUGH}+ positions: {worst_gap(buckets):.1f} "
            f"points of win% ({judged} such buckets)"
        )
    else:
        print(f"no bucket has {ENOUGH}+ positions: too few in each to judge its gap")
    return 0
