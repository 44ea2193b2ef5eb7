"""One round: the deal, whose turn it is, legal moves, placements and passes, the end.

:class:`Round` is the state machine the bots search: :meth:`legal_moves` returns
interned :class:`~seven_rocks.engine.moves.Move` objects from precomputed tables, :meth:`push`
checks and applies a move in a few operations, :meth:`pop` undoes it, and
:meth:`copy` is cheap.  It knows the match score and the target, so a search sees
that reaching 250 ends the game at once.

>>> from seven_rocks.engine.tiles import ALL_TILES
>>> rnd = Round([ALL_TILES[i::4] for i in range(4)], opener=0)
>>> rnd.turn, len(rnd.legal_moves()), [str(t) for t in rnd.hand(0)][:3]
(0, 7, ['0-0', '0-4', '1-2'])
>>> rnd.push(Move.parse("4-6"))  # 4 + 6 = 10 on the ends
10
>>> rnd.turn, [str(m) for m in rnd.legal_moves()]
(1, ['2-6@4-6:high', '3-6@4-6:high'])
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final, NamedTuple

from .errors import (
    IllegalPassError,
    InvalidDealError,
    NotYourTurnError,
    PointNotOpenError,
    RoundOverError,
    TileNotInHandError,
)
from .kernel import POINTS, SEATS, End, can_place, deduction, ending, legal_moves
from .layout import Layout
from .moves import Move
from .scoring import DEFAULT_TARGET
from .tiles import ALL_TILES, Tile, mask_of, tiles_of

#: Each seat's name, in seat order (partners sit opposite: 0 and 2, 1 and 3).
SEAT_NAMES: Final = ("South", "West", "North", "East")
TILES_PER_HAND: Final = 7


class Turn(NamedTuple):
    """One turn of the round: who moved, what, and the points it scored."""

    seat: int
    move: Move
    points: int


#: ``Turn``'s own constructor is a Python function; a turn is logged for every move.
_new_turn = tuple.__new__


class Round:
    """A round in progress or finished.

    ``hands`` are the four dealt hands (seat 0..3, clockwise); ``opener`` moves first.
    ``scores`` are the teams' totals before the round and ``target`` the winning total:
    a placement that reaches it ends the round (and the game) with :attr:`End.TARGET`.
    """

    __slots__ = (
        "_hands",
        "_log",
        "_pass_log",
        "_passes",
        "_points",
        "deal",
        "end",
        "layout",
        "opener",
        "scores_before",
        "target",
        "turn",
    )

    def __init__(
        self,
        hands: Sequence[Iterable[Tile]],
        opener: int,
        *,
        scores: tuple[int, int] = (0, 0),
        target: int = DEFAULT_TARGET,
    ) -> None:
        if len(hands) != SEATS:
            raise InvalidDealError(f"a round needs {SEATS} hands, got {len(hands)}")
        masks = [mask_of(h) for h in hands]
        if any(a & b for i, a in enumerate(masks) for b in masks[i + 1 :]):
            raise InvalidDealError("the same tile was dealt to two hands")
        if not 0 <= opener < SEATS:
            raise InvalidDealError(f"opener must be a seat 0..3, got {opener}")
        # tiles_of lists a bit set in tile order: each hand comes out sorted.
        self.deal: tuple[tuple[Tile, ...], ...] = tuple(tuple(tiles_of(m)) for m in masks)
        self._hands = masks
        self.opener = opener
        self.turn = opener
        self.layout = Layout()
        self.scores_before = scores
        self.target = target
        self.end: End | None = None
        self._passes = 0
        self._points = [0, 0]
        self._log: list[Turn] = []
        self._pass_log: list[int] = []  # passes in a row before each turn, for pop()

    # ------------------------------------------------------------------ queries
    def hand(self, seat: int) -> tuple[Tile, ...]:
        """The tiles ``seat`` still holds (only the round, never a player view, shows all)."""
        return tuple(tiles_of(self._hands[seat]))

    def hand_mask(self, seat: int) -> int:
        return self._hands[seat]

    def hand_sizes(self) -> tuple[int, int, int, int]:
        h = self._hands
        return (h[0].bit_count(), h[1].bit_count(), h[2].bit_count(), h[3].bit_count())

    @property
    def is_over(self) -> bool:
        return self.end is not None

    @property
    def passes_in_a_row(self) -> int:
        return self._passes

    @property
    def points(self) -> tuple[int, int]:
        """Raw points each team has scored from placements in this round."""
        return (self._points[0], self._points[1])

    @property
    def scores(self) -> tuple[int, int]:
        """Team totals now: before the round plus placements (deductions come at the end)."""
        before = self.scores_before
        return (before[0] + self._points[0], before[1] + self._points[1])

    @property
    def turns(self) -> tuple[Turn, ...]:
        """Every turn so far, passes included."""
        return tuple(self._log)

    def __len__(self) -> int:
        return len(self._log)

    def legal_moves(self) -> list[Move]:
        """The moves the player to move may make: placements, or ``[PASS]`` if none."""
        if self.end is not None:
            return []
        return legal_moves(self.layout.open, self._hands[self.turn])

    def has_placement(self, seat: int | None = None) -> bool:
        """Whether ``seat`` (default: the player to move) could place a tile now."""
        return can_place(self.layout.open, self._hands[self.turn if seat is None else seat])

    def is_legal(self, move: Move) -> bool:
        try:
            self._check(move, self.turn)
        except (RoundOverError, TileNotInHandError, PointNotOpenError, IllegalPassError):
            return False
        return True

    def deductions(self) -> tuple[int, int, int, int] | None:
        """Each seat's remaining pips rounded to five, once the round is settled.

        ``None`` while the round goes on, and after :attr:`End.TARGET` (no settlement then).
        """
        if self.end is None or self.end is End.TARGET:
            return None
        h = self._hands
        return (deduction(h[0]), deduction(h[1]), deduction(h[2]), deduction(h[3]))

    def result(self) -> tuple[int, int]:
        """Each team's net change from this round: placements minus its two deductions."""
        pts = self._points
        deductions = self.deductions() or (0, 0, 0, 0)
        return (pts[0] - deductions[0] - deductions[2], pts[1] - deductions[1] - deductions[3])

    # ---------------------------------------------------------------- mutation
    def _check(self, move: Move, seat: int) -> None:
        """Raise the precise error for an illegal ``move`` by ``seat``; change nothing."""
        if self.end is not None:
            raise RoundOverError(f"{move} cannot be played: the round is over ({self.end})")
        if seat != self.turn:
            raise NotYourTurnError(f"{move} by seat {seat}: it is seat {self.turn}'s turn")
        tile = move.tile
        if tile is None:
            if self.has_placement():
                raise IllegalPassError(
                    f"seat {seat} cannot pass: it can place "
                    + ", ".join(str(m) for m in self.legal_moves())
                )
            return
        if not self._hands[seat] & tile.mask:
            raise TileNotInHandError(
                f"{tile} is not in seat {seat}'s hand (played at {move.at or 'open'})"
            )
        self.layout.check(move)

    def push(self, move: Move, seat: int | None = None) -> int:
        """Play ``move`` for the player to move (or check it is ``seat``'s turn) and
        return the points it scored.  An illegal move raises a specific
        :class:`~seven_rocks.engine.errors.IllegalMoveError` and changes nothing."""
        turn = self.turn
        tile = move.tile
        hand = self._hands[turn]
        if self.end is not None or (seat is not None and seat != turn):
            self._check(move, turn if seat is None else seat)
        if tile is None:
            if self.has_placement():
                self._check(move, turn)
            self._log.append(_new_turn(Turn, (turn, move, 0)))
            self._pass_log.append(self._passes)
            self._passes += 1
            self.end = ending(self._passes, 0, self.scores[turn & 1], self.target, hand)
            self.turn = (turn + 1) & 3
            return 0
        if not hand & tile.mask:
            self._check(move, turn)
        total = self.layout.place(move)
        hand ^= tile.mask
        self._hands[turn] = hand
        self._pass_log.append(self._passes)
        self._passes = 0
        points = POINTS[total]
        team = turn & 1
        if points:
            self._points[team] += points
        team_total = self.scores_before[team] + self._points[team]
        self.end = ending(0, points, team_total, self.target, hand)
        self._log.append(_new_turn(Turn, (turn, move, points)))
        self.turn = (turn + 1) & 3
        return points

    def play(self, move: Move | str, seat: int | None = None) -> int:
        """:meth:`push` that also accepts the text form (``"3-5@1-1:branch_a"``)."""
        return self.push(Move.parse(move) if isinstance(move, str) else move, seat)

    def pop(self) -> Move:
        """Undo the last move (placement or pass) exactly."""
        seat, move, points = self._log.pop()
        passes = self._pass_log.pop()
        tile = move.tile
        if tile is not None:
            self.layout.unplace()
            self._hands[seat] |= tile.mask
            if points:
                self._points[seat & 1] -= points
        self._passes = passes
        self.end = None
        self.turn = seat
        return move

    def copy(self) -> Round:
        """An independent copy, cheap enough to make at every node of a search."""
        other = Round.__new__(Round)
        other.deal = self.deal
        other._hands = self._hands[:]
        other.opener = self.opener
        other.turn = self.turn
        other.layout = self.layout.copy()
        other.scores_before = self.scores_before
        other.target = self.target
        other.end = self.end
        other._passes = self._passes
        other._points = self._points[:]
        other._log = self._log[:]
        other._pass_log = self._pass_log[:]
        return other

    @classmethod
    def from_position(
        cls,
        layout: Layout,
        hands: Sequence[Iterable[Tile]],
        turn: int,
        *,
        history: Iterable[tuple[int, Move, int]] = (),
        passes_in_a_row: int = 0,
        scores: tuple[int, int] = (0, 0),
        target: int = DEFAULT_TARGET,
        opener: int | None = None,
    ) -> Round:
        """A round resumed from a position: the table, the hands now held and the turn.

        This is how a search builds a full state from a player's view and a guess of
        the hidden hands.  ``scores`` are the team totals *now* (placements already
        made in the round included); ``history`` only fills :attr:`turns`.
        """
        masks = [mask_of(h) for h in hands]
        on_table = layout.tiles_mask
        if any(
            a & b for i, a in enumerate([*masks, on_table]) for b in [*masks, on_table][i + 1 :]
        ):
            raise InvalidDealError("a tile is in two places")
        rnd = Round.__new__(Round)
        rnd.deal = tuple(tuple(tiles_of(m)) for m in masks)
        rnd._hands = masks
        rnd.opener = turn if opener is None else opener
        rnd.turn = turn
        rnd.layout = layout.copy()
        rnd.scores_before = scores
        rnd.target = target
        rnd.end = None
        rnd._passes = passes_in_a_row
        rnd._points = [0, 0]
        rnd._log = [Turn(seat, move, pts) for seat, move, pts in history]
        rnd._pass_log = [0] * len(rnd._log)
        return rnd

    def __repr__(self) -> str:
        state = f"end={self.end}" if self.end else f"turn={self.turn}"
        return f"<Round {len(self.layout)} tiles on the table, {state}, points={self.points}>"


def deal_hands(shuffled: Sequence[Tile]) -> list[tuple[Tile, ...]]:
    """Seven tiles to each seat from a shuffled set, in seat order."""
    if sorted(shuffled) != list(ALL_TILES):
        raise InvalidDealError("a deal uses each of the 28 tiles exactly once")
    return [tuple(shuffled[i * TILES_PER_HAND : (i + 1) * TILES_PER_HAND]) for i in range(SEATS)]


__all__ = ["SEATS", "SEAT_NAMES", "TILES_PER_HAND", "End", "Round", "Turn", "deal_hands"]
