"""The tile count: what a player at the table keeps in their head, for the one who asks.

Good players count: of the seven tiles showing each number, how many are on the table, how
many they hold, and so how many are still hidden in the other three hands; and who is known
to have none of a number because they knocked while it was open.  The page can show this
under the table (a setting, off by default); it is computed here from the player's view
alone (the table, their own hand and the public passes), so it never tells more than the
player could have counted, and the page only draws it.

>>> from seven_rocks.engine.game import Game
>>> game = Game(seed=3)
>>> count = tile_count(game.view(0))
>>> count["hand"] == [sum(str(n) in str(t) for t in game.view(0).hand) for n in range(7)]
True
>>> count["table"], count["lacking"]
([0, 0, 0, 0, 0, 0, 0], [[], [], [], [], [], [], []])
>>> [t + h + x for t, h, x in zip(count["table"], count["hand"], count["hidden"])]
[7, 7, 7, 7, 7, 7, 7]
"""

from __future__ import annotations

from typing import TypedDict

from ..engine.tiles import SUIT_MASKS
from ..engine.view import PlayerView

#: The numbers of a double-six set, each shown by seven tiles (its double once).
NUMBERS = range(len(SUIT_MASKS))


class TileCount(TypedDict):
    """Per number 0-6 (list index): tiles showing it on the table, in the viewer's hand,
    and neither (``hidden``); and the other seats known to lack it, clockwise from the
    viewer's left."""

    table: list[int]
    hand: list[int]
    hidden: list[int]
    lacking: list[list[int]]


def tile_count(view: PlayerView) -> TileCount:
    """The tile count for ``view``'s seat (see the module's docstring)."""
    on_table = view.layout.tiles_mask
    held = view.hand_mask
    voids = view.voids()
    others = [(view.seat + k) % 4 for k in (1, 2, 3)]
    count: TileCount = {"table": [], "hand": [], "hidden": [], "lacking": []}
    for number in NUMBERS:
        suit = SUIT_MASKS[number]
        table = (on_table & suit).bit_count()
        hand = (held & suit).bit_count()
        count["table"].append(table)
        count["hand"].append(hand)
        count["hidden"].append(suit.bit_count() - table - hand)
        count["lacking"].append([seat for seat in others if number in voids[seat]])
    return count


__all__ = ["TileCount", "tile_count"]
