"""Behaviour is frozen: records for a fixed seed stay byte-identical across refactors.

The files in ``tests/golden/`` were written by ``main`` before the engine's redesign, with

    seven-rocks simulate --games 300 --seed 5 --bots random,greedy,expert,random --record F
    seven-rocks tournament master expert --games 4 --seed 3 --record F --no-progress --json

``tournament-master-v1-expert-seed3.jsonl`` is the record of the ``brisk`` search
(that command's file when it was the default, with the seat names ``master`` spelt
``master-v1``): the frozen ``master-v1`` in :mod:`seven_rocks.research` must keep playing it.
``tournament-master-expert-seed3.jsonl`` was written again, on purpose, by the commit that
made the search of 1,000 deals with successive halving the default ``master``, and
again by the one that gave the default ``master-infer``'s settings (deals resampled by a
play model that knows the shedding habit); the file it replaced, with ``master`` spelt
``master-h1000``, is ``tournament-master-h1000-expert-seed3.jsonl``, which the frozen
``master-h1000`` must keep playing.
Both tournament files now keep only their first duplicate pair (the first two lines, cut
from those files, not written again): the master's games took most of a minute of every
test run, and one pair still puts the search through 13 rounds and 316 moves.  The
tournament's games do not depend on how many are played (``--games 2`` writes exactly
the first two lines of ``--games 4``), so the frozen bytes are the same bytes as before.

Any change to the rules, the deal, a bot's choices or the record format shows up here as a
difference in the first line that differs (not as a wall of JSON).
"""

from __future__ import annotations

import gzip
from pathlib import Path

import pytest

from seven_rocks.cli import main

GOLDEN = Path(__file__).parent / "golden"


def _first_difference(expected: bytes, actual: bytes) -> str:
    for number, (want, got) in enumerate(
        zip(expected.splitlines(), actual.splitlines(), strict=False), start=1
    ):
        if want != got:
            at = next(i for i, (a, b) in enumerate(zip(want, got, strict=False)) if a != b)
            want_text, got_text = want[at : at + 60], got[at : at + 60]
            return f"line {number}, byte {at}: expected {want_text!r}, got {got_text!r}"
    return f"{len(expected.splitlines())} lines expected, {len(actual.splitlines())} written"


def _assert_same(expected: bytes, actual: bytes) -> None:
    if expected != actual:
        pytest.fail(_first_difference(expected, actual))


def test_simulated_records_are_byte_identical(tmp_path: Path) -> None:
    out = tmp_path / "games.jsonl"
    args = ["simulate", "--games", "300", "--seed", "5", "--bots", "random,greedy,expert,random"]
    assert main([*args, "--record", str(out)]) == 0
    expected = gzip.decompress((GOLDEN / "simulate-300-seed5.jsonl.gz").read_bytes())
    _assert_same(expected, out.read_bytes())


@pytest.mark.parametrize(
    ("bot", "golden"),
    [
        ("master", "tournament-master-expert-seed3.jsonl"),
        # master-v1 plays the brisk search, as the default master did: the record made then.
        ("master-v1", "tournament-master-v1-expert-seed3.jsonl"),
        # master-h1000 plays as the default master did before master-infer's settings.
        ("master-h1000", "tournament-master-h1000-expert-seed3.jsonl"),
    ],
)
def test_master_tournament_records_are_byte_identical(
    tmp_path: Path, bot: str, golden: str
) -> None:
    out = tmp_path / "tournament.jsonl"
    args = ["tournament", bot, "expert", "--games", "2", "--seed", "3", "--no-progress"]
    assert main([*args, "--json", "--record", str(out)]) == 0
    _assert_same((GOLDEN / golden).read_bytes(), out.read_bytes())
