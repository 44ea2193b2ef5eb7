"""The parts of a snapshot that any seat's snapshot shares: the moves offered to the player
to move, the round's latest turn, the scores before the page's last look, and the finished
round's table between two rounds. The host's snapshot (:mod:`.session`) and a guest's
(:mod:`.guests`) are both made of them, so the two never differ in how they say a thing."""

from __future__ import annotations

from collections.abc import Sequence

from ..engine.events import Event, GameWon, Placed, RoundSettled
from ..engine.game import Game
from ..engine.moves import Move
from ..engine.round import Turn
from .protocol import move_text, point_of, tile_of
from .replies import LastTurn, Table
from .tables import geometry_of, table_json


def scores_after(events: Sequence[Event]) -> tuple[int, int]:
    """The team scores once ``events`` had happened."""
    for event in reversed(events):
        if isinstance(event, Placed | RoundSettled | GameWon):
            return event.scores
    return (0, 0)


def offered(moves: Sequence[Move]) -> tuple[dict[str, list[str]], dict[str, dict[str, str]]]:
    """The moves the person to play may make: each tile's attach points (``"open"`` for the
    first tile), and each tile and point's move text to send back."""
    legal: dict[str, list[str]] = {}
    texts: dict[str, dict[str, str]] = {}
    for move in moves:
        if move.tile is not None:
            tile, point = str(move.tile), point_of(move) or "open"
            legal.setdefault(tile, []).append(point)
            texts.setdefault(tile, {})[point] = move_text(move)
    return legal, texts


def last_turn(turns: Sequence[Turn]) -> LastTurn | None:
    """The round's latest turn, if it has one."""
    if not turns:
        return None
    last = turns[-1]
    return {
        "seat": last.seat,
        "move": move_text(last.move),
        "tile": tile_of(last.move),
        "points": last.points,
    }


def previous_table(game: Game, aspect: float) -> Table | None:
    """The finished round's last table, while the next round has no turn yet."""
    if game.current.turns or len(game.rounds) < 2:
        return None
    previous = game.rounds[-2].layout
    return table_json(previous, geometry_of(previous, aspect))
