"""Behaviour is frozen: records for a fixed seed stay byte-identical across refactors.

The files in ``tests/golden/`` are the records of

    seven-rocks simulate --games 300 --seed 5 --bots random,greedy,expert,random --record F
    seven-rocks tournament BOT expert --games 2 --seed 3 --record F --no-progress --json

for ``BOT`` ``master`` (the default level's search playing for the game), ``master-v1``
(the research name of ``master-150-uniform``, the ``brisk`` search) and ``master-h1000``
(the research name of ``master-1000-weighted``): each name's file holds the seats as that
name spells them.
One duplicate pair still puts the search through 13 rounds and 316 moves; a tournament's
games do not depend on how many are played (``--games 2`` writes exactly the first two
lines of ``--games 4``).

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
        # The names the stored records are seated by, read as the research variants.
        ("master-v1", "tournament-master-v1-expert-seed3.jsonl"),
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
