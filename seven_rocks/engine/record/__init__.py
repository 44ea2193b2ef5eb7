"""Game records: one JSON object per game, JSON Lines for many.

The format is a contract other tools read::

    {"format": "seven-rocks-record", "version": 1, "target": 250,
     "seats": ["random", "random", "random", "random"],
     "rounds": [{"deal": [["0-1", ...], ...], "opener": 2,
                 "moves": [{"seat": 2, "tile": "5-5", "points": 10},
                           {"seat": 3, "tile": "0-5", "at": ["5-5", "line_a"], "points": 10},
                           {"seat": 0, "pass": true}, ...],
                 "end": "domino", "deductions": [0, 5, 10, 5], "scores": [120, 85]}],
     "winner": 0, "seed": 42}

``"seed"`` is optional (an addition to version 1 that older readers ignore): when it is
there, a resumed unfinished game deals its next rounds from it, as the original would have.

Reading a record replays it through the engine, so every move is checked again; any
fault raises :class:`~seven_rocks.engine.errors.RecordError` naming the round and the move.

>>> from seven_rocks.engine.game import Game
>>> game = Game(seed=11)
>>> while not game.is_over:
...     _ = game.play(game.legal_moves()[-1])
>>> text = dumps(game)
>>> again = loads(text)
>>> again.scores == game.scores and again.winner == game.winner and dumps(again) == text
True

The package, one job per module: :mod:`.limits` (the format's name, version and limits,
and the JSON text checks), :mod:`.writer`, :mod:`.reader` and :mod:`.jsonl` (files of
many records).
"""

from __future__ import annotations

from .jsonl import read_jsonl, write_jsonl
from .limits import (
    FORMAT,
    MAX_JSON_DEPTH,
    MAX_RECORD_BYTES,
    VERSION,
    check_json_text,
    json_depth,
    parse_json,
    utf8_size,
)
from .reader import ReplayStep, from_record, loads, replay_rounds
from .writer import dumps, record_head, to_record

__all__ = [
    "FORMAT",
    "MAX_JSON_DEPTH",
    "MAX_RECORD_BYTES",
    "VERSION",
    "ReplayStep",
    "check_json_text",
    "dumps",
    "from_record",
    "json_depth",
    "loads",
    "parse_json",
    "read_jsonl",
    "record_head",
    "replay_rounds",
    "to_record",
    "utf8_size",
    "write_jsonl",
]
