"""Every reply the worker sends, as one typed description.

These :class:`~typing.TypedDict` classes are the wire format: the session builds its replies
as them (mypy checks each key), and ``python -m seven_rocks.site.generated`` turns them into
the TypeScript declarations the page's JavaScript is checked against (``protocol.d.ts``), so
a key misspelt on either side fails the type check rather than a player's game.

Parts the page treats as opaque data (a game record's rounds, a review's moves as the coach
writes them) are typed as ``dict[str, object]``: the page passes them on or hands them to
code that reads them field by field.
"""

from __future__ import annotations

from typing import Literal, NotRequired, TypedDict

from .event_json import EventJSON
from .tally import TileCount

#: A JSON object the reply carries without describing it here.
JSONObject = dict[str, object]


# ------------------------------------------------------------------ the door
class Pong(TypedDict):
    """The worker is up: its protocol, and (in the browser) how Python started."""

    pong: bool
    protocol: int
    python: NotRequired[str]
    start: NotRequired[str]


class VersionReply(TypedDict):
    version: str


class WarmUpReply(TypedDict):
    """How many scratch moves were made so far."""

    moves: int


class ErrorBody(TypedDict):
    type: str
    message: str


class ErrorReply(TypedDict):
    """Any request may be answered so: ``RequestError`` (and the engine's own errors) for
    what the page sent, ``InternalError`` for a bug in the worker."""

    error: ErrorBody


# --------------------------------------------------------------------- facts
class Facts(TypedDict):
    """The facts the page and the engine share, each defined once in Python."""

    version: str
    target: int
    seats: list[str]
    max_name: int
    name_refused: str  # what a name may not hold: a pattern for new RegExp(it, "gu")
    human: str
    save_format: str
    save_version: int
    save_versions: list[int]
    max_json_depth: int
    max_record_bytes: int
    max_request_bytes: int
    remote: str  # the seat kind of a friend on another device
    max_guest_message: int  # the longest message a friend's device may send, in bytes
    guest_reasons: list[str]  # why a friend's message may be refused


class Info(TypedDict):
    """What a new-game dialog offers: the fair bots (weakest first) and the default one."""

    bots: list[str]
    default_level: str


# --------------------------------------------------------------------- table
class TableTile(TypedDict):
    tile: str
    x: float
    y: float
    angle: int
    first: int
    is_spinner: bool


class TablePoint(TypedDict):
    point: str
    x: float
    y: float
    angle: int
    value: int | None


class TableEnd(TypedDict):
    tile: str
    side: str | None
    value: int
    x: float
    y: float


class Table(TypedDict):
    """The table as the page draws it: tiles, free points with their values, counted ends."""

    tiles: list[TableTile]
    points: list[TablePoint]
    bounds: list[float]
    table: list[float]
    initial_table: list[float]
    ends: list[TableEnd]
    sum: int
    spinner: str | None
    last_tile: str | None


# ------------------------------------------------------------------ snapshot
class LastTurn(TypedDict):
    seat: int
    move: str
    tile: str | None
    points: int


class Snapshot(TypedDict):
    """What the person at the screen may see now. ``viewer`` is the seat whose tiles
    ``hand`` holds (None: no hand is shown); ``pass_to`` the person the device must go to
    first (the page shows a pass screen and then asks for that seat's ``view``)."""

    protocol: int
    game: int  # which game of this table it is (1, 2, ...): how a guest's page tells a new one
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
    count: TileCount | None  # the viewer's tile count; None with no hand shown
    table: Table
    human_turn: bool
    legal: dict[str, list[str]]  # tile -> attach points ("open" for the first tile)
    moves: dict[str, dict[str, str]]  # tile -> point -> the move's text to send back
    must_pass: bool
    pass_move: str | None  # the text of the forced knock, when it is the viewer's only move
    last: LastTurn | None
    events_total: int
    events: list[EventJSON]
    #: The finished round's last table, while the next round has no turn yet.
    previous_table: NotRequired[Table]
    #: How long the bot thought, after a ``step``.
    think_ms: NotRequired[float]
    #: Each seat's refused messages, in a game with friends on other devices.
    refused: NotRequired[list[int]]
    #: The game's seed, in the host's snapshot only: every deal and every bot's play follow
    #: from it, so a guest's snapshot never holds it (see :mod:`.guests`).
    seed: NotRequired[int]


class GuestRefusedReply(TypedDict):
    """The count of refused messages, by seat (``refused`` in the host's snapshot)."""

    refused: list[int]


class GuestMoveReply(TypedDict):
    """A guest's message played or refused (``reason``: one word the page words), and the
    host's snapshot after it."""

    accepted: bool
    reason: str | None
    snap: Snapshot


# ---------------------------------------------------------------------- hint
class PassFacts(TypedDict):
    kind: Literal["pass"]
    only: bool


class MoveFacts(TypedDict):
    """Why a move is good, as facts the page words in the reader's language."""

    kind: Literal["open", "play"]
    tile: str
    at: str
    sum: int
    terms: list[int]
    sum_text: str
    points: int
    domino: bool
    double: bool
    spinner: bool
    next_seat: int
    open: list[int]
    next_lacks: list[int]
    next_blocked: bool
    threat: int | None
    only: bool
    samples: NotRequired[int]  # the searches behind the verdict (the master's hint)
    margin: NotRequired[float]  # how much better than the runner-up, in points of win%


class Hint(TypedDict):
    """The strongest fair bot's move for the person to play, with the facts behind it."""

    move: str
    tile: str | None
    at: str | None
    why: PassFacts | MoveFacts


# ------------------------------------------------------------ records, saves
class RecordHeader(TypedDict):
    format: str
    version: int
    target: int
    seats: list[str]
    winner: int | None
    seed: int


class GameRecord(RecordHeader):
    """A game record (the engine's format), with the reviews made of it when there are."""

    rounds: list[JSONObject]
    reviews: NotRequired[list[JSONObject]]


class Save(TypedDict):
    """Everything needed to resume a game: the record, who sits where, the people's names."""

    format: str
    version: int
    bots: list[str | None]
    names: list[str | None]
    record: GameRecord


# -------------------------------------------------------------- replay viewer
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
    tables: list[Table]  # after turn 1..n
    hands: list[list[list[str]]]  # every seat's hand at position 0..n
    scores: list[list[int]]  # the team scores at position 0..n
    end: str | None


class ReplayRound(StoryRound):
    """A round of the record under replay, with its events."""

    events: list[EventJSON]


class ReplaySummary(TypedDict):
    """What the viewer needs before any round: the record's header, each round's number of
    turns, the winner and the scores."""

    record: RecordHeader
    turns: list[int]
    winner: int | None
    scores: list[int]


class ReplayProgress(TypedDict):
    """How far the check of a record has got, in rounds (``summary`` once finished)."""

    done: int
    total: int
    finished: bool
    summary: NotRequired[ReplaySummary]


# ------------------------------------------------------------------ rule book
class ExampleStep(TypedDict):
    move: str
    tile: str
    at: str | None
    terms: list[int]
    sum: int
    points: int
    open: list[str]
    table: Table


class Examples(TypedDict):
    """The rule book's worked examples by name, each step with its table."""

    examples: dict[str, list[ExampleStep]]


# ---------------------------------------------------------------------- coach
