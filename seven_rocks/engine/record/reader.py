"""Reading records: every round replayed through the engine, every move checked again.

Any fault raises :class:`~seven_rocks.engine.errors.RecordError` naming the round and the
move; :func:`loads` parses a JSON text within the limits (:mod:`.limits`) first.
"""

from __future__ import annotations

import reprlib
from collections.abc import Callable, Iterator, Mapping
from typing import Any, Final, NamedTuple

from ..errors import RecordError, SevenRocksError
from ..events import GameWon, RoundSettled
from ..game import Game
from ..moves import PASS, Move, Point, Side
from ..round import SEATS, TILES_PER_HAND, Round
from ..scoring import DEFAULT_TARGET
from ..tiles import ALL_TILES, Tile
from .limits import FORMAT, MAX_RECORD_BYTES, VERSION, parse_json

_SIDES: Final = frozenset(Side)
_TILES: Final = {str(tile): tile for tile in ALL_TILES}

_SHOW: Final = reprlib.Repr()
_SHOW.maxstring = _SHOW.maxother = _SHOW.maxlong = 40
_SHOW.maxlevel, _SHOW.maxlist, _SHOW.maxdict = 3, 6, 4
_SHOW_LIMIT: Final = 80


class ReplayStep(NamedTuple):
    """Where a replay has got to: ``game`` after round ``round`` of ``rounds`` is checked."""

    round: int
    rounds: int
    game: Game


def _show(value: object) -> str:
    """A short, printable picture of a value for an error message.

    Error lines quote what they reject, but never a whole 10 MB field, a raw terminal
    escape or a list nested a thousand deep: ``repr`` escapes control characters and
    :mod:`reprlib` cuts long or deep values short.
    """
    try:
        shown = _SHOW.repr(value)
    except (ValueError, RecursionError):  # an integer too long to print
        return f"a {type(value).__name__} too large to show"
    # reprlib bounds each level, not the whole: six items of six items of ... are long.
    return shown if len(shown) <= _SHOW_LIMIT else shown[: _SHOW_LIMIT - 3] + "..."


def _fail(where: str, message: str) -> RecordError:
    return RecordError(f"{where}: {message}" if where else message)


def _expect(condition: bool, where: str, message: str, *shown: object) -> None:
    """Raise unless ``condition``; the ``shown`` values fill ``message``'s ``{}`` only then
    (a replay checks hundreds of thousands of values: it must not picture them all)."""
    if not condition:
        raise _fail(where, message.format(*map(_show, shown)) if shown else message)


def _tile(text: object, where: str, field: str = "") -> Tile:
    tile = _TILES.get(text) if isinstance(text, str) else None
    if tile is not None:  # the writer's own spelling: most tiles of most records
        return tile
    # Another spelling Tile.parse takes ("[3|5]"); anything else gets one message that
    # says where the invalid tile is.
    if isinstance(text, str) and len(text) <= 12:
        try:
            return Tile.parse(text)
        except (SevenRocksError, ValueError):
            pass
    inside = f" in {field}" if field else ""
    raise _fail(
        where,
        f"invalid tile {_show(text)}{inside} (a tile is written like '3-5', halves 0 to 6)",
    )


def _int(value: object, where: str, what: str) -> int:
    _expect(
        isinstance(value, int) and not isinstance(value, bool),
        where,
        f"{what} must be a whole number, not {{}}",
        value,
    )
    return value  # type: ignore[return-value]


def _parse_move(raw: object, where: str) -> tuple[int, Move, int | None]:
    _expect(isinstance(raw, Mapping), where, "a move must be an object, not {}", raw)
    assert isinstance(raw, Mapping)
    seat = _int(raw.get("seat"), where, "'seat'")
    _expect(0 <= seat < SEATS, where, f"no seat {seat}")
    if raw.get("pass") is True:
        _expect("tile" not in raw, where, "a pass has no tile")
        return seat, PASS, None
    tile = _tile(raw.get("tile"), where, "'tile'")
    points = raw.get("points")
    claimed = None if points is None else _int(points, where, "'points'")
    at = raw.get("at")
    if at is None:
        return seat, Move(tile), claimed
    _expect(
        isinstance(at, list) and len(at) == 2,
        where,
        "'at' must be [tile, side], not {}",
        at,
    )
    assert isinstance(at, list)
    on = _tile(at[0], where, "'at'")
    side = at[1]
    _expect(
        isinstance(side, str) and side in _SIDES,
        where,
        f"invalid side {{}} in 'at' (one of {', '.join(Side)})",
        side,
    )
    try:
        return seat, Move(tile, Point(on, side)), claimed
    except SevenRocksError as error:  # a side the tile lacks, or a tile on itself
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


def replay_rounds(record: object) -> Iterator[ReplayStep]:
    """Replay a record one round at a time, checking every move.

    Yields a :class:`ReplayStep` after each round (always the same :class:`Game`,
    further on), so a caller can show progress through a long record or stop early;
    the last step comes after the winner is checked, so a caller who reads to the
    end holds a fully checked game.  Any fault raises :class:`RecordError`.
    """
    header = _check_header(record)
    target, seats, rounds = _check_table(header)
    game = _new_game(header, target, seats, _parse_deals(rounds))
    total = len(rounds)
    for number, raw in enumerate(rounds, start=1):
        _replay_round(game, number, raw, last=number == total)
        if number == total:
            _check_winner(header, game)
        yield ReplayStep(number, total, game)


def _check_header(record: object) -> Mapping[str, Any]:
    """``record`` as a mapping, once its format and exact version are known to be ours.

    Checked before anything else is read, so a file of another kind (or a future version)
    is named as such rather than failing on some field it happens to lack.
    """
    _expect(isinstance(record, Mapping), "", "a record must be a JSON object")
    assert isinstance(record, Mapping)
    _expect(
        record.get("format") == FORMAT,
        "",
        "not a Seven Rocks record (format {})",
        record.get("format"),
    )
    version = record.get("version")
    _expect(
        type(version) is int,  # not True, not 1.0: the format names its version exactly
        "",
        f"'version' must be the whole number {VERSION}, not {{}}",
        version,
    )
    _expect(
        version == VERSION,
        "",
        f"unsupported record version {{}} (this reads {VERSION})",
        version,
    )
    return record


def _check_table(record: Mapping[str, Any]) -> tuple[int, list[str], list[Any]]:
    """The record's target, seats and (still unread) rounds, checked in that order: the
    first fault found is the one named."""
    target = _int(record.get("target", DEFAULT_TARGET), "", "'target'")
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
    return target, seats, rounds


def _parse_deals(rounds: list[Any]) -> list[tuple[list[list[Tile]], int]]:
    """Every round's deal and opener, read before any move: ``Game`` is built from all of them."""
    deals = []
    for number, raw in enumerate(rounds, start=1):
        _expect(isinstance(raw, Mapping), f"round {number}", "a round must be an object")
        assert isinstance(raw, Mapping)
        deals.append(_parse_deal(raw, f"round {number}"))
    return deals


def _new_game(
    record: Mapping[str, Any],
    target: int,
    seats: list[str],
    deals: list[tuple[list[list[Tile]], int]],
) -> Game:
    """The game the record's deals replay into; a fault ``Game`` finds is in round 1."""
    seed = record.get("seed")
    _expect(
        seed is None or (isinstance(seed, int) and not isinstance(seed, bool)),
        "",
        "'seed' must be a whole number, not {}",
        seed,
    )
    try:
        return Game(seed, target=target, seats=seats, deals=deals)
    except SevenRocksError as error:
        raise _fail("round 1", str(error)) from None


def _check_winner(record: Mapping[str, Any], game: Game) -> None:
    """The record's winner must be the replay's, of the same type (a team index or None)."""
    winner = record.get("winner")
    _expect(
        winner == game.winner and type(winner) is type(game.winner),
        "",
        f"the record says the winner is {{}}, the replay says {game.winner!r}",
        winner,
    )


def from_record(record: object, *, progress: Callable[[int, int], object] | None = None) -> Game:
    """Replay a record, checking every move, and return the resulting game.

    ``progress(done, total)`` is called after each round (for a long record's
    progress bar); see :func:`replay_rounds` to replay step by step instead.
    """
    game = None
    for step in replay_rounds(record):
        if progress is not None:
            progress(step.round, step.rounds)
        game = step.game
    assert game is not None  # replay_rounds yields once per round, and there is one
    return game


def _replay_round(game: Game, number: int, raw: Mapping[str, Any], *, last: bool) -> None:
    """Play round ``number``'s moves into ``game`` and check how the record says it ended."""
    where = f"round {number}"
    _expect(game.round_number == number, where, "the game ended before this round")
    moves = raw.get("moves")
    _expect(isinstance(moves, list), where, "'moves' must be a list")
    assert isinstance(moves, list)
    rnd = game.current
    _replay_moves(game, rnd, where, moves)
    if rnd.end is None:
        _check_unfinished(rnd, where, raw, last=last)
    else:
        _check_settled(game, rnd, number, raw)


def _replay_moves(game: Game, rnd: Round, where: str, moves: list[Any]) -> None:
    """Play each move through ``game``, so the kernel (not this reader) judges legality."""
    for index, raw_move in enumerate(moves, start=1):
        try:  # the move's place is named only on failure: it costs time on every move
            seat, move, claimed = _parse_move(raw_move, "")
            _expect(rnd.end is None, "", "the round was already over")
            points = game.play(move, seat)
            if claimed is not None and claimed != points:
                raise RecordError(f"{move} scores {points}, the record says {claimed}")
        except SevenRocksError as error:
            raise _fail(f"{where}, move {index}", str(error)) from None


def _check_unfinished(rnd: Round, where: str, raw: Mapping[str, Any], *, last: bool) -> None:
    """A round still in play: allowed only as the record's last (a game saved mid-round)."""
    end = raw.get("end")
    _expect(
        end is None and last,
        where,
        "the round is not over after its moves (record says {})",
        end,
    )
    scores = raw.get("scores")
    _expect(
        scores is None or scores == list(rnd.scores),
        where,
        f"scores are {list(rnd.scores)}, the record says {{}}",
        scores,
    )


def _check_settled(game: Game, rnd: Round, number: int, raw: Mapping[str, Any]) -> None:
    """A finished round: the record's end, deductions and banked scores must be the replay's."""
    where = f"round {number}"
    end = raw.get("end")
    _expect(end == str(rnd.end), where, f"the round ended by {rnd.end}, the record says {{}}", end)
    deductions = raw.get("deductions")
    expected = rnd.deductions()
    if expected is None:
        _expect(deductions is None, where, "no deductions after the target is reached")
    else:
        _expect(
            deductions == list(expected),
            where,
            f"deductions are {list(expected)}, the record says {{}}",
            deductions,
        )
    scores = raw.get("scores")
    actual = _settled_scores(game, number)
    _expect(
        scores == list(actual),
        where,
        f"scores after the round are {list(actual)}, the record says {{}}",
        scores,
    )


def _settled_scores(game: Game, number: int) -> tuple[int, int]:
    """The totals banked when round ``number`` ended.

    Its settlement is among the last events (only the next deal can follow it), so the
    search runs from the end: scanning every event for every round made replays
    quadratic in rounds (10,000 rounds took minutes).
    """
    for event in reversed(game.events):
        if isinstance(event, RoundSettled | GameWon) and event.round == number:
            return event.scores
        if event.round < number:
            break
    raise AssertionError(f"round {number} ended without a settlement event")  # pragma: no cover


def loads(text: str, *, max_bytes: int = MAX_RECORD_BYTES) -> Game:
    """Read one record from JSON text."""
    return from_record(parse_json(text, max_bytes=max_bytes))
