"""The worked examples of the rule book (docs/RULES.md), table-driven, in more detail than
the book's tables: after each step the open attach points and every counted contribution.

The expected values are copied from the rule book (and the original's diagrams for the open
points and contributions), not produced by the engine.  tests/test_rule_book.py replays the
book's own tables; this file pins the layout after every step and the rules behind them
("Attach points" and "Scoring a placement").
"""

from __future__ import annotations

import pytest

from seven_rocks import Layout, Move, Tile, placement_points

# (move, sum of ends, points, open points, counted contributions "tile[:side]=value")
#: docs/RULES.md, Worked examples, Example 1 (one round, step by step).
WORKED_EXAMPLE = [
    ("1-4", 5, 5, ["1-4:low", "1-4:high"], ["1-4:high=4", "1-4:low=1"]),
    ("1-1@1-4:low", 6, 0, ["1-1:line_b", "1-4:high"], ["1-1=2", "1-4:high=4"]),
    ("4-4@1-4:high", 10, 10, ["1-1:line_b", "4-4:line_b"], ["1-1=2", "4-4=8"]),
    ("3-4@4-4:line_b", 5, 5, ["1-1:line_b", "3-4:low"], ["1-1=2", "3-4:low=3"]),
    (
        "1-2@1-1:line_b",
        5,
        5,
        ["1-1:branch_a", "1-1:branch_b", "1-2:high", "3-4:low"],
        ["1-2:high=2", "3-4:low=3"],
    ),
    (
        "1-5@1-1:branch_a",
        10,
        10,
        ["1-1:branch_b", "1-2:high", "1-5:high", "3-4:low"],
        ["1-2:high=2", "1-5:high=5", "3-4:low=3"],
    ),
    (
        "5-5@1-5:high",
        15,
        15,
        ["1-1:branch_b", "1-2:high", "3-4:low", "5-5:line_b"],
        ["1-2:high=2", "3-4:low=3", "5-5=10"],
    ),
    (
        "0-5@5-5:line_b",
        5,
        5,
        ["0-5:low", "1-1:branch_b", "1-2:high", "3-4:low"],
        ["0-5:low=0", "1-2:high=2", "3-4:low=3"],
    ),
    (
        "1-3@1-1:branch_b",
        8,
        0,
        ["0-5:low", "1-2:high", "1-3:high", "3-4:low"],
        ["0-5:low=0", "1-2:high=2", "1-3:high=3", "3-4:low=3"],
    ),
]

#: docs/RULES.md, Worked examples, Examples 2 to 5 (the other openings).
OTHER_OPENINGS = [
    [
        ("3-6", 9, 0, ["3-6:low", "3-6:high"], ["3-6:high=6", "3-6:low=3"]),
        ("6-6@3-6:high", 15, 15, ["3-6:low", "6-6:line_b"], ["3-6:low=3", "6-6=12"]),
    ],
    [("2-2", 4, 0, ["2-2:line_a", "2-2:line_b"], ["2-2=4"])],
    [("0-0", 0, 0, ["0-0:line_a", "0-0:line_b"], ["0-0=0"])],
    [
        ("5-5", 10, 10, ["5-5:line_a", "5-5:line_b"], ["5-5=10"]),
        ("0-5@5-5:line_a", 10, 10, ["0-5:low", "5-5:line_b"], ["0-5:low=0", "5-5=10"]),
        (
            "2-5@5-5:line_b",
            2,
            0,
            ["0-5:low", "2-5:low", "5-5:branch_a", "5-5:branch_b"],
            ["0-5:low=0", "2-5:low=2"],
        ),
        (
            "3-5@5-5:branch_a",
            5,
            5,
            ["0-5:low", "2-5:low", "3-5:low", "5-5:branch_b"],
            ["0-5:low=0", "2-5:low=2", "3-5:low=3"],
        ),
    ],
]

SEQUENCES = [WORKED_EXAMPLE, *OTHER_OPENINGS]


def _contributions(layout: Layout) -> list[str]:
    return sorted(str(end) for end in layout.scoring_ends())


@pytest.mark.parametrize("sequence", SEQUENCES, ids=lambda seq: seq[0][0])
def test_worked_examples(sequence: list[tuple[str, int, int, list[str], list[str]]]) -> None:
    """docs/RULES.md, Examples 1 to 5: each step's sum and points ("Scoring a placement"),
    open attach points ("Attach points") and counted contributions."""
    layout = Layout()
    for step, (move_text, total, points, open_points, contributions) in enumerate(sequence, 1):
        got = layout.place(Move.parse(move_text))
        assert got == total, f"step {step} {move_text}: sum"
        assert layout.ends_sum == sum(e.value for e in layout.scoring_ends())
        assert placement_points(got) == points, f"step {step} {move_text}: points"
        assert sorted(str(p) for p in layout.open_points()) == sorted(open_points), step
        assert _contributions(layout) == sorted(contributions), f"step {step} {move_text}"


def test_rule_book_arithmetic_reads_in_tile_order() -> None:
    """docs/RULES.md, Example 1 step 6: the ends read "2 + 5 + 3", in the order of the tiles."""
    layout = Layout()
    for move_text, *_ in WORKED_EXAMPLE[:6]:
        layout.place(Move.parse(move_text))
    assert " + ".join(str(e.value) for e in layout.scoring_ends()) == "2 + 5 + 3"


def test_first_double_is_the_only_spinner() -> None:
    """docs/RULES.md, "Attach points" (the spinner) and Example 1 steps 2-4: 1-1 is the
    spinner, the later 4-4 never branches."""
    layout = Layout()
    for move_text, *_ in WORKED_EXAMPLE[:3]:
        layout.place(Move.parse(move_text))
    assert layout.spinner is Tile(1, 1)
    # 4-4 is a later double: once continued it never offers branches.
    layout.place(Move.parse("3-4@4-4:line_b"))
    assert not any(p.tile is Tile(4, 4) for p in layout.open_points())


def test_spinner_branches_wait_for_both_line_sides() -> None:
    """docs/RULES.md, "Attach points" and "Scoring a placement" (the spinner), as Example 5
    shows with 5-5: no branch until line_a and line_b are both taken; terminal until then."""
    layout = Layout()
    layout.place(Move.parse("2-2"))
    layout.place(Move.parse("2-3@2-2:line_a"))
    assert not any(p.is_branch for p in layout.open_points())
    assert layout.ends_sum == 4 + 3  # still terminal: both halves count once
    layout.place(Move.parse("2-6@2-2:line_b"))
    assert [str(p) for p in layout.open_points() if p.is_branch] == ["2-2:branch_a", "2-2:branch_b"]
    assert layout.ends_sum == 3 + 6  # internal now; unused branches count zero
