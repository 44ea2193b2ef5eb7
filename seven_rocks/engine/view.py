"""A player's view: everything one seat may know, and nothing else.

Bots receive only this.  It is built from copies and public facts (the table, the
public history, hand sizes, the scores, the seat's own hand); it holds no reference
to the round or the game, so no attribute chain leads from a view to a hidden hand.

>>> from seven_rocks.engine.game import Game
>>> game = Game(seed=3)
>>> view = game.view(game.turn)
>>> len(view.hand), view.hand_sizes, len(view.unseen_tiles())
(7, (7, 7, 7, 7), 21)
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from .kernel import legal_moves
from .layout import Layout
from .moves import Move
from .round import SEATS, Round, Turn
from .tiles import ALL_TILES, SUIT_MASKS, Tile, mask_of, tiles_of

if TYPE_CHECKING:
    from .events import Event
    from .game import Game


class PlayerView:
    """What ``seat`` knows at this moment of the game.

    Read-only: every field is a property over a private slot, so a view is built with
    plain slot stores (a game builds one for every decision of every bot) and cannot be
    changed through its public names.  The hand is kept as a bit set; its tuple of tiles
    is made only when someone asks for it.
    """

    __slots__ = (
        "_earlier",
        "_hand",
        "_hand_mask",
        "_hand_sizes",
        "_history",
        "_layout",
        "_opener",
        "_passes_in_a_row",
        "_recent",
        "_round_number",
        "_scores",
        "_seat",
        "_target",
        "_turn",
        "_turns",
    )

    _seat: int
    _hand: tuple[Tile, ...] | None
    _hand_mask: int
    _layout: Layout
    _turn: int
    _hand_sizes: tuple[int, int, int, int]
    _scores: tuple[int, int]
    _target: int
    _round_number: int
    _opener: int
    _passes_in_a_row: int
    _turns: tuple[Turn, ...]
    _history: tuple[Event, ...] | None
    _earlier: tuple[Event, ...]
    _recent: tuple[Event, ...]

    def __init__(
        self,
        *,
        seat: int,
        hand: Iterable[Tile],
        layout: Layout,
        turn: int,
        hand_sizes: tuple[int, int, int, int],
        scores: tuple[int, int],
        target: int,
        round_number: int,
        opener: int,
        passes_in_a_row: int,
        turns: tuple[Turn, ...],
        history: tuple[Event, ...] = (),
    ) -> None:
        tiles = tuple(hand)
        self._seat = seat
        self._hand = tiles
        self._hand_mask = mask_of(tiles)
        self._layout = layout
        self._turn = turn
        self._hand_sizes = hand_sizes
        self._scores = scores
        self._target = target
        self._round_number = round_number
        self._opener = opener
        self._passes_in_a_row = passes_in_a_row
        self._turns = turns
        self._history = self._earlier = history
        self._recent = ()

    @classmethod
    def of(cls, game: Game, seat: int) -> PlayerView:
        return game.view(seat)

    @classmethod
    def of_round(
        cls,
        rnd: Round,
        seat: int,
        round_number: int = 1,
        history: tuple[Event, ...] = (),
        recent: tuple[Event, ...] = (),
    ) -> PlayerView:
        """The view of ``seat`` in a bare round (what tournaments and tests use).

        Only copies and immutable values go in: the seat's own hand as a bit set, a copy
        of the table, the turns and the history as tuples; never another seat's hand.
        The history may come in two parts, ``history`` then ``recent``, joined when it is
        first read: a game shares one tuple of the earlier rounds' events among all the
        views of a round, so a view costs the same at the start and the end of a game.
        """
        if not 0 <= seat < SEATS:
            raise ValueError(f"no seat {seat}: seats are 0..3")
        view = _new_view(cls)
        view._seat = seat
        view._hand = None
        view._hand_mask = rnd.hand_mask(seat)
        view._layout = rnd.layout.copy()
        view._turn = rnd.turn
        view._hand_sizes = rnd.hand_sizes()
        view._scores = rnd.scores
        view._target = rnd.target
        view._round_number = round_number
        view._opener = rnd.opener
        view._passes_in_a_row = rnd.passes_in_a_row
        view._turns = rnd.turns
        view._history = None if recent else history
        view._earlier = history
        view._recent = recent
        return view

    # ------------------------------------------------------------- the fields
    @property
    def seat(self) -> int:
        return self._seat

    @property
    def hand(self) -> tuple[Tile, ...]:
        """The seat's own tiles, in tile order."""
        hand = self._hand
        if hand is None:
            hand = self._hand = tuple(tiles_of(self._hand_mask))
        return hand

    @property
    def hand_mask(self) -> int:
        """The seat's own hand as a bit set."""
        return self._hand_mask

    @property
    def layout(self) -> Layout:
        """The table (the view's own copy)."""
        return self._layout

    @property
    def turn(self) -> int:
        return self._turn

    @property
    def hand_sizes(self) -> tuple[int, int, int, int]:
        return self._hand_sizes

    @property
    def scores(self) -> tuple[int, int]:
        return self._scores

    @property
    def target(self) -> int:
        return self._target

    @property
    def round_number(self) -> int:
        return self._round_number

    @property
    def opener(self) -> int:
        return self._opener

    @property
    def passes_in_a_row(self) -> int:
        return self._passes_in_a_row

    @property
    def turns(self) -> tuple[Turn, ...]:
        """This round's turns so far (who played what where, who passed), in order."""
        return self._turns

    @property
    def history(self) -> tuple[Event, ...]:
        """The whole game's public events, settlements of earlier rounds included."""
        history = self._history
        if history is None:
            history = self._history = self._earlier + self._recent
        return history

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, PlayerView):
            return NotImplemented
        return self._fields() == other._fields()

    def __hash__(self) -> int:
        return hash(self._fields())

    def _fields(self) -> tuple[object, ...]:
        return (
            self._seat,
            self._hand_mask,
            self._layout.moves,
            self._turn,
            self._hand_sizes,
            self._scores,
            self._target,
            self._round_number,
            self._opener,
            self._passes_in_a_row,
            self._turns,
            self.history,
        )

    def __repr__(self) -> str:
        return (
            f"PlayerView(seat={self._seat}, hand={self.hand!r}, layout={self._layout!r}, "
            f"turn={self._turn}, hand_sizes={self._hand_sizes}, scores={self._scores}, "
            f"target={self._target}, round_number={self._round_number}, "
            f"opener={self._opener}, passes_in_a_row={self._passes_in_a_row}, "
            f"turns={self._turns!r})"
        )

    # ---------------------------------------------------------- derived facts
    @property
    def team(self) -> int:
        return self.seat & 1

    @property
    def partner(self) -> int:
        return (self.seat + 2) & 3

    @property
    def is_my_turn(self) -> bool:
        return self.turn == self.seat

    def legal_moves(self) -> list[Move]:
        """The seat's legal moves now (empty when it is not its turn)."""
        hand = self._hand_mask
        if self._turn != self._seat or not hand:
            return []
        return legal_moves(self._layout.open, hand)

    def unseen_tiles(self) -> tuple[Tile, ...]:
        """Tiles neither in this hand nor on the table: the other three hands, together."""
        seen = self._hand_mask | self._layout.tiles_mask
        return tuple(t for t in ALL_TILES if not seen & t.mask)

    def voids(self) -> tuple[frozenset[int], ...]:
        """For each seat, the numbers it is known to lack: a pass proves the passer held
        nothing matching any point open at that moment."""
        known: list[set[int]] = [set() for _ in range(SEATS)]
        table = Layout()
        for turn in self.turns:
            if turn.move.tile is None:
                known[turn.seat].update(table.open_values())
            else:
                table.place(turn.move)
        return tuple(frozenset(k) for k in known)

    def void_masks(self) -> tuple[int, ...]:
        """:meth:`voids` as bit sets of the tiles each seat cannot hold."""
        masks = []
        for numbers in self.voids():
            mask = 0
            for n in numbers:
                mask |= SUIT_MASKS[n]
            masks.append(mask)
        return tuple(masks)


_new_view = object.__new__
