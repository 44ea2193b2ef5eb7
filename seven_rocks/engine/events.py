"""What happened in a game, as plain immutable values: the score sheet's raw material.

Every event is public knowledge at the moment it happens (a settlement reveals the
hands, but only once the round is over), so the whole list can be handed to any
player's view, and a UI can render a score sheet or announce moves from it alone.
"""

from __future__ import annotations

from dataclasses import dataclass

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


@dataclass(frozen=True, slots=True)
class Placed:
    """A tile placed; ``ends`` are the counted contributions after it, ``total`` their sum."""

    round: int
    seat: int
    move: Move
    ends: tuple[ScoringEnd, ...]
    total: int
    points: int
    scores: tuple[int, int]

    @property
    def sum_text(self) -> str:
        """``"2 + 5 + 3 = 10"``: the arithmetic the rule book shows for each placement."""
        return sum_text(self.ends, self.total)


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
