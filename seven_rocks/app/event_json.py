"""History events as the page receives them, and their one encoder.

Each event carries the facts the page shows and must not work out for itself (each team's
running score and its points in the round so far, who dominoed, each team's deduction), so
the JavaScript renders and never re-derives a rule. The running totals are threaded through
one :class:`Totals` value; each event kind has its own small encoder.

>>> from seven_rocks import Game
>>> game = Game(seed=3)
>>> _ = game.play(game.legal_moves()[0])
>>> [e["type"] for e in encode_events(game.events)]
['round_started', 'placed']
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal, TypedDict

from ..engine.events import Event, GameWon, Passed, Placed, RoundSettled, RoundStarted
from .protocol import move_text, point_of

TEAMS = (0, 1)


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


class Totals:
    """The running totals an event stream carries: each team's score, and each team's net
    points in the round under way."""

    __slots__ = ("net", "scores")

    def __init__(self) -> None:
        self.scores = [0, 0]
        self.net = [0, 0]


def encode_events(events: Sequence[Event], since: int = 0) -> list[EventJSON]:
    """The events from index ``since`` on, with the totals worked out from the whole history
    (so ``since`` may be any index)."""
    totals = Totals()
    encoded = [encode_event(event, totals) for event in events]
    return encoded[since:]


class EventStream:
    """Encodes a history's events one after another, carrying the running totals, so a long
    history is encoded in linear time as it grows (a record replayed round by round)."""

    def __init__(self) -> None:
        self.totals = Totals()

    def encode(self, event: Event) -> EventJSON:
        return encode_event(event, self.totals)


def encode_event(event: Event, totals: Totals) -> EventJSON:
    """One event; updates ``totals`` in place."""
    if isinstance(event, RoundStarted):
        return _round_started(event, totals)
    if isinstance(event, Placed):
        return _placed(event, totals)
    if isinstance(event, Passed):
        return _passed(event, totals)
    if isinstance(event, RoundSettled):
        return _round_settled(event, totals)
    assert isinstance(event, GameWon)
    return _game_won(event, totals)


def _round_started(event: RoundStarted, totals: Totals) -> RoundStartedJSON:
    totals.net = [0, 0]
    return {
        "type": "round_started",
        "round": event.round,
        "opener": event.opener,
        "by_domino": event.by_domino,
        "draw": [list(r) for r in event.draw],
        "scores": list(totals.scores),
        "round_net": list(totals.net),
    }


def _placed(event: Placed, totals: Totals) -> PlacedJSON:
    move = event.move
    team = event.seat % 2
    totals.net[team] += event.points
    totals.scores = list(event.scores)
    return {
        "type": "placed",
        "round": event.round,
        "seat": event.seat,
        "team": team,
        "move": move_text(move),
        "tile": str(move.tile),
        "at": point_of(move),
        "ends": [
            {"tile": str(e.tile), "side": e.side and str(e.side), "value": e.value}
            for e in event.ends
        ],
        "total": event.total,
        "sum_text": event.sum_text,
        "points": event.points,
        "scores": list(event.scores),
        "round_net": list(totals.net),
    }


def _passed(event: Passed, totals: Totals) -> PassedJSON:
    return {
        "type": "passed",
        "round": event.round,
        "seat": event.seat,
        "scores": list(totals.scores),
        "round_net": list(totals.net),
    }


def _round_settled(event: RoundSettled, totals: Totals) -> RoundSettledJSON:
    team_deductions = [event.deductions[team] + event.deductions[team + 2] for team in TEAMS]
    for team in TEAMS:
        totals.net[team] -= team_deductions[team]
    totals.scores = list(event.scores)
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
        "round_net": list(totals.net),
    }


def _game_won(event: GameWon, totals: Totals) -> GameWonJSON:
    totals.scores = list(event.scores)
    return {
        "type": "game_won",
        "round": event.round,
        "team": event.team,
        "scores": list(event.scores),
        "round_net": list(totals.net),
    }
