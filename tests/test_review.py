"""The coach (``app.review``, ``seven-rocks review``): fair, right, repeatable, cached."""

from __future__ import annotations

import copy
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from seven_rocks.app import review as rv
from seven_rocks.app.review import GameReview, Mark, ReviewJob, read_game_review
from seven_rocks.app.review.paired import PairedSearch
from seven_rocks.cli import main
from seven_rocks.engine.game import Game
from seven_rocks.engine.moves import Move
from seven_rocks.engine.record import dumps, from_record, to_record
from seven_rocks.engine.view import PlayerView

LEVEL = "quick"

#: Round 1 of a game to 150: after nine moves South (seat 0) can play 0-3 on the 0-0 for 20
#: points, and instead plays 6-6 on the 4-6 for nothing (move 10).
DEAL = [
    ["0-3", "0-5", "1-1", "2-5", "3-3", "4-4", "6-6"],
    ["0-0", "0-2", "2-4", "3-4", "3-6", "5-5", "5-6"],
    ["0-1", "0-6", "1-2", "1-5", "2-6", "3-5", "4-6"],
    ["0-4", "1-3", "1-4", "1-6", "2-2", "2-3", "4-5"],
]
MOVES: list[dict[str, Any]] = [
    {"seat": 3, "tile": "1-4"},
    {"seat": 0, "tile": "4-4", "at": ["1-4", "high"]},
    {"seat": 1, "tile": "3-4", "at": ["4-4", "line_b"]},
    {"seat": 2, "tile": "4-6", "at": ["4-4", "branch_a"]},
    {"seat": 3, "tile": "4-5", "at": ["4-4", "branch_b"]},
    {"seat": 0, "tile": "0-5", "at": ["4-5", "high"]},
    {"seat": 1, "tile": "0-0", "at": ["0-5", "low"]},
    {"seat": 2, "tile": "3-5", "at": ["3-4", "low"]},
    {"seat": 3, "tile": "1-6", "at": ["1-4", "low"]},
    {"seat": 0, "tile": "6-6", "at": ["4-6", "high"]},
]
GOOD_MOVE = "0-3@0-0:line_b"


def record_of(deal: list[list[str]], moves: list[dict[str, Any]]) -> dict[str, Any]:
    return {
        "format": "seven-rocks-record",
        "version": 1,
        "target": 150,
        "seats": ["human", "expert", "expert", "expert"],
        "rounds": [{"deal": deal, "opener": 3, "moves": moves}],
        "winner": None,
    }


@pytest.fixture
def searches(monkeypatch: pytest.MonkeyPatch) -> list[PlayerView]:
    """Every view the coach's search is run on (its only way to value moves), once however
    many deals it gets."""
    seen: list[PlayerView] = []
    original = PairedSearch.__init__

    def counting(self: PairedSearch, view: PlayerView, *args: Any) -> None:
        seen.append(view)
        original(self, view, *args)

    monkeypatch.setattr(PairedSearch, "__init__", counting)
    return seen


def small_game(seed: int) -> Game:
    """A short game (target 60) played by the first legal move: quick to review."""
    game = Game(seed=seed, target=60)
    while not game.is_over:
        game.play(game.legal_moves()[0])
    return game


def seat_positions(game: Game, seat: int) -> Iterator[tuple[int, int, PlayerView]]:
    """(round, number, view) before each of ``seat``'s moves, replayed independently."""
    again = Game(
        target=game.target, deals=[(r.deal, r.opener) for r in game.rounds], seats=game.seats
    )
    for number_of_round, rnd in enumerate(game.rounds, start=1):
        for number, turn in enumerate(rnd.turns, start=1):
            if turn.seat == seat:
                yield number_of_round, number, again.view(seat)
            again.play(turn.move, turn.seat)


# ------------------------------------------------------------------ the verdicts
def test_passing_up_twenty_points_is_a_blunder_with_the_right_best_move() -> None:
    review, _ = rv.review_record(record_of(DEAL, MOVES), seat=0, level=LEVEL)
    last = review.moves[-1]
    assert (last.round, last.number, last.move) == (1, 10, "6-6@4-6:high")
    assert last.best == GOOD_MOVE
    assert last.mark is Mark.BLUNDER and last.win_loss >= rv.BLUNDER_LOSS and last.loss >= 15
    assert last.reasons[0] == rv.Reason("scores_less", {"points": 0, "best_points": 20})
    assert "scores 0 now where 0-3@0-0:line_b scores 20" in rv.reason_text(last)
    assert review.rounds[0].summary.blunders == 1
    assert review.summary.accuracy is not None and review.summary.accuracy < 100


def test_the_best_move_loses_nothing() -> None:
    game = from_record(record_of(DEAL, MOVES[:9]))
    view = game.view(0)
    verdict = rv.review_position(view, Move.parse(GOOD_MOVE), LEVEL, number=10)
    assert verdict.loss == 0 and verdict.mark is Mark.BEST and verdict.best == GOOD_MOVE
    assert verdict.accuracy == 100
    assert verdict.value == max(v for _, v in verdict.candidates)


def test_losses_marks_and_accuracy_are_consistent_over_a_game() -> None:
    review = ReviewJob(small_game(2), seat=1, level=LEVEL).run()
    assert review.complete and review.moves
    for m in review.moves:
        assert m.loss >= 0
        assert {r.code for r in m.reasons} <= set(rv.REASON_CODES) and rv.reason_text(m)
        if m.mark is Mark.FORCED:
            assert m.candidates == () and m.accuracy is None
            continue
        values = dict(m.candidates)
        assert m.loss == pytest.approx(max(values.values()) - values[m.move], abs=0.05)
        assert m.chance is not None and m.best_chance is not None
        assert 0 <= m.win_loss <= 1 and 0 <= m.chance <= m.best_chance <= 1
        assert m.win_loss == pytest.approx(m.best_chance - m.chance, abs=1e-4)
        assert (m.mark is Mark.BEST) == (m.win_loss == 0) == (m.best == m.move)
        assert (m.mark is Mark.BLUNDER) == (m.win_loss >= rv.BLUNDER_LOSS)
        assert m.accuracy == rv.move_accuracy(m.win_loss) and 0 <= m.accuracy <= 100


def test_thresholds_and_accuracy_scale() -> None:
    assert [rv.mark_of(x) for x in (0, 0.001, 0.0299, 0.03, 0.0799, 0.08, 1)] == [
        Mark.BEST,
        Mark.GOOD,
        Mark.GOOD,
        Mark.MISTAKE,
        Mark.MISTAKE,
        Mark.BLUNDER,
        Mark.BLUNDER,
    ]
    assert (rv.move_accuracy(0), rv.move_accuracy(0.06), rv.move_accuracy(0.12)) == (100, 50, 25)
    # A mistake scores at most 71, a blunder at most 40.
    assert rv.move_accuracy(rv.MISTAKE_LOSS) == 70.7 and rv.move_accuracy(rv.BLUNDER_LOSS) == 39.7


def test_forced_moves_are_marked_forced_and_not_searched(searches: list[PlayerView]) -> None:
    game = small_game(5)
    review = ReviewJob(game, seat=2, level=LEVEL).run()
    forced = {(r, n) for r, n, view in seat_positions(game, 2) if len(view.legal_moves()) == 1}
    assert forced, "the game should hold a forced move for this test to mean anything"
    assert {(m.round, m.number) for m in review.moves if m.mark is Mark.FORCED} == forced
    assert len(searches) == len(review.moves) - len(forced)
    knocks = [m for m in review.moves if m.move == "pass"]
    assert all(m.mark is Mark.FORCED and m.reasons[0].args["pass"] for m in knocks)


# ------------------------------------------------------------------ fairness, determinism
def other_hidden_hands(deal: list[list[str]], played: set[str]) -> list[list[str]]:
    """The same deal for South and for every tile played so far, the rest moved round."""
    hidden = [[t for t in deal[s] if t not in played] for s in (1, 2, 3)]
    pool = [t for hand in hidden for t in hand]
    pool = pool[5:] + pool[:5]
    out, at = [deal[0]], 0
    for s in (1, 2, 3):
        kept = [t for t in deal[s] if t in played]
        out.append(kept + pool[at : at + len(hidden[s - 1])])
        at += len(hidden[s - 1])
    return out


def test_hidden_hands_do_not_change_the_analysis(searches: list[PlayerView]) -> None:
    played = {m["tile"] for m in MOVES}
    deal_b = other_hidden_hands(DEAL, played)
    assert [sorted(h) for h in deal_b[1:]] != [sorted(h) for h in DEAL[1:]]
    a, _ = rv.review_record(record_of(DEAL, MOVES), seat=0, level=LEVEL)
    b, _ = rv.review_record(record_of(deal_b, MOVES), seat=0, level=LEVEL)
    assert a.to_json() == b.to_json()
    # ... and the search was only ever shown views.
    assert searches and all(type(v) is PlayerView and v.seat == 0 for v in searches)


def test_a_review_is_deterministic_for_a_record() -> None:
    game = small_game(3)
    first = ReviewJob(game, seat=0, level=LEVEL).run().to_json()
    again = ReviewJob(from_record(json.loads(dumps(game))), seat=0, level=LEVEL).run().to_json()
    assert first == again


def test_different_views_get_different_keys() -> None:
    game = from_record(record_of(DEAL, MOVES[:9]))
    view = game.view(0)
    other = from_record(record_of(DEAL, MOVES[:5])).view(0)
    assert rv.view_key(view, LEVEL) != rv.view_key(other, LEVEL)
    assert rv.view_key(view, LEVEL) != rv.view_key(view, "default")


# ------------------------------------------------------------------ slices and cache
def test_progress_and_cancel_then_resume_from_the_partial_review(
    searches: list[PlayerView],
) -> None:
    game = small_game(4)
    job = ReviewJob(game, seat=0, level=LEVEL)
    seen: list[tuple[int, int]] = []
    partial = job.run(progress=lambda d, t: seen.append((d, t)), cancelled=lambda: job.done >= 3)
    assert seen == [(1, job.total), (2, job.total), (3, job.total)]
    assert not partial.complete and len(partial.moves) == 3
    first_searches = len(searches)
    resumed = ReviewJob(game, seat=0, level=LEVEL, cache=partial, trusted=True)
    whole = resumed.run()
    assert whole.complete and len(whole.moves) == job.total
    assert whole.moves[:3] == partial.moves
    assert len(searches) - first_searches == resumed.searched
    assert resumed.searched == sum(m.mark is not Mark.FORCED for m in whole.moves[3:])
    assert whole.to_json() == ReviewJob(game, seat=0, level=LEVEL).run().to_json()


def test_the_cached_review_round_trips_and_is_checked_unless_trusted(
    searches: list[PlayerView],
) -> None:
    record = to_record(small_game(6))
    review, job = rv.review_record(record, seat=3, level=LEVEL)
    assert job.searched > 0 and len(searches) == job.searched
    stored = json.loads(json.dumps(rv.attach(record, review)))
    assert rv.cached(stored, 3, LEVEL) == review
    assert rv.cached(stored, 1, LEVEL) is None and rv.cached(stored, 3, "default") is None
    # Readers of the record format ignore the field.
    assert dumps(from_record(stored)) == dumps(from_record(record))

    # A record's cache is analysed again, move by move, and matches.
    searched = job.searched
    again, job = rv.review_record(stored, seat=3, level=LEVEL)
    assert again == review and job.searched == searched
    assert (job.checked, job.differed) == (len(review.moves), 0)
    # A cache this program kept itself (a trusted one) spares the search.
    searches.clear()
    trusted = ReviewJob(from_record(stored), 3, LEVEL, rv.cached(stored, 3, LEVEL), trusted=True)
    assert trusted.run() == review and trusted.searched == 0 and searches == []


def test_a_stale_cached_move_is_searched_again(searches: list[PlayerView]) -> None:
    record = to_record(small_game(6))
    review, _ = rv.review_record(record, seat=3, level=LEVEL)
    stored = rv.attach(record, review)
    raw = stored[rv.RECORD_FIELD][0]
    target = next(m for r in raw["rounds"] for m in r["moves"] if m["mark"] != "forced")
    target["key"] = "0" * 64
    target["loss"] = 99.0
    searches.clear()
    job = ReviewJob(from_record(stored), 3, LEVEL, rv.cached(stored, 3, LEVEL), trusted=True)
    assert job.run() == review
    assert job.searched == 1 and len(searches) == 1
    again, job = rv.review_record(stored, seat=3, level=LEVEL)
    assert again == review and job.differed == 1


def test_a_malformed_cache_is_ignored_and_attach_replaces_its_own_entry() -> None:
    record = record_of(DEAL, MOVES)
    record[rv.RECORD_FIELD] = [{"seat": 0, "level": LEVEL, "format": "nonsense"}, "junk"]
    assert rv.cache_or_error(record, 0, LEVEL) == (
        None,
        "the review cached in the record was left out: not a Seven Rocks review",
    )
    review, _ = rv.review_record(record, seat=0, level=LEVEL)
    once = rv.attach(record, review)
    twice = rv.attach(once, review)
    assert twice[rv.RECORD_FIELD] == ["junk", review.to_json()]
    assert read_game_review(twice[rv.RECORD_FIELD][1]) == review


def test_a_review_of_another_version_is_analysed_again_without_a_word_of_fault() -> None:
    record = record_of(DEAL, MOVES)
    review, _ = rv.review_record(record, seat=0, level=LEVEL)
    older = {**review.to_json(), "version": rv.VERSION - 1}
    record[rv.RECORD_FIELD] = [older]
    assert rv.cache_or_error(record, 0, LEVEL) == (None, None)
    again, job = rv.review_record(record, seat=0, level=LEVEL)
    assert again == review and job.searched > 0


def test_bad_requests_are_review_errors() -> None:
    game = from_record(record_of(DEAL, MOVES))
    with pytest.raises(rv.ReviewError, match="no seat 4"):
        ReviewJob(game, seat=4)
    with pytest.raises(rv.ReviewError, match="unknown level"):
        ReviewJob(game, seat=0, level="grandmaster")
    view = from_record(record_of(DEAL, MOVES[:9])).view(0)
    with pytest.raises(rv.ReviewError, match="not a legal move"):
        rv.review_position(view, Move.parse("1-1"), LEVEL)


# ------------------------------------------------------------------ the command line
def write(tmp_path: Path, *records: dict[str, Any]) -> str:
    path = tmp_path / "games.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    return str(path)


def test_cli_prints_a_table_per_round(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, record_of(DEAL, MOVES))
    assert main(["review", path, "--level", LEVEL]) == 0
    out = capsys.readouterr().out
    assert "review of South (human)" in out and "Round 1" in out
    row = next(line for line in out.splitlines() if line.split()[1:2] == ["6-6@4-6:high"])
    assert GOOD_MOVE in row and "blunder" in row and "scores 0 now where" in row
    assert "Game accuracy" in out and "1 blunder." in out


def test_cli_json_and_seat_by_name(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, record_of(DEAL, MOVES[:1]), record_of(DEAL, MOVES))
    assert main(["review", path, "--game", "2", "--seat", "west", "--level", LEVEL, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["game"] == 2 and data["seat"] == 1 and data["complete"] is True
    assert [m["number"] for r in data["rounds"] for m in r["moves"]] == [3, 7]
    assert all(0 <= m["win_loss"] <= 1 for r in data["rounds"] for m in r["moves"])


def test_cli_checks_a_cached_review_and_says_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = record_of(DEAL, MOVES)
    review, _ = rv.review_record(record, seat=0, level=LEVEL)
    cached = copy.deepcopy(rv.attach(record, review))
    path = tmp_path / "one.json"
    path.write_text(json.dumps(cached, indent=2), encoding="utf-8")  # pretty-printed: one record
    assert main(["review", str(path), "--level", LEVEL, "--json"]) == 0
    captured = capsys.readouterr()
    assert json.loads(captured.out)["rounds"] == review.to_json()["rounds"]
    assert captured.err == (
        "seven-rocks review: the 3 verdicts cached in the record were checked and match "
        "the analysis\n"
    )


def status_of(argv: list[str]) -> int:
    """The exit status of the command line (argparse exits on bad options)."""
    try:
        return main(argv)
    except SystemExit as exit_:
        return int(exit_.code or 0)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--game", "3"], "there is no game 3"),
        (["--seat", "9"], "is not a seat"),
        (["--level", "huge"], "invalid choice"),
    ],
)
def test_cli_errors_are_one_line_with_status_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    path = write(tmp_path, record_of(DEAL, MOVES))
    assert status_of(["review", path, *args]) == 2
    err = capsys.readouterr().err
    assert message in err and len(err.strip().splitlines()) == 1


def test_cli_bad_files_are_one_line_with_status_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad_json = tmp_path / "bad.jsonl"
    bad_json.write_text('{"format": "seven-rocks-record"}\n{nope\n', encoding="utf-8")
    illegal = record_of(DEAL, [*MOVES[:9], {"seat": 0, "tile": "1-1", "at": ["4-6", "high"]}])
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 3000 + "]" * 3000, encoding="utf-8")
    endless = tmp_path / "endless.jsonl"
    endless.write_bytes(b"x" * 70_000)
    for path, extra, message in [
        (str(tmp_path / "missing.jsonl"), [], "No such file"),
        (str(bad_json), ["--game", "2"], "line 2: not JSON"),
        (write(tmp_path, illegal), [], "round 1, move 10"),
        (str(deep), [], "nest 3000 deep"),
        (str(endless), ["--max-record-bytes", "64K"], "larger than 65,536 bytes"),
    ]:
        assert status_of(["review", path, "--level", LEVEL, *extra]) == 2
        err = capsys.readouterr().err
        assert message in err and len(err.strip().splitlines()) == 1


# ------------------------------------------------------------------ hostile caches
def _cached_record(tmp_path: Path, edit: Any) -> tuple[Path, GameReview]:
    """South's honest review of the blunder game, and a file whose cached copy ``edit``
    changed (it gets the review's JSON; it may return text to write instead)."""
    record = record_of(DEAL, MOVES)
    review, _ = rv.review_record(record, seat=0, level=LEVEL)
    stored = copy.deepcopy(rv.attach(record, review))
    text = edit(stored[rv.RECORD_FIELD][0]) or json.dumps(stored)
    path = tmp_path / "forged.jsonl"
    path.write_text(text + "\n", encoding="utf-8")
    return path, review


def _forge(raw: dict[str, Any]) -> None:
    """Every analysed move made a blunder with a made-up best move (the key kept: it is
    computed from public data, so a forger can always match it)."""
    for rnd in raw["rounds"]:
        for move in rnd["moves"]:
            if move["mark"] != "forced":
                move.update(loss=80.0, mark="blunder", accuracy=0.1, best="pass")


def test_a_forged_cached_review_is_replaced_by_the_analysis_and_said(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path, honest = _cached_record(tmp_path, _forge)
    assert main(["review", str(path), "--level", LEVEL, "--json"]) == 0
    captured = capsys.readouterr()
    shown = json.loads(captured.out)
    assert shown["rounds"] == honest.to_json()["rounds"]
    assert shown["accuracy"] == honest.summary.accuracy and shown["blunders"] == 1
    analysed = honest.summary.analysed
    assert captured.err == (
        f"seven-rocks review: {analysed} of the 3 verdicts cached in the record did not "
        "match the analysis: the analysis is shown\n"
    )


def _first_reasons(reasons: list[dict[str, Any]]) -> Any:
    def edit(raw: dict[str, Any]) -> None:
        raw["rounds"][0]["moves"][-1]["reasons"] = reasons

    return edit


def _loss_text(literal: str) -> Any:
    """The last move's loss written as ``literal`` (NaN, 1e999): what JSON.parse refuses
    or Python reads as a float that is not finite."""

    def edit(raw: dict[str, Any]) -> str:
        raw["rounds"][0]["moves"][-1]["loss"] = 12345.5
        record = record_of(DEAL, MOVES)
        record[rv.RECORD_FIELD] = [raw]
        return json.dumps(record).replace("12345.5", literal)

    return edit


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (
            _first_reasons([{"code": "hands_more", "seat": 99, "threat": 5, "best_threat": 0}]),
            "'seat' must be a whole number from 0 to 3, not 99",
        ),
        (_first_reasons([{"code": "best"}]), "'points' is missing"),
        (
            _first_reasons([{"code": "best", "points": 0, "margin": "lots"}]),
            "'margin' must be a number from -1e+09 to 1e+09, not 'lots'",
        ),
        (_first_reasons([{"code": "gloat"}]), "unknown reason 'gloat'"),
        (_loss_text("NaN"), "'loss' must be a number from 0 to 1e+09, not nan"),
        (_loss_text("1e999"), "'loss' must be a number from 0 to 1e+09, not inf"),
        (_loss_text("-3"), "'loss' must be a number from 0 to 1e+09, not -3"),
        (
            lambda raw: raw["rounds"][0]["moves"][0].update(seat=True),
            "'seat' must be a whole number from 0 to 3, not True",
        ),
        (
            lambda raw: raw["rounds"][0]["moves"][0].update(candidates=[["pass", "x"]]),
            "'value' must be a number",
        ),
    ],
)
@pytest.mark.parametrize("as_json", [False, True])
def test_a_bad_cached_field_is_one_sentence_and_the_review_made_afresh(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    edit: Any,
    message: str,
    as_json: bool,
) -> None:
    path, honest = _cached_record(tmp_path, edit)
    argv = ["review", str(path), "--level", LEVEL] + (["--json"] if as_json else [])
    assert main(argv) == 0
    captured = capsys.readouterr()
    err = captured.err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith(
        "seven-rocks review: the review cached in the record was left out: the review's round 1, "
    )
    assert message in err[0] and err[0].endswith("; every move was analysed afresh")
    if as_json:

        def refuse(constant: str) -> None:
            raise AssertionError(f"{constant} is not JSON")

        shown = json.loads(captured.out, parse_constant=refuse)
        assert shown["rounds"] == honest.to_json()["rounds"]
    else:
        assert "1 blunder." in captured.out
