"""The page's words for the coach's verdicts are the engine's: the marks and reason codes
the page's type checker holds its comparisons to (``Mark`` and ``ReasonCode`` in
``web/js/coach/review-ctrl.js``) are exactly ``Mark`` and ``REASON_CODES`` of
``seven_rocks/app/review/model.py``, so a mark or code added, dropped or renamed on one side
fails here, and a misspelt one in the page fails ``make typecheck``."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from seven_rocks.app.review.model import REASON_CODES, Mark

SOURCE = Path(__file__).resolve().parents[1] / "web" / "js" / "coach" / "review-ctrl.js"


def _union(name: str) -> set[str]:
    """The page's own union for ``name`` (what it holds while the protocol says ``string``)."""
    typedef = r"@typedef \{string extends [^?]+\?([^:]+):[^}]+\} " + name + r"\b"
    found = re.search(typedef, SOURCE.read_text("utf-8"))
    assert found, f"review-ctrl.js declares no {name}"
    return set(re.findall(r'"([a-z_]+)"', found.group(1)))


@pytest.mark.parametrize(
    ("name", "engine"),
    [("Mark", {str(mark) for mark in Mark}), ("ReasonCode", set(REASON_CODES))],
)
def test_the_page_knows_the_engines_marks_and_reasons(name: str, engine: set[str]) -> None:
    assert _union(name) == engine
