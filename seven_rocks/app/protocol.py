"""The worker's wire: requests read from JSON text, replies written to it, and the
constants both sides agree on (the protocol and save versions, the largest request).

Every request is ``{"method": ..., "params": {...}}`` (:class:`Request`); every reply is a
JSON object described in :mod:`.replies`, or ``{"error": {"type", "message"}}``. What each
method takes and answers is the table :data:`.methods.METHODS`.

Moves and tiles are written in the engine's own text forms (``str(move)``, ``Move.parse``:
``"3-5@1-1:branch_a"``, ``"pass"``), the same ones the game records read back; the page only
passes back the move text it was given.

>>> Request.parse('{"method": "state", "params": {"since": 2}}')
Request(method='state', params={'since': 2})
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from typing import Final

from ..engine.errors import SevenRocksError
from ..engine.moves import Move
from ..engine.record import MAX_JSON_DEPTH, MAX_RECORD_BYTES, check_json_text

PROTOCOL: Final = 1
#: The longest request read: the largest record the engine reads, plus room for the
#: request around it (a record travels in ``replay_load`` and, inside a save, ``restore``).
MAX_REQUEST_BYTES: Final = MAX_RECORD_BYTES + 4096
SAVE_FORMAT: Final = "seven-rocks-save"
#: The save's version: version 2 holds the people's names; version 1 (no names) still loads.
SAVE_VERSION: Final = 2
SAVE_VERSIONS: Final = (1, 2)


class RequestError(SevenRocksError):
    """A request the session cannot act on (unknown method, bad parameters, no game)."""


def move_text(move: Move) -> str:
    """A move as the page and the records write it (``Move.parse`` reads it back)."""
    return str(move)


def tile_of(move: Move) -> str | None:
    return None if move.tile is None else str(move.tile)


def point_of(move: Move) -> str | None:
    """The attach point a move uses, as text (None for the opening tile and a pass)."""
    return str(move.at) if move.at else None


# ------------------------------------------------------------------ requests
@dataclass(frozen=True, slots=True)
class Request:
    """One request from the page: a method's name (see :data:`.methods.METHODS`) and its
    parameters, not checked yet (see :func:`.requests.read_params`)."""

    method: str
    params: dict[str, object]

    @classmethod
    def parse(cls, text: str) -> Request:
        """Read a request; JSON that is not a request raises :class:`RequestError`.

        The text is measured before it is parsed: a request larger than
        :data:`MAX_REQUEST_BYTES` or nesting deeper than the records' limit raises
        :class:`~seven_rocks.engine.errors.RecordError`, because Pyodide's JSON parser dies
        for the rest of the session on some 3,000 nested lists.
        """
        if not isinstance(text, str):
            raise RequestError("a request is JSON text")
        check_json_text(text, max_bytes=MAX_REQUEST_BYTES, max_depth=MAX_JSON_DEPTH)
        try:
            data = json.loads(text, parse_constant=_no_constant, parse_float=_finite)
        except ValueError as error:  # not JSON, or a number of more than 4,300 digits
            raise RequestError(f"a request is JSON: {error}") from None
        if not isinstance(data, dict):
            raise RequestError("a request is a JSON object")
        method = data.get("method")
        params = data.get("params") or {}
        if not isinstance(method, str) or not isinstance(params, dict):
            raise RequestError(f"unknown method {method!r}")
        return cls(method, params)


def _no_constant(name: str) -> float:
    """``NaN``, ``Infinity``: Python's parser takes them, JSON (and the page) does not."""
    raise ValueError(f"{name} is not a JSON number")


def _finite(text: str) -> float:
    """A JSON number as a float, refused when it does not fit one (``1e999``): a number
    that is not finite would come back in a reply as text no JSON parser reads."""
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"the number {text[:24]} is too large")
    return value


def encode_reply(reply: object) -> str:
    """A reply as JSON text; ``ValueError`` for a number JSON cannot carry (NaN, infinity),
    rather than text the page cannot parse."""
    return json.dumps(reply, allow_nan=False)


def encode_error(kind: str, message: str) -> str:
    """``{"error": {"type": kind, "message": message}}`` (see :class:`.replies.ErrorReply`)."""
    return json.dumps({"error": {"type": kind, "message": message}})
