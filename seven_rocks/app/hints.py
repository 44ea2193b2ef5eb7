"""Why a move is good, as plain facts the page turns into a sentence in the reader's language.

The bots explain themselves in English (:meth:`Bot.explain`); the hint button needs the same
reasons in any language, so this module states them as data computed from the engine: the
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

from typing import Any

from ..engine.events import sum_text
from ..engine.moves import Move
from ..engine.scoring import placement_points
from ..engine.tiles import FULL_SET_MASK, SUIT_MASKS
from ..engine.view import PlayerView


def move_facts(view: PlayerView, move: Move) -> dict[str, Any]:
    """The facts behind ``move`` for ``view``'s seat (whose turn it must be)."""
    tile = move.tile
    if tile is None:
        return {"kind": "pass", "only": True}
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
        "at": str(move.at) if move.at else "open",
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


def describe_move(view: PlayerView, move: Move) -> str | None:
    """The expert bot's one-line English reason (for logs and the command line)."""
    if move.tile is None:
        return "no tile matches any open end: must knock"
    from ..bots.expert import Knowledge, describe, features

    feats = next((f for f in features(view, Knowledge(view)) if f.move is move), None)
    return None if feats is None else describe(feats, view)
