"""Why a move is good, as plain facts the page turns into a sentence in the reader's language.

The hint button gives its reasons in the reader's language, so this module states them as
data computed from the engine, never as English text: the
points the move scores now, the ends' sum and its terms after it, the numbers it leaves open
for the next opponent and which of them that opponent is known to lack (a pass proves it),
the most that opponent could score in reply with a tile they might hold, and whether the move
dominoes, plays a double or makes the spinner.  The page renders these with its catalogue.

>>> from seven_rocks.engine.game import Game
>>> from seven_rocks.engine.moves import Move
>>> game = Game(seed=3)
>>> view = game.view(game.turn)
>>> facts = move_facts(view, Move(view.hand[0]))
>>> facts["kind"], facts["sum"] == sum(facts["terms"]), facts["next_seat"] == (game.turn + 1) % 4
('open', True, True)
"""

from __future__ import annotations

from ..engine.events import sum_text
from ..engine.moves import Move
from ..engine.scoring import placement_points
from ..engine.tiles import FULL_SET_MASK, SUIT_MASKS
from ..engine.view import PlayerView
from .protocol import point_of
from .replies import MoveFacts, PassFacts


def hint_facts(view: PlayerView, move: Move) -> PassFacts | MoveFacts:
    """The facts behind ``move``, a placement or a knock, for ``view``'s seat."""
    if move.tile is None:
        return {"kind": "pass", "only": True}
    return move_facts(view, move)


def move_facts(view: PlayerView, move: Move) -> MoveFacts:
    """The facts behind placing ``move`` for ``view``'s seat (whose turn it must be)."""
    tile = move.tile
    if tile is None:
        raise ValueError("a knock has no facts but that it is the only move")
    layout = view.layout.copy()
    total = layout.place(move)
    points = placement_points(total)
    next_seat = (view.seat + 1) % 4
    opened = sorted(layout.open_values())
    void = view.voids()[next_seat]
    lacks = [n for n in opened if n in void]
    domino = len(view.hand) == 1
    threat: int | None = None
    if not domino:
        # The best the next opponent could score at once, over the unseen tiles they may hold
        # (a tile showing a number they are known to lack cannot be in their hand); the
        # kernel lists the placements of those tiles on the table after the move.
        candidates = FULL_SET_MASK & ~(view.hand_mask | layout.tiles_mask)
        for number in void:
            candidates &= ~SUIT_MASKS[number]
        threat = max(
            (placement_points(layout.sum_after(m.index)) for m in layout.placements(candidates)),
            default=0,
        )
    return {
        "kind": "open" if move.at is None else "play",
        "tile": str(tile),
        "at": point_of(move) or "open",
        "sum": total,
        "terms": [e.value for e in layout.scoring_ends()],
        "sum_text": sum_text(layout.scoring_ends(), total),
        "points": points,
        "domino": domino,
        "double": tile.is_double,
        "spinner": layout.spinner is tile and view.layout.spinner is None,
        "next_seat": next_seat,
        "open": opened,
        "next_lacks": lacks,
        "next_blocked": bool(opened) and len(lacks) == len(opened),
        "threat": threat,
        "only": len(view.legal_moves()) == 1,
    }
