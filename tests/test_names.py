"""What a name may hold: one rule (``seven_rocks/app/names.py``), the engine's and the page's.

The cases are one table (``tests/support/names.json``) that the page's test
(``tests/js/people.test.mjs``) reads too; here the engine holds it, and the page's own
cleaning (``cleanName`` in ``web/js/model/people.js``, run in Node) is checked to make only names
the engine takes, whatever is typed."""

from __future__ import annotations

import json
import random
import shutil
import subprocess
from pathlib import Path

import pytest

from seven_rocks.app.checks import names
from seven_rocks.app.guests import REMOTE
from seven_rocks.app.names import MAX_NAME, clean_name, refused_in
from seven_rocks.app.protocol import RequestError

from .test_pass_and_play import Page

ROOT = Path(__file__).resolve().parent.parent
CASES = json.loads((ROOT / "tests/support/names.json").read_text(encoding="utf-8"))["cases"]


@pytest.mark.parametrize(("text", "holds", "why"), CASES, ids=[case[2] for case in CASES])
def test_the_engine_takes_a_name_exactly_when_the_rule_does(
    text: str, holds: bool, why: str
) -> None:
    assert (refused_in(text) == []) is holds, why
    if holds:
        assert names([text, None, None, None])[0] == " ".join(text.split())
    else:
        with pytest.raises(RequestError, match="printable characters only"):
            names([text, None, None, None])


#: What people type, and what a hostile page might: letters, spaces of every kind, emoji and
#: their joiners, marks that join scripts, controls, bidi controls, invisible characters.
ALPHABET = [
    *"Ana Zoë",
    " ",
    "\u00a0",
    "\u3000",
    "\t",
    "👩",
    "💻",
    "🏳",
    "\ufe0f",
    "🏽",
    "\u200d",
    "\u200c",
    "\u200b",
    "محمد",
    "क्",
    "\u0007",
    "\u202e",
    "\u2066",
    "\ufeff",
    "\U000e0041",
    "\ud800",
]


def test_every_name_the_page_cleans_is_one_the_engine_takes() -> None:
    node = shutil.which("node")
    assert node is not None, "Node runs the page's tests"
    rng = random.Random(59)
    typed = ["".join(rng.choices(ALPHABET, k=rng.randrange(0, 45))) for _ in range(3000)]
    typed += [text for text, _, _ in CASES]
    script = (
        'const { cleanName } = await import("./web/js/model/people.js");'
        'let input = ""; for await (const chunk of process.stdin) input += chunk;'
        "process.stdout.write(JSON.stringify(JSON.parse(input).map(cleanName)));"
    )
    done = subprocess.run(
        [node, "--input-type=module", "-e", script],
        input=json.dumps(typed),
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
        check=True,
    )
    cleaned: list[str | None] = json.loads(done.stdout)
    for text, name in zip(typed, cleaned, strict=True):
        if name is not None:
            assert clean_name(name) == name and len(name) <= MAX_NAME, (text, name)
        if not refused_in(text) and len(" ".join(text.split())) <= MAX_NAME:
            assert name == clean_name(text), text  # a name the rule takes is kept as it is


def test_a_guest_named_with_an_emoji_sequence_joins_and_the_record_names_them() -> None:
    page = Page()
    page.call(
        "new_game",
        seed=5,
        bots=[None, REMOTE, "random", "random"],
        names=["Ana 👩‍💻", None, None, None],
    )
    snap = page.call("guest_join", seat=1, name="Bia 🏳️‍🌈")
    assert snap["names"][:2] == ["Ana 👩‍💻", "Bia 🏳️‍🌈"]
    assert page.call("record")["seats"][:2] == ["human:Ana 👩‍💻", "human:Bia 🏳️‍🌈"]
    refused = page.call("guest_join", seat=1, name="Bia\u202e")
    assert "printable characters only" in refused["error"]["message"]
