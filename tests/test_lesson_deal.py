"""The guided first hand's deal (``LESSON`` in web/js/help/guide-steps.js) teaches what it
says: on it, with the page's default computer players, South opens and the lesson's tile
scores, so the guide's "tap this tile" leads to a scoring move."""

from __future__ import annotations

import re
from pathlib import Path

from seven_rocks.app.session import Session

STEPS = Path(__file__).resolve().parents[1] / "web" / "js" / "help" / "guide-steps.js"


def lesson() -> tuple[int, str]:
    found = re.search(
        r'LESSON = Object\.freeze\(\{ seed: (\d+), tile: "(\d-\d)" \}\)', STEPS.read_text()
    )
    assert found, "guide-steps.js names no lesson"
    return int(found[1]), found[2]


def test_on_the_lesson_deal_south_opens_and_the_lessons_tile_scores() -> None:
    seed, tile = lesson()
    session = Session()
    snap = session.new_game(seed=seed)
    assert snap["human_turn"] and snap["viewer"] == 0, "South is not the first to play"
    assert tile in snap["legal"]
    (move,) = snap["moves"][tile].values()  # one place: a tap plays it
    after = session.play(move)
    (placed,) = [e for e in after["events"] if e["type"] == "placed" and e["seat"] == 0]
    assert placed["tile"] == tile and placed["points"] > 0
