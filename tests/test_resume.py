"""A tournament continued from its record (``--resume``): the same match as one sitting."""

from __future__ import annotations

import argparse
import io
import json
from pathlib import Path

import pytest

from seven_rocks.cli import tournament as command
from seven_rocks.research.resume import ResumeError, read_played_pairs
from seven_rocks.research.tournament import TournamentResult, run_tournament


def parse(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="seven-rocks")
    subparsers = parser.add_subparsers(dest="command", required=True)
    command.register(subparsers)
    return parser.parse_args(["tournament", *argv])


def match(record: Path, games: int, *extra: str, a: str = "greedy", b: str = "random") -> int:
    argv = [a, b, "--games", str(games), "--seed", "4", "--record", str(record), *extra]
    return command.run(parse([*argv, "--no-progress", "--json"]))


def totals(out: str) -> dict[str, object]:
    """The JSON summary without what differs between sittings (times, games read back)."""
    data: dict[str, object] = json.loads(out)
    for key in ("seconds_per_move", "wall_seconds_per_move", "resumed_games"):
        data.pop(key)
    return data


def decisions(out: str) -> int:
    """How many of greedy's decisions a sitting timed."""
    count: int = json.loads(out)["seconds_per_move"]["greedy"]["decisions"]
    return count


@pytest.fixture
def whole(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[bytes, dict[str, object]]:
    """A 10-game match played in one sitting: its record, totals and greedy's decisions."""
    path = tmp_path / "whole.jsonl"
    assert match(path, 10) == 0
    out = capsys.readouterr().out
    return path.read_bytes(), {**totals(out), "decisions": decisions(out)}


def without_decisions(data: dict[str, object]) -> dict[str, object]:
    return {key: value for key, value in data.items() if key != "decisions"}


def test_a_match_in_two_sittings_is_the_match_in_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], whole: tuple[bytes, dict[str, object]]
) -> None:
    path = tmp_path / "sittings.jsonl"
    assert match(path, 4) == 0
    first = capsys.readouterr().out
    assert match(path, 10, "--resume") == 0
    second = capsys.readouterr().out
    assert path.read_bytes() == whole[0]
    assert totals(second) == without_decisions(whole[1])
    assert json.loads(second)["resumed_games"] == 4
    # Each sitting timed the decisions of the games it played, and only those.
    assert decisions(first) + decisions(second) == whole[1]["decisions"]


def test_a_sitting_killed_mid_pair_is_cut_back_and_played_again(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], whole: tuple[bytes, dict[str, object]]
) -> None:
    lines = whole[0].splitlines(keepends=True)
    path = tmp_path / "killed.jsonl"
    # Two whole pairs, the first game of the third, and half a line of the second.
    path.write_bytes(b"".join(lines[:5]) + lines[5][: len(lines[5]) // 2])
    assert match(path, 10, "--resume") == 0
    captured = capsys.readouterr()
    assert path.read_bytes() == whole[0]
    assert totals(captured.out) == without_decisions(whole[1])
    assert json.loads(captured.out)["resumed_games"] == 4
    assert "unfinished last pair" in captured.err and str(path) in captured.err


def test_resuming_a_finished_match_plays_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], whole: tuple[bytes, dict[str, object]]
) -> None:
    path = tmp_path / "done.jsonl"
    path.write_bytes(whole[0])
    assert match(path, 10, "--resume") == 0
    out = capsys.readouterr().out
    assert path.read_bytes() == whole[0]
    assert totals(out) == without_decisions(whole[1])
    assert decisions(out) == 0


def test_resume_without_a_file_yet_starts_the_match(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], whole: tuple[bytes, dict[str, object]]
) -> None:
    path = tmp_path / "new.jsonl"
    assert match(path, 10, "--resume") == 0
    out = capsys.readouterr().out
    assert path.read_bytes() == whole[0]
    assert totals(out) == without_decisions(whole[1])
    assert decisions(out) == whole[1]["decisions"]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--seed", "5"], "other deals"),
        (["--target", "200"], "target 250, not 200"),
        (["--games", "2"], "already holds 4 games"),
    ],
)
def test_another_match_is_refused_and_the_file_kept(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    path = tmp_path / "other.jsonl"
    assert match(path, 4) == 0
    before = path.read_bytes() + b'{"format":"seven-rocks-rec'  # a game cut short
    path.write_bytes(before)
    capsys.readouterr()
    args = ["greedy", "random", "--games", "10", "--seed", "4", *argv]
    status = command.run(parse([*args, "--record", str(path), "--resume", "--no-progress"]))
    assert status == 2
    err = capsys.readouterr().err
    assert message in err and str(path) in err
    assert len(err.strip().splitlines()) == 1
    assert path.read_bytes() == before


def test_other_bots_or_a_broken_line_are_named(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], whole: tuple[bytes, dict[str, object]]
) -> None:
    path = tmp_path / "swapped.jsonl"
    path.write_bytes(whole[0])
    assert match(path, 10, "--resume", a="random", b="greedy") == 2
    err = capsys.readouterr().err
    assert "line 1 of the record" in err and "seats greedy, random" in err
    lines = whole[0].splitlines(keepends=True)
    path.write_bytes(b"".join(lines[:3]) + b"not a game\n" + b"".join(lines[4:]))
    assert match(path, 10, "--resume") == 2
    err = capsys.readouterr().err
    assert "line 4 of the record is not a valid game" in err
    assert len(err.strip().splitlines()) == 1


def test_resume_needs_a_record(capsys: pytest.CaptureFixture[str]) -> None:
    args = parse(["greedy", "random", "--games", "2", "--resume", "--no-progress"])
    assert command.run(args) == 2
    assert "--record FILE" in capsys.readouterr().err


def test_reading_stops_at_the_last_complete_pair(whole: tuple[bytes, dict[str, object]]) -> None:
    lines = whole[0].splitlines(keepends=True)
    head = b"".join(lines[:3])
    played = TournamentResult("greedy", "random", 4)
    offset = read_played_pairs(io.BytesIO(head), played, 250)
    assert (played.games, played.resumed) == (2, 2)
    assert played.pairs_swept_a + played.pairs_split + played.pairs_swept_b == 1
    assert offset == len(lines[0]) + len(lines[1])
    with pytest.raises(ResumeError, match=r"line 1 .* not game 1"):
        read_played_pairs(io.BytesIO(head), TournamentResult("greedy", "random", 4), 300)
    with pytest.raises(ValueError, match="first ones"):
        read_played_pairs(io.BytesIO(head), played, 250)


def test_the_library_refuses_more_played_pairs_than_games(
    whole: tuple[bytes, dict[str, object]],
) -> None:
    played = TournamentResult("greedy", "random", 4)
    read_played_pairs(io.BytesIO(whole[0]), played, 250)
    with pytest.raises(ValueError, match="already holds 10 games"):
        run_tournament("greedy", "random", 8, seed=4, played=played)
    with pytest.raises(ValueError, match="not of random vs greedy"):
        run_tournament("random", "greedy", 10, seed=4, played=played)


def _notes(whole: bytes) -> bytes:
    return b"notes"


def _one_download(whole: bytes) -> bytes:
    """Another match's game saved on its own, without a final newline (a browser download)."""
    return whole.splitlines()[1]


def _pretty_download(whole: bytes) -> bytes:
    """Another match's game as the page downloads it: indented JSON on many lines."""
    return json.dumps(json.loads(whole.splitlines()[1]), indent=1).encode() + b"\n"


def _notes_after_the_record(whole: bytes) -> bytes:
    return whole.splitlines(keepends=True)[0] + b"my notes on game 1"


@pytest.mark.parametrize(
    "content", [_notes, _one_download, _pretty_download, _notes_after_the_record]
)
def test_a_file_that_is_not_this_matchs_record_is_refused_and_kept(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    whole: tuple[bytes, dict[str, object]],
    content: object,
) -> None:
    assert callable(content)
    before = content(whole[0])
    path = tmp_path / "notes.txt"
    path.write_bytes(before)
    assert match(path, 10, "--resume") == 2
    err = capsys.readouterr().err
    assert str(path) in err
    refusals = ("not this match's record", "is not game 1 of greedy vs", "is not a valid game")
    assert any(refusal in err for refusal in refusals), err
    assert len(err.strip().splitlines()) == 1
    assert path.read_bytes() == before


def test_a_first_line_cut_before_its_end_is_this_matchs_and_played_again(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], whole: tuple[bytes, dict[str, object]]
) -> None:
    path = tmp_path / "cut.jsonl"
    for cut in (5, 200):
        path.write_bytes(whole[0][:cut])
        assert match(path, 10, "--resume") == 0
        assert path.read_bytes() == whole[0]
    assert "unfinished last pair" in capsys.readouterr().err
