"""The review as values: marks, reasons, verdicts on moves, summaries, and their JSON.

What the coach (:mod:`.analysis`, :mod:`.job`) produces and the record caches
(:mod:`.cache`); reading cached JSON back, every field checked, is :mod:`.reading`'s job.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Final, Literal, NotRequired, Required, TypedDict, cast, get_args

from ...bots.master import LEVELS
from ...engine.errors import SevenRocksError
from ...engine.round import SEATS
from ..replies import Table
from ..tally import TileCount

FORMAT: Final = "seven-rocks-review"
#: Bump when the analysis of a position changes (a new search, new reasons): cached
#: reviews of another version are searched again.
VERSION: Final = 3
#: The record's optional field holding cached reviews (a list, one per seat and level).
RECORD_FIELD: Final = "reviews"
#: The search level reviews use unless told otherwise: ``brisk``, because a whole game's
#: review must take at most 10 s in the browser (see
#: :data:`seven_rocks.app.session.REVIEW_LEVEL`).
DEFAULT_LEVEL: Final = "brisk"
#: How long one slice of a review may keep the engine busy by default, in seconds.
REVIEW_BUDGET: Final = 0.2
#: Drops in the team's chance to win (0..1) from which a move is a mistake, a blunder.
#: Lichess marks 10 and 20 points of win% in chess; a domino move swings far less (a
#: round's deal decides more than any one tile), so the lines are where a strong club
#: player's slips fall (see ``docs/coach.md``): 3 points of win% is a mistake, 8 a blunder.
MISTAKE_LOSS: Final = 0.03
BLUNDER_LOSS: Final = 0.08
#: A reason's code (see :class:`Reason`); the page has a sentence for each.  A ``Literal``,
#: so the page's generated types (``protocol.d.ts``) check its comparisons against them.
ReasonCode = Literal[
    "forced",
    "best",
    "scores_less",
    "hands_more",
    "misses_block",
    "keeps_double",
    "keeps_heavy",
    "greedy",
    "later",
    "search",
]
#: Every reason code, in the order of :class:`Reason`'s table.
REASON_CODES: Final[tuple[ReasonCode, ...]] = get_args(ReasonCode)
#: A move's mark as the JSON spells it (the values of :class:`Mark`, typed for the page).
MarkName = Literal["forced", "best", "good", "mistake", "blunder"]
#: The drop in the chance to win that halves a move's accuracy (twice the mistake line:
#: a mistake scores at most 71, a blunder at most 40).
HALF_LIFE: Final = 0.06

#: One reason as JSON: its ``code`` and that code's arguments (see :class:`Reason`).
ReasonJson = TypedDict(
    "ReasonJson",
    {
        "code": Required[ReasonCode],
        "pass": bool,
        "points": int,
        "margin": float,
        "best_points": int,
        "seat": int,
        "threat": int,
        "best_threat": int,
        "numbers": list[int],
        "tile": str,
        "pips": int,
        "best_pips": int,
        "samples": int,
        "value": float,
        "best_value": float,
    },
    total=False,
)


class MoveReviewJson(TypedDict):
    """:meth:`MoveReview.to_json`: the verdict on one move."""

    round: int
    number: int
    seat: int
    move: str
    best: str
    loss: float
    mark: MarkName
    accuracy: float | None
    value: float | None
    best_value: float | None
    #: ``[move, value]`` pairs, best first.
    candidates: list[list[str | float]]
    samples: int
    reasons: list[ReasonJson]
    key: str
    #: The drop in the team's chance to win from the best move to the played one (0..1).
    win_loss: float
    #: The team's chance to win after the played and the best move (None if forced).
    chance: float | None
    best_chance: float | None
    #: False when the mark stayed close to a line after the most search the coach spends.
    sure: bool


class SummaryJson(TypedDict):
    """:meth:`Summary.to_json`: totals over a round's or the game's moves."""

    reviewed: int
    analysed: int
    accuracy: float | None
    lost: float
    mistakes: int
    blunders: int


class RoundReviewJson(SummaryJson):
    """One round of :meth:`GameReview.to_json`: its number, summary and moves."""

    round: int
    moves: list[MoveReviewJson]


class GameReviewJson(SummaryJson):
    """:meth:`GameReview.to_json`: a seat's review of a game with the game's summary."""

    format: str
    version: int
    seat: int
    level: str
    complete: bool
    rounds: list[RoundReviewJson]


class SwingJson(TypedDict):
    """One swing of :class:`HeadlineJson`: a costly move as the headline says it."""

    round: int
    number: int
    move: str
    best: str
    mark: MarkName
    #: The team's chance to win before and after the move, in whole percents.
    before: int
    after: int
    #: The drop in points of win%, to one decimal (the moves list shows the same figure).
    drop: float
    sure: bool


class HeadlineJson(TypedDict):
    """:meth:`.headline.Headline.to_json`: the swings, costliest first (none in a clean game)."""

    swings: list[SwingJson]
    #: The drop in points of win% under which a move is not a mistake (for "within 3%").
    mistake: int


class ReviewProgress(TypedDict):
    """:meth:`~.coach.Coach.progress`: how far the review is, and the verdicts since the last."""

    seat: int
    level: str
    done: int
    total: int
    searched: int
    checked: int
    differed: int
    cache_error: str | None
    finished: bool
    moves: list[MoveReviewJson]
    #: The whole review, once finished.
    review: NotRequired[GameReviewJson]
    #: What the review's head says of the costliest moves, once finished (:mod:`.headline`).
    headline: NotRequired[HeadlineJson]
    #: The record's cached reviews, once finished (the session adds them to its reply).
    reviews: NotRequired[list[GameReviewJson]]


class ReviewCancelled(TypedDict):
    """The answer to stopping a review: the record's cached reviews, for a record's review."""

    cancelled: bool
    reviews: NotRequired[list[GameReviewJson]]


class BoardMove(TypedDict):
    """One move of :meth:`~.coach.Coach.board` and the table after it."""

    move: str
    tile: str | None
    at: str | None
    table: Table


class ReviewBoard(TypedDict):
    """:meth:`~.coach.Coach.board`: the position before one reviewed move."""

    round: int
    number: int
    seat: int
    hand: list[str]
    count: TileCount
    played: BoardMove
    best: BoardMove


class ReviewError(SevenRocksError):
    """A review that cannot be made or read (no such seat, level or cached review shape)."""


class Mark(StrEnum):
    """The verdict on one move."""

    FORCED = "forced"
    BEST = "best"
    GOOD = "good"
    MISTAKE = "mistake"
    BLUNDER = "blunder"


def mark_of(loss: float) -> Mark:
    """The mark of an analysed move that lost ``loss`` of the team's chance to win."""
    if loss >= BLUNDER_LOSS:
        return Mark.BLUNDER
    if loss >= MISTAKE_LOSS:
        return Mark.MISTAKE
    return Mark.BEST if loss <= 0 else Mark.GOOD


def move_accuracy(loss: float) -> float:
    """``100 x 2 ** (-loss / HALF_LIFE)`` for a drop ``loss`` in the chance to win, to one
    decimal."""
    return round(100.0 * math.pow(2.0, -max(0.0, loss) / HALF_LIFE), 1)


@dataclass(frozen=True, slots=True)
class Reason:
    """One fact behind a verdict: a code the page looks up, and its numbers.

    Codes and their arguments (``seat`` is a seat number, ``numbers`` a list of pips):

    ==============  ===============================================================
    ``forced``      the only legal move (``pass``: true when it was a knock)
    ``best``        the best move found; ``points`` it scores now, ``margin`` over
                    the next best alternative (expected points)
    ``scores_less`` ``points`` scored now where the best move scores ``best_points``
    ``hands_more``  lets ``seat`` (the next opponent) score up to ``threat`` in reply,
                    where the best move leaves at most ``best_threat``
    ``misses_block`` the best move leaves ``seat`` only ``numbers`` it is known to lack
    ``keeps_double`` the best move gets the double ``tile`` out (doubles are hard to place)
    ``keeps_heavy`` the move sheds ``pips`` pips, the best ``best_pips`` (a hand left at the
                    end is deducted)
    ``greedy``      takes ``points`` now, more than the best move's ``best_points``, and
                    pays for it later in the round
    ``later``       nothing above tells them apart: the loss shows later in the round
    ``search``      over ``samples`` deals the move averages ``value`` for the team,
                    the best ``best_value``
    ==============  ===============================================================
    """

    code: ReasonCode
    args: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self) -> ReasonJson:
        return cast(ReasonJson, {"code": self.code, **self.args})


@dataclass(frozen=True, slots=True)
class MoveReview:
    """The verdict on one move of the reviewed seat."""

    #: The round (1-based) and the move's place in it (1-based, as the record lists them).
    round: int
    number: int
    seat: int
    move: str
    #: The move with the best chance to win (the played one when it ties the best).
    best: str
    #: Expected points lost against the move the search values most in points.
    loss: float
    mark: Mark
    #: Expected round result for the team after the played and the best move (None if forced).
    value: float | None
    best_value: float | None
    #: Every legal move with its value, best first (empty when forced).
    candidates: tuple[tuple[str, float], ...]
    samples: int
    reasons: tuple[Reason, ...]
    #: Fingerprint of the view, level and version the verdict was made from (for the cache).
    key: str
    #: The drop in the team's chance to win from the best move to the played one (0..1).
    win_loss: float = 0.0
    #: The team's chance to win after the played and the best move (None if forced).
    chance: float | None = None
    best_chance: float | None = None
    #: False when the mark is still close to a line after the most search the coach spends.
    sure: bool = True

    @property
    def accuracy(self) -> float | None:
        return None if self.mark is Mark.FORCED else move_accuracy(self.win_loss)

    def to_json(self) -> MoveReviewJson:
        return {
            "round": self.round,
            "number": self.number,
            "seat": self.seat,
            "move": self.move,
            "best": self.best,
            "loss": self.loss,
            "mark": self.mark.value,
            "accuracy": self.accuracy,
            "value": self.value,
            "best_value": self.best_value,
            "candidates": [[m, v] for m, v in self.candidates],
            "samples": self.samples,
            "reasons": [r.to_json() for r in self.reasons],
            "key": self.key,
            "win_loss": self.win_loss,
            "chance": self.chance,
            "best_chance": self.best_chance,
            "sure": self.sure,
        }


def _mean(values: Sequence[float]) -> float | None:
    return round(sum(values) / len(values), 1) if values else None


@dataclass(frozen=True, slots=True)
class Summary:
    """Totals over some reviewed moves (a round's, or the game's)."""

    #: Moves reviewed, and how many of them had a choice (were searched).
    reviewed: int
    analysed: int
    accuracy: float | None
    lost: float
    mistakes: int
    blunders: int

    @classmethod
    def of(cls, moves: Sequence[MoveReview]) -> Summary:
        analysed = [m for m in moves if m.mark is not Mark.FORCED]
        return cls(
            reviewed=len(moves),
            analysed=len(analysed),
            accuracy=_mean([move_accuracy(m.win_loss) for m in analysed]),
            lost=round(sum(m.loss for m in analysed), 1),
            mistakes=sum(m.mark is Mark.MISTAKE for m in analysed),
            blunders=sum(m.mark is Mark.BLUNDER for m in analysed),
        )

    def to_json(self) -> SummaryJson:
        return {
            "reviewed": self.reviewed,
            "analysed": self.analysed,
            "accuracy": self.accuracy,
            "lost": self.lost,
            "mistakes": self.mistakes,
            "blunders": self.blunders,
        }


@dataclass(frozen=True, slots=True)
class RoundReview:
    """One round's reviewed moves and their summary."""

    round: int
    moves: tuple[MoveReview, ...]

    @property
    def summary(self) -> Summary:
        return Summary.of(self.moves)


@dataclass(frozen=True, slots=True)
class GameReview:
    """A seat's review of a game (``complete`` is false for a cancelled, partial one)."""

    seat: int
    level: str
    rounds: tuple[RoundReview, ...]
    complete: bool = True

    @property
    def moves(self) -> tuple[MoveReview, ...]:
        return tuple(m for r in self.rounds for m in r.moves)

    @property
    def summary(self) -> Summary:
        return Summary.of(self.moves)

    def to_json(self) -> GameReviewJson:
        """Plain data (what the record caches and ``seven-rocks review --json`` prints)."""
        return {
            "format": FORMAT,
            "version": VERSION,
            "seat": self.seat,
            "level": self.level,
            "complete": self.complete,
            **self.summary.to_json(),
            "rounds": [
                {"round": r.round, **r.summary.to_json(), "moves": [m.to_json() for m in r.moves]}
                for r in self.rounds
            ],
        }


def check_seat(seat: object) -> int:
    """``seat`` if it is a seat number, else a :class:`ReviewError`."""
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < SEATS:
        raise ReviewError(f"no seat {seat!r}: seats are 0..3")
    return seat


def check_level(level: object) -> str:
    """``level`` if it is a level of the search, else a :class:`ReviewError`."""
    if level not in LEVELS:
        raise ReviewError(f"unknown level {level!r} (choose from {', '.join(LEVELS)})")
    return str(level)
