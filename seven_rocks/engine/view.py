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

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from .layout import Layout
from .moves import Move
from .round import SEATS, Round, Turn
from .tiles import ALL_TILES, SUIT_MASKS, Tile, mask_of

if TYPE_CHECKING:
    from .events import Event
    from .game import Game


@dataclass(frozen=True, slots=True)
class PlayerView:
    """What ``seat`` knows at this moment of the game."""

    seat: int
    hand: tuple[Tile, ...]
    layout: Layout
    turn: int
    hand_sizes: tuple[int, int, int, int]
    scores: tuple[int, int]
    target: int
    round_number: int
    opener: int
    passes_in_a_row: int
    #: This round's turns so far (who played what where, who passed), in order.
    turns: tuple[Turn, ...]
    #: The whole game's public events, settlements of earlier rounds included.
    history: tuple[Event, ...] = field(default=(), repr=False)

    @classmethod
    def of(cls, game: Game, seat: int) -> PlayerView:
        return cls.of_round(game.current, seat, game.round_number, tuple(game.events))

    @classmethod
    def of_round(
        cls, rnd: Round, seat: int, round_number: int = 1, history: tuple[Event, ...] = ()
    ) -> PlayerView:
        """The view of ``seat`` in a bare round (what tournaments and tests use)."""
        if not 0 <= seat < SEATS:
            raise ValueError(f"no seat {seat}: seats are 0..3")
        return cls(
            seat=seat,
            hand=rnd.hand(seat),
            layout=rnd.layout.copy(),
            turn=rnd.turn,
            hand_sizes=rnd.hand_sizes(),
            scores=rnd.scores,
            target=rnd.target,
            round_number=round_number,
            opener=rnd.opener,
            passes_in_a_row=rnd.passes_in_a_row,
            turns=rnd.turns,
            history=history,
        )

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
        if not self.is_my_turn or not self.hand:
            return []
        return self.layout.legal_moves(self.hand_mask)

    @property
    def hand_mask(self) -> int:
        """The seat's own hand as a bit set."""
        return mask_of(self.hand)

    def unseen_tiles(self) -> tuple[Tile, ...]:
        """Tiles neither in this hand nor on the table: the other three hands, together."""
        seen = mask_of(self.hand) | mask_of(self.layout.tiles)
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
