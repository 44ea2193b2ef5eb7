"""The messages between the page and the worker, and their one codec.

Every request is ``{"method": ..., "params": {...}}`` (:class:`Request`); every reply is a
JSON object: a :class:`Snapshot` (what South may see), a :class:`Story` (a checked record for
the replay viewer), a hint, a save or record, or ``{"error": {"type", "message"}}``. History
events travel as :data:`EventJSON`: the engine's events with the facts the page shows and
must not work out for itself (each team's running score and its points in the round so far,
who dominoed, each team's deduction), so the JavaScript renders and never re-derives a rule.

Moves and tiles are written in the engine's own text forms (``str(move)``, ``Move.parse``:
``"3-5@1-1:branch_a"``, ``"pass"``), the same ones the game records read back; the page only
passes back the move text it was given.

>>> from seven_rocks import Game
>>> game = Game(seed=3)
>>> _ = game.play(game.legal_moves()[0])
>>> [e["type"] for e in encode_events(game.events)]
['round_started', 'placed']
>>> Request.parse('{"method": "state", "params": {"since": 2}}')
Request(method='state', params={'since': 2})
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final, Literal, TypedDict

from ..engine.errors import SevenRocksError
from ..engine.events import Event, GameWon, Passed, Placed, RoundSettled, RoundStarted
from ..engine.moves import Move
from ..engine.record import MAX_JSON_DEPTH, MAX_RECORD_BYTES, check_json_text
from .tally import TileCount

PROTOCOL: Final = 1
#: The longest request read: the largest record the engine reads, plus room for the
#: request around it (a record travels in ``load_record`` and, inside a save, ``restore``).
MAX_REQUEST_BYTES: Final = MAX_RECORD_BYTES + 4096
SAVE_FORMAT: Final = "seven-rocks-save"
#: Version 2 added the people's names; version 1 saves (no names) still load.
SAVE_VERSION: Final = 2
SAVE_VERSIONS: Final = (1, 2)
#: What the page may ask of the session (the dispatcher answers ``ping``, ``version`` and
#: ``warm_up`` itself).
METHODS: Final = (
    "info",
    "new_game",
    "state",
    "play",
    "view",
    "step",
    "hint",
    "record",
    "save",
    "restore",
    "load_record",
    "replay_load",
    "replay_round",
    "examples",
    "review_start",
    "review_step",
    "review_cancel",
    "review_board",
)


class RequestError(SevenRocksError):
    """A request the session cannot act on (unknown method, bad parameters, no game)."""


# ------------------------------------------------------------------ requests
@dataclass(frozen=True, slots=True)
class Request:
    """One request from the page: a method of :data:`METHODS` (or ``ping``, ``version``,
    ``warm_up``)."""

    method: str
    params: dict[str, Any]

    @classmethod
    def parse(cls, text: str) -> Request:
        """Read a request; JSON that is not a request raises :class:`RequestError`.

        The text is measured before it is parsed: a request larger than
        :data:`MAX_REQUEST_BYTES` or nesting deeper than the records' limit raises
        :class:`~seven_rocks.engine.errors.RecordError`, because Pyodide's JSON parser dies
        for the rest of the session on some 3,000 nested lists.
        """
        if not isinstance(text, str):
            raise RequestError("a request is JSON text")
        check_json_text(text, max_bytes=MAX_REQUEST_BYTES, max_depth=MAX_JSON_DEPTH)
        try:
            data = json.loads(text, parse_constant=_no_constant, parse_float=_finite)
        except ValueError as error:  # not JSON, or a number of more than 4,300 digits
            raise RequestError(f"a request is JSON: {error}") from None
        if not isinstance(data, dict):
            raise RequestError("a request is a JSON object")
        method = data.get("method")
        params = data.get("params") or {}
        if not isinstance(method, str) or not isinstance(params, dict):
            raise RequestError(f"unknown method {method!r}")
        return cls(method, params)


def _no_constant(name: str) -> float:
    """``NaN``, ``Infinity``: Python's parser takes them, JSON (and the page) does not."""
    raise ValueError(f"{name} is not a JSON number")


def _finite(text: str) -> float:
    """A JSON number as a float, refused when it does not fit one (``1e999``): a number
    that is not finite would come back in a reply as text no JSON parser reads."""
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"the number {text[:24]} is too large")
    return value


# ------------------------------------------------------------------- replies
class ErrorBody(TypedDict):
    type: str
    message: str


class ErrorReply(TypedDict):
    error: ErrorBody


def encode_reply(reply: object) -> str:
    """A reply as JSON text; ``ValueError`` for a number JSON cannot carry (NaN, infinity),
    rather than text the page cannot parse."""
    return json.dumps(reply, allow_nan=False)


def encode_error(kind: str, message: str) -> str:
    reply: ErrorReply = {"error": {"type": kind, "message": message}}
    return json.dumps(reply)


class Info(TypedDict):
    protocol: int
    version: str
    bots: list[str]
    default_bots: list[str | None]
    target: int
    viewer: int


class LastTurn(TypedDict):
    seat: int
    move: str
    tile: str | None
    points: int


class Snapshot(TypedDict, total=False):
    """What the person at the screen may see now (``previous_table``: the finished round's
    last table, sent while the next round has no turn yet; ``think_ms``: after a bot's
    ``step``). ``viewer`` is the seat whose tiles ``hand`` holds (None: no hand is shown);
    ``pass_to`` the person the device must go to first (the page shows a pass screen and
    then asks for that seat's ``view``)."""

    protocol: int
    seed: int
    target: int
    round: int
    turn: int
    opener: int
    over: bool
    winner: int | None
    scores: list[int]
    gains: list[int]  # each team's change since the page's last snapshot (``since``)
    bots: list[str | None]
    names: list[str | None]  # the people's names (None: no name, or a bot)
    viewer: int | None
    pass_to: int | None
    hand_sizes: list[int]
    hand: list[str]
    count: TileCount | None  # the viewer's tile count (:mod:`.tally`); None with no hand shown
    table: dict[str, Any]
    human_turn: bool
    legal: dict[str, list[str]]  # tile -> attach points ("open" for the first tile)
    moves: dict[str, dict[str, str]]  # tile -> point -> the move's text to send back
    must_pass: bool
    pass_move: str | None  # the text of the forced knock, when it is the viewer's only move
    last: LastTurn | None
    events_total: int
    events: list[EventJSON]
    previous_table: dict[str, Any]
    think_ms: float


class StoryTurn(TypedDict):
    seat: int
    move: str
    tile: str | None
    points: int


class StoryRound(TypedDict):
    """One round of a record; position ``k`` is the table after its first ``k`` turns."""

    deal: list[list[str]]
    opener: int
    turns: list[StoryTurn]
    tables: list[dict[str, Any]]  # after turn 1..n
    hands: list[list[list[str]]]  # every seat's hand at position 0..n
    scores: list[list[int]]  # the team scores at position 0..n
    end: str | None


class Story(TypedDict):
    record: dict[str, Any]
    events: list[EventJSON]
    rounds: list[StoryRound]
    winner: int | None
    scores: list[int]


# -------------------------------------------------------------------- events
class RoundStartedJSON(TypedDict):
    type: Literal["round_started"]
    round: int
    opener: int
    by_domino: bool
    draw: list[list[int | None]]
    scores: list[int]
    round_net: list[int]


class EndJSON(TypedDict):
    tile: str
    side: str | None
    value: int


class PlacedJSON(TypedDict):
    type: Literal["placed"]
    round: int
    seat: int
    team: int
    move: str
    tile: str
    at: str | None
    ends: list[EndJSON]
    total: int
    sum_text: str
    points: int
    scores: list[int]
    round_net: list[int]


class PassedJSON(TypedDict):
    type: Literal["passed"]
    round: int
    seat: int
    scores: list[int]
    round_net: list[int]


class RoundSettledJSON(TypedDict):
    type: Literal["round_settled"]
    round: int
    end: str
    seat: int | None  # who dominoed (None when blocked)
    hands: list[list[str]]
    pips: list[int]
    deductions: list[int]
    teams: list[int]  # the team each seat plays for
    team_deductions: list[int]
    scores: list[int]
    round_net: list[int]


class GameWonJSON(TypedDict):
    type: Literal["game_won"]
    round: int
    team: int
    scores: list[int]
    round_net: list[int]


EventJSON = RoundStartedJSON | PlacedJSON | PassedJSON | RoundSettledJSON | GameWonJSON


def move_text(move: Move) -> str:
    """A move as the page and the records write it (``Move.parse`` reads it back)."""
    return str(move)


def tile_of(move: Move) -> str | None:
    return None if move.tile is None else str(move.tile)


def encode_events(events: Sequence[Event], since: int = 0) -> list[EventJSON]:
    """The events from index ``since`` on, each with the running scores and each team's net
    points in its round so far (worked out from the whole history, so ``since`` may be any
    index)."""
    out: list[EventJSON] = []
    scores = [0, 0]
    net = [0, 0]
    for index, event in enumerate(events):
        encoded = _encode(event, scores, net)
        if index >= since:
            out.append(encoded)
    return out


class EventStream:
    """Encodes a history's events one after another, carrying the running totals, so a long
    history is encoded in linear time as it grows (a record replayed round by round)."""

    def __init__(self) -> None:
        self.scores = [0, 0]
        self.net = [0, 0]

    def encode(self, event: Event) -> EventJSON:
        return _encode(event, self.scores, self.net)


def _encode(event: Event, scores: list[int], net: list[int]) -> EventJSON:
    """One event; updates ``scores`` and ``net`` (the running totals) in place."""
    if isinstance(event, RoundStarted):
        net[:] = [0, 0]
        return {
            "type": "round_started",
            "round": event.round,
            "opener": event.opener,
            "by_domino": event.by_domino,
            "draw": [list(r) for r in event.draw],
            "scores": list(scores),
            "round_net": list(net),
        }
    if isinstance(event, Placed):
        move = event.move
        team = event.seat % 2
        net[team] += event.points
        scores[:] = event.scores
        return {
            "type": "placed",
            "round": event.round,
            "seat": event.seat,
            "team": team,
            "move": move_text(move),
            "tile": str(move.tile),
            "at": str(move.at) if move.at else None,
            "ends": [
                {"tile": str(e.tile), "side": e.side and str(e.side), "value": e.value}
                for e in event.ends
            ],
            "total": event.total,
            "sum_text": event.sum_text,
            "points": event.points,
            "scores": list(event.scores),
            "round_net": list(net),
        }
    if isinstance(event, Passed):
        return {
            "type": "passed",
            "round": event.round,
            "seat": event.seat,
            "scores": list(scores),
            "round_net": list(net),
        }
    if isinstance(event, RoundSettled):
        team_deductions = [event.deductions[team] + event.deductions[team + 2] for team in (0, 1)]
        for team in (0, 1):
            net[team] -= team_deductions[team]
        scores[:] = event.scores
        return {
            "type": "round_settled",
            "round": event.round,
            "end": str(event.end),
            "seat": event.domino_seat,
            "hands": [[str(t) for t in hand] for hand in event.hands],
            "pips": list(event.pips),
            "deductions": list(event.deductions),
            "teams": [seat % 2 for seat in range(4)],
            "team_deductions": team_deductions,
            "scores": list(event.scores),
            "round_net": list(net),
        }
    assert isinstance(event, GameWon)
    scores[:] = event.scores
    return {
        "type": "game_won",
        "round": event.round,
        "team": event.team,
        "scores": list(event.scores),
        "round_net": list(net),
    }
