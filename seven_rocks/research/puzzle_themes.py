"""What a puzzle is about: the theme that tells its answer apart from the tempting move.

The tempting move is the other move scoring the most now; a puzzle whose answer scores more
now than every other move is no puzzle (greed alone finds it).  The themes, the most
specific first (:func:`theme_of`): a block of the next opponent (after the answer no tile
they could hold fits, by the tiles seen and the numbers they knocked on; after the tempting
move one might), the race to the target, the spinner's arms (one of them makes the spinner
or plays on its branches and the other not), shedding weight (a double, or a tile heavier
by :data:`HEAVY_GAP` pips), or else counting the tiles.  A hunt for one theme looks only
where it can happen (:func:`in_race`, :func:`block_possible`).
"""

from __future__ import annotations

from typing import Final

from ..app.hints import move_facts
from ..bots.master import Analysis
from ..engine.moves import Move, Side
from ..engine.tiles import FULL_SET_MASK
from ..engine.view import PlayerView

#: Points from the target within which a position is about the race to it.
RACE_ZONE: Final = 50
#: Pips by which the answer must outweigh the tempting move to be about shedding weight.
HEAVY_GAP: Final = 4
THEMES: Final = ("race", "blocking", "spinner", "shedding", "counting")
BRANCHES: Final = (Side.BRANCH_A, Side.BRANCH_B)


def twins(a: Move, b: Move) -> bool:
    """The same tile on the spinner's two arms: one move as far as the game goes."""
    return (
        a.tile is b.tile
        and a.at is not None
        and b.at is not None
        and a.at.tile is b.at.tile
        and a.at.side in BRANCHES
        and b.at.side in BRANCHES
    )


def tempting(view: PlayerView, found: list[Analysis]) -> tuple[Move, Move] | None:
    """The answer and the tempting move (the other scoring the most now), or None when the
    answer scores more now than every other move: then greed alone finds it."""
    answer = found[0].move
    others = [a.move for a in found[1:] if not twins(a.move, answer)]
    if not others or answer.tile is None:
        return None
    points = {m: move_facts(view, m)["points"] for m in [answer, *others] if m.tile is not None}
    rival = max(others, key=lambda m: (points.get(m, -1), -others.index(m)))
    if points.get(rival, -1) < points[answer]:
        return None
    return answer, rival


def blocks_next(view: PlayerView, move: Move) -> bool:
    """Whether after ``move`` the next opponent surely cannot play, from the seat's view: no
    tile they could hold (not on the table, not in the seat's hand, no number they knocked
    on) fits an open end.  So it counts a number whose every tile is seen as well as one
    they are known to lack."""
    if move.tile is None:
        return False
    layout = view.layout.copy()
    layout.place(move)
    lacks = view.void_masks()[(view.seat + 1) % 4]
    could_hold = FULL_SET_MASK & ~(view.hand_mask | layout.tiles_mask | lacks)
    return not layout.placements(could_hold)


def theme_of(view: PlayerView, answer: Move, rival: Move) -> str:
    """What the answer is about (see the module's docstring), the first that applies."""
    if blocks_next(view, answer) and not blocks_next(view, rival):
        return "blocking"
    if max(view.scores) >= view.target - RACE_ZONE:
        return "race"
    mine, theirs = move_facts(view, answer), move_facts(view, rival)
    arms = [m.at is not None and m.at.side in BRANCHES for m in (answer, rival)]
    if mine["spinner"] != theirs["spinner"] or arms[0] != arms[1]:
        return "spinner"
    assert answer.tile is not None and rival.tile is not None
    if answer.tile.pips - rival.tile.pips >= HEAVY_GAP or (mine["double"] and not theirs["double"]):
        return "shedding"
    return "counting"


def in_race(view: PlayerView) -> bool:
    """A team is within :data:`RACE_ZONE` of the target."""
    return max(view.scores) >= view.target - RACE_ZONE


def block_possible(view: PlayerView) -> bool:
    """Some move leaves the next opponent without a play while another, not blocking,
    scores at least as much: the position can hold a blocking puzzle."""
    moves = [m for m in view.legal_moves() if m.tile is not None]
    blocking = {m for m in moves if blocks_next(view, m)}
    if not blocking or len(blocking) == len(moves):
        return False
    points = {m: move_facts(view, m)["points"] for m in moves}
    least = min(points[m] for m in blocking)
    return any(points[m] >= least for m in moves if m not in blocking)
