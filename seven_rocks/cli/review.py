"""``seven-rocks review``: where one seat lost points in a recorded game, move by move."""

from __future__ import annotations

import argparse
import contextlib
import itertools
import json
import sys
from typing import Any

from ..app.review import (
    DEFAULT_LEVEL,
    GameReview,
    Mark,
    ReviewJob,
    headline_of,
    headline_text,
    reason_text,
    review_record,
)
from ..bots.master import LEVELS
from ..engine.errors import RecordError, RecordTooLargeError
from ..engine.record import MAX_RECORD_BYTES, parse_json
from ..engine.round import SEAT_NAMES
from .args import byte_count, positive_int
from .describe import seat_name


def seat_number(text: str) -> int:
    """A seat as 0..3 or its compass name (``south``, ``West``, ...)."""
    names = [p.lower() for p in SEAT_NAMES]
    if text.lower() in names:
        return names.index(text.lower())
    if text in ("0", "1", "2", "3"):
        return int(text)
    raise argparse.ArgumentTypeError(f"{text!r} is not a seat (0..3 or {', '.join(SEAT_NAMES)})")


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "review",
        help="show where one seat's moves cost its team's chance to win in a recorded game",
        description="Replay game K of a file of game records and analyse every move of one "
        "seat from that seat's view at the time (never the hidden hands): the master bot "
        "values every legal alternative; the table shows the best move, the team's chance to "
        "win it cost (3 points of win%% or more: mistake, 8 or more: blunder; a '?' when the "
        "search could not settle the mark), the expected points lost, why, and an accuracy "
        "per round and for the game.  A review cached in the record is checked against the "
        "analysis, never taken on trust.",
    )
    parser.add_argument("file", metavar="FILE", help="a game record, or a JSON Lines file of them")
    parser.add_argument(
        "--game", type=positive_int, default=1, metavar="K", help="which game (1-based, default 1)"
    )
    parser.add_argument(
        "--seat",
        type=seat_number,
        default=0,
        metavar="S",
        help="the seat to review: 0..3 or South, West, North, East (default 0, South)",
    )
    parser.add_argument(
        "--level",
        choices=list(LEVELS),
        default=DEFAULT_LEVEL,
        help=f"the master bot's search level (default {DEFAULT_LEVEL})",
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument(
        "--max-record-bytes",
        type=byte_count,
        default=MAX_RECORD_BYTES,
        metavar="SIZE",
        help="refuse a record larger than this (default 16M; e.g. 64K, 32M, 1G)",
    )
    parser.set_defaults(func=run)


def read_record(path: str, game: int, max_bytes: int = MAX_RECORD_BYTES) -> dict[str, Any]:
    """Game ``game`` of ``path``: one JSON record (even pretty-printed) or JSON Lines.

    Every text is size- and depth-checked before it is parsed (:func:`parse_json`), and a
    JSON Lines file is read a bounded line at a time, so no file can exhaust memory.
    """
    with open(path, "rb") as stream:
        head = stream.read(max_bytes + 1)
        if len(head) <= max_bytes:
            with contextlib.suppress(RecordError):
                whole = parse_json(_text(head, "the file"), max_bytes=max_bytes)
                if isinstance(whole, dict):
                    if game != 1:
                        raise RecordError(f"there is no game {game}: {path} holds one record")
                    return whole
        stream.seek(0)
        count = 0
        for number in itertools.count(1):
            line = stream.readline(max_bytes + 1)
            if not line:
                break
            if len(line) > max_bytes:
                raise RecordTooLargeError(
                    f"line {number} is larger than {max_bytes:,} bytes; "
                    "--max-record-bytes raises the limit"
                )
            if not line.strip():
                continue
            count += 1
            if count == game:
                try:
                    chosen = parse_json(_text(line, f"line {number}"), max_bytes=max_bytes)
                except RecordError as error:
                    raise RecordError(f"line {number}: {error}") from None
                if not isinstance(chosen, dict):
                    raise RecordError(f"game {game}: a record must be a JSON object")
                return chosen
    if not count:
        raise RecordError(f"{path} holds no game records")
    raise RecordError(f"there is no game {game}: {path} has {count}")


def _text(data: bytes, where: str) -> str:
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise RecordError(f"{where} is not UTF-8 text") from None


def _cell(value: float | None) -> str:
    return "" if value is None else f"{value:.1f}"


def print_review(review: GameReview, names: list[str], game: int) -> None:
    total = review.summary
    print(
        f"Game {game}: review of {seat_name(review.seat, names)}, master level {review.level}: "
        f"{total.reviewed} moves, {total.analysed} with a choice."
    )
    for rnd in review.rounds:
        print(f"\nRound {rnd.round}")
        print(f"  {'#':>3}  {'move':<18} {'best':<18} {'win%':>5} {'loss':>5}  {'mark':<9} reason")
        for m in rnd.moves:
            best = "" if m.best == m.move else m.best
            forced = m.mark is Mark.FORCED
            win = "" if forced else f"{m.win_loss * 100:.1f}"
            loss = "" if forced else f"{m.loss:.1f}"
            mark = f"{m.mark}{'' if m.sure else '?'}"
            print(
                f"  {m.number:>3}  {m.move:<18} {best:<18} {win:>5} {loss:>5}  {mark:<9} "
                f"{reason_text(m)}"
            )
        s = rnd.summary
        print(
            f"  Accuracy {_cell(s.accuracy) or '-'}: lost {s.lost:.1f} expected points, "
            f"{s.mistakes} mistake{'s' * (s.mistakes != 1)}, "
            f"{s.blunders} blunder{'s' * (s.blunders != 1)}."
        )
    print(
        f"\nGame accuracy {_cell(total.accuracy) or '-'}: lost {total.lost:.1f} expected points "
        f"over {total.analysed} moves with a choice, {total.mistakes} "
        f"mistake{'s' * (total.mistakes != 1)}, {total.blunders} "
        f"blunder{'s' * (total.blunders != 1)}."
    )
    print(headline_text(headline_of(review.moves)))


def cache_note(job: ReviewJob) -> str | None:
    """What became of the review cached in the record (one sentence), if there was one."""
    if job.cache_error is not None:
        return f"{job.cache_error}; every move was analysed afresh"
    if not job.checked:
        return None
    if job.differed:
        return (
            f"{job.differed} of the {job.checked} verdicts cached in the record did not match "
            "the analysis: the analysis is shown"
        )
    return f"the {job.checked} verdicts cached in the record were checked and match the analysis"


def run(args: argparse.Namespace) -> int:
    record = read_record(args.file, args.game, args.max_record_bytes)
    review, job = review_record(record, args.seat, args.level)
    note = cache_note(job)
    if note is not None:
        print(f"seven-rocks review: {note}", file=sys.stderr)
    if args.json:
        # allow_nan=False: the output is JSON any parser takes, or an error, never NaN.
        data = {
            "game": args.game,
            **review.to_json(),
            "headline": headline_of(review.moves).to_json(),
        }
        print(json.dumps(data, separators=(",", ":"), allow_nan=False))
        return 0
    seats = record.get("seats")
    names = [str(s) for s in seats] if isinstance(seats, list) else []
    print_review(review, names, args.game)
    return 0
