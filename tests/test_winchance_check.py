"""The win-chance table measured on recorded games: the same figures as the games themselves."""

from __future__ import annotations

from pathlib import Path

import pytest

from seven_rocks.bots import make_bot
from seven_rocks.cli import main
from seven_rocks.engine.game import Game
from seven_rocks.engine.record.jsonl import write_jsonl
from seven_rocks.engine.round import SEATS
from seven_rocks.research import winchance_check
from seven_rocks.research.calibration import calibrate
from seven_rocks.research.roundtrace import play_one, trace_game

SEEDS = range(40, 46)


def played(seed: int, bot: str = "greedy") -> Game:
    """A finished game on ``seed``, four ``bot`` players (as ``roundtrace.play_one`` plays)."""
    game = Game(seed=seed)
    players = [make_bot(bot, seed * SEATS + seat) for seat in range(SEATS)]
    while not game.is_over:
        seat = game.turn
        game.play(players[seat].choose(game.view(seat)), seat)
    return game


def test_a_record_gives_the_figures_of_the_games_it_holds(tmp_path: Path) -> None:
    games = [played(seed) for seed in SEEDS]
    first, second = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    with first.open("w") as stream:
        write_jsonl(games[:4], stream)
    with second.open("w") as stream:
        write_jsonl(games[4:], stream)
    count, buckets = winchance_check.measure([first, second])
    assert count == len(SEEDS)
    direct = calibrate([play_one("greedy", seed) for seed in SEEDS], winchance_check.shipped_chance)
    assert buckets == direct
    rounds = sum(len(trace_game(g).rounds) for g in games)
    assert sum(b.positions for b in buckets) == 2 * rounds


def test_a_game_cut_short_is_left_out(tmp_path: Path) -> None:
    whole = played(SEEDS[0])
    cut = Game(seed=SEEDS[1])
    cut.play(cut.legal_moves()[0], cut.turn)
    path = tmp_path / "match.jsonl"
    with path.open("w") as stream:
        write_jsonl([whole, cut], stream)
    count, buckets = winchance_check.measure([path])
    assert count == 1
    assert sum(b.positions for b in buckets) == 2 * len(whole.rounds)


def test_the_command_prints_the_table_and_its_largest_gap(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "match.jsonl"
    with path.open("w") as stream:
        write_jsonl([played(seed) for seed in SEEDS[:2]], stream)
    assert main(["winchance-check", str(path)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("2 finished games, ")
    assert "| predicted | positions |" in out
    assert out.rstrip().endswith("no bucket has 1000+ positions: too few in each to judge its gap")


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ('{"format": "seven-rocks-record"\n', "line 1"),
        ("not json at all\n", "line 1"),
    ],
)
def test_a_file_that_is_not_a_record_gets_one_sentence(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, words: str
) -> None:
    path = tmp_path / "broken.jsonl"
    path.write_text(text)
    assert main(["winchance-check", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"seven-rocks winchance-check: {path}: game on {words}")
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err
    assert path.read_text() == text


def test_a_missing_file_is_named(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    missing = tmp_path / "nowhere.jsonl"
    assert main(["winchance-check", str(missing)]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("seven-rocks winchance-check: ") and str(missing) in err
