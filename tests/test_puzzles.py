"""Puzzles and the trainer: a seat's position as data, the trainer's requests, the generator,
its themes and hunts, a set that grows without renumbering, and the shipped puzzle file,
each answer re-checked by an independent big search."""

from __future__ import annotations

import collections
import hashlib
import json
import random
from pathlib import Path
from typing import Any

import pytest

from seven_rocks.app.dispatch import Dispatcher
from seven_rocks.app.hints import move_facts
from seven_rocks.app.puzzles import Position, PositionError
from seven_rocks.app.session import Session
from seven_rocks.bots.master import Analysis
from seven_rocks.cli import main
from seven_rocks.engine.game import Game
from seven_rocks.engine.moves import Move
from seven_rocks.engine.record.writer import to_record
from seven_rocks.research import puzzles as research
from seven_rocks.research.puzzle_themes import (
    THEMES,
    block_possible,
    blocks_next,
    in_race,
    tempting,
    theme_of,
    twins,
)
from seven_rocks.research.puzzles import (
    EVERY,
    FIRST_DAY,
    MARGIN,
    PuzzleFileError,
    PuzzleJson,
    extend,
    find_puzzles,
    positions,
    puzzle_file,
    read_file,
    recheck,
    run_of,
)
from tests.helpers import ask

ROOT = Path(__file__).resolve().parents[1]
SHIPPED = ROOT / "web" / "data" / "puzzles.json"
#: How far an independent search must still find each answer ahead: clearly the best.
RECHECK_LEAD = 1.0
#: The fewest puzzles of each theme: a month of daily practice in any of them.
PER_THEME = 30
#: Each shipped edition of the daily round: its size, and a digest of its puzzles' numbers,
#: positions and answers.  Players' solved lists and past daily puzzles refer to these
#: numbers, so a puzzle once shipped keeps its number: a set only grows by appending.
SHIPPED_EDITIONS = {
    319: "cef6e9f6d185c295",
    421: "7659ea1cc1c85b4d",
}


def _views(seed: int, plies: int) -> list[Any]:
    """The mover's view at each of the first ``plies`` decisions of a random game."""
    game, rng = Game(seed=seed), random.Random(seed)
    views: list[Any] = []
    while not game.is_over and len(views) < plies:
        views.append(game.view(game.turn))
        game.play(rng.choice(game.legal_moves()))
    return views


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_position_holds_the_seats_view_and_nothing_else(seed: int) -> None:
    for view in _views(seed, 120):
        position = Position.of_view(view)
        again = Position.from_json(json.loads(json.dumps(position.to_json())))
        rebuilt = again.view()
        assert again == position
        assert rebuilt.legal_moves() == view.legal_moves()
        assert rebuilt.hand_sizes == view.hand_sizes
        assert rebuilt.scores == view.scores
        assert rebuilt.voids() == view.voids()
        assert rebuilt.turns == view.turns
        assert rebuilt.passes_in_a_row == view.passes_in_a_row


def _position() -> dict[str, Any]:
    game = Game(seed=4)
    for _ in range(6):
        game.play(game.legal_moves()[0])
    return dict(Position.of_view(game.view(game.turn)).to_json())


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ({"hand": ["6-6"]}, "hand's size"),
        ({"turns": ["2-2", "3-3@2-2:line_a"]}, "3-3"),
        ({"seat": 7}, "0 to 3"),
        ({"scores": [250, 0]}, "over"),
        ({"opener": 1}, "turn"),
        ({"hand": ["0-0", "0-0", "1-1"]}, "distinct"),
    ],
)
def test_a_position_no_seat_could_be_in_is_refused(change: dict[str, Any], words: str) -> None:
    with pytest.raises(PositionError, match=words):
        Position.from_json({**_position(), **change})


def test_the_trainer_draws_a_position_and_judges_moves_by_the_analysis() -> None:
    door = Dispatcher(Session())
    position = _position()
    board = ask(door, "trainer_board", position=position, aspect=0.6)
    legal = [m for tile in board["moves"].values() for m in tile.values()]
    assert len(legal) >= 2 and board["hand"] == position["hand"]
    best, other = legal[0], legal[1]
    candidates = [[best, 10.0], *([m, 1.0] for m in legal[1:])]
    right = ask(door, "trainer_check", position=position, move=best, candidates=candidates)
    assert right["correct"] and right["best"]["move"] == best and right["loss"] == 0
    assert right["reasons"][0]["code"] == "best"
    wrong = ask(door, "trainer_check", position=position, move=other, candidates=candidates)
    assert not wrong["correct"] and wrong["loss"] == 9.0
    assert wrong["best"]["move"] == best and wrong["played"]["move"] == other
    assert wrong["best"]["table"]["last_tile"] == best.split("@")[0]
    assert all(r["code"] != "search" for r in wrong["reasons"])


def test_the_trainer_refuses_what_the_position_does_not_allow() -> None:
    door = Dispatcher(Session())
    position = _position()
    bad: list[tuple[str, dict[str, Any]]] = [
        ("trainer_board", {"position": "x"}),
        ("trainer_board", {"position": {**position, "turns": ["pass"] * 30}}),
        ("trainer_check", {"position": position, "move": "6-6@0-0:low", "candidates": []}),
        ("trainer_check", {"position": position, "move": "nonsense", "candidates": []}),
        ("trainer_check", {"position": position, "move": "pass", "candidates": [["pass", 1]]}),
    ]
    for method, params in bad:
        reply = ask(door, method, **params)
        assert reply["error"]["type"] == "RequestError", (method, reply)


def test_a_retried_mistake_is_the_movers_view_before_it() -> None:
    game = Game(seed=11)
    rng = random.Random(5)
    while len(game.rounds) < 2:
        game.play(rng.choice(game.legal_moves()))
    for _ in range(6):
        game.play(rng.choice(game.legal_moves()))
    record = to_record(game)
    door = Dispatcher(Session())
    rnd = game.rounds[1]
    for number in range(1, len(rnd.turns) + 1):
        reply = ask(door, "trainer_retry", record=record, round=2, number=number)
        position = Position.from_json(reply["position"])
        assert position.seat == rnd.turns[number - 1].seat
        assert rnd.turns[number - 1].move in position.view().legal_moves()
        assert position.scores == rnd.scores_before
    missing = ask(door, "trainer_retry", record=record, round=2, number=99)
    assert missing["error"]["type"] == "RequestError"


def test_twins_are_one_tile_on_the_spinners_two_arms() -> None:
    a, b = Move.parse("1-5@1-1:branch_a"), Move.parse("1-5@1-1:branch_b")
    assert twins(a, b) and twins(b, a)
    assert not twins(a, Move.parse("1-5@1-1:line_a"))


def test_the_generator_finds_a_clear_best_move_that_greed_alone_misses() -> None:
    # A hunt for blocks looks at a few positions a game (the whole game is the same code).
    found, stats = find_puzzles(1, 7, theme="blocking", limit=1)
    assert found and stats.screened >= len(found) and stats.decisions < 10
    for puzzle in found:
        view = Position.from_json(puzzle["position"]).view()
        values: dict[str, float] = {str(m): float(v) for m, v in puzzle["candidates"]}
        answer = puzzle["answer"]
        assert values[answer] == max(values.values())
        rivals = [
            v
            for m, v in values.items()
            if m != answer and not twins(Move.parse(m), Move.parse(answer))
        ]
        assert values[answer] - max(rivals) >= MARGIN
        points = {m: move_facts(view, Move.parse(m))["points"] for m in values}
        assert any(points[m] >= points[answer] for m in values if m != answer)
        assert puzzle["theme"] == "blocking" and blocks_next(view, Move.parse(answer))


# A blocking puzzle's position (the expert games of seed 3): the next opponent (seat 0) knocked
# on 0 and 5 but never on 6; after the answer 6-6 the ends show 0, 5 and 6, and every 6 is on
# the table or in the seat's hand, so seat 0 cannot play.  1-6 leaves a 1 they may hold.
COUNTED_BLOCK: dict[str, Any] = {
    "seat": 3,
    "hand": ["1-4", "1-6", "6-6"],
    "opener": 2,
    "round": 1,
    "scores": [0, 0],
    "target": 250,
    "turns": [
        "5-5",
        "4-5@5-5:line_a",
        "1-5@5-5:line_b",
        "0-1@1-5:low",
        "4-4@4-5:low",
        "4-6@4-4:line_b",
        "0-5@0-1:low",
        "5-6@4-6:high",
        "pass",
        "pass",
        "pass",
        "3-5@0-5:high",
        "3-3@3-5:low",
        "pass",
        "1-3@3-3:line_b",
        "2-5@5-6:low",
        "1-2@1-3:low",
        "2-6@2-5:low",
        "2-2@1-2:high",
        "0-6@2-6:high",
        "0-2@2-2:line_b",
        "0-0@0-6:low",
        "pass",
        "0-3@0-2:low",
        "3-6@0-3:high",
    ],
}


def test_a_block_counts_the_tiles_seen_as_well_as_the_numbers_knocked_on() -> None:
    view = Position.from_json(COUNTED_BLOCK).view()
    answer, rival = Move.parse("6-6@3-6:high"), Move.parse("1-6@3-6:high")
    assert 6 not in view.voids()[0]
    assert not move_facts(view, answer)["next_blocked"], "no knock proves the 6s missing"
    assert blocks_next(view, answer) and not blocks_next(view, rival)
    assert theme_of(view, answer, rival) == "blocking"
    # The same block near the target is still about blocking: the most specific theme first.
    near = Position.from_json({**COUNTED_BLOCK, "scores": [210, 180]}).view()
    assert in_race(near) and theme_of(near, answer, rival) == "blocking"
    assert theme_of(near, rival, answer) == "race"


def test_a_hunt_for_a_theme_looks_only_where_it_can_happen() -> None:
    race = [v for n in range(2) for v in positions(n, 2, "race")]
    blocks = [v for n in range(2) for v in positions(n, 3, "blocking")]
    every = [v for n in range(2) for v in positions(n, 3, EVERY)]
    assert race and all(in_race(v) for v in race)
    assert blocks and all(block_possible(v) for v in blocks)
    assert len(blocks) < len(every) // 5, "a block is possible in few positions"
    for view in blocks:
        moves = [m for m in view.legal_moves() if m.tile is not None]
        assert any(blocks_next(view, m) for m in moves)
        assert not all(blocks_next(view, m) for m in moves)


def _puzzle(number: int, position: dict[str, Any], answer: str, rival: str) -> PuzzleJson:
    return {
        "id": number,
        "theme": "counting",
        "position": position,  # type: ignore[typeddict-item]
        "answer": answer,
        "margin": 9.0,
        "candidates": [[answer, 10.0], [rival, 1.0]],
    }


def test_a_set_grows_by_appending_and_its_new_puzzles_join_the_daily_round_on_a_day(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    first = puzzle_file([_puzzle(1, _position(), *_two_moves())], [run_of(1, 1)])
    assert first["daily"] == [{"from": FIRST_DAY, "count": 1}]
    new = _puzzle(0, COUNTED_BLOCK, "6-6@3-6:high", "1-6@3-6:high")
    asked: list[Any] = []

    def found(games: int, seed: int, **options: Any) -> tuple[list[PuzzleJson], Any]:
        asked.append(options)
        after = options["after"]
        if any(p["position"] == new["position"] for p in after):
            return [], None  # no position twice
        return [{**new, "id": len(after) + 1}], None

    monkeypatch.setattr(research, "find_puzzles", found)
    grown, _ = extend(first, 5, 9, theme="blocking", daily_from="2026-12-06")
    assert asked[0]["theme"] == "blocking" and len(asked[0]["after"]) == 1
    assert [p["id"] for p in grown["puzzles"]] == [1, 2]
    assert grown["puzzles"][0]["position"] == first["puzzles"][0]["position"]
    assert grown["puzzles"][1]["theme"] == "counting"  # as found; kept ones are named again
    assert grown["daily"] == [
        {"from": FIRST_DAY, "count": 1},
        {"from": "2026-12-06", "count": 2},
    ]
    assert [run["theme"] for run in grown["made"]] == [EVERY, "blocking"]
    # The kept puzzles are named by the classifier as it stands.
    again, _ = extend(grown, 1, 1, daily_from="2026-12-06")
    assert again["puzzles"][1]["theme"] == "blocking"
    assert again["daily"] == grown["daily"], "one edition a day"
    for day in (None, "2026-12-05", "someday"):
        with pytest.raises(PuzzleFileError):
            extend(grown, 1, 1, daily_from=day)
    renumbered = {**grown, "puzzles": grown["puzzles"][::-1]}
    with pytest.raises(PuzzleFileError, match="numbered"):
        read_file(json.dumps(renumbered))


def _two_moves() -> tuple[str, str]:
    view = Position.from_json(_position()).view()
    found = sorted(view.legal_moves(), key=lambda m: -move_facts(view, m)["points"])
    # The answer scores no more than the rival, so greed alone does not find it.
    return str(found[-1]), str(found[0])


def _shipped() -> dict[str, Any]:
    return dict(json.loads(SHIPPED.read_text(encoding="utf-8")))


def _digest(puzzles: list[dict[str, Any]]) -> str:
    kept = [[p["id"], p["position"], p["answer"]] for p in puzzles]
    return hashlib.sha256(json.dumps(kept, sort_keys=True).encode()).hexdigest()[:16]


def test_a_shipped_puzzle_keeps_its_number_and_the_daily_round_only_grows() -> None:
    data = _shipped()
    puzzles, daily = data["puzzles"], data["daily"]
    assert daily[0]["from"] == FIRST_DAY and daily[-1]["count"] == len(puzzles)
    assert [e["from"] for e in daily] == sorted({e["from"] for e in daily})
    assert [e["count"] for e in daily] == sorted({e["count"] for e in daily})
    for edition in daily:
        count = edition["count"]
        assert _digest(puzzles[:count]) == SHIPPED_EDITIONS[count], f"puzzles 1..{count}"


def test_the_shipped_file_holds_enough_checked_puzzles_of_every_theme() -> None:
    data = _shipped()
    assert data["format"] == research.FORMAT and data["version"] == research.VERSION
    puzzles = data["puzzles"]
    assert len(puzzles) >= 200
    assert [p["id"] for p in puzzles] == list(range(1, len(puzzles) + 1))
    themes = collections.Counter(p["theme"] for p in puzzles)
    assert set(themes) == set(THEMES) and min(themes.values()) >= PER_THEME, themes
    keys = set()
    for puzzle in puzzles:
        view = Position.from_json(puzzle["position"]).view()
        legal = {str(m) for m in view.legal_moves()}
        assert {m for m, _ in puzzle["candidates"]} == legal
        assert puzzle["candidates"][0][0] == puzzle["answer"] and puzzle["margin"] >= MARGIN
        found = [Analysis(Move.parse(m), float(v), 0) for m, v in puzzle["candidates"]]
        pair = tempting(view, found)
        assert pair is not None and str(pair[0]) == puzzle["answer"], "not simply greed"
        assert theme_of(view, *pair) == puzzle["theme"], puzzle["id"]
        keys.add(json.dumps(puzzle["position"], sort_keys=True))
    assert len(keys) == len(puzzles), "no position twice"
    assert SHIPPED.stat().st_size < 400_000


def _recheck(puzzle: dict[str, Any]) -> None:
    lead = recheck(puzzle)  # type: ignore[arg-type]
    assert lead >= RECHECK_LEAD, f"puzzle {puzzle['id']}: the answer leads by {lead:.1f} only"


def test_a_sample_of_the_shipped_answers_holds_under_an_independent_big_search() -> None:
    """One puzzle of each theme, from the middle of its list (every run is sampled)."""
    puzzles = _shipped()["puzzles"]
    for theme in THEMES:
        of_theme = [p for p in puzzles if p["theme"] == theme]
        _recheck(of_theme[len(of_theme) // 2])


@pytest.mark.slow
@pytest.mark.exhaustive
def test_every_shipped_answer_holds_under_an_independent_big_search() -> None:
    for puzzle in _shipped()["puzzles"]:
        _recheck(puzzle)


def test_the_command_writes_the_file_grows_it_and_never_replaces_one_unasked(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out, grown = tmp_path / "puzzles.json", tmp_path / "grown.json"
    # One big search per answer: the command's options, not the search, are tested here.
    hunt = ["puzzles", "--theme", "blocking", "--games", "1", "--checks", "1"]
    assert main([*hunt, "--seed", "7", "--out", str(out)]) == 0
    data = json.loads(out.read_text(encoding="utf-8"))
    assert data["format"] == research.FORMAT and data["made"][0]["games"] == 1
    assert data["made"][0]["theme"] == "blocking" and data["made"][0]["checks"] == 1
    said = capsys.readouterr().out
    assert f"{len(data['puzzles'])} puzzles from 1 games" in said and "by theme: race" in said
    assert main([*hunt, "--seed", "7", "--out", str(out)]) == 2
    assert "already exists" in capsys.readouterr().err
    # Growing a file needs the day its new puzzles join the daily round.
    assert main([*hunt, "--seed", "4", "--extend", str(out), "--out", str(grown)]) == 2
    assert "--daily-from" in capsys.readouterr().err and not grown.exists()
    day = ["--daily-from", "2026-12-06"]
    assert main([*hunt, "--seed", "4", "--extend", str(out), *day, "--out", str(grown)]) == 0
    after = json.loads(grown.read_text(encoding="utf-8"))
    assert after["puzzles"][: len(data["puzzles"])] == data["puzzles"]
    assert [p["id"] for p in after["puzzles"]] == list(range(1, len(after["puzzles"]) + 1))
    assert len(after["puzzles"]) > len(data["puzzles"])
    assert after["daily"][-1] == {"from": "2026-12-06", "count": len(after["puzzles"])}
    assert [run["seed"] for run in after["made"]] == [7, 4]
    assert "the file: " in capsys.readouterr().out


def _shipped_with(change: Any) -> str:
    """The shipped file's text, its first puzzle changed by ``change``."""
    data = _shipped()
    change(data["puzzles"][0])
    return json.dumps(data)


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda p: p.pop("position"), "puzzle 1 of the file has no 'position'"),
        (lambda p: p.pop("candidates"), "puzzle 1 of the file has no 'candidates'"),
        (lambda p: p.update(position=[]), "puzzle 1 of the file has a 'position' of the wrong"),
        (lambda p: p.update(id=True), "puzzle 1 of the file has a 'id' of the wrong kind"),
        (lambda p: p["position"].pop("hand"), "puzzle 1 of the file: a position needs 'hand'"),
        (lambda p: p.update(candidates=[[1]]), "puzzle 1 of the file: not enough values"),
    ],
)
def test_a_puzzle_file_to_grow_with_a_bad_puzzle_is_refused_in_one_sentence(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], change: Any, words: str
) -> None:
    path, out = tmp_path / "bad.json", tmp_path / "out.json"
    path.write_text(_shipped_with(change), encoding="utf-8")
    day = ["--daily-from", "2099-01-01"]
    assert main(["puzzles", "--games", "1", "--extend", str(path), *day, "--out", str(out)]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err
    assert err.startswith("seven-rocks puzzles: ") and words in err
    assert not out.exists()


def test_a_huge_file_to_grow_is_read_no_further_than_the_bound(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    argv = ["puzzles", "--games", "1", "--extend", "/dev/zero", "--out", str(tmp_path / "o")]
    assert main(argv) == 2  # /dev/zero never ends: only the bound ends the read
    assert "/dev/zero is larger than 16,777,216 bytes, more than a puzzle file" in (
        capsys.readouterr().err
    )
    assert main([*argv, "--max-file-bytes", "64K"]) == 2
    assert "larger than 65,536 bytes, more than a puzzle file" in capsys.readouterr().err
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100_000 + "]" * 100_000)
    argv[4] = str(deep)
    assert main(argv) == 2
    assert "nest 100000 deep" in capsys.readouterr().err


def test_daily_from_without_a_file_to_grow_is_a_usage_error(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    out = tmp_path / "puzzles.json"
    argv = ["puzzles", "--games", "1", "--daily-from", "2026-12-06", "--out", str(out)]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert "--daily-from is the day --extend's new puzzles join: give --extend FILE" in err
    assert not out.exists()
