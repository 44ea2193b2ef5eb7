"""Measure the shipped win-chance table on recorded games.

:func:`measure` (``seven-rocks winchance-check RECORD...``) reads JSON Lines files of game
records (what ``seven-rocks tournament --record`` writes), traces each finished game's
rounds (:func:`.roundtrace.trace_game`) and sets the table's prediction at every round
start against who won (:mod:`.calibration`), printed as a Markdown table with the largest
gap among the buckets with enough positions to judge.

Why from records: the table is fitted on self-play of a quick bot, and the strongest
bot's games are too slow to play again just to check it (about 25 CPU seconds a game for
the default master).  A match played for another reason leaves its games in a record, and
every one of them is a check of the table at that strength.

>>> from seven_rocks.research.calibration import calibrate
>>> [b.positions for b in calibrate([], shipped_chance)][:3]
[0, 0, 0]
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from pathlib import Path

from ..bots.winchance import win_chance
from ..engine.errors import RecordError
from ..engine.record.jsonl import read_jsonl
from .calibration import Bucket, calibrate
from .roundtrace import GameTrace, trace_game


def shipped_chance(scores: tuple[int, int], opener: int) -> float:
    """Team 0's chance by the shipped table at a round ``opener``'s team opens."""
    return win_chance(scores, 0, opener)


def recorded_games(paths: Sequence[Path]) -> Iterator[GameTrace]:
    """Every finished game in the records at ``paths``, traced round by round (a game cut
    short, as a sitting's last one may be, is left out: it has no winner to check against)."""
    for path in paths:
        try:
            for game in read_jsonl(path):
                if game.winner is not None:
                    yield trace_game(game)
        except RecordError as error:
            raise type(error)(f"{path}: {error}") from None


def measure(paths: Sequence[Path]) -> tuple[int, list[Bucket]]:
    """How many finished games the records hold, and the table's buckets on them."""
    games = list(recorded_games(paths))
    return len(games), calibrate(games, shipped_chance)


__all__ = ["measure", "recorded_games", "shipped_chance"]
