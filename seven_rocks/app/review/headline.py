"""The review's headline: the moves that cost the most of the team's chance to win.

A casual player reads "accuracy 81%" as a grade and "−6.2%" as a score; what teaches is the
one move that swung the game, said plainly: *your costliest move: round 3, 6-4 on the
spinner; it took your chance to win from 62% to 41%*.  This module picks those moves from a
finished review and gives their numbers as the page shows them (whole percents, before
and after the move), so the page only words them in its language (``review.headline.*``
in ``web/i18n``) and the command line prints :func:`headline_text`.

Only mistakes and blunders are swings: a "good" move's drop is within what the coach calls
noise.  The chance *before* the move is the best move's (the position's chance when the
seat chose well), the chance after is the played move's; a mark the search could not
settle (``sure`` false) is said with an "about".

>>> import textwrap
>>> from seven_rocks.app.review import Mark, MoveReview
>>> def move(number: int, mark: Mark, chance: float, best: float) -> MoveReview:
...     return MoveReview(
...         round=2, number=number, seat=0, move="6-4@6-6:spinner_n", best="6-1@6-6:spinner_n",
...         loss=9.0, mark=mark, value=None, best_value=None, candidates=(), samples=150,
...         reasons=(), key="", win_loss=best - chance, chance=chance, best_chance=best)
>>> head = headline_of([move(3, Mark.MISTAKE, 0.55, 0.6), move(7, Mark.BLUNDER, 0.412, 0.618)])
>>> [(s.number, s.before, s.after, s.drop) for s in head.swings]
[(7, 62, 41, 20.6), (3, 60, 55, 5.0)]
>>> print(textwrap.fill(headline_text(head), 80))
Costliest move: round 2, move 7, 6-4@6-6:spinner_n: it took the team's chance to
win from 62% to 41%. Next: round 2, move 3 (−5.0%).
>>> print(textwrap.fill(headline_text(headline_of([move(1, Mark.GOOD, 0.5, 0.51)])), 80))
No move cost a real chance to win: every choice kept the team's chance within 3%
of the best.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final

from .model import MISTAKE_LOSS, HeadlineJson, Mark, MoveReview, SwingJson

#: How many swings the headline names: the costliest, and the next one after it.
SWINGS: Final = 2


@dataclass(frozen=True, slots=True)
class Swing:
    """A move that cost a mistake's worth of the chance to win, or more."""

    round: int
    number: int
    move: str
    best: str
    mark: Mark
    before: int
    after: int
    drop: float
    sure: bool

    def to_json(self) -> SwingJson:
        return {
            "round": self.round,
            "number": self.number,
            "move": self.move,
            "best": self.best,
            "mark": self.mark.value,
            "before": self.before,
            "after": self.after,
            "drop": self.drop,
            "sure": self.sure,
        }


@dataclass(frozen=True, slots=True)
class Headline:
    """What the review's head says of the game's swings."""

    swings: tuple[Swing, ...]

    def to_json(self) -> HeadlineJson:
        return {"swings": [s.to_json() for s in self.swings], "mistake": _whole(MISTAKE_LOSS)}


def _whole(chance: float) -> int:
    """A chance (0..1) in whole percents, halves up (``round`` would take 0.625 to 62)."""
    return int(chance * 100 + 0.5)


def _swing(move: MoveReview) -> Swing:
    after = move.chance if move.chance is not None else 0.0
    best = move.best_chance if move.best_chance is not None else after + move.win_loss
    return Swing(
        round=move.round,
        number=move.number,
        move=move.move,
        best=move.best,
        mark=move.mark,
        before=_whole(best),
        after=_whole(after),
        drop=math.floor(move.win_loss * 1000 + 0.5) / 10,  # as the moves list rounds it
        sure=move.sure,
    )


def headline_of(moves: Iterable[MoveReview], most: int = SWINGS) -> Headline:
    """The ``most`` mistakes and blunders that cost the most of the chance to win, the
    costliest first (the earlier of equal drops first)."""
    costly = [m for m in moves if m.mark in (Mark.MISTAKE, Mark.BLUNDER)]
    costly.sort(key=lambda m: -m.win_loss)  # stable: equal drops keep the game's order
    return Headline(tuple(_swing(m) for m in costly[:most]))


def headline_text(headline: Headline) -> str:
    """The headline in English, as the command line prints it (the page words the JSON)."""
    if not headline.swings:
        return (
            "No move cost a real chance to win: every choice kept the team's chance within "
            f"{_whole(MISTAKE_LOSS)}% of the best."
        )
    first, *rest = headline.swings
    about = "" if first.sure else "about "
    text = (
        f"Costliest move: round {first.round}, move {first.number}, {first.move}: it took the "
        f"team's chance to win from {about}{first.before}% to {about}{first.after}%."
    )
    for other in rest:
        text += f" Next: round {other.round}, move {other.number} (−{other.drop:.1f}%)."
    return text
