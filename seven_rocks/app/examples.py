"""The rule book's worked examples, placed by the engine itself, step by step.

The rule book is docs/RULES.md; these are Examples 1 to 5 of its "Worked examples" section
(the placements; Examples 6 and 7, deductions, are told in words by the dialog's text).
tests/test_rule_book.py checks that this list is the book's and replays the book's every row
against the engine.

Each example is a list of placements (the text forms the game records use).  :func:`worked`
plays them on a :class:`~seven_rocks.engine.layout.Layout` and lays them out with the table's own
:class:`~seven_rocks.app.geometry.GeometryBuilder`, so the rules dialog draws every step with the
game's renderer: filled numbers at the scoring ends, hollow dots at the open points, exactly
as the original's diagrams.

>>> steps = worked(1.6)["main"]
>>> [(s["move"], s["sum"], s["points"]) for s in steps][-1]
('1-3@1-1:branch_b', 8, 0)
>>> [s["points"] for s in steps]
[5, 0, 10, 5, 5, 10, 15, 5, 0]
"""

from __future__ import annotations

from typing import Final

from ..engine.layout import Layout
from ..engine.moves import Move
from ..engine.scoring import placement_points
from .geometry import GeometryBuilder
from .protocol import point_of
from .replies import ExampleStep
from .tables import table_json

#: docs/RULES.md's placement examples, in its order: "main" is Example 1 (one round, step by
#: step), then Examples 2 to 5.
EXAMPLES: Final[dict[str, tuple[str, ...]]] = {
    "main": (
        "1-4",
        "1-1@1-4:low",
        "4-4@1-4:high",
        "3-4@4-4:line_b",
        "1-2@1-1:line_b",
        "1-5@1-1:branch_a",
        "5-5@1-5:high",
        "0-5@5-5:line_b",
        "1-3@1-1:branch_b",
    ),
    "late_spinner": ("3-6", "6-6@3-6:high"),
    "open_double": ("2-2",),
    "open_zero": ("0-0",),
    "open_spinner": ("5-5", "0-5@5-5:line_a", "2-5@5-5:line_b", "3-5@5-5:branch_a"),
}


def worked(aspect: float) -> dict[str, list[ExampleStep]]:
    """Every example's steps: the move, the ends' terms, sum and points, and the table."""
    out: dict[str, list[ExampleStep]] = {}
    for name, moves in EXAMPLES.items():
        layout = Layout()
        builder = GeometryBuilder(aspect)
        steps: list[ExampleStep] = []
        for text in moves:
            move = Move.parse(text)
            total = layout.place(move)
            builder.add(str(move.tile), point_of(move))
            steps.append(
                {
                    "move": text,
                    "tile": str(move.tile),
                    "at": point_of(move),
                    "terms": [e.value for e in layout.scoring_ends()],
                    "sum": total,
                    "points": placement_points(total),
                    "open": [str(p) for p in layout.open_points()],
                    "table": table_json(layout, builder),
                }
            )
        out[name] = steps
    return out
