"""The facts the page shares with the engine, gathered from their one home each.

The page never retypes them: they reach it in ``facts.js``, which
``python -m seven_rocks.site.generated`` writes from :func:`facts`, so code that runs before
the engine is up has them too.

>>> facts()["target"], facts()["seats"][0]
(250, 'South')
"""

from __future__ import annotations

from .. import __version__
from ..engine.record import MAX_JSON_DEPTH, MAX_RECORD_BYTES
from ..engine.round import SEAT_NAMES
from ..engine.scoring import DEFAULT_TARGET
from .guests import MAX_GUEST_MESSAGE, REASONS, REMOTE
from .names import HUMAN, MAX_NAME, REFUSED_PATTERN_JS
from .protocol import MAX_REQUEST_BYTES, SAVE_FORMAT, SAVE_VERSION, SAVE_VERSIONS
from .replies import Facts


def facts() -> Facts:
    """Every shared fact, by the name the page knows it by (in upper case in ``facts.js``)."""
    return {
        "version": __version__,
        "target": DEFAULT_TARGET,
        "seats": list(SEAT_NAMES),
        "max_name": MAX_NAME,
        "name_refused": REFUSED_PATTERN_JS,
        "human": HUMAN,
        "save_format": SAVE_FORMAT,
        "save_version": SAVE_VERSION,
        "save_versions": list(SAVE_VERSIONS),
        "max_json_depth": MAX_JSON_DEPTH,
        "max_record_bytes": MAX_RECORD_BYTES,
        "max_request_bytes": MAX_REQUEST_BYTES,
        "remote": REMOTE,
        "max_guest_message": MAX_GUEST_MESSAGE,
        "guest_reasons": list(REASONS),
    }
