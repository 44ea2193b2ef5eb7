"""The facts that make a puzzle's idea concrete, for the sentence the page says after a try.

A puzzle is about one idea (its theme, named when it was found: a block of the next
opponent, the race to the target, the spinner's arms, shedding weight, counting tiles).  The
page words that idea in the reader's language; this module gives it the facts, computed
from the seat's view after the answer, in whole numbers a player counts at the table (never
expected points):

* which numbers are open after the answer, which of them the next opponent cannot hold (they
  knocked on it, or every tile of it is on the table or in the seat's hand), and whether the
  round is locked (no tile off the table fits any end);
* the points the answer scores now, the team's score after it, the other team's, the target;
* whether it makes the spinner or plays on its arms, whether it is a double, its pips;
* the most the next opponent could score in reply with a tile they might hold.

>>> from seven_rocks.engine.game import Game
>>> game = Game(seed=3)
>>> view = game.view(game.turn)
>>> facts = puzzle_facts(view, view.legal_moves()[0], "counting")
>>> facts["theme"], facts["score"] == view.scores[view.seat & 1] + facts["points"]
('counting', True)
"""

from __future__ import annotations

from typing import Final

from ..engine.moves import Move, Side
from ..engine.tiles import FULL_SET_MASK, SUIT_MASKS
from ..engine.view import PlayerView
from .hints import move_facts
from .protocol import RequestError
from .trainer import PuzzleFacts

#: The themes a puzzle can have (the generator's, seven_rocks/research/puzzle_themes.py).
THEMES: Final = ("race", "blocking", "spinner", "shedding", "counting")
_ARMS: Final = (Side.BRANCH_A, Side.BRANCH_B)


def puzzle_facts(view: PlayerView, answer: Move, theme: str) -> PuzzleFacts:
    """The facts of ``answer`` (a placement, the seat's turn) for a puzzle of ``theme``."""
    if theme not in THEMES:
        raise RequestError(f"'theme' must be one of {', '.join(THEMES)}, not {theme[:40]!r}")
    tile = answer.tile
    if tile is None:
        raise RequestError("a knock has no idea to name")
    facts = move_facts(view, answer)
    layout = view.layout.copy()
    layout.place(answer)
    next_seat = (view.seat + 1) % 4
    off_table = FULL_SET_MASK & ~layout.tiles_mask
    unseen = off_table & ~view.hand_mask & ~view.void_masks()[next_seat]
    opened = sorted(layout.open_values())
    lacks = [n for n in opened if not unseen & SUIT_MASKS[n]]
    return {
        "theme": theme,
        "tile": str(tile),
        "points": facts["points"],
        "score": view.scores[view.seat & 1] + facts["points"],
        "them": view.scores[1 - (view.seat & 1)],
        "target": view.target,
        "next_seat": next_seat,
        "open": opened,
        "lacks": lacks,
        "locked": bool(opened) and not layout.placements(off_table),
        "threat": facts["threat"],
        "spinner": facts["spinner"],
        "arm": answer.at is not None and answer.at.side in _ARMS,
        "double": tile.is_double,
        "pips": tile.pips,
    }


__all__ = ["THEMES", "PuzzleFacts", "puzzle_facts"]
