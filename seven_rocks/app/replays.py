"""A game record opened in the replay viewer, checked a slice at a time.

A long record (thousands of rounds, megabytes) takes seconds to replay even when reading is
linear, and its whole story (every position's table) would be hundreds of megabytes of JSON.
So the worker never does it in one call: :meth:`RecordLoad.advance` replays rounds until a
time budget is spent and says how far it got (the page draws a progress bar from that and
the engine is free between slices), and once the record is checked the viewer asks for one
round at a time (:meth:`RecordLoad.round`).

>>> from seven_rocks.engine.game import Game
>>> from seven_rocks.engine.record import to_record
>>> game = Game(seed=4)
>>> while not game.is_over:
...     _ = game.play(game.legal_moves()[0])
>>> load = RecordLoad(to_record(game))
>>> while not load.advance(budget=0.0):
...     pass
>>> load.progress()["finished"], load.done == load.total == len(game.rounds)
(True, True)
>>> load.round(1, 1.6)["turns"][0]["seat"] == game.rounds[0].turns[0].seat
True
"""

from __future__ import annotations

import time

from ..engine.errors import RecordError
from ..engine.game import Game
from ..engine.record import FORMAT, VERSION, ReplayStep, replay_rounds
from .checks import DEFAULT_BUDGET
from .event_json import EventJSON, EventStream
from .protocol import RequestError
from .replies import RecordHeader, ReplayProgress, ReplayRound, ReplaySummary
from .tables import round_story


class RecordLoad:
    """One record being replayed and checked round by round (see the module's docstring)."""

    def __init__(self, record: object) -> None:
        self._steps = replay_rounds(record)
        self._stream = EventStream()
        self._seen = 0  # game events encoded so far
        self.events: list[list[EventJSON]] = []  # the encoded events of each round
        self.game: Game | None = None
        self.done = 0
        self.total = len(record.get("rounds") or []) if isinstance(record, dict) else 0
        self.finished = False

    def advance(self, budget: float = DEFAULT_BUDGET) -> bool:
        """Replay rounds until ``budget`` seconds have passed (one round at least); True once
        the whole record is checked. A fault raises :class:`RecordError` (from the reader)."""
        deadline = time.perf_counter() + budget
        while not self.finished:
            step = next(self._steps, None)
            if step is None:
                self.finished = True
                if self.game is None:
                    raise RecordError("the record has no rounds")
                break
            self._take(step)
            if time.perf_counter() >= deadline:
                break
        return self.finished

    def _take(self, step: ReplayStep) -> None:
        self.game, self.done, self.total = step.game, step.round, step.rounds
        events = step.game.events
        for event in events[self._seen :]:
            while len(self.events) < event.round:
                self.events.append([])
            self.events[event.round - 1].append(self._stream.encode(event))
        self._seen = len(events)

    def progress(self) -> ReplayProgress:
        """How far the check has got: ``{done, total, finished}`` (rounds)."""
        return {"done": self.done, "total": self.total, "finished": self.finished}

    def summary(self) -> ReplaySummary:
        """What the viewer needs before any round: the record (its seats and the rest of the
        header, without the rounds), each round's number of turns, the winner and scores."""
        game = self._checked
        header: RecordHeader = {
            "format": FORMAT,
            "version": VERSION,
            "target": game.target,
            "seats": list(game.seats),
            "winner": game.winner,
            "seed": game.seed,
        }
        return {
            "record": header,
            "turns": [len(rnd.turns) for rnd in game.rounds],
            "winner": game.winner,
            "scores": list(game.scores),
        }

    def round(self, number: int, aspect: float) -> ReplayRound:
        """Round ``number`` (from 1) as the viewer draws it: every position's table, hands and
        scores (see :func:`.tables.round_story`) and the round's events."""
        game = self._checked
        if not isinstance(number, int) or not 1 <= number <= len(game.rounds):
            raise RequestError(f"no round {number!r} in this record")
        events = self.events[number - 1]
        return {**round_story(game.rounds[number - 1], aspect, events), "events": events}

    @property
    def _checked(self) -> Game:
        if not self.finished or self.game is None:
            raise RequestError("the record is still being checked")
        return self.game
