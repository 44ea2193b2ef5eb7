"""The review in the worker: one review at a time, run a slice per request (see :mod:`.job`).

The page asks ``review_start`` (the live game, or a record opened in the replay viewer),
then ``review_step`` until the reply says ``finished``; each request searches the seat's
moves until a small time budget is spent (one move at least), so the engine is never busy
for long and the page draws a determinate progress bar from ``done`` / ``total``. Cancelling
is dropping the job; whatever was found so far is kept as a cache for the next time.

Each reply carries the moves reviewed since the previous one (``moves``) and, once finished,
the whole review with its summaries (``review``), as :meth:`GameReview.to_json` writes it,
and what its head says of the costliest moves (``headline``, :mod:`.headline`).
``searched`` counts the moves that needed a search: a review opened again from its cache
finishes in the first request with ``searched`` 0 (a slice ends only after a search).

:meth:`Coach.board` gives the position before one reviewed move as the table drawing wants
it: the seat's hand then, and the table after the played move and after the best one.

>>> from seven_rocks.engine.game import Game
>>> game = Game(seed=4)
>>> for _ in range(12):
...     _ = game.play(game.legal_moves()[-1])
>>> coach = Coach()
>>> reply = coach.start(game, seat=game.rounds[0].opener, level="quick", cache=None)
>>> while not reply["finished"]:
...     reply = coach.advance(0.0)
>>> reply["done"] == reply["total"] == len(reply["review"]["rounds"][0]["moves"])
True
"""

from __future__ import annotations

import time

from ...engine.game import Game
from ...engine.layout import Layout
from ...engine.moves import Move
from ...engine.round import Round
from ...engine.view import PlayerView
from ..geometry import GeometryBuilder
from ..protocol import RequestError, tile_of
from ..replies import Table
from ..tables import table_json
from ..tally import tile_count
from .headline import headline_of
from .job import ReviewJob
from .model import (
    REVIEW_BUDGET,
    BoardMove,
    GameReview,
    MoveReview,
    ReviewBoard,
    ReviewProgress,
)


def _board_move(move: Move, table: Table) -> BoardMove:
    return {
        "move": str(move),
        "tile": tile_of(move),
        "at": str(move.at) if move.at else None,
        "table": table,
    }


class Coach:
    """The review under way (or the last one finished) and the game it looks at."""

    def __init__(self) -> None:
        self.job: ReviewJob | None = None
        self.game: Game | None = None
        self._sent = 0  # moves already sent to the page
        self._found: dict[tuple[int, int], MoveReview] = {}  # (round, number) -> verdict

    def start(
        self,
        game: Game,
        seat: int,
        level: str,
        cache: GameReview | None,
        *,
        trusted: bool = False,
        cache_error: str | None = None,
    ) -> ReviewProgress:
        """Begin reviewing ``seat`` in ``game`` (a copy the caller will not change), with
        ``cache`` checked unless ``trusted`` (see :class:`ReviewJob`); the reply is
        :meth:`progress` before any move is looked at."""
        self.job = ReviewJob(game, seat, level, cache, trusted=trusted)
        self.job.cache_error = cache_error
        self.game = game
        self._sent = 0
        self._found = {}
        return self.progress()

    @property
    def _job(self) -> ReviewJob:
        if self.job is None:
            raise RequestError("no review is under way")
        return self.job

    def advance(self, budget: float = REVIEW_BUDGET) -> ReviewProgress:
        """Review moves until ``budget`` seconds have passed and a search was made (one at
        least): moves taken from the cache or forced cost nothing, so never end a slice and
        a review that is all cached finishes in one request."""
        job = self._job
        deadline = time.perf_counter() + budget
        while not job.finished:
            searched = job.searched
            job.step()
            if job.searched > searched and time.perf_counter() >= deadline:
                break
        return self.progress()

    def progress(self) -> ReviewProgress:
        """``{seat, level, done, total, searched, checked, differed, cache_error, finished,
        moves}`` (+ ``review`` once done): ``differed`` counts the cached verdicts that the
        analysis contradicted, ``cache_error`` says why a cached review was left out."""
        job = self._job
        result = job.result()
        found = result.moves
        reply: ReviewProgress = {
            "seat": job.seat,
            "level": job.level,
            "done": job.done,
            "total": job.total,
            "searched": job.searched,
            "checked": job.checked,
            "differed": job.differed,
            "cache_error": job.cache_error,
            "finished": job.finished,
            "moves": [m.to_json() for m in found[self._sent :]],
        }
        self._sent = len(found)
        self._found.update(((m.round, m.number), m) for m in found)
        if job.finished:
            reply["review"] = result.to_json()
            reply["headline"] = headline_of(result.moves).to_json()
        return reply

    def stop(self) -> GameReview | None:
        """Cancel the job; what it found so far (None if nothing) is worth caching."""
        job, self.job = self.job, None
        if job is None or not job.done:
            return None
        return job.result()

    def board(self, round_number: int, number: int, aspect: float) -> ReviewBoard:
        """The position before the ``number``-th turn of round ``round_number`` (both from
        1): the mover's hand and tile count (what they could have counted then), and the
        table after the played move and after the best one."""
        game = self.game
        if game is None:
            raise RequestError("no review is open")
        if not isinstance(round_number, int) or not 1 <= round_number <= len(game.rounds):
            raise RequestError(f"no round {round_number!r} in the reviewed game")
        rnd = game.rounds[round_number - 1]
        if not isinstance(number, int) or not 1 <= number <= len(rnd.turns):
            raise RequestError(f"no move {number!r} in round {round_number}")
        turn = rnd.turns[number - 1]
        before = [t.move for t in rnd.turns[: number - 1]]
        position = Round(rnd.deal, rnd.opener)
        for move in before:
            position.push(move)
        view = PlayerView.of_round(position, turn.seat)
        reviewed = self._found.get((round_number, number))
        best = Move.parse(reviewed.best) if reviewed is not None else turn.move
        return {
            "round": round_number,
            "number": number,
            "seat": turn.seat,
            "hand": [str(t) for t in view.hand],
            "count": tile_count(view),
            "played": _board_move(turn.move, _table(before, turn.move, aspect)),
            "best": _board_move(best, _table(before, best, aspect)),
        }


def _table(before: list[Move], move: Move, aspect: float) -> Table:
    """The table after ``before`` and then ``move`` (a pass leaves it as it was)."""
    layout = Layout()
    builder = GeometryBuilder(aspect)
    for m in [*before, move]:
        if m.tile is not None:
            layout.place(m)
            builder.add(str(m.tile), str(m.at) if m.at else None)
    return table_json(layout, builder)
