"""Reviews cached in a record: the optional ``"reviews"`` field, one entry per seat and level.

Readers of the record format ignore the field; :func:`attach` writes an entry and
:func:`cached` finds one again, every field checked (:mod:`.reading`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .model import DEFAULT_LEVEL, FORMAT, RECORD_FIELD, VERSION, GameReview, ReviewError
from .reading import read_game_review


def cached(record: Mapping[str, Any], seat: int, level: str = DEFAULT_LEVEL) -> GameReview | None:
    """The review of ``seat`` at ``level`` cached in ``record``, if any.

    A review of another version is none: the coach analyses differently now, so the moves
    are searched again, and nothing was wrong with the record. Raises :class:`ReviewError`
    (one sentence naming the bad field) for a malformed one: a caller leaves it out and
    says so.
    """
    entries = record.get(RECORD_FIELD)
    if not isinstance(entries, list):
        return None
    for raw in entries:
        if isinstance(raw, Mapping) and raw.get("seat") == seat and raw.get("level") == level:
            if raw.get("format") == FORMAT and raw.get("version") != VERSION:
                return None
            return read_game_review(raw)
    return None


def cache_or_error(
    record: Mapping[str, Any], seat: int, level: str = DEFAULT_LEVEL
) -> tuple[GameReview | None, str | None]:
    """:func:`cached`, or None and why (one sentence) when the cached review is malformed."""
    try:
        return cached(record, seat, level), None
    except ReviewError as error:
        return None, f"the review cached in the record was left out: {error}"


def attach(record: Mapping[str, Any], review: GameReview) -> dict[str, Any]:
    """A copy of ``record`` caching ``review`` (replacing one of the same seat and level)."""
    entries = record.get(RECORD_FIELD)
    kept = [
        e
        for e in (entries if isinstance(entries, list) else [])
        if not (
            isinstance(e, Mapping)
            and e.get("seat") == review.seat
            and e.get("level") == review.level
        )
    ]
    return {**record, RECORD_FIELD: [*kept, review.to_json()]}
