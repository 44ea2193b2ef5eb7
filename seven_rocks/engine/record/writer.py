"""Writing records: a game as the record's plain data, or straight to its compact JSON text."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any, Final

from ..events import GameWon, RoundSettled
from ..game import Game
from ..moves import ALL_MOVES, Move
from ..round import Round
from ..tiles import ALL_TILES
from .limits import FORMAT, VERSION


def _move_to_json(seat: int, move: Move, points: int) -> dict[str, Any]:
    if move.tile is None:
        return {"seat": seat, "pass": True}
    out: dict[str, Any] = {"seat": seat, "tile": str(move.tile)}
    if move.at is not None:
        out["at"] = [str(move.at.tile), str(move.at.side)]
    out["points"] = points
    return out


def _round_to_json(rnd: Round, scores: tuple[int, int]) -> dict[str, Any]:
    out: dict[str, Any] = {
        "deal": [[str(t) for t in hand] for hand in rnd.deal],
        "opener": rnd.opener,
        "moves": [_move_to_json(t.seat, t.move, t.points) for t in rnd.turns],
    }
    if rnd.end is not None:
        out["end"] = str(rnd.end)
        deductions = rnd.deductions()
        if deductions is not None:
            out["deductions"] = list(deductions)
    out["scores"] = list(scores)
    return out


def _settled(game: Game) -> list[tuple[Round, tuple[int, int]]]:
    """Each round with the team totals after it: as settled, or as they stand if unsettled."""
    totals: dict[int, tuple[int, int]] = {}
    for event in game.events:
        if isinstance(event, RoundSettled | GameWon):
            totals[event.round] = event.scores
    return [
        (rnd, totals.get(number, rnd.scores)) for number, rnd in enumerate(game.rounds, start=1)
    ]


def to_record(game: Game) -> dict[str, Any]:
    """The game as a record (a plain dict ready for ``json.dumps``)."""
    rounds = [_round_to_json(rnd, scores) for rnd, scores in _settled(game)]
    return {
        "format": FORMAT,
        "version": VERSION,
        "target": game.target,
        "seats": list(game.seats),
        "rounds": rounds,
        "winner": game.winner,
        "seed": game.seed,
    }


def dumps(game: Game) -> str:
    """One record as compact one-line JSON (a JSON Lines row).

    The same text as ``json.dumps(to_record(game), separators=(",", ":"))``, written
    directly: moves and tiles are interned, so each one's JSON is made once and reused,
    which makes writing a record several times cheaper than building the dict.
    """
    rounds = [_round_text(rnd, scores) for rnd, scores in _settled(game)]
    return (
        f"{record_head(game.target, game.seats)}{','.join(rounds)}],"
        f'"winner":{_encode(game.winner)},"seed":{_encode(game.seed)}}}'
    )


def record_head(target: int, seats: Sequence[str]) -> str:
    """The text :func:`dumps` begins a record of this target and these seats with, up to
    the first round: what a record cut off while it was written can still be matched by.

    >>> record_head(250, ["a", "b", "a", "b"])[:48]
    '{"format":"seven-rocks-record","version":1,"targ'
    """
    return (
        f'{{"format":"{FORMAT}","version":{VERSION},"target":{_encode(target)},'
        f'"seats":{_encode(list(seats))},"rounds":['
    )


_encode = json.JSONEncoder(separators=(",", ":")).encode
#: Each tile's JSON, by tile index; each placement's, by move index, made on first use.
_TILE_JSON: Final = [_encode(str(tile)) for tile in ALL_TILES]
_MOVE_JSON: list[str | None] = [None] * len(ALL_MOVES)


def _move_json(move: Move) -> str:
    """The fields of a placement between its seat and its points: ``"tile":...[,"at":...]``."""
    text = _MOVE_JSON[move.index]
    if text is None:
        fields = _move_to_json(0, move, 0)
        del fields["seat"], fields["points"]
        text = _MOVE_JSON[move.index] = _encode(fields)[1:-1]
    return text


def _ints(values: tuple[int, ...]) -> str:
    """A tuple of ints as compact JSON: ``[0,5,10,5]`` (what ``_encode(list(values))`` gives)."""
    return "[" + ",".join(map(str, values)) + "]"


def _round_text(rnd: Round, scores: tuple[int, int]) -> str:
    """:func:`_round_to_json` as JSON text (the same keys, in the same order)."""
    tile_json = _TILE_JSON
    deal = ",".join(["[" + ",".join([tile_json[t.index] for t in hand]) + "]" for hand in rnd.deal])
    moves = []
    for seat, move, points in rnd.turns:
        if move.tile is None:
            moves.append(f'{{"seat":{seat},"pass":true}}')
        else:
            moves.append(f'{{"seat":{seat},{_move_json(move)},"points":{points}}}')
    end = ""
    if rnd.end is not None:
        end = f',"end":{_encode(str(rnd.end))}'
        deductions = rnd.deductions()
        if deductions is not None:
            end += f',"deductions":{_ints(deductions)}'
    return (
        f'{{"deal":[{deal}],"opener":{rnd.opener},"moves":[{",".join(moves)}]{end},'
        f'"scores":{_ints(scores)}}}'
    )
