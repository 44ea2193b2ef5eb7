"""``--record FILE`` never replaces a file that is there unless asked (``--force``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from seven_rocks.cli import main

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
