"""The coach: where one seat's points were lost, move by move (an analysis board for dominoes).

Every move of the reviewed seat is looked at **from that seat's view at the time**: the game
is replayed from the record and, before each of the seat's moves, a
:class:`~seven_rocks.engine.view.PlayerView` is taken, the only thing the search is shown
(the other hands, which the record holds, never reach it).  The master bot's search
(:func:`seven_rocks.bots.master.evaluate`) values every legal alternative as the expected
result of the round for the seat's team (its points minus the opponents', deductions
included) and as the team's **chance to win the game** (:mod:`seven_rocks.bots.winchance`:
each sampled round's end valued by the win-chance table; ``docs/coach.md``).  Then:

* **win_loss**: the best alternative's chance to win minus the played move's (0..1; 0 for
  the best move), and beside it **loss**, the expected points lost against the move worth
  most in points;
* **mark**: ``best`` (win_loss 0), ``good`` (under 0.03), ``mistake`` (0.03 or more),
  ``blunder`` (0.08 or more); a move that was the only legal one is ``forced`` and not
  searched.  The search stops once the drop is clear of both lines and goes on where it
  is close (:mod:`.settle`); one still close after the most search is not ``sure``;
* **accuracy** of a move: ``100 x 2 ** (-win_loss / 0.06)``: every 6 points of win% lost
  halve it (a mistake scores at most 71, a blunder at most 40, the best move 100).  A
  round's and the game's accuracy are the means over their analysed (not forced) moves;
* **reasons**: language-neutral codes with numbers (:class:`Reason`), from the facts the
  hints compute (:func:`~seven_rocks.app.hints.move_facts`): the points each move scores
  now, what it leaves the next opponent, a block it misses, and the search's averages.
  :func:`reason_text` renders them in English; the page renders the codes in its language.

The search of a move is seeded from that view (a hash of everything the seat knows), so a
review is deterministic for a record and two games that looked the same to the seat get
the same verdict.  :class:`ReviewJob` analyses one move per :meth:`~ReviewJob.step`, so the
worker runs it in slices (progress is ``done`` / ``total``; cancelling is dropping the job).
A finished or partial review is cached in the record under ``"reviews"`` (an optional field
that readers of the record format ignore) by :func:`attach`, and :func:`cached` finds it
again, every field checked.  Anyone can write that field, so a cached review read from a
record is a hint, never a verdict: each of its moves is analysed again and the fresh
verdict kept (the job counts those that differed).  Only the page's own saved game, whose
cache it made itself, takes cached moves as they are: each carries the fingerprint of its
view, so only moves that are new (a game that went on) or changed are searched again.

The package, one job per module: :mod:`.model` (the values and their JSON), :mod:`.reading`
(a cached review read back, every field checked), :mod:`.analysis` (one position's verdict),
:mod:`.settle` (its search, spent until the mark is clear), :mod:`.paired` (that search,
deal by deal, every move on the same deals), :mod:`.job` (a whole game in
slices), :mod:`.cache` (the record's ``"reviews"`` field), :mod:`.text` (the reasons in
English), :mod:`.headline` (the costliest moves, as the review's head says them) and
:mod:`.coach` (the review in the worker: a slice per request, and the boards the page
draws; imported from its own module, because it answers with the worker protocol's errors),
made by :mod:`.desk` (a session's reviews, and the coach once one is asked for).

Only :mod:`.model` is imported with the package: the rest (the search, the job, the
worker's coach) is imported the first time one of its names is used, so a program that
only reads or writes a review's JSON (the worker, until someone asks for a review) does not
load the search, and the browser fetches that part only then (``seven_rocks.site``'s
``rest.zip``).

>>> from seven_rocks.app.review import Mark, ReviewJob
>>> from seven_rocks.engine.game import Game
>>> game = Game(seed=4)
>>> for _ in range(12):
...     _ = game.play(game.legal_moves()[-1])
>>> review = ReviewJob(game, seat=game.rounds[0].opener, level="quick").run()
>>> first = review.rounds[0].moves[0]
>>> (first.round, first.number, first.mark in Mark, first.loss >= 0, len(review.rounds[0].moves))
(1, 1, True, True, 3)
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from .model import (
    BLUNDER_LOSS,
    DEFAULT_LEVEL,
    FORMAT,
    HALF_LIFE,
    MISTAKE_LOSS,
    REASON_CODES,
    RECORD_FIELD,
    VERSION,
    BoardMove,
    GameReview,
    GameReviewJson,
    HeadlineJson,
    Mark,
    MarkName,
    MoveReview,
    MoveReviewJson,
    Reason,
    ReasonCode,
    ReasonJson,
    ReviewBoard,
    ReviewError,
    ReviewProgress,
    RoundReview,
    RoundReviewJson,
    Summary,
    SummaryJson,
    SwingJson,
    mark_of,
    move_accuracy,
)

if TYPE_CHECKING:
    from .analysis import fingerprint, review_position, view_key
    from .cache import attach, cache_or_error, cached
    from .headline import Headline, Swing, headline_of, headline_text
    from .job import ReviewJob, review_record
    from .reading import read_game_review, read_move_review
    from .text import reason_text

#: The names of the package that live outside :mod:`.model`, by their module.
_LAZY: dict[str, str] = {
    **dict.fromkeys(("fingerprint", "review_position", "view_key"), "analysis"),
    **dict.fromkeys(("attach", "cache_or_error", "cached"), "cache"),
    **dict.fromkeys(("Headline", "Swing", "headline_of", "headline_text"), "headline"),
    **dict.fromkeys(("ReviewJob", "review_record"), "job"),
    **dict.fromkeys(("read_game_review", "read_move_review"), "reading"),
    "reason_text": "text",
}


def __getattr__(name: str) -> Any:
    """Import the module holding ``name`` when it is first used (PEP 562)."""
    if name not in _LAZY:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{_LAZY[name]}"), name)
    globals()[name] = value
    return value


__all__ = [
    "BLUNDER_LOSS",
    "DEFAULT_LEVEL",
    "FORMAT",
    "HALF_LIFE",
    "MISTAKE_LOSS",
    "REASON_CODES",
    "RECORD_FIELD",
    "VERSION",
    "BoardMove",
    "GameReview",
    "GameReviewJson",
    "Headline",
    "HeadlineJson",
    "Mark",
    "MarkName",
    "MoveReview",
    "MoveReviewJson",
    "Reason",
    "ReasonCode",
    "ReasonJson",
    "ReviewBoard",
    "ReviewError",
    "ReviewJob",
    "ReviewProgress",
    "RoundReview",
    "RoundReviewJson",
    "Summary",
    "SummaryJson",
    "Swing",
    "SwingJson",
    "attach",
    "cache_or_error",
    "cached",
    "fingerprint",
    "headline_of",
    "headline_text",
    "mark_of",
    "move_accuracy",
    "read_game_review",
    "read_move_review",
    "reason_text",
    "review_position",
    "review_record",
    "view_key",
]
