"""``benchmarks/decisions.py``, the decision-quality screen: which positions it keeps and
what it calls a bot's regret there (its numbers guide the work on the bots' strength)."""

from __future__ import annotations

from dataclasses import replace

from seven_rocks.bots import make_bot
from seven_rocks.bots.master import DEFAULT, LEVELS, MasterBot
from tests.support.benchmarks import load_benchmark

screen = load_benchmark("decisions")


def test_the_screen_keeps_the_master_seats_choices_while_no_level_searches_exactly() -> None:
    views = screen.positions(8, 7000, "greedy")
    assert len(views) == 8
    deepest = max(level.exact_tiles for level in LEVELS.values())
    for view in views:
        assert view.seat % 2 == 0  # the master-brisk seats, not the opponent's
        assert len(view.legal_moves()) >= 2
        assert sum(view.hand_sizes) > deepest
    assert len({view.seat for view in views}) == 2  # both master seats are screened


def test_regret_is_the_reference_best_value_minus_the_chosen_moves() -> None:
    views = screen.positions(4, 7000, "greedy")
    regrets = []
    for i, view in enumerate(views):
        scores = screen.score((i, view, ["random", "master-150-uniform"], 48))
        reference = MasterBot(
            screen.REFERENCE_SEED + i, replace(DEFAULT, samples=48, halving=False)
        )
        values = {a.move: a.value for a in reference.analyse(view)}
        chosen = make_bot("random", i).choose(view)
        assert scores["random"][0] == max(values.values()) - values[chosen]
        assert scores["master-150-uniform"][0] >= 0.0
        assert scores["random"][1] >= 0.0  # CPU seconds
        regrets.append(scores["random"][0])
    assert max(regrets) > 0.0  # a random move is not always the best one
