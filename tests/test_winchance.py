"""The win-chance model: a team's chance to win from the scores and who opens the round."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest

from seven_rocks.bots.outcome import outcome_chance
from seven_rocks.bots.playout import Sim
from seven_rocks.bots.winchance import LOWEST, STEP, TARGET, encode, opener_chance, win_chance
from seven_rocks.bots.winchance_table import ENCODED
from seven_rocks.cli import main
from seven_rocks.engine.game import Game

GRID = range(LOWEST, TARGET, STEP)
OPENERS = (0, 1, None)


def test_the_table_is_small_and_reads_back() -> None:
    assert len(ENCODED) < 5_000
    size = len(GRID)
    table = [[opener_chance(x, y) for y in GRID] for x in GRID]
    assert len(table) == size
    assert encode(table) == ENCODED


@pytest.mark.parametrize("opener", OPENERS)
def test_more_of_ones_own_score_never_lowers_the_chance(opener: int | None) -> None:
    for team, them, mine in itertools.product((0, 1), GRID, GRID):
        scores = (mine, them) if team == 0 else (them, mine)
        higher = (mine + STEP, them) if team == 0 else (them, mine + STEP)
        assert win_chance(higher, team, opener) >= win_chance(scores, team, opener)


def test_more_of_the_others_score_never_raises_it() -> None:
    for mine, them in itertools.product(GRID, GRID):
        assert opener_chance(mine, them + STEP) <= opener_chance(mine, them)


@pytest.mark.parametrize("opener", OPENERS)
def test_the_teams_are_symmetric_and_their_chances_add_up_to_one(opener: int | None) -> None:
    mirrored = None if opener is None else 1 - opener
    for a, b in itertools.product(GRID, GRID):
        zero = win_chance((a, b), 0, opener)
        assert zero + win_chance((a, b), 1, opener) == pytest.approx(1.0)
        assert win_chance((b, a), 1, mirrored) == pytest.approx(zero)
        assert 0.0 <= zero <= 1.0


def test_the_target_is_a_win_and_opening_helps() -> None:
    for other, opener in itertools.product((-80, 0, 200, 245), OPENERS):
        assert win_chance((TARGET, other), 0, opener) == 1.0
        assert win_chance((other, 260), 0, opener) == 0.0
    assert win_chance((0, 0), 0, 0) > 0.5 > win_chance((0, 0), 0, 1)
    assert win_chance((0, 0), 0, None) == pytest.approx(0.5)
    assert win_chance((240, 0), 0, 1) > 0.9 and win_chance((0, 240), 0, 0) < 0.1


def test_other_targets_are_read_on_the_tables_scale() -> None:
    assert win_chance((50, 60), 0, 1, target=100) == win_chance((125, 150), 0, 1)


def test_a_finished_simulated_round_is_worth_its_chance() -> None:
    game = Game(seed=3)
    rnd = game.current
    sim = Sim.from_round_state(
        rnd.layout, [rnd.hand_mask(s) for s in range(4)], rnd.turn, 0, (240, 0), 250
    )
    while not sim.end:
        moves = sim.legal()
        sim.push(moves[0] if moves else -1)
    chance = outcome_chance(sim, 0)
    assert chance + outcome_chance(sim, 1) == pytest.approx(1.0)
    if sim.base[0] + sim.points[0] >= 250:
        assert chance == 1.0


def test_one_command_makes_a_table_and_measures_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    table, svg = tmp_path / "table.py", tmp_path / "plot.svg"
    argv = ["--games", "12", "--held-out", "6", "--check-games", "0", "--jobs", "1"]
    assert main(["winchance", *argv, "--table", str(table), "--svg", str(svg)]) == 0
    out = capsys.readouterr().out
    assert "whole rounds of 12 games" in out and "| predicted | positions |" in out
    namespace: dict[str, object] = {}
    exec(table.read_text(), namespace)
    encoded = namespace["ENCODED"]
    assert isinstance(encoded, str) and len(encoded) < 5_000
    assert svg.read_text().startswith("<svg") and "<circle" in svg.read_text()
