"""Reading a cached review back from a record: every field checked, nothing trusted.

Anyone can write a record's ``"reviews"``, so a cached review is read as untrusted input:
types, ranges, finite numbers, seats 0-3, moves and tiles in their text forms, each reason
code with exactly its arguments.  A bad field is one sentence that says where it is.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any, Final

from ...engine.errors import SevenRocksError
from ...engine.moves import Move
from ...engine.tiles import ALL_TILES
from .. import fields
from .model import (
    FORMAT,
    REASON_CODES,
    VERSION,
    GameReview,
    Mark,
    MoveReview,
    Reason,
    ReasonCode,
    ReviewError,
    RoundReview,
    check_level,
    check_seat,
)

_TILE_TEXTS: Final = frozenset(str(tile) for tile in ALL_TILES)
#: What each reason code's arguments must be (see :class:`Reason`), to read a cached one.
_REASON_ARGS: Final[dict[ReasonCode, dict[str, str]]] = {
    "forced": {"pass": "flag"},
    "best": {"points": "points", "margin": "value"},
    "scores_less": {"points": "points", "best_points": "points"},
    "hands_more": {"seat": "seat", "threat": "points", "best_threat": "points"},
    "misses_block": {"seat": "seat", "numbers": "numbers"},
    "keeps_double": {"tile": "tile"},
    "keeps_heavy": {"pips": "pips", "best_pips": "pips"},
    "greedy": {"points": "points", "best_points": "points"},
    "later": {},
    "search": {"samples": "samples", "value": "value", "best_value": "value"},
}
#: Bounds of what a cached review may hold: far beyond any real review, so a value out of
#: them is a made-up one.
_MOST_POINTS: Final = 1_000
_MOST_VALUE: Final = 1e9
_MOST_SAMPLES: Final = 10_000_000
_MOST_ROUNDS: Final = 1_000_000
_MOST_MOVES: Final = 1_000
_MOVE_TEXT: Final = 32
_KEY: Final = re.compile(r"[0-9a-f]{64}")


def _move_text(raw: Mapping[str, Any], name: str) -> str:
    """Field ``name``: a move in its text form (``3-5@1-1:line_b``, ``1-4``, ``pass``)."""
    value = fields.text(raw, name, _MOVE_TEXT)
    try:
        Move.parse(value)
    except (SevenRocksError, ValueError):
        raise fields.FieldError(f"'{name}' must be a move, not {fields.shown(value)}") from None
    return value


def _reason_arg(args: Mapping[str, Any], name: str, kind: str) -> object:
    if kind == "flag":
        return fields.flag(args, name)
    if kind == "seat":
        return fields.seat(args, name)
    if kind == "points":
        return fields.whole(args, name, 0, _MOST_POINTS)
    if kind == "pips":
        return fields.whole(args, name, 0, 12)
    if kind == "samples":
        return fields.whole(args, name, 0, _MOST_SAMPLES)
    if kind == "value":
        return fields.number(args, name, -_MOST_VALUE, _MOST_VALUE)
    if kind == "tile":
        tile = fields.text(args, name, 12)
        if tile not in _TILE_TEXTS:
            raise fields.FieldError(f"'{name}' must be a tile, not {fields.shown(tile)}")
        return tile
    assert kind == "numbers"
    numbers = fields.items(args, name, 7)
    if not all(type(n) is int and 0 <= n <= 6 for n in numbers):
        raise fields.FieldError(f"'{name}' must list numbers 0 to 6, not {fields.shown(numbers)}")
    return numbers


def _reason(raw: object) -> Reason:
    """A cached reason, its code known and each of its arguments as that code has them."""
    args = fields.obj(raw, "a reason")
    code = next((known for known in REASON_CODES if known == args.get("code")), None)
    if code is None:
        raise fields.FieldError(f"unknown reason {fields.shown(args.get('code'))}")
    kinds = _REASON_ARGS[code]
    extra = set(args) - set(kinds) - {"code"}
    if extra:
        raise fields.FieldError(f"reason {code!r} has no {fields.shown(sorted(extra)[0])}")
    return Reason(code, {name: _reason_arg(args, name, kind) for name, kind in kinds.items()})


def read_move_review(raw: object) -> MoveReview:
    """A cached verdict, every field checked (types, ranges, finite numbers, seats 0-3);
    raises :class:`~.fields.FieldError` naming the first bad one."""
    move = fields.obj(raw, "a reviewed move")
    candidates = []
    for pair in fields.items(move, "candidates", _MOST_MOVES):
        if not (isinstance(pair, list) and len(pair) == 2):
            raise fields.FieldError(
                f"'candidates' must hold [move, value] pairs, not {fields.shown(pair)}"
            )
        entry = {"move": pair[0], "value": pair[1]}
        candidates.append(
            (
                _move_text(entry, "move"),
                fields.number(entry, "value", -_MOST_VALUE, _MOST_VALUE),
            )
        )
    key = fields.text(move, "key", 64)
    if not _KEY.fullmatch(key):
        raise fields.FieldError(f"'key' must be 64 hexadecimal digits, not {fields.shown(key)}")
    mark = move.get("mark")
    if mark not in tuple(Mark):
        raise fields.FieldError(
            f"'mark' must be one of {', '.join(Mark)}, not {fields.shown(mark)}"
        )
    return MoveReview(
        round=fields.whole(move, "round", 1, _MOST_ROUNDS),
        number=fields.whole(move, "number", 1, _MOST_MOVES),
        seat=fields.seat(move),
        move=_move_text(move, "move"),
        best=_move_text(move, "best"),
        loss=fields.number(move, "loss", 0, _MOST_VALUE),
        mark=Mark(mark),
        value=fields.optional_number(move, "value", -_MOST_VALUE, _MOST_VALUE),
        best_value=fields.optional_number(move, "best_value", -_MOST_VALUE, _MOST_VALUE),
        candidates=tuple(candidates),
        samples=fields.whole(move, "samples", 0, _MOST_SAMPLES),
        reasons=tuple(_reason(r) for r in fields.items(move, "reasons", len(REASON_CODES))),
        key=key,
        win_loss=fields.number(move, "win_loss", 0, 1),
        chance=fields.optional_number(move, "chance", 0, 1),
        best_chance=fields.optional_number(move, "best_chance", 0, 1),
        sure=fields.flag(move, "sure"),
    )


def read_game_review(raw: object) -> GameReview:
    """Read :meth:`GameReview.to_json`'s output back (the summaries are recomputed, not trusted);
    any bad field is a :class:`ReviewError` of one sentence that says where it is."""
    if not isinstance(raw, Mapping) or raw.get("format") != FORMAT:
        raise ReviewError("not a Seven Rocks review")
    if raw.get("version") != VERSION:
        raise ReviewError(
            f"review version {fields.shown(raw.get('version'))} (this reads {VERSION})"
        )
    where = "the review"
    try:
        rounds = []
        for i, entry in enumerate(fields.items(raw, "rounds", _MOST_ROUNDS), start=1):
            where = f"the review's round entry {i}"
            round_raw = fields.obj(entry, "a reviewed round")
            number = fields.whole(round_raw, "round", 1, _MOST_ROUNDS)
            moves = []
            for j, move in enumerate(fields.items(round_raw, "moves", _MOST_MOVES), start=1):
                where = f"the review's round {number}, move entry {j}"
                moves.append(read_move_review(move))
            rounds.append(RoundReview(number, tuple(moves)))
        where = "the review"
        complete = fields.flag(raw, "complete") if "complete" in raw else False
        return GameReview(
            seat=check_seat(raw.get("seat")),
            level=check_level(raw.get("level")),
            rounds=tuple(rounds),
            complete=complete,
        )
    except fields.FieldError as error:
        raise ReviewError(f"{where}: {error}") from None
