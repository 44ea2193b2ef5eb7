"""The command line: simulate, replay, and one-line errors with exit status 2."""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from seven_rocks.cli import main
from seven_rocks.cli import simulate as simulate_command
from seven_rocks.engine.game import Game
from seven_rocks.engine.record import read_jsonl, to_record


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
@pytest.mark.exhaustive
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


@pytest.mark.parametrize("bug", [ValueError, KeyError, TypeError])
def test_a_bug_exits_1_with_its_traceback_never_as_a_usage_error(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], bug: type[Exception]
) -> None:
    """An exception no user input explains, raised inside the command (a plain
    ``ValueError`` among them), is shown as the bug it is."""

    def broken(bots: list[str]) -> list[str]:
        raise bug("a bug inside the command")

    monkeypatch.setattr(simulate_command, "seat_names", broken)
    assert main(["simulate", "--games", "1"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("seven-rocks simulate: internal error (a bug):\n")
    assert "Traceback (most recent call last):" in err
    assert f"{bug.__name__}: " in err.strip().splitlines()[-1]


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


# ------------------------------------------------------------------ hostile input, pipes
def _run(*argv: str, **kwargs: Any) -> subprocess.CompletedProcess[str]:
    """The command in a child process, its stdout buffered as a user's is."""
    kwargs.setdefault("stdout", subprocess.PIPE)
    env = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}
    return subprocess.run(
        [sys.executable, "-m", "seven_rocks", *argv],
        stderr=subprocess.PIPE,
        text=True,
        check=False,
        env=env,
        **kwargs,
    )


def _one_error_line(stderr: str, command: str = "replay") -> str:
    assert "Traceback" not in stderr
    lines = stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"seven-rocks {command}: "), stderr[:500]
    return lines[0]


def _record(tmp_path: Path, record: dict[str, Any], name: str = "r.jsonl") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(record) + "\n")
    return path


def _game_record(seed: int = 3) -> dict[str, Any]:
    game = Game(seed=seed)
    while not game.is_over:
        game.play(game.legal_moves()[-1])
    return to_record(game)


@pytest.mark.parametrize("depth", [1_000, 100_000])
def test_replay_of_deeply_nested_json_is_one_line(tmp_path: Path, depth: int) -> None:
    path = tmp_path / "deep.json"
    path.write_text("[" * depth + "]" * depth + "\n")
    done = _run("replay", str(path))
    assert done.returncode == 2
    assert f"nest {depth} deep" in _one_error_line(done.stderr)


def _limit_memory() -> None:  # in the child: fail fast instead of eating the machine
    resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))


def test_replay_of_dev_zero_stops_at_the_limit_in_bounded_memory() -> None:
    process = subprocess.Popen(
        [sys.executable, "-m", "seven_rocks", "replay", "--quiet", "/dev/zero"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=_limit_memory,
    )
    _, status, usage = os.wait4(process.pid, 0)
    assert process.stderr is not None
    stderr = process.stderr.read()
    process.returncode = os.waitstatus_to_exitcode(status)
    process.wait()
    assert process.returncode == 2, stderr
    line = _one_error_line(stderr)
    assert "larger than 16,777,216 bytes; --max-record-bytes raises the limit" in line
    # KiB: the interpreter and a few copies of the 16 MiB line (about 250 MB has been seen on
    # a fresh clone); reading /dev/zero unbounded grew to 3.9 GB in 15 s.
    assert usage.ru_maxrss < 400_000


def test_max_record_bytes_refuses_and_admits_a_long_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = _game_record()
    path = tmp_path / "padded.jsonl"
    path.write_text(json.dumps(record) + " " * 3_000_000 + "\n")
    assert main(["replay", "--quiet", "--max-record-bytes", "1M", str(path)]) == 2
    err = capsys.readouterr().err
    assert "larger than 1,048,576 bytes; --max-record-bytes raises the limit" in err
    assert main(["replay", "--quiet", "--max-record-bytes", "4M", str(path)]) == 0
    assert "1 game record replayed" in capsys.readouterr().out


@pytest.mark.parametrize("size", ["0", "zero", "2T", "-5", "99999999999999999G"])
def test_max_record_bytes_must_be_a_size(size: str) -> None:
    done = _run("replay", "--max-record-bytes", size, "x.jsonl")
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert len(done.stderr.splitlines()) == 1


def test_replay_into_a_closed_pipe_ends_quietly(tmp_path: Path) -> None:
    path = _record(tmp_path, _game_record())
    read_end, write_end = os.pipe()
    os.close(read_end)  # like `| head -1` once head has gone: every write fails
    try:
        done = _run("replay", str(path), stdout=write_end)
    finally:
        os.close(write_end)
    assert done.stderr == "" and done.returncode == 0


def test_simulate_into_a_closed_stdout_fails_in_one_line() -> None:
    done = _run("simulate", "--games", "2", "--record", "-", stdout=None, preexec_fn=_close_stdout)
    assert done.returncode == 2
    assert "standard output is closed" in _one_error_line(done.stderr, "simulate")


def _close_stdout() -> None:  # in the child: like `>&-`
    os.close(1)


def test_output_onto_a_full_disk_fails_in_one_line(tmp_path: Path) -> None:
    path = _record(tmp_path, _game_record())
    with open("/dev/full", "w") as full:
        many = _run("simulate", "--games", "2", "--record", "-", stdout=full)
        few = _run("replay", "--quiet", str(path), stdout=full)  # buffered until the exit
    assert many.returncode == few.returncode == 2
    assert "No space left on device" in _one_error_line(many.stderr, "simulate")
    assert "No space left on device" in _one_error_line(few.stderr, "replay")


def test_seat_names_cannot_drive_the_terminal(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = _game_record()
    record["seats"][1] = "\x1b]0;pwned\x07evil\x1b[2J" + "y" * 100
    assert main(["replay", str(_record(tmp_path, record))]) == 0
    out = capsys.readouterr().out
    assert "\x1b" not in out and "\x07" not in out
    assert "West (\\x1b]0;pwned\\x07evil\\x1b[2J" in out and "y" * 40 not in out


def test_a_ten_megabyte_field_is_not_echoed(tmp_path: Path) -> None:
    record = _game_record()
    record["rounds"][0]["moves"][1]["tile"] = "\x1b[31m" + "9" * 10_000_000
    done = _run("replay", str(_record(tmp_path, record)))
    assert done.returncode == 2
    line = _one_error_line(done.stderr)
    assert len(line) < 200 and "\x1b" not in line
    assert "game on line 1: round 1, move 2: invalid tile '\\x1b[31m9" in line


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (
            lambda r: r["rounds"][0]["moves"][1].update(tile="²-3"),
            "round 1, move 2: invalid tile '²-3' in 'tile' "
            "(a tile is written like '3-5', halves 0 to 6)",
        ),
        (
            lambda r: r["rounds"][0]["moves"][1].update(at=["1-1"]),
            "round 1, move 2: 'at' must be [tile, side], not ['1-1']",
        ),
        (lambda r: r.update(version=True), "'version' must be the whole number 1, not True"),
        (lambda r: r.update(version=1.0), "'version' must be the whole number 1, not 1.0"),
    ],
)
def test_record_faults_are_named_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], edit: Any, message: str
) -> None:
    record = _game_record()
    edit(record)
    assert main(["replay", str(_record(tmp_path, record))]) == 2
    line = _one_error_line(capsys.readouterr().err)
    assert line == f"seven-rocks replay: game on line 1: {message}"


def test_replay_reads_standard_input(tmp_path: Path) -> None:
    done = _run("replay", "--quiet", "-", input=json.dumps(_game_record()) + "\n")
    assert done.returncode == 0 and "1 game record replayed" in done.stdout


def _close_stdin() -> None:  # in the child: like `<&-`
    os.close(0)


def test_replay_of_a_closed_standard_input_fails_in_one_line() -> None:
    done = _run("replay", "-", stdin=None, preexec_fn=_close_stdin)
    assert done.returncode == 2
    assert "standard input is closed" in _one_error_line(done.stderr)
