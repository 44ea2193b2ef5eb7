"""The "find the move" trainer's messages, and the worker's door to it.

The trainer (:mod:`.puzzles`: puzzles, and the coach's mistakes retried) is not part of a
first visit's game, so the browser fetches it with the package's rest
(``seven_rocks.site.engine_zip.is_lazy``) the first time a ``trainer_*`` request comes.
What the door's table (:data:`.methods.METHODS`) and the page's generated types need of it
at start is here: the requests' parameters, the replies, and handlers that import the
trainer when first called.
"""

from __future__ import annotations

from typing import Final, NotRequired, TypedDict

from ..engine.moves import Move
from .protocol import RequestError
from .replies import Table
from .review.model import ReasonJson
from .tally import TileCount

#: The drawing area's shape when the page does not say (the session's default).
ASPECT: Final = 1.6


class PositionJson(TypedDict):
    """:meth:`Position.to_json`: one seat's view before its move."""

    seat: int
    hand: list[str]
    opener: int
    round: int
    scores: list[int]
    target: int
    turns: list[str]


class PuzzleFacts(TypedDict):
    """The answer's facts for the sentence that names a puzzle's idea (`trainer_check`)."""

    theme: str
    tile: str
    points: int
    score: int
    them: int
    target: int
    next_seat: int
    open: list[int]
    lacks: list[int]
    locked: bool
    threat: int | None
    spinner: bool
    arm: bool
    double: bool
    pips: int


class TrainerBoardParams(TypedDict):
    position: object  # a PositionJson, checked whole
    aspect: NotRequired[float]


class TrainerCheckParams(TypedDict):
    position: object
    move: str
    candidates: object  # [[move, value], ...]: the analysis the answer comes from
    aspect: NotRequired[float]
    theme: NotRequired[str]  # a puzzle's theme: the reply then has the idea's facts


class TrainerRetryParams(TypedDict):
    record: object  # the reviewed game's record
    round: int
    number: int


class TrainerBoard(TypedDict):
    """:func:`.puzzles.trainer_board`: what the trainer draws, and where each tile may go."""

    position: PositionJson
    seat: int
    round: int
    scores: list[int]
    target: int
    hand: list[str]
    hand_sizes: list[int]
    count: TileCount
    table: Table
    legal: dict[str, list[str]]  # tile -> attach points ("open" for the first tile)
    moves: dict[str, dict[str, str]]  # tile -> point -> the move's text


class TrainerMove(TypedDict):
    """A move of :func:`.puzzles.trainer_check` and the table after it."""

    move: str
    tile: str | None
    at: str | None
    table: Table


class TrainerCheck(TypedDict):
    """:func:`.puzzles.trainer_check`: right or not, the answer on the table, and why."""

    correct: bool
    move: str
    best: TrainerMove
    played: TrainerMove
    loss: float
    reasons: list[ReasonJson]
    facts: PuzzleFacts | None  # the answer's facts for the puzzle's idea (given a theme)


class TrainerRetry(TypedDict):
    """:func:`.puzzles.trainer_retry`: the position before a recorded move, from its mover's
    seat."""

    position: PositionJson


# The worker's handlers: functions of their parameters alone (a position carries all they
# need, so no session), called with the parameters checked by :mod:`.requests`; each
# imports the trainer (:mod:`.puzzles`) when first called.
def board_request(position: object, aspect: float = ASPECT) -> TrainerBoard:
    """The ``trainer_board`` request."""
    from .puzzles import position_of, trainer_board

    return trainer_board(position_of(position), aspect)


def check_request(
    position: object, move: str, candidates: object, aspect: float = ASPECT, theme: str = ""
) -> TrainerCheck:
    """The ``trainer_check`` request."""
    from .puzzles import position_of, trainer_check

    try:
        played = Move.parse(move)
    except ValueError as error:
        raise RequestError(f"'move': {error}") from None
    return trainer_check(position_of(position), played, candidates, aspect, theme or None)


def retry_request(record: object, round: int, number: int) -> TrainerRetry:
    """The ``trainer_retry`` request."""
    from .puzzles import trainer_retry

    return trainer_retry(record, round, number)


__all__ = [
    "ASPECT",
    "PositionJson",
    "PuzzleFacts",
    "TrainerBoard",
    "TrainerBoardParams",
    "TrainerCheck",
    "TrainerCheckParams",
    "TrainerMove",
    "TrainerRetry",
    "TrainerRetryParams",
    "board_request",
    "check_request",
    "retry_request",
]
