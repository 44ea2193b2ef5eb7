"""Game records: one JSON object per game, JSON Lines for many.

The format is a contract other tools read::

    {"format": "seven-rocks-record", "version": 1, "target": 250,
     "seats": ["random", "random", "random", "random"],
     "rounds": [{"deal": [["0-1", ...], ...], "opener": 2,
                 "moves": [{"seat": 2, "tile": "5-5", "points": 10},
                           {"seat": 3, "tile": "0-5", "at": ["5-5", "line_a"], "points": 10},
                           {"seat": 0, "pass": true}, ...],
                 "end": "domino", "deductions": [0, 5, 10, 5], "scores": [120, 85]}],
     "winner": 0, "seed": 42}

``"seed"`` is optional (an addition to version 1 that older readers ignore): when it is
there, a resumed unfinished game deals its next rounds from it, as the original would have.

Reading a record replays it through the engine, so every move is checked again; any
fault raises :class:`~seven_rocks.engine.errors.RecordError` naming the round and the move.

>>> from seven_rocks.engine.game import Game
>>> game = Game(seed=11)
>>> while not game.is_over:
...     _ = game.play(game.legal_moves()[-1])
>>> text = dumps(game)
>>> again = loads(text)
>>> again.scores == game.scores and again.winner == game.winner and dumps(again) == text
True
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path
from typing import IO, Any, Final

from .errors import RecordError, SevenRocksError
from .events import GameWon, RoundSettled
from .game import Game
from .moves import PASS, Move, Point
from .round import SEATS, TILES_PER_HAND, Round
from .tiles import Tile

FORMAT: Final = "seven-rocks-record"
VERSION: Final = 1


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


def to_record(game: Game) -> dict[str, Any]:
    """The game as a record (a plain dict ready for ``json.dumps``)."""
    totals: dict[int, tuple[int, int]] = {}
    for event in game.events:
        if isinstance(event, RoundSettled | GameWon):
            totals[event.round] = event.scores
    rounds = [
        _round_to_json(rnd, totals.get(number, rnd.scores))
        for number, rnd in enumerate(game.rounds, start=1)
    ]
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
    totals: dict[int, tuple[int, int]] = {}
    for event in game.events:
        if isinstance(event, RoundSettled | GameWon):
            totals[event.round] = event.scores
    rounds = [
        _round_text(rnd, totals.get(number, rnd.scores))
        for number, rnd in enumerate(game.rounds, start=1)
    ]
    return (
        f'{{"format":"{FORMAT}","version":{VERSION},"target":{_encode(game.target)},'
        f'"seats":{_encode(list(game.seats))},"rounds":[{",".join(rounds)}],'
        f'"winner":{_encode(game.winner)},"seed":{_encode(game.seed)}}}'
    )


_encode = json.JSONEncoder(separators=(",", ":")).encode
#: Each tile's and each move's JSON, made on first use (both are interned values).
_TILE_JSON: dict[Tile, str] = {}
_MOVE_JSON: dict[Move, str] = {}


def _tile_json(tile: Tile) -> str:
    text = _TILE_JSON.get(tile)
    if text is None:
        text = _TILE_JSON[tile] = _encode(str(tile))
    return text


def _move_json(move: Move) -> str:
    """The fields of a placement between its seat and its points: ``"tile":...[,"at":...]``."""
    text = _MOVE_JSON.get(move)
    if text is None:
        fields = _move_to_json(0, move, 0)
        del fields["seat"], fields["points"]
        text = _MOVE_JSON[move] = _encode(fields)[1:-1]
    return text


def _round_text(rnd: Round, scores: tuple[int, int]) -> str:
    """:func:`_round_to_json` as JSON text (the same keys, in the same order)."""
    deal = ",".join("[" + ",".join(map(_tile_json, hand)) + "]" for hand in rnd.deal)
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
            end += f',"deductions":{_encode(list(deductions))}'
    return (
        f'{{"deal":[{deal}],"opener":{rnd.opener},"moves":[{",".join(moves)}]{end},'
        f'"scores":{_encode(list(scores))}}}'
    )


# ------------------------------------------------------------------- reading
def _fail(where: str, message: str) -> RecordError:
    return RecordError(f"{where}: {message}" if where else message)


def _expect(condition: bool, where: str, message: str) -> None:
    if not condition:
        raise _fail(where, message)


def _tile(text: object, where: str) -> Tile:
    if not isinstance(text, str):
        raise _fail(where, f"a tile must be text like '3-5', not {text!r}")
    try:
        return Tile.parse(text)
    except SevenRocksError as error:
        raise _fail(where, str(error)) from None


def _int(value: object, where: str, what: str) -> int:
    _expect(
        isinstance(value, int) and not isinstance(value, bool),
        where,
        f"{what} must be a whole number, not {value!r}",
    )
    return value  # type: ignore[return-value]


def _parse_move(raw: object, where: str) -> tuple[int, Move, int | None]:
    _expect(isinstance(raw, Mapping), where, f"a move must be an object, not {raw!r}")
    assert isinstance(raw, Mapping)
    seat = _int(raw.get("seat"), where, "'seat'")
    _expect(0 <= seat < SEATS, where, f"no seat {seat}")
    if raw.get("pass") is True:
        _expect("tile" not in raw, where, "a pass has no tile")
        return seat, PASS, None
    tile = _tile(raw.get("tile"), where)
    at = raw.get("at")
    points = raw.get("points")
    claimed = None if points is None else _int(points, where, "'points'")
    try:
        if at is None:
            return seat, Move(tile), claimed
        _expect(
            isinstance(at, list) and len(at) == 2, where, f"'at' must be [tile, side], not {at!r}"
        )
        assert isinstance(at, list)
        point = Point(_tile(at[0], where), str(at[1]))
        return seat, Move(tile, point), claimed
    except SevenRocksError as error:
        raise _fail(where, str(error)) from None


def _parse_deal(raw: Mapping[str, Any], where: str) -> tuple[list[list[Tile]], int]:
    deal = raw.get("deal")
    _expect(isinstance(deal, list) and len(deal) == SEATS, where, "'deal' must list 4 hands")
    hands = []
    for seat, hand in enumerate(deal):  # type: ignore[arg-type]
        _expect(
            isinstance(hand, list) and len(hand) == TILES_PER_HAND,
            where,
            f"seat {seat}'s hand must have {TILES_PER_HAND} tiles",
        )
        hands.append([_tile(t, f"{where}, seat {seat}'s hand") for t in hand])
    every = [t for hand in hands for t in hand]
    _expect(len(set(every)) == len(every), where, "the deal holds a tile twice")
    opener = _int(raw.get("opener"), where, "'opener'")
    _expect(0 <= opener < SEATS, where, f"no seat {opener} to open")
    return hands, opener


def from_record(record: object) -> Game:
    """Replay a record, checking every move, and return the resulting game."""
    _expect(isinstance(record, Mapping), "", "a record must be a JSON object")
    assert isinstance(record, Mapping)
    _expect(
        record.get("format") == FORMAT,
        "",
        f"not a Seven Rocks record (format {record.get('format')!r})",
    )
    _expect(
        record.get("version") == VERSION,
        "",
        f"unsupported record version {record.get('version')!r} (this reads {VERSION})",
    )
    target = _int(record.get("target", 250), "", "'target'")
    _expect(target > 0, "", "'target' must be positive")
    seats = record.get("seats")
    _expect(
        isinstance(seats, list) and len(seats) == SEATS and all(isinstance(s, str) for s in seats),
        "",
        "'seats' must name 4 players",
    )
    rounds = record.get("rounds")
    _expect(isinstance(rounds, list) and len(rounds) > 0, "", "'rounds' must be a non-empty list")
    assert isinstance(rounds, list) and isinstance(seats, list)
    deals = []
    for number, raw in enumerate(rounds, start=1):
        _expect(isinstance(raw, Mapping), f"round {number}", "a round must be an object")
        deals.append(_parse_deal(raw, f"round {number}"))
    seed = record.get("seed")
    _expect(
        seed is None or (isinstance(seed, int) and not isinstance(seed, bool)),
        "",
        f"'seed' must be a whole number, not {seed!r}",
    )
    try:
        game = Game(seed, target=target, seats=seats, deals=deals)
    except SevenRocksError as error:
        raise _fail("round 1", str(error)) from None
    for number, raw in enumerate(rounds, start=1):
        _replay_round(game, number, raw, last=number == len(rounds))
    winner = record.get("winner")
    _expect(
        winner == game.winner,
        "",
        f"the record says the winner is {winner!r}, the replay says {game.winner!r}",
    )
    return game


def _replay_round(game: Game, number: int, raw: Mapping[str, Any], *, last: bool) -> None:
    where = f"round {number}"
    _expect(game.round_number == number, where, "the game ended before this round")
    moves = raw.get("moves")
    _expect(isinstance(moves, list), where, "'moves' must be a list")
    assert isinstance(moves, list)
    rnd = game.current
    for index, raw_move in enumerate(moves, start=1):
        at = f"{where}, move {index}"
        seat, move, claimed = _parse_move(raw_move, at)
        _expect(rnd.end is None, at, "the round was already over")
        try:
            points = game.play(move, seat)
        except SevenRocksError as error:
            raise _fail(at, str(error)) from None
        if claimed is not None:
            _expect(claimed == points, at, f"{move} scores {points}, the record says {claimed}")
    end = raw.get("end")
    if rnd.end is None:
        _expect(
            end is None and last,
            where,
            f"the round is not over after its moves (record says {end!r})",
        )
        scores = raw.get("scores")
        _expect(
            scores is None or scores == list(rnd.scores),
            where,
            f"scores are {list(rnd.scores)}, the record says {scores!r}",
        )
        return
    _expect(end == str(rnd.end), where, f"the round ended by {rnd.end}, the record says {end!r}")
    deductions = raw.get("deductions")
    expected = rnd.deductions()
    if expected is None:
        _expect(deductions is None, where, "no deductions after the target is reached")
    else:
        _expect(
            deductions == list(expected),
            where,
            f"deductions are {list(expected)}, the record says {deductions!r}",
        )
    scores = raw.get("scores")
    actual = next(
        e.scores for e in game.events if isinstance(e, RoundSettled | GameWon) and e.round == number
    )
    _expect(
        scores == list(actual),
        where,
        f"scores after the round are {list(actual)}, the record says {scores!r}",
    )


def loads(text: str) -> Game:
    """Read one record from JSON text."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise RecordError(
            f"not JSON: {error.msg} at line {error.lineno}, column {error.colno}"
        ) from None
    return from_record(data)


def write_jsonl(games: Iterable[Game], stream: IO[str]) -> int:
    """Write one record per line; returns how many were written."""
    count = 0
    for game in games:
        stream.write(dumps(game) + "\n")
        count += 1
    return count


def read_jsonl(path: Path | str | IO[str]) -> Iterator[Game]:
    """Replay every record of a JSON Lines file, lazily; errors name the line."""
    if isinstance(path, str | Path):
        with open(path, encoding="utf-8") as stream:
            yield from read_jsonl(stream)
        return
    for line_number, line in enumerate(path, start=1):
        if not line.strip():
            continue
        try:
            yield loads(line)
        except RecordError as error:
            raise RecordError(f"game on line {line_number}: {error}") from None
