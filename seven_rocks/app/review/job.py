"""A whole game's review, run in slices: one of the seat's moves per :meth:`ReviewJob.step`.

Each move is looked at from the seat's view at the time (the game replayed from its
deals); a cached verdict is checked by analysing the move again unless the cache is
``trusted`` (see :class:`ReviewJob`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import Any

from ...engine.game import Game
from ...engine.moves import Move
from ...engine.record import from_record
from ...engine.view import PlayerView
from .analysis import key_digest, review_position, view_key
from .cache import cache_or_error
from .model import DEFAULT_LEVEL, GameReview, Mark, MoveReview, RoundReview, check_level, check_seat


def _positions(game: Game, seat: int) -> Iterator[tuple[int, PlayerView, Move]]:
    """``(number, view, played)`` before each of ``seat``'s moves, replaying ``game``'s deals."""
    replay = Game(
        game.seed,
        target=game.target,
        seats=game.seats,
        deals=[(rnd.deal, rnd.opener) for rnd in game.rounds],
    )
    for rnd in game.rounds:
        for number, turn in enumerate(rnd.turns, start=1):
            if turn.seat == seat:
                yield number, replay.view(seat), turn.move
            replay.play(turn.move, turn.seat)


class ReviewJob:
    """A review run in slices: each :meth:`step` settles one of the seat's moves.

    ``cache`` is an earlier review of the same seat and level (:func:`cached`).  A cached
    verdict is a hint, never a verdict: anyone can write a record's ``"reviews"`` (the
    fingerprints are made from public data), so each cached move is analysed again (the
    analysis is deterministic) and the fresh verdict is the one kept; :attr:`checked` and
    :attr:`differed` say how many were compared and how many did not match.  Only a
    ``trusted`` cache, one this program made and kept itself (the page's own saved game),
    is taken as it is for a move whose view fingerprint matches.  The worker calls
    :meth:`step` between messages and reports ``done`` / ``total``; to cancel, it stops
    calling (and may keep :meth:`result`, a partial review, as a cache for next time).
    """

    def __init__(
        self,
        game: Game,
        seat: int,
        level: str = DEFAULT_LEVEL,
        cache: GameReview | None = None,
        *,
        trusted: bool = False,
    ) -> None:
        self.seat = check_seat(seat)
        self.level = check_level(level)
        self.total = sum(t.seat == seat for rnd in game.rounds for t in rnd.turns)
        self.done = 0
        #: How many moves were searched (not forced, not taken from a trusted cache).
        self.searched = 0
        #: Cached verdicts analysed again, and how many of them the analysis contradicted.
        self.checked = 0
        self.differed = 0
        #: Why the review cached in the record was not used at all (one sentence), if so.
        self.cache_error: str | None = None
        self.trusted = trusted
        self._reused: dict[tuple[int, int], MoveReview] = {}
        if cache is not None and cache.seat == seat and cache.level == level:
            self._reused = {(m.round, m.number): m for m in cache.moves}
        self._positions = _positions(game, seat)
        self._found: list[MoveReview] = []

    @classmethod
    def for_record(
        cls, record: Mapping[str, Any], seat: int, level: str = DEFAULT_LEVEL
    ) -> ReviewJob:
        """A job for a record (checked by replaying it) that checks the review cached in it;
        a malformed cached review is left out, and :attr:`cache_error` says why."""
        game = from_record(record)
        cache, error = cache_or_error(record, seat, level)
        job = cls(game, seat, level, cache)
        job.cache_error = error
        return job

    @property
    def finished(self) -> bool:
        return self.done >= self.total

    def step(self) -> MoveReview | None:
        """Review the next move (None when all are done)."""
        position = next(self._positions, None)
        if position is None:
            return None
        number, view, played = position
        old = self._reused.get((view.round_number, number))
        if (
            self.trusted
            and old is not None
            and old.move == str(played)
            and old.key == key_digest(view_key(view, self.level))
        ):
            found = old
        else:
            found = review_position(view, played, self.level, number=number)
            self.searched += found.mark is not Mark.FORCED
            if old is not None:
                self.checked += 1
                self.differed += old != found
        self._found.append(found)
        self.done += 1
        return found

    def __iter__(self) -> Iterator[MoveReview]:
        while (found := self.step()) is not None:
            yield found

    def result(self) -> GameReview:
        """The review so far (``complete`` once every move is done)."""
        by_round: dict[int, list[MoveReview]] = {}
        for m in self._found:
            by_round.setdefault(m.round, []).append(m)
        rounds = tuple(RoundReview(n, tuple(ms)) for n, ms in sorted(by_round.items()))
        return GameReview(self.seat, self.level, rounds, complete=self.finished)

    def run(
        self,
        progress: Callable[[int, int], None] | None = None,
        cancelled: Callable[[], bool] | None = None,
    ) -> GameReview:
        """Every remaining move; ``progress(done, total)`` after each, stop when ``cancelled()``."""
        while not self.finished:
            if cancelled is not None and cancelled():
                break
            self.step()
            if progress is not None:
                progress(self.done, self.total)
        return self.result()


def review_record(
    record: Mapping[str, Any], seat: int, level: str = DEFAULT_LEVEL
) -> tuple[GameReview, ReviewJob]:
    """Check ``record``, then review ``seat``'s moves, checking the record's cached review.

    Returns the review and the job (whose ``searched`` says how many moves needed a search,
    ``checked`` and ``differed`` what became of the cached verdicts, ``cache_error`` why a
    malformed cached review was left out).
    """
    job = ReviewJob.for_record(record, seat, level)
    return job.run(), job
