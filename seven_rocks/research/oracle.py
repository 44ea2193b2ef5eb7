"""``oracle``: the master's search given the TRUE hands — a cheating research yardstick.

**This bot cheats.**  ``fair = False``: it is never offered to players and is not in
:data:`seven_rocks.bots.BOTS`.  It exists to measure how much the fair ``master`` loses
by not knowing the hidden tiles: same search, same budget, but every "sampled" deal is
the real one.  A view does not carry the hidden hands, so :meth:`OracleBot.choose`
refuses; the tournament runner calls :meth:`OracleBot.choose_with_hands` explicitly.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..bots.master import MasterBot
from ..engine.moves import Move
from ..engine.tiles import Tile, mask_of
from ..engine.view import PlayerView


class OracleBot(MasterBot):
    """The master's search on the true deal (CHEATS: sees every hand)."""

    name = "oracle"
    fair = False

    def choose(self, view: PlayerView) -> Move:
        raise TypeError("the oracle sees hidden hands: call choose_with_hands(view, hands)")

    def choose_with_hands(self, view: PlayerView, hands: Sequence[Sequence[Tile]]) -> Move:
        """The move the search picks when it knows every hand (``hands[seat]``)."""
        moves = view.legal_moves()
        if len(moves) == 1:
            return moves[0]
        masks = [mask_of(h) for h in hands]
        if masks[view.seat] != mask_of(view.hand):
            raise ValueError("the hands given do not match the view's own hand")
        # Every "sampled" deal is the real one: the same budget then averages only over
        # the playouts' random tie-breaks.
        return self.analyse(view, lambda _rng: masks[:])[0].move


__all__ = ["OracleBot"]
