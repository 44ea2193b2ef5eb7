"""The command line: simulate, replay, and one-line errors with exit status 2."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from seven_rocks.cli import main
from seven_rocks.engine.record import read_jsonl


def _simulate_and_replay(tmp_path: Path, games: int, bots: str) -> None:
    record = tmp_path / "games.jsonl"
    assert (
        main(
            [
                "simulate",
                "--games",
                str(games),
                "--seed",
                "1000",
                "--bots",
                bots,
                "--record",
                str(record),
            ]
        )
        == 0
    )
    lines = record.read_text().splitlines()
    assert len(lines) == games
    assert all(json.loads(line)["format"] == "seven-rocks-record" for line in lines[:5])
    assert sum(1 for _ in read_jsonl(record)) == games
    assert main(["replay", str(record), "--quiet"]) == 0


@pytest.mark.slow
def test_a_thousand_simulated_games_all_replay(tmp_path: Path) -> None:
    _simulate_and_replay(tmp_path, 1000, "random")


@pytest.mark.slow
def test_ten_thousand_simulated_games_all_replay(tmp_path: Path) -> None:
    _simulate_and_replay(tmp_path, 10_000, "random,greedy")


def test_simulate_prints_a_summary(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--games", "30", "--seed", "5", "--bots", "greedy,random"]) == 0
    out = capsys.readouterr().out
    assert "games        30" in out and "team 0 wins" in out and "dominoes" in out
    wins = int(out.split("team 0 wins")[1].split()[0])
    assert wins >= 25  # greedy crushes random; a broken scorer would not


def test_replay_narrates_a_game(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = tmp_path / "g.jsonl"
    main(["simulate", "--games", "2", "--seed", "3", "--record", str(record)])
    capsys.readouterr()
    assert main(["replay", str(record), "--game", "2"]) == 0
    out = capsys.readouterr().out
    assert "2 game records replayed: all legal." in out
    assert "Round 1:" in out and " ends " in out and "Winner:" in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["simulate", "--bots", "wizard"], "unknown bot 'wizard'"),
        (["simulate", "--games", "zero"], "'zero' is not a whole number"),
        (["simulate", "--games", "0"], "'0' must be at least 1"),
        (["simulate", "--bots", "random,random,random"], "give 1, 2 or 4"),
        (["replay", "/no/such/file.jsonl"], "No such file"),
        (["replay", "--game", "-3", "x"], "must be at least 1"),
    ],
)
def test_user_errors_are_one_line_and_exit_2(argv: list[str], message: str) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "seven_rocks", *argv], capture_output=True, text=True, check=False
    )
    assert done.returncode == 2
    assert message in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1
    assert "Traceback" not in done.stderr


def test_an_invalid_record_file_is_reported_with_its_line(tmp_path: Path) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"format": "seven-rocks-record", "version": 1}\n')
    done = subprocess.run(
        [sys.executable, "-m", "seven_rocks", "replay", str(bad)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 2
    assert "game on line 1" in done.stderr and "'seats' must name 4 players" in done.stderr


def test_every_command_has_help() -> None:
    from seven_rocks.cli import COMMANDS

    for command in COMMANDS:
        done = subprocess.run(
            [sys.executable, "-m", "seven_rocks", command, "--help"],
            capture_output=True,
            text=True,
            check=False,
        )
        assert done.returncode == 0 and "usage:" in done.stdout, command
