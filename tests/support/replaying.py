"""A record replayed through the session's replay viewer requests, every round at once."""

from __future__ import annotations

from typing import NamedTuple

from seven_rocks.app.event_json import EventJSON
from seven_rocks.app.replies import ReplayRound, ReplaySummary
from seven_rocks.app.session import Session


class Replayed(NamedTuple):
    summary: ReplaySummary
    rounds: list[ReplayRound]

    @property
    def events(self) -> list[EventJSON]:
        """Every round's events, in order: the whole history."""
        return [event for rnd in self.rounds for event in rnd["events"]]


def replayed(record: object, aspect: float = 1.6, session: Session | None = None) -> Replayed:
    """``record`` checked with ``replay_load`` (a round a slice) and each of its rounds asked
    for with ``replay_round``, as the replay viewer does."""
    session = session or Session()
    progress = session.replay_load(record, budget_ms=0)
    while not progress["finished"]:
        progress = session.replay_load(budget_ms=0)
    summary = progress["summary"]
    rounds = [session.replay_round(n, aspect) for n in range(1, len(summary["turns"]) + 1)]
    return Replayed(summary, rounds)
