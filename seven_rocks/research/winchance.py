"""Make the win-chance table and measure its calibration: one command.

``python -m seven_rocks.research.winchance`` plays ``--games`` self-play games of ``--bot``
(seeds from ``--seed``), fits the table on their whole rounds (:mod:`.winchance_fit`),
writes it to ``--table`` (the module :mod:`seven_rocks.bots.winchance_table`), then
measures it on ``--held-out`` further games of the same bot and ``--check-games`` games of
``--check-bot`` (the master's search), none of them fitted on: predicted against observed
win rates by bucket (:mod:`.calibration`), printed as a table and drawn to ``--svg``.
Games are cached as JSON in ``--cache`` (named by bot, first seed and count), so a second
run refits without replaying.  How the shipped table was made: ``docs/coach.md``.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Sequence
from pathlib import Path

from ..bots.winchance import LOWEST, STEP, TARGET, encode
from .calibration import Model, calibrate, plot_svg, table_text, worst_gap
from .roundtrace import GameTrace, dump, load, self_play
from .winchance_fit import fit, whole_rounds

HEADER = '''"""The win-chance table (:mod:`.winchance`), written by
``python -m seven_rocks.research.winchance``.

{how}
"""

ENCODED = (
{lines}
)
'''


def games(bot: str, seed: int, count: int, jobs: int, cache: Path | None) -> list[GameTrace]:
    """``count`` self-play games of ``bot`` from ``seed``, read from ``cache`` when there."""
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


def write_table(table: list[list[float]], path: Path, how: str) -> int:
    """Write the table module; returns its size in bytes."""
    text = encode(table)
    lines = "\n".join(f'    "{text[i : i + 88]}"' for i in range(0, len(text), 88))
    path.write_text(HEADER.format(how=how, lines=lines))
    return path.stat().st_size


def team0(table: list[list[float]]) -> Model:
    """Team 0's chance from a fitted ``table``, rounded as the written table rounds it."""
    size = len(table)

    def chance(scores: tuple[int, int], opener: int) -> float:
        if max(scores) >= TARGET:
            return 1.0 if scores[0] >= TARGET else 0.0
        mine, theirs = (scores[0], scores[1]) if opener == 0 else (scores[1], scores[0])
        i = min(size - 1, max(0, (mine - LOWEST) // STEP))
        j = min(size - 1, max(0, (theirs - LOWEST) // STEP))
        p = round(table[i][j] * 255) / 255
        return p if opener == 0 else 1.0 - p

    return chance


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m seven_rocks.research.winchance")
    parser.add_argument("--bot", default="expert")
    parser.add_argument("--games", type=int, default=8000, help="games fitted on")
    parser.add_argument("--held-out", type=int, default=4000, help="games measured on")
    parser.add_argument("--seed", type=int, default=100_000)
    parser.add_argument("--check-bot", default="master-quick")
    parser.add_argument("--check-games", type=int, default=150)
    parser.add_argument("--check-seed", type=int, default=200_000)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--cache", type=Path, default=None)
    parser.add_argument("--table", type=Path, default=Path("seven_rocks/bots/winchance_table.py"))
    parser.add_argument("--svg", type=Path, default=Path("docs/coach-calibration.svg"))
    args = parser.parse_args(argv)

    played = games(args.bot, args.seed, args.games + args.held_out, args.jobs, args.cache)
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
    series = []
    held = calibrate(held_out, chance)
    print(f"\n{args.bot}, {len(held_out)} games not fitted on:\n{table_text(held)}")
    print(f"largest gap in a bucket of 1000+ positions: {worst_gap(held):.1f} points")
    series.append((f"{args.bot}, {len(held_out)} held-out games", "#1f6feb", held))
    if args.check_games:
        check = games(args.check_bot, args.check_seed, args.check_games, args.jobs, args.cache)
        checked = calibrate(check, chance)
        print(f"\n{args.check_bot}, {len(check)} games:\n{table_text(checked)}")
        series.append((f"{args.check_bot}, {len(check)} games", "#d9480f", checked))
    args.svg.write_text(plot_svg(series))
    print(f"\nwrote {args.svg}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
