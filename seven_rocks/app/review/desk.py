"""The coach's desk in a session: the reviews a game keeps, and the review under way.

A :class:`Desk` holds the live game's cached reviews (the record's optional ``"reviews"``
field, kept in its saves and downloaded records, so a review opened again is instant), the
record under review in the replay viewer, and which reviews this worker made itself.  The
coach (:class:`~.coach.Coach`: the search, the job, the boards) is made when a review is
first asked for, so a session that never reviews never imports it; in the browser those
modules are in the site's ``rest.zip``, fetched only then.  This module and :mod:`.model`
are the part of the package every visit loads.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from ...engine.game import Game
from ...engine.record import from_record, to_record
from .model import RECORD_FIELD, GameReview, GameReviewJson, ReviewBoard, ReviewCancelled

if TYPE_CHECKING:
    from ..replies import JSONObject
    from .coach import Coach
    from .model import ReviewProgress


class Desk:
    """One session's reviews: the live game's, and the record opened in the viewer."""

    def __init__(self) -> None:
        #: The live game's cached reviews, as its record carries them.
        self.reviews: list[JSONObject] = []
        self._coach_made: Coach | None = None
        self._record: dict[str, object] | None = None  # the record under review, if any
        #: Fingerprints of the reviews this worker made: a record handed back holding one of
        #: them (the viewer's record, reviewed again) is trusted; any other is checked.
        self._made: set[str] = set()

    def new_game(self) -> None:
        """A new game: no reviews yet, and the review under way dropped; the reviews this
        worker made stay trusted (a finished game's record opened in the viewer)."""
        self.reviews = []
        self._coach_made = None

    @property
    def _coach(self) -> Coach:
        if self._coach_made is None:
            from .coach import Coach

            self._coach_made = Coach()
        return self._coach_made

    def start_game(self, game: Game, seat: int, level: str, budget: float) -> ReviewProgress:
        """Review the live ``game`` for ``seat``; its own reviews (made by this worker and
        kept in its saves) are trusted."""
        from .cache import cache_or_error

        self._stop()
        copy = from_record(to_record(game))  # the game goes on; the review looks at now
        cache, error = cache_or_error({RECORD_FIELD: self.reviews}, seat, level)
        self._coach.start(copy, seat, level, cache, trusted=True, cache_error=error)
        self._record = None
        return self._reply(self._coach.advance(budget))

    def start_record(
        self, record: dict[str, object], seat: int, level: str, budget: float
    ) -> ReviewProgress:
        """Review ``record`` (from anywhere) for ``seat``: its cached review is checked move
        by move, unless it is one this worker made (the viewer's record, reviewed again)."""
        from .analysis import fingerprint
        from .cache import cache_or_error

        self._stop()
        copy = from_record(record)
        cache, error = cache_or_error(record, seat, level)
        trusted = cache is not None and fingerprint(cache) in self._made
        self._coach.start(copy, seat, level, cache, trusted=trusted, cache_error=error)
        self._record = {RECORD_FIELD: record.get(RECORD_FIELD)}
        return self._reply(self._coach.advance(budget))

    def step(self, budget: float) -> ReviewProgress:
        """The next slice of the review under way."""
        return self._reply(self._coach.advance(budget))

    def cancel(self) -> ReviewCancelled:
        """Stop the review; what it found so far is cached for the next time."""
        job = self._coach_made.job if self._coach_made else None
        reply: ReviewCancelled = {"cancelled": job is not None and not job.finished}
        partial = self._stop()
        if partial is not None and self._record is not None:
            reply["reviews"] = self._record_reviews()
        return reply

    def board(self, round: int, number: int, aspect: float) -> ReviewBoard:
        """The position before a reviewed move, with the played and the best move's tables."""
        return self._coach.board(round, number, aspect)

    def _reply(self, reply: ReviewProgress) -> ReviewProgress:
        if reply["finished"]:
            self._keep(self._coach.job.result() if self._coach.job else None)
            if self._record is not None:
                reply["reviews"] = self._record_reviews()
        return reply

    def _record_reviews(self) -> list[GameReviewJson]:
        """The reviews of the record under review (the viewer's), as they are now."""
        assert self._record is not None
        return cast(list[GameReviewJson], self._record[RECORD_FIELD])

    def _stop(self) -> GameReview | None:
        """Cancel the job under way (if any), caching what it found."""
        partial = self._coach_made.stop() if self._coach_made else None
        self._keep(partial)
        return partial

    def _keep(self, review: GameReview | None) -> None:
        if review is None:
            return
        from .analysis import fingerprint
        from .cache import attach

        self._made.add(fingerprint(review))
        if self._record is None:
            self.reviews = attach({RECORD_FIELD: self.reviews}, review)[RECORD_FIELD]
        else:
            self._record = {RECORD_FIELD: attach(self._record, review)[RECORD_FIELD]}
