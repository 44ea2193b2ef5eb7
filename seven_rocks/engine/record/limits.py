"""The record format's name, version and limits, and the checks of a JSON text against them.

A text is measured before it is parsed (:func:`check_json_text`): no record, however
large or deeply nested, can exhaust memory or the JSON parser's stack, in the command
line or in the browser's worker.
"""

from __future__ import annotations

import json
import re
from itertools import accumulate
from typing import Final

from ..errors import RecordError, RecordTooLargeError

FORMAT: Final = "seven-rocks-record"
VERSION: Final = 1
#: The largest record read by default (one JSON text, or one line of a JSON Lines file),
#: in bytes of UTF-8.  A game to 250 is tens of kilobytes and the cap admits games of
#: thousands of rounds (``benchmarks/records.py`` measures a 6,000-round one); it keeps a
#: runaway or hostile file (``/dev/zero``, a line of hundreds of megabytes) from taking all
#: memory, since parsed JSON takes many times its text.
MAX_RECORD_BYTES: Final = 16 * 1024 * 1024
#: The deepest nesting of lists and objects read.  A record needs 6 (a move's ``at`` in a
#: move, in ``moves``, in a round, in ``rounds``, in the record); CPython's parser raises
#: ``RecursionError`` near 1,000 and Pyodide's dies for good near 3,000, so a text is
#: measured before it is parsed (:func:`check_json_text`), in the worker too.
MAX_JSON_DEPTH: Final = 64

# A JSON string, escapes included; an unterminated one runs to the end of the text (the
# optional closing quote keeps the match linear: it never fails and retries).
_JSON_STRING: Final = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"?', re.DOTALL)
_NOT_BRACKET: Final = re.compile(r"[^\[\]{}]+")
_DEPTH_STEP: Final = {"[": 1, "{": 1, "]": -1, "}": -1}


def utf8_size(text: str) -> int:
    """How many bytes ``text`` takes in UTF-8 (lone surrogates count as 3, as JSON escapes)."""
    if text.isascii():
        return len(text)
    return len(text.encode("utf-8", "surrogatepass"))


def json_depth(text: str) -> int:
    """How deeply lists and objects nest in a JSON text, by a linear scan, without parsing.

    Brackets inside strings do not count.  Malformed text gets some number (the parser
    will reject it anyway); the scan itself never recurses and never backtracks.

    >>> json_depth('{"a": [1, "]]]", {"b": []}]}'), json_depth("3"), json_depth("[[[[")
    (4, 0, 4)
    """
    if text.count("[") + text.count("{") == 0:
        return 0
    brackets = _NOT_BRACKET.sub("", _JSON_STRING.sub("", text))
    return max(0, max(accumulate(map(_DEPTH_STEP.__getitem__, brackets)), default=0))


def check_json_text(
    text: str, *, max_bytes: int = MAX_RECORD_BYTES, max_depth: int = MAX_JSON_DEPTH
) -> None:
    """Refuse a text too large or too deeply nested for the JSON parser, before parsing.

    What any reader of untrusted JSON should call first (the CLI through :func:`loads`,
    the browser worker on each request), so that no text can exhaust memory or the
    parser's stack.  Raises :class:`RecordTooLargeError` or :class:`RecordError`.
    """
    if len(text) > max_bytes or utf8_size(text) > max_bytes:
        raise RecordTooLargeError(f"the record is larger than {max_bytes:,} bytes")
    depth = json_depth(text)
    if depth > max_depth:
        raise RecordError(
            f"lists and objects nest {depth} deep; a record may nest at most {max_depth}"
        )


def parse_json(
    text: str, *, max_bytes: int = MAX_RECORD_BYTES, max_depth: int = MAX_JSON_DEPTH
) -> object:
    """JSON text to Python values, within the limits; any fault is a :class:`RecordError`."""
    check_json_text(text, max_bytes=max_bytes, max_depth=max_depth)
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise RecordError(
            f"not JSON: {error.msg} at line {error.lineno}, column {error.colno}"
        ) from None
    except ValueError:  # a number of more than 4,300 digits
        raise RecordError("not JSON this reader takes: a number is too long") from None
    except RecursionError:  # pragma: no cover - the depth check comes first
        raise RecordError("lists and objects nest too deeply") from None
