"""Duplicate tournaments: structure, statistics, determinism, records, the command."""

from __future__ import annotations

import argparse
import io
import itertools
import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from seven_rocks.bots import GreedyBot, RandomBot
from seven_rocks.cli import tournament as command
from seven_rocks.engine.record import loads
from seven_rocks.research.tournament import (
    PairTask,
    TournamentError,
    iter_pairs,
    run_tournament,
    wilson_interval,
)


def parse(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="seven-rocks")
    subparsers = parser.add_subparsers(dest="command", required=True)
    command.register(subparsers)
    return parser.parse_args(["tournament", *argv])


def strip_timing(data: dict[str, object]) -> dict[str, object]:
    out = dict(data)
    out.pop("wall_seconds_per_move")
    timing = out.pop("seconds_per_move")
    assert isinstance(timing, dict)
    out["decisions"] = {name: t["decisions"] for name, t in timing.items()}
    return out


@pytest.mark.parametrize(
    ("wins", "n", "expected"),
    [
        (60, 100, (0.50200, 0.69064)),
        (0, 10, (0.0, 0.27753)),
        (10, 10, (0.72247, 1.0)),
        (1, 2, (0.09453, 0.90547)),
        (1500, 2000, (0.73056, 0.76855)),
    ],
)
def test_wilson_interval_known_values(wins: int, n: int, expected: tuple[float, float]) -> None:
    lo, hi = wilson_interval(wins, n)
    assert lo == pytest.approx(expected[0], abs=1e-4)
    assert hi == pytest.approx(expected[1], abs=1e-4)


def test_wilson_interval_is_symmetric_and_contains_the_rate() -> None:
    for n in (1, 7, 50, 999):
        for k in range(0, n + 1, max(1, n // 7)):
            lo, hi = wilson_interval(k, n)
            mirror = wilson_interval(n - k, n)
            assert 0 <= lo <= k / n <= hi <= 1
            assert lo == pytest.approx(1 - mirror[1])
            assert hi == pytest.approx(1 - mirror[0])


def test_duplicate_structure_same_deals_with_teams_swapped() -> None:
    stream = io.StringIO()
    result = run_tournament("greedy", "random", 6, seed=5, record=stream)
    records = [json.loads(line) for line in stream.getvalue().splitlines()]
    assert len(records) == 6 == result.games
    for first, second in zip(records[::2], records[1::2], strict=True):
        assert first["seats"] == ["greedy", "random", "greedy", "random"]
        assert second["seats"] == ["random", "greedy", "random", "greedy"]
        assert first["rounds"][0]["deal"] == second["rounds"][0]["deal"]
        assert first["rounds"][0]["opener"] == second["rounds"][0]["opener"]
        # Every later round that both games reach is dealt the same tiles too.
        for r1, r2 in zip(first["rounds"], second["rounds"], strict=False):
            assert r1["deal"] == r2["deal"]
    # Different pairs play different deals.
    assert records[0]["rounds"][0]["deal"] != records[2]["rounds"][0]["deal"]
    pairs = result.to_json()["duplicate_pairs"]
    assert pairs["a_both"] + pairs["split"] + pairs["b_both"] == 3


def test_every_recorded_game_replays_cleanly(tmp_path: Path) -> None:
    path = tmp_path / "games.jsonl"
    args = parse(
        [
            "expert",
            "greedy",
            "--games",
            "4",
            "--seed",
            "2",
            "--record",
            str(path),
            "--no-progress",
            "--json",
        ]
    )
    assert command.run(args) == 0
    lines = path.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 4
    for line in lines:
        game = loads(line)
        data = json.loads(line)
        assert game.is_over
        assert game.winner == data["winner"]
        assert set(game.seats) == {"expert", "greedy"}


def test_json_output_keys(capsys: pytest.CaptureFixture[str]) -> None:
    assert command.run(parse(["greedy", "random", "--games", "4", "--json", "--no-progress"])) == 0
    data = json.loads(capsys.readouterr().out)
    for key in (
        "a",
        "b",
        "games",
        "a_wins",
        "win_rate",
        "ci95",
        "mean_margin",
        "seconds_per_move",
        "points_per_round",
        "dominoes",
        "blocks",
    ):
        assert key in data
    assert data["a"] == "greedy"
    assert data["b"] == "random"
    assert data["games"] == 4
    assert len(data["ci95"]) == 2
    assert data["ci95"][0] <= data["win_rate"] <= data["ci95"][1]
    assert data["win_rate"] == data["a_wins"] / 4
    assert set(data["seconds_per_move"]) == {"greedy", "random"}
    for timing in data["seconds_per_move"].values():
        assert 0 <= timing["median"] <= timing["p95"]


def test_text_summary(capsys: pytest.CaptureFixture[str]) -> None:
    assert command.run(parse(["greedy", "random", "--games", "2", "--no-progress"])) == 0
    out = capsys.readouterr().out
    assert "95% Wilson CI" in out
    assert "mean final margin" in out
    assert "median" in out


@pytest.mark.slow
def test_results_do_not_depend_on_the_number_of_jobs() -> None:
    one, two = io.StringIO(), io.StringIO()
    serial = run_tournament("master-quick", "expert", 4, seed=9, jobs=1, record=one)
    parallel = run_tournament("master-quick", "expert", 4, seed=9, jobs=2, record=two)
    assert strip_timing(serial.to_json()) == strip_timing(parallel.to_json())
    assert one.getvalue() == two.getvalue()


def test_oracle_plays_in_tournaments() -> None:
    result = run_tournament("oracle", "greedy", 2, seed=1, target=100)
    assert result.games == 2


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["nobody", "greedy"], "unknown bot 'nobody'"),
        (["greedy", "oracles"], "unknown bot 'oracles'"),
    ],
)
def test_bad_bot_is_one_line_and_status_2(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert command.run(parse([*argv, "--no-progress"])) == 2
    err = capsys.readouterr().err
    assert message in err
    assert len(err.strip().splitlines()) == 1


@pytest.mark.parametrize(
    ("option", "value"),
    [
        ("--games", "3"),
        ("--games", "0"),
        ("--games", "-2"),
        ("--games", "many"),
        ("--jobs", "0"),
        ("--jobs", "two"),
        ("--seed", "-1"),
        ("--target", "0"),
    ],
)
def test_bad_numbers_are_one_line_and_status_2(
    option: str, value: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert command.run(parse(["greedy", "random", option, value, "--no-progress"])) == 2
    err = capsys.readouterr().err
    assert option in err
    assert len(err.strip().splitlines()) == 1


def test_unwritable_record_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "missing" / "dir" / "games.jsonl"
    args = parse(["greedy", "random", "--games", "2", "--record", str(target), "--no-progress"])
    assert command.run(args) == 2
    err = capsys.readouterr().err
    assert "cannot write" in err
    assert len(err.strip().splitlines()) == 1


@pytest.mark.parametrize(
    ("games", "jobs", "words"),
    [(3, 1, "^games must be a positive even number"), (2, 0, "^jobs must be from 1 to")],
)
def test_the_library_names_the_field_it_rejects(games: int, jobs: int, words: str) -> None:
    """The library speaks of its parameters, not of the command line's flags."""
    with pytest.raises(TournamentError, match=words):
        run_tournament("greedy", "random", games, jobs=jobs)


def test_progress_is_reported_to_a_callback_after_each_pair() -> None:
    seen: list[int] = []
    result = run_tournament("greedy", "random", 6, seed=2, progress=lambda r: seen.append(r.games))
    assert seen == [2, 4, 6] == [2, 4, result.games]


@pytest.mark.parametrize(
    ("option", "value"),
    [
        ("--games", str(2**64)),
        ("--games", "10000002"),
        ("--target", str(10**12)),
        ("--jobs", str(10**9)),
        ("--games", "9" * 5000),
    ],
)
def test_huge_counts_are_one_line_and_status_2(
    option: str, value: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert command.run(parse(["greedy", "random", option, value, "--no-progress"])) == 2
    err = capsys.readouterr().err
    assert option in err and ("at most" in err or "whole number" in err)
    assert len(err.strip().splitlines()) == 1 and len(err) < 200


def test_the_limits_are_in_the_help(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        parse(["--help"])
    out = " ".join(capsys.readouterr().out.split())
    assert "even, 2 to 10,000,000" in out and "1 to 256" in out
    assert "points to win a game, 1 to 10,000 (" in out


def test_pairs_are_taken_lazily_a_few_ahead_of_the_results() -> None:
    taken = 0

    def tasks() -> Iterator[PairTask]:
        nonlocal taken
        for pair in itertools.count():
            taken += 1
            yield PairTask(GreedyBot, RandomBot, ("greedy", "random"), 1, pair, 30, False)

    for jobs in (1, 2):
        taken = 0
        results = iter_pairs(tasks(), jobs)
        for _ in range(3):
            first, second = next(results)
            assert first.a_team == 0 and second.a_team == 1
        assert taken <= 3 + jobs * 4  # endless tasks, yet only a few were ever made
        results.close()  # type: ignore[attr-defined]
