"""A position to find the move in, from one seat's view: puzzles and "retry your mistakes".

A :class:`Position` holds what one seat knew before a move and nothing else: its own hand,
the round's turns so far (who moved follows from the opener), the scores when the round
began, the target.  It travels as small JSON (the shipped puzzles are a list of them) and is
checked whole when read: every turn must be legal on the table it builds and the hand must
be one the seat could hold then, so a corrupt puzzle file or request is one readable error.

The trainer on the page asks three things of it (the worker's ``trainer_*`` methods):

* :func:`trainer_board`: the position as the table drawing wants it, the seat's hand and
  where each tile may go;
* :func:`trainer_check`: whether a move is the answer (as good as the best by the
  analysis' values) and why not, in the coach's reason codes, with the answer's table;
* :func:`trainer_retry`: the position before a move of a recorded game, from the mover's
  seat (the coach's mistakes replayed).

>>> from seven_rocks.engine.game import Game
>>> game = Game(seed=4)
>>> for _ in range(5):
...     _ = game.play(game.legal_moves()[0])
>>> position = Position.of_view(game.view(game.turn))
>>> Position.from_json(position.to_json()) == position
True
>>> position.view().legal_moves() == game.view(game.turn).legal_moves()
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from ..bots.master import Analysis
from ..engine.errors import SevenRocksError
from ..engine.layout import Layout
from ..engine.moves import PASS, Move
from ..engine.record.reader import from_record
from ..engine.round import SEATS, Turn
from ..engine.scoring import placement_points
from ..engine.tiles import Tile
from ..engine.view import PlayerView
from .geometry import GeometryBuilder
from .protocol import RequestError, move_text, point_of, tile_of
from .puzzle_facts import puzzle_facts
from .seen import offered
from .tables import geometry_of, table_json
from .tally import tile_count
from .trainer import (
    PositionJson,
    TrainerBoard,
    TrainerCheck,
    TrainerMove,
    TrainerRetry,
)

#: Tiles each seat is dealt (no drawing): what a seat's hand size starts from.
HAND: Final = 7
#: Values closer than this (expected points) are the same move's worth: the twin placements
#: on the spinner's two free arms, or two moves the search cannot tell apart.
SAME_VALUE: Final = 0.05
#: The most turns a round can have (28 tiles and every pass in between).
MAX_TURNS: Final = 200


class PositionError(SevenRocksError):
    """A position that no seat could have been in (a bad puzzle or request)."""


@dataclass(frozen=True, slots=True)
class Position:
    """One seat's view before its move, as plain values (no hidden hand in it)."""

    seat: int
    hand: tuple[Tile, ...]
    opener: int
    round_number: int
    #: The teams' scores when the round began (its placements are in ``turns``).
    scores: tuple[int, int]
    target: int
    turns: tuple[Move, ...]

    @classmethod
    def of_view(cls, view: PlayerView) -> Position:
        """The position of ``view`` (whose turn it must be)."""
        points = [0, 0]
        for turn in view.turns:
            points[turn.seat & 1] += turn.points
        before = (view.scores[0] - points[0], view.scores[1] - points[1])
        return cls(
            view.seat,
            view.hand,
            view.opener,
            view.round_number,
            before,
            view.target,
            tuple(t.move for t in view.turns),
        )

    def view(self) -> PlayerView:
        """The seat's :class:`PlayerView`: the table, hand sizes and voids from the turns.

        Raises :class:`PositionError` when a turn is illegal on its table, a tile is in two
        places, or it is not the seat's turn.
        """
        layout = Layout()
        sizes = [HAND] * SEATS
        points = [0, 0]
        turns: list[Turn] = []
        passes = 0
        seat = self.opener
        for move in self.turns:
            tile = move.tile
            if tile is None:
                if seat == self.seat and layout.placements(_mask(self.hand)):
                    raise PositionError(f"seat {seat} knocked holding a tile that fits")
                turns.append(Turn(seat, move, 0))
                passes += 1
            else:
                if tile in self.hand:
                    raise PositionError(f"{tile} is on the table and in the hand")
                try:
                    layout.check(move)
                except SevenRocksError as error:
                    raise PositionError(f"turn {len(turns) + 1}: {error}") from None
                scored = placement_points(layout.place(move))
                sizes[seat] -= 1
                points[seat & 1] += scored
                turns.append(Turn(seat, move, scored))
                passes = 0
            seat = (seat + 1) % SEATS
        if seat != self.seat:
            raise PositionError(f"it is seat {seat}'s turn, not seat {self.seat}'s")
        if passes >= SEATS or min(sizes) < 1 or sizes[self.seat] != len(self.hand):
            raise PositionError("the round is over or the hand's size does not fit the turns")
        scores = (self.scores[0] + points[0], self.scores[1] + points[1])
        if max(scores) >= self.target:
            raise PositionError("the game is over in this position")
        return PlayerView(
            seat=self.seat,
            hand=self.hand,
            layout=layout,
            turn=seat,
            hand_sizes=(sizes[0], sizes[1], sizes[2], sizes[3]),
            scores=scores,
            target=self.target,
            round_number=self.round_number,
            opener=self.opener,
            passes_in_a_row=passes,
            turns=tuple(turns),
        )

    def to_json(self) -> PositionJson:
        return {
            "seat": self.seat,
            "hand": [str(t) for t in self.hand],
            "opener": self.opener,
            "round": self.round_number,
            "scores": list(self.scores),
            "target": self.target,
            "turns": [move_text(m) for m in self.turns],
        }

    @classmethod
    def from_json(cls, data: object) -> Position:
        """A position from JSON, every field checked (:class:`PositionError` says which)."""
        if not isinstance(data, Mapping):
            raise PositionError("a position is a JSON object")
        try:
            seat, opener = _seat(data["seat"]), _seat(data["opener"])
            round_number = _whole(data["round"], 1, 10_000)
            target = _whole(data["target"], 1, 10_000)
            scores = _list(data["scores"], 2)
            hand = tuple(Tile.parse(_text(t)) for t in _list(data["hand"], HAND))
            turns = tuple(Move.parse(_text(m)) for m in _list(data["turns"], MAX_TURNS))
        except KeyError as error:
            raise PositionError(f"a position needs {error}") from None
        except ValueError as error:
            raise PositionError(f"a position's field is wrong: {error}") from None
        if len(set(hand)) != len(hand) or not hand:
            raise PositionError("a position's hand must hold distinct tiles")
        before = (_whole(scores[0], -100_000, target), _whole(scores[1], -100_000, target))
        position = cls(seat, tuple(sorted(hand)), opener, round_number, before, target, turns)
        position.view()  # every turn legal, the hand possible
        return position


def _mask(tiles: Sequence[Tile]) -> int:
    mask = 0
    for tile in tiles:
        mask |= tile.mask
    return mask


def _seat(value: object) -> int:
    return _whole(value, 0, SEATS - 1)


def _whole(value: object, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise PositionError(f"{value!r} is not a whole number from {low} to {high}")
    return value


def _text(value: object) -> str:
    if not isinstance(value, str) or len(value) > 40:
        raise PositionError(f"{value!r} is not a tile or move text")
    return value


def _list(value: object, longest: int) -> list[Any]:
    if not isinstance(value, list) or len(value) > longest:
        raise PositionError(f"expected a list of at most {longest} items")
    return value


def position_of(data: object) -> Position:
    """A request's position, or a :class:`RequestError` that says what is wrong with it."""
    try:
        return Position.from_json(data)
    except PositionError as error:
        raise RequestError(f"'position': {error}") from None


def trainer_board(position: Position, aspect: float) -> TrainerBoard:
    """The position as the trainer draws it: the table, the hand, each tile's places."""
    view = position.view()
    legal, moves = offered(view.legal_moves())
    return {
        "position": position.to_json(),
        "seat": view.seat,
        "round": view.round_number,
        "scores": list(view.scores),
        "target": view.target,
        "hand": [str(t) for t in view.hand],
        "hand_sizes": list(view.hand_sizes),
        "count": tile_count(view),
        "table": table_json(view.layout, geometry_of(view.layout, aspect)),
        "legal": legal,
        "moves": moves,
    }


def candidates_of(data: object, view: PlayerView) -> list[Analysis]:
    """``[[move, value], ...]`` (the coach's or the puzzle's analysis), every move legal."""
    legal = set(view.legal_moves())
    if not isinstance(data, list) or not 1 <= len(data) <= len(legal):
        raise RequestError("'candidates' must list the position's moves with their values")
    found = []
    for item in data:
        if not (isinstance(item, list) and len(item) == 2 and isinstance(item[0], str)):
            raise RequestError("each candidate is [move, value]")
        value = item[1]
        if isinstance(value, bool) or not isinstance(value, int | float) or abs(value) > 1e4:
            raise RequestError(f"a candidate's value must be a number, not {value!r}")
        move = Move.parse(item[0])
        if move not in legal:
            raise RequestError(f"{item[0]} is not a legal move in this position")
        found.append(Analysis(move, float(value), 0))
    found.sort(key=lambda a: -a.value)
    return found


def trainer_check(
    position: Position, move: Move, candidates: object, aspect: float, theme: str | None = None
) -> TrainerCheck:
    """Whether ``move`` is as good as the best of ``candidates`` (within :data:`SAME_VALUE`:
    a twin on the spinner's other arm is the same answer), with the coach's reasons why
    not, the best move's table and the played one's; given a puzzle's ``theme``, the
    answer's facts for the sentence that names the idea (:mod:`.puzzle_facts`)."""
    view = position.view()
    if move not in view.legal_moves():
        raise RequestError(f"{move} is not a legal move in this position")
    found = candidates_of(candidates, view)
    values = {a.move: a.value for a in found}
    best = found[0]
    if move not in values:
        raise RequestError(f"{move} has no value among the candidates")
    loss = max(0.0, round(best.value - values[move], 1))
    correct = loss < SAME_VALUE or move is PASS
    answer = move if correct else best.move
    # The coach's reasons, one definition; imported when first needed (see .review.desk).
    from .review.analysis import _reasons

    reasons = _reasons(view, move, answer, found, loss if not correct else 0.0)
    return {
        "correct": correct,
        "move": move_text(move),
        "best": _after(view, answer, aspect),
        "played": _after(view, move, aspect),
        "loss": loss,
        "reasons": [r.to_json() for r in reasons if r.code != "search"],
        "facts": None if theme is None or answer is PASS else puzzle_facts(view, answer, theme),
    }


def _after(view: PlayerView, move: Move, aspect: float) -> TrainerMove:
    layout = view.layout.copy()
    builder: GeometryBuilder = geometry_of(layout, aspect)
    if move.tile is not None:
        layout.place(move)
        builder.add(str(move.tile), point_of(move))
    return {
        "move": move_text(move),
        "tile": tile_of(move),
        "at": point_of(move),
        "table": table_json(layout, builder),
    }


def trainer_retry(record: object, round_number: int, number: int) -> TrainerRetry:
    """The position before the ``number``-th turn of round ``round_number`` of ``record``."""
    game = from_record(record)
    if not 1 <= round_number <= len(game.rounds):
        raise RequestError(f"no round {round_number} in the record")
    rnd = game.rounds[round_number - 1]
    if not 1 <= number <= len(rnd.turns):
        raise RequestError(f"no move {number} in round {round_number}")
    seat = rnd.turns[number - 1].seat
    hand = set(rnd.deal[seat])
    for turn in rnd.turns[: number - 1]:
        if turn.seat == seat and turn.move.tile is not None:
            hand.discard(turn.move.tile)
    position = Position(
        seat,
        tuple(sorted(hand)),
        rnd.opener,
        round_number,
        rnd.scores_before,
        rnd.target,
        tuple(t.move for t in rnd.turns[: number - 1]),
    )
    position.view()
    return {"position": position.to_json()}


__all__ = [
    "Position",
    "PositionError",
    "PositionJson",
    "position_of",
    "trainer_board",
    "trainer_check",
    "trainer_retry",
]
