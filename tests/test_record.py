"""Game records: the contract's shape, round trips, and precise errors for bad records."""

from __future__ import annotations

import copy
import io
import json
import sys
import tracemalloc
from pathlib import Path
from typing import IO, Any, cast

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from seven_rocks import Game, RecordError
from seven_rocks.app.runner import play_game
from seven_rocks.bots import make_bot
from seven_rocks.engine.errors import RecordTooLargeError
from seven_rocks.engine.record import (
    check_json_text,
    dumps,
    from_record,
    json_depth,
    loads,
    read_jsonl,
    replay_rounds,
    to_record,
    write_jsonl,
)
from tests.support.counting import CountingList
from tests.test_round import DEAL


def _finished(seed: int) -> Game:
    return play_game([make_bot("greedy", s) for s in range(4)], seed)


def test_record_has_the_contract_shape() -> None:
    record = to_record(_finished(3))
    assert record["format"] == "seven-rocks-record" and record["version"] == 1
    assert record["target"] == 250 and record["seats"] == ["greedy"] * 4
    assert record["winner"] in (0, 1)
    first = record["rounds"][0]
    assert set(first) == {"deal", "opener", "moves", "end", "deductions", "scores"}
    assert all(len(hand) == 7 for hand in first["deal"])
    opening = first["moves"][0]
    assert set(opening) == {"seat", "tile", "points"} and opening["seat"] == first["opener"]
    later = next(m for m in first["moves"][1:] if "tile" in m)
    assert set(later) == {"seat", "tile", "at", "points"} and len(later["at"]) == 2
    last = record["rounds"][-1]
    assert last["end"] == "target" and "deductions" not in last
    passes = [m for r in record["rounds"] for m in r["moves"] if "pass" in m]
    assert all(m == {"seat": m["seat"], "pass": True} for m in passes)


def test_unfinished_games_round_trip() -> None:
    game = Game(seed=8)
    for _ in range(10):
        game.play(game.legal_moves()[0])
    again = from_record(json.loads(json.dumps(to_record(game))))
    assert again.winner is None and again.scores == game.scores
    assert again.current.layout.moves == game.current.layout.moves
    assert again.hand(again.turn) == game.hand(game.turn)


def test_json_lines_round_trip() -> None:
    games = [_finished(seed) for seed in range(3)]
    stream = io.StringIO()
    assert write_jsonl(games, stream) == 3
    stream.seek(0)
    replayed = list(read_jsonl(stream))
    assert [g.scores for g in replayed] == [g.scores for g in games]


def _corrupt(mutate: Any) -> dict[str, Any]:
    record = copy.deepcopy(to_record(_finished(5)))
    mutate(record)
    return record


BAD_RECORDS = [
    (lambda r: r.update(format="pgn"), "not a Seven Rocks record"),
    (lambda r: r.update(version=9), "unsupported record version 9"),
    (lambda r: r.update(seats=["a"]), "'seats' must name 4 players"),
    (
        lambda r: r["rounds"][0]["deal"][0].__setitem__(0, "7-7"),
        "round 1, seat 0's hand: invalid tile '7-7'",
    ),
    (
        lambda r: r["rounds"][0]["deal"][1].__setitem__(0, r["rounds"][0]["deal"][0][0]),
        "round 1: the deal holds a tile twice",
    ),
    (lambda r: r["rounds"][0]["moves"][0].update(points=35), "round 1, move 1"),
    (
        lambda r: r["rounds"][0]["moves"][1].update(
            seat=(r["rounds"][0]["moves"][1]["seat"] + 1) % 4
        ),
        "round 1, move 2",
    ),
    (
        lambda r: r["rounds"][0]["moves"][1].update(tile="9-9"),
        "round 1, move 2: invalid tile '9-9' in 'tile'",
    ),
    (lambda r: r["rounds"][0].update(deductions=[0, 0, 0, 0]), "round 1: deductions are"),
    (lambda r: r["rounds"][0].update(scores=[999, 0]), "round 1: scores after the round are"),
    (lambda r: r.update(winner=1 - r["winner"]), "the record says the winner is"),
    (lambda r: r["rounds"][0]["moves"].pop(), "round 1"),
]


@pytest.mark.parametrize(("mutate", "message"), BAD_RECORDS)
def test_bad_records_name_the_fault(mutate: Any, message: str) -> None:
    record = _corrupt(mutate)
    with pytest.raises(RecordError, match=message.replace("(", r"\(").replace(")", r"\)")):
        from_record(record)


def _short_record(third_move: dict[str, Any]) -> dict[str, Any]:
    game = Game(deals=[(DEAL, 0)])
    game.play("1-4")
    game.play("4-4@1-4:high")
    record = to_record(game)
    record["rounds"][0]["moves"].append(third_move)
    return record


@pytest.mark.parametrize(
    ("third_move", "message"),
    [
        (
            {"seat": 2, "tile": "4-5", "at": ["4-4", "line_b"]},
            "round 1, move 3: 4-5 is not in seat 2's hand (played at 4-4:line_b)",
        ),
        (
            {"seat": 2, "tile": "2-4", "at": ["1-4", "high"]},
            "round 1, move 3: 2-4 cannot go on 1-4:high: that point is not open",
        ),
        (
            {"seat": 3, "tile": "4-5", "at": ["4-4", "line_b"]},
            "round 1, move 3: 4-5@4-4:line_b by seat 3: it is seat 2's turn",
        ),
        (
            {"seat": 2, "tile": "2-2", "at": ["4-4", "line_b"]},
            "round 1, move 3: 2-2 cannot attach to 4-4:line_b",
        ),
        (
            {"seat": 2, "pass": True},
            "round 1, move 3: seat 2 cannot pass: it can place 1-6@1-4:low, 2-4@4-4:line_b",
        ),
    ],
)
def test_illegal_move_in_a_record_names_round_move_tile_and_point(
    third_move: dict[str, Any], message: str
) -> None:
    with pytest.raises(RecordError) as caught:
        from_record(_short_record(third_move))
    assert str(caught.value).startswith(message)


def test_text_that_is_not_json_is_a_record_error() -> None:
    with pytest.raises(RecordError, match="not JSON"):
        loads("{oops")
    with pytest.raises(RecordError, match="game on line 2"):
        list(read_jsonl(io.StringIO(json.dumps(to_record(_finished(1))) + "\n[]\n")))


# ------------------------------------------------------------ hostile and huge records
def _long_game(rounds: int) -> Game:
    """An unfinished game of ``rounds`` played rounds (the target is out of reach)."""
    game = Game(seed=4, target=10**9)
    while game.round_number <= rounds:
        game.play(game.legal_moves()[0])
    return game


def _work_to_replay(record: dict[str, Any]) -> int:
    """Python and builtin calls made by one replay: a count of work, not of seconds."""
    calls = 0

    def count(frame: object, event: str, arg: object) -> None:
        nonlocal calls
        calls += 1

    sys.setprofile(count)
    try:
        from_record(record)
    finally:
        sys.setprofile(None)
    return calls


def test_replay_work_grows_linearly_with_rounds() -> None:
    # The same seed and moves: the short game's rounds are the long one's first rounds.
    # Scanning every event once per round (the old reader) made 4x the rounds ~7x the work.
    short, long = to_record(_long_game(60)), to_record(_long_game(240))
    assert long["rounds"][:60] == short["rounds"][:60]
    ratio = _work_to_replay(long) / _work_to_replay(short)
    assert 3.5 < ratio < 4.6, ratio


def test_a_replay_reads_the_event_history_a_bounded_number_of_times() -> None:
    """Dealing a round must not copy the whole history: a replay takes no views, so
    nothing it does should read the history once per round (quadratic in rounds)."""
    steps = replay_rounds(to_record(_long_game(240)))
    game = next(steps).game
    events = game.events = CountingList(game.events)
    for _ in steps:
        pass
    assert events.read <= len(events), (events.read, len(events))


def test_progress_is_reported_after_every_round() -> None:
    record = to_record(_long_game(5))
    total = len(record["rounds"])
    seen: list[tuple[int, int]] = []
    game = from_record(record, progress=lambda done, of: seen.append((done, of)))
    assert seen == [(n, total) for n in range(1, total + 1)]
    steps = replay_rounds(record)
    first = next(steps)
    assert (first.round, first.rounds) == (1, total)
    assert first.game.round_number == 2  # round 1 checked, round 2 dealt
    *_, last = steps
    assert last.game.scores == game.scores and last.round == total


def test_the_last_step_comes_after_the_winner_is_checked() -> None:
    record = to_record(_finished(2))
    record["winner"] = 1 - record["winner"]
    steps = replay_rounds(record)
    for _ in range(len(record["rounds"]) - 1):
        next(steps)
    with pytest.raises(RecordError, match="the winner is"):
        next(steps)


def _depth(value: object) -> int:
    if isinstance(value, list):
        return 1 + max(map(_depth, value), default=0)
    if isinstance(value, dict):
        return 1 + max(map(_depth, value.values()), default=0)
    return 0


_BRACKETY = st.text(alphabet='[]{}"\\ab\n\x00é', max_size=8)
JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False)
    | _BRACKETY
    | st.sampled_from(["3-5", "²-3", "line_a", "seven-rocks-record"]),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(_BRACKETY, inner, max_size=5),
    max_leaves=40,
)


@given(JSON_VALUES, st.booleans())
@settings(max_examples=300, deadline=None)
def test_json_depth_is_the_nesting_without_parsing(value: object, indent: bool) -> None:
    text = json.dumps(value, indent=1 if indent else None, ensure_ascii=False)
    assert json_depth(text) == _depth(value)


def test_nesting_and_size_are_refused_before_parsing() -> None:
    for depth in (65, 1_000, 3_000, 100_000):
        with pytest.raises(RecordError, match=f"nest {depth} deep; a record may nest at most 64"):
            loads("[" * depth + "]" * depth)
    # Deep inside an otherwise valid record too (the browser crashed on that one).
    record = to_record(_finished(1))
    record["rounds"][0]["deal"][0][0] = "deep"
    text = json.dumps(record).replace('"deep"', "[" * 3000 + "]" * 3000)
    with pytest.raises(RecordError, match="nest 3005 deep"):
        loads(text)
    # Brackets inside strings are text, not nesting.
    record = to_record(_finished(1))
    record["seats"][0] = "[" * 5000
    assert loads(json.dumps(record)).seats[0] == "[" * 5000
    with pytest.raises(RecordTooLargeError, match="larger than 100 bytes"):
        loads(json.dumps(record), max_bytes=100)
    with pytest.raises(RecordTooLargeError):  # 40 characters, 80 bytes of UTF-8
        check_json_text('"' + "é" * 38 + '"', max_bytes=60)
    check_json_text('"' + "é" * 38 + '"', max_bytes=78)


class _Endless(io.RawIOBase):
    """/dev/zero that counts what was read from it."""

    def __init__(self, byte: bytes = b"\0") -> None:
        self.byte, self.read_bytes = byte, 0

    def readable(self) -> bool:
        return True

    def readline(self, size: int | None = -1) -> bytes:
        assert size is not None and size > 0, "an unbounded readline never returns"
        self.read_bytes += size
        return self.byte * size


@pytest.mark.parametrize("byte", [b"\0", b" ", b"["])
def test_an_endless_line_is_refused_after_reading_at_most_the_limit(byte: bytes) -> None:
    stream = _Endless(byte)
    tracemalloc.start()
    try:
        with pytest.raises(RecordTooLargeError, match=r"game on line 1: .* larger than 65,536"):
            list(read_jsonl(cast(IO[bytes], stream), max_bytes=65_536))
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert stream.read_bytes <= 65_536 + 3
    assert peak < 1_000_000


def test_a_long_line_is_read_when_the_limit_allows_it(tmp_path: Path) -> None:
    game = _finished(6)
    line = dumps(game) + " " * 3_000_000  # JSON allows the padding; the line is 3 MB
    path = tmp_path / "big.jsonl"
    path.write_text(f"{dumps(game)}\n\n{line}\r\n")
    with pytest.raises(RecordTooLargeError, match="game on line 3: "):
        list(read_jsonl(path, max_bytes=2_000_000))
    assert [g.scores for g in read_jsonl(path, max_bytes=4_000_000)] == [game.scores] * 2


def test_lines_that_are_not_utf8_are_named() -> None:
    good = dumps(_finished(1)).encode()
    with pytest.raises(RecordError, match="game on line 2: not UTF-8 text"):
        list(read_jsonl(io.BytesIO(good + b"\n" + b'{"a": "\xff"}\n')))
    assert len(list(read_jsonl(io.BytesIO(b"\xef\xbb\xbf" + good + b"\n")))) == 1  # a BOM


def _move_record(mutate: Any) -> dict[str, Any]:
    record = to_record(_finished(5))
    mutate(record["rounds"][0]["moves"][1])
    return record


@pytest.mark.parametrize(
    ("mutate", "message"),
    [
        (lambda m: m.update(tile="²-3"), "round 1, move 2: invalid tile '²-3' in 'tile'"),
        (lambda m: m.update(tile=["3-5"]), "round 1, move 2: invalid tile ['3-5'] in 'tile'"),
        (lambda m: m.update(at=["1-1"]), "round 1, move 2: 'at' must be [tile, side], not"),
        (lambda m: m.update(at=["²-3", "low"]), "round 1, move 2: invalid tile '²-3' in 'at'"),
        (lambda m: m.update(at=[m["at"][0], "up"]), "round 1, move 2: invalid side 'up' in 'at'"),
        (lambda m: m.update(seat=True), "round 1, move 2: 'seat' must be a whole number, not"),
    ],
)
def test_a_bad_field_in_a_move_is_named_once(mutate: Any, message: str) -> None:
    with pytest.raises(RecordError) as caught:
        from_record(_move_record(mutate))
    text = str(caught.value)
    assert text.startswith(message), text
    assert text.count("round 1") == 1 and "int()" not in text


@pytest.mark.parametrize("version", [True, 1.0, "1", None])
def test_the_version_must_be_the_integer_1(version: object) -> None:
    record = to_record(_finished(5))
    record["version"] = version
    with pytest.raises(RecordError, match="'version' must be the whole number 1"):
        from_record(record)


@pytest.mark.parametrize(
    "where",
    ["format", "version", "seed", "target", "tile", "side", "points", "end", "scores"],
)
def test_a_huge_or_hostile_field_is_echoed_short_and_escaped(where: str) -> None:
    huge = "\x1b]0;pwned\x07" + "x" * 10_000_000
    record = to_record(_finished(5))
    move = record["rounds"][0]["moves"][1]
    if where in ("tile", "points"):
        move[where] = huge
    elif where == "side":
        move["at"][1] = huge
    elif where in ("end", "scores"):
        record["rounds"][0][where] = huge
    else:
        record[where] = huge
    with pytest.raises(RecordError) as caught:
        from_record(record)
    text = str(caught.value)
    assert len(text) < 200 and "\x1b" not in text and "\\x1b" in text, text


# ----------------------------------------------------------------------- fuzzing
_VALID = to_record(_finished(7))
_VALID_TEXT = json.dumps(_VALID).encode()
_LIMIT = 200_000


def _reads_or_refuses(data: bytes) -> None:
    """Reading gives games or one RecordError with one short line, nothing else."""
    try:
        for game in read_jsonl(io.BytesIO(data), max_bytes=_LIMIT):
            assert isinstance(game, Game)
    except RecordError as error:
        text = str(error)
        assert "\n" not in text and len(text) < 600, text


@st.composite
def _mutated(draw: st.DrawFn) -> object:
    """The valid record with a few values replaced, deleted or nested somewhere inside."""
    record: Any = copy.deepcopy(_VALID)
    for _ in range(draw(st.integers(1, 3))):
        parent: Any = None
        key: Any = None
        node = record
        while isinstance(node, dict | list) and node and draw(st.integers(0, 4)):
            keys = list(node) if isinstance(node, dict) else list(range(len(node)))
            parent, key = node, draw(st.sampled_from(keys))
            node = node[key]
        if parent is None:
            return draw(JSON_VALUES)
        action = draw(st.sampled_from(["replace", "delete", "wrap", "copy"]))
        if action == "replace":
            parent[key] = draw(JSON_VALUES)
        elif action == "delete":
            del parent[key]
        elif action == "wrap":
            parent[key] = [node] if draw(st.booleans()) else {"x": node}
        else:
            parent[key] = copy.deepcopy(draw(st.sampled_from([record, node, parent])))
    return record


@st.composite
def _byte_edits(draw: st.DrawFn) -> bytes:
    """The valid record's text with bytes flipped, cut, doubled or inserted."""
    data = bytearray(_VALID_TEXT)
    for _ in range(draw(st.integers(1, 4))):
        at = draw(st.integers(0, len(data) - 1))
        edit = draw(st.sampled_from(["set", "cut", "insert", "double"]))
        if edit == "set":
            data[at] = draw(st.integers(0, 255))
        elif edit == "cut":
            del data[at : at + draw(st.integers(1, 50))]
        elif edit == "insert":
            data[at:at] = draw(st.binary(min_size=1, max_size=20))
        else:
            data[at:at] = data[at : at + draw(st.integers(1, 200))]
    return bytes(data)


@given(
    st.binary(max_size=2_000)
    | _byte_edits()
    | JSON_VALUES.map(lambda v: json.dumps(v).encode())
    | st.lists(st.sampled_from([b"[", b"]", b"{", b"}", b'"', b"\\", b",", b"\n", b"0"])).map(
        b"".join
    )
)
@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_fuzz_any_bytes_give_games_or_one_record_error(data: bytes) -> None:
    _reads_or_refuses(data)
    _reads_or_refuses(data * 3)


@given(JSON_VALUES | _mutated())
@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_fuzz_any_structure_gives_a_game_or_one_record_error(value: object) -> None:
    _reads_or_refuses(json.dumps(value).encode() + b"\n")
    try:
        assert isinstance(from_record(value), Game)
    except RecordError as error:
        text = str(error)
        assert "\n" not in text and len(text) < 600, text
