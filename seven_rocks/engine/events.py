"""What happened in a game, as plain immutable values: the score sheet's raw material.

Every event is public knowledge at the moment it happens (a settlement reveals the
hands, but only once the round is over), so the whole list can be handed to any
player's view, and a UI can render a score sheet or announce moves from it alone.
"""

from __future__ import annotations

from dataclasses import dataclass

from .kernel import Ends, table_ends
from .layout import ScoringEnd
from .moves import Move
from .round import End
from .tiles import Tile


def sum_text(ends: tuple[ScoringEnd, ...], total: int) -> str:
    """``"2 + 5 + 3 = 10"``: the counted ends and their sum, as the rule book writes them."""
    terms = " + ".join(str(e.value) for e in ends) or "0"
    return f"{terms} = {total}"


@dataclass(frozen=True, slots=True)
class RoundStarted:
    """A new deal.  ``by_domino``: the opener dominoed the previous round; otherwise
    the opener was drawn, and ``draw`` holds the dice (one row per roll-off, ``None``
    for seats already out; empty when the draw is not known, as in a replayed record)."""

    round: int
    opener: int
    by_domino: bool
    draw: tuple[tuple[int | None, ...], ...] = ()


class Placed:
    """A tile placed; ``ends`` are the counted contributions after it, ``total`` their sum.

    A game makes one for every placement, and most readers (records, statistics) never
    look at the ends: :meth:`on_table` keeps the table's rules state (its open points and
    spinner state, a few ints) and the ends are looked up in the kernel's table the first
    time someone reads them.  Read-only, compared and hashed by its public fields.
    """

    __slots__ = (
        "_ends",
        "_move",
        "_open",
        "_points",
        "_round",
        "_scores",
        "_seat",
        "_spin",
        "_total",
    )
    __match_args__ = ("round", "seat", "move", "ends", "total", "points", "scores")

    _round: int
    _seat: int
    _move: Move
    _ends: tuple[ScoringEnd, ...] | None
    _open: tuple[int, ...]
    _spin: int
    _total: int
    _points: int
    _scores: tuple[int, int]

    def __init__(
        self,
        round: int,
        seat: int,
        move: Move,
        ends: tuple[ScoringEnd, ...],
        total: int,
        points: int,
        scores: tuple[int, int],
    ) -> None:
        self._round = round
        self._seat = seat
        self._move = move
        self._ends = tuple(ends)
        self._open = ()
        self._spin = 0
        self._total = total
        self._points = points
        self._scores = scores

    @classmethod
    def on_table(
        cls, round: int, seat: int, move: Move, table: Ends, points: int, scores: tuple[int, int]
    ) -> Placed:
        """The placement that left ``table`` as it is now (``round``: the round's number)."""
        event = _new_event(cls)
        event._round = round
        event._seat = seat
        event._move = move
        event._ends = None
        event._open = tuple(table.open)
        event._spin = table.spin
        event._total = table.sum
        event._points = points
        event._scores = scores
        return event

    @property
    def round(self) -> int:
        return self._round

    @property
    def seat(self) -> int:
        return self._seat

    @property
    def move(self) -> Move:
        return self._move

    @property
    def ends(self) -> tuple[ScoringEnd, ...]:
        """The scoring ends after the placement, in tile order."""
        ends = self._ends
        if ends is None:
            ends = self._ends = table_ends(self._open, self._spin)
        return ends

    @property
    def total(self) -> int:
        return self._total

    @property
    def points(self) -> int:
        return self._points

    @property
    def scores(self) -> tuple[int, int]:
        return self._scores

    @property
    def sum_text(self) -> str:
        """``"2 + 5 + 3 = 10"``: the arithmetic the rule book shows for each placement."""
        return sum_text(self.ends, self._total)

    def _fields(self) -> tuple[object, ...]:
        return (
            self._round,
            self._seat,
            self._move,
            self.ends,
            self._total,
            self._points,
            self._scores,
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Placed):
            return NotImplemented
        return self._fields() == other._fields()

    def __hash__(self) -> int:
        return hash(self._fields())

    def __repr__(self) -> str:
        return (
            f"Placed(round={self._round!r}, seat={self._seat!r}, move={self._move!r}, "
            f"ends={self.ends!r}, total={self._total!r}, points={self._points!r}, "
            f"scores={self._scores!r})"
        )


_new_event = object.__new__


@dataclass(frozen=True, slots=True)
class Passed:
    """A player with no legal placement knocked."""

    round: int
    seat: int


@dataclass(frozen=True, slots=True)
class RoundSettled:
    """The end of a round by domino or block: every hand revealed and deducted.
    ``domino_seat`` is who played their last tile (``None`` when the round blocked)."""

    round: int
    end: End
    hands: tuple[tuple[Tile, ...], ...]
    pips: tuple[int, ...]
    deductions: tuple[int, ...]
    scores: tuple[int, int]
    domino_seat: int | None = None


@dataclass(frozen=True, slots=True)
class GameWon:
    """A placement took a team to the target: the game is over, with no settlement."""

    round: int
    team: int
    scores: tuple[int, int]


Event = RoundStarted | Placed | Passed | RoundSettled | GameWon
