"""``--record FILE`` never replaces a file that is there unless asked (``--force``), and a
file a command makes at its end (``simulate --record``, ``puzzles --out``) is written whole
or not at all: a failure or Ctrl-C halfway leaves the file that was there as it was."""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path
from typing import Any

import pytest

from seven_rocks.app.runner import Runner
from seven_rocks.cli import files, main
from seven_rocks.cli import puzzles as puzzles_command
from seven_rocks.research.puzzles import Stats, puzzle_file

COMMANDS = [
    pytest.param(["simulate", "--games", "2", "--seed", "3"], id="simulate"),
    pytest.param(
        ["tournament", "random", "random", "--games", "2", "--no-progress"], id="tournament"
    ),
]


@pytest.mark.parametrize("argv", COMMANDS)
def test_an_existing_file_is_refused_in_one_line_and_kept(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    path = tmp_path / "notes.txt"
    path.write_bytes(b"notes")
    assert main([*argv, "--record", str(path)]) == 2
    err = capsys.readouterr().err
    assert f"{path} already exists: give --force to replace it" in err
    assert len(err.strip().splitlines()) == 1
    assert path.read_bytes() == b"notes"


@pytest.mark.parametrize("argv", COMMANDS)
def test_force_replaces_the_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    path = tmp_path / "games.jsonl"
    path.write_bytes(b"notes")
    assert main([*argv, "--record", str(path), "--force"]) == 0
    lines = path.read_bytes().splitlines()
    assert len(lines) == 2 and all(
        line.startswith(b'{"format":"seven-rocks-record"') for line in lines
    )


@pytest.mark.parametrize("argv", COMMANDS)
def test_a_device_is_written_to_as_asked(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main([*argv, "--record", "/dev/null"]) == 0


def _left_over(folder: Path, *kept: Path) -> list[str]:
    """Files in ``folder`` other than ``kept``: a temporary file left behind would be one."""
    return sorted(p.name for p in folder.iterdir() if p not in kept)


class StopError(Exception):
    """A failure halfway through a write."""


def _write_half(path: Path, failure: BaseException, *, force: bool) -> None:
    """Write half of a file to ``path`` and fail."""
    with files.write_whole(str(path), force=force) as stream:
        stream.write("half of the new")
        stream.flush()
        raise failure


@pytest.mark.parametrize("failure", [StopError, KeyboardInterrupt, OSError])
def test_a_write_that_fails_halfway_leaves_the_file_as_it_was(
    tmp_path: Path, failure: type[BaseException]
) -> None:
    path = tmp_path / "puzzles.json"
    path.write_text("the old file")
    path.chmod(0o640)
    with pytest.raises(failure):
        _write_half(path, failure("stopped"), force=True)
    assert path.read_text() == "the old file" and _left_over(tmp_path, path) == []
    with files.write_whole(str(path), force=True) as stream:
        stream.write("the new file")
    assert path.read_text() == "the new file" and _left_over(tmp_path, path) == []
    assert stat.S_IMODE(path.stat().st_mode) == 0o640  # the file's mode is kept


def test_a_link_is_followed_and_a_new_file_made_only_when_it_is_whole(tmp_path: Path) -> None:
    real, link = tmp_path / "real.json", tmp_path / "link.json"
    real.write_text("old")
    link.symlink_to(real)
    with files.write_whole(str(link), force=True) as stream:
        stream.write("new")
    assert link.is_symlink() and real.read_text() == "new"
    fresh = tmp_path / "fresh.json"
    with pytest.raises(StopError):
        _write_half(fresh, StopError(), force=False)
    assert not fresh.exists() and _left_over(tmp_path, real, link) == []


def test_simulate_interrupted_halfway_keeps_the_record_that_was_there(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "games.jsonl"
    path.write_text("hours of games\n")
    games = []
    original = Runner.run

    def run_then_interrupt(self: Any) -> None:
        games.append(1)
        if len(games) == 3:
            raise KeyboardInterrupt
        original(self)

    monkeypatch.setattr(Runner, "run", run_then_interrupt)
    argv = ["simulate", "--games", "5", "--record", str(path), "--force"]
    assert main(argv) == 130
    assert path.read_text() == "hours of games\n" and _left_over(tmp_path, path) == []


def _fake_extend(fail: BaseException | None) -> Any:
    """The puzzle search, stood in for: one more run in the file (or ``fail`` halfway)."""

    def extend(base: Any, games: int, seed: int, **_: Any) -> tuple[Any, Stats]:
        if fail is not None:
            raise fail
        made = [*base["made"], {"games": games, "seed": seed}]
        return puzzle_file(base["puzzles"], made, base["daily"]), Stats(games, 0, 0, 0, 0.0)

    return extend


@pytest.mark.parametrize("fail", [None, KeyboardInterrupt(), MemoryError()])
def test_puzzles_extend_and_out_the_same_file_replaces_it_only_when_whole(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    fail: BaseException | None,
) -> None:
    path = tmp_path / "puzzles.json"
    path.write_text(json.dumps(puzzle_file([], [{"games": 1, "seed": 1}])))
    before = path.read_bytes()
    monkeypatch.setattr(puzzles_command, "extend", _fake_extend(fail))
    argv = ["puzzles", "--games", "2", "--seed", "9", "--extend", str(path), "--out", str(path)]
    assert main(argv) == 2  # the file exists: replacing it is asked for with --force only
    assert path.read_bytes() == before
    if fail is None:
        assert main([*argv, "--force"]) == 0
        runs = json.loads(path.read_text())["made"]
        assert runs == [{"games": 1, "seed": 1}, {"games": 2, "seed": 9}]
    elif isinstance(fail, KeyboardInterrupt):
        assert main([*argv, "--force"]) == 130
    else:  # a failure that is no input error: a bug's exit, its traceback naming it
        assert main([*argv, "--force"]) == 1
        assert "MemoryError" in capsys.readouterr().err
    assert path.read_bytes() == before or fail is None
    assert _left_over(tmp_path, path) == []


def test_puzzles_out_is_not_emptied_when_the_write_itself_fails(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "puzzles.json"
    path.write_text("the shipped puzzles")
    monkeypatch.setattr(puzzles_command, "extend", _fake_extend(None))

    def dump_half(data: object, stream: Any, **_: Any) -> None:
        stream.write('{"format":')
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("seven_rocks.cli.puzzles.json.dump", dump_half)
    assert main(["puzzles", "--games", "1", "--out", str(path), "--force"]) == 2
    assert path.read_text() == "the shipped puzzles" and _left_over(tmp_path, path) == []
    assert os.listdir(tmp_path) == ["puzzles.json"]
