"""The build's catalogue split: the first visit's strings, and each lazy part's."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from seven_rocks.site.catalogues import (
    LAZY_PARTS,
    CatalogueError,
    split_catalogue,
    split_catalogues,
)
from tests.helpers import load_catalogue

WEB = Path(__file__).resolve().parents[1] / "web"
#: The modules loaded on first use, and the catalogue part each one's strings are in.
LAZY_MODULES = {
    "help/rules.js": "rules",
    "coach/review.js": "review",
    "coach/review-ctrl.js": "review",
    "coach/review-view.js": "review",
    "coach/review-text.js": "review",
    "replay/replay.js": "review",
    "replay/replay-view.js": "review",
    "coach/puzzles.js": "review",
    "coach/puzzle-idea.js": "review",
    "coach/trainer.js": "review",
    "coach/trainer-panel.js": "review",
    "coach/trainer-view.js": "review",
    "coach/trainer-retry.js": "review",
}
LAZY_PREFIXES = tuple(p for prefixes in LAZY_PARTS.values() for p in prefixes)
ALTERNATIVES = "|".join(re.escape(p) for p in LAZY_PREFIXES)
KEY = re.compile(rf"""["'`]((?:{ALTERNATIVES})[a-z0-9_.]*)""")


@pytest.mark.parametrize("lang", ["en", "pt-BR"])
def test_every_string_lands_in_exactly_one_file(lang: str) -> None:
    strings = load_catalogue(lang)
    core, parts = split_catalogue(strings)
    files = [core, *parts.values()]
    assert sum(len(f) for f in files) == len(strings)
    assert {k: v for f in files for k, v in f.items()} == strings
    assert not any(key.startswith(LAZY_PREFIXES) for key in core)
    for name, part in parts.items():
        assert part, f"the {name} part has no strings: its prefixes match nothing"
        assert all(key.startswith(LAZY_PARTS[name]) for key in part)


def _module(path: Path) -> str:
    """A page module's name as LAZY_MODULES keys it: its path under web/js/."""
    return path.relative_to(WEB / "js").as_posix() if path.is_relative_to(WEB / "js") else ""


def test_the_first_visit_needs_no_lazy_string() -> None:
    """A key of a lazy part used by a module loaded at once would show as the raw key."""
    eager = [
        p
        for p in sorted(WEB.rglob("*"))
        if p.suffix in (".js", ".html") and _module(p) not in LAZY_MODULES
    ]
    used = {p.name: KEY.findall(p.read_text(encoding="utf-8")) for p in eager}
    assert {name: keys for name, keys in used.items() if keys} == {}


def test_each_lazy_module_uses_only_its_own_part() -> None:
    for name, part in LAZY_MODULES.items():
        keys = KEY.findall((WEB / "js" / name).read_text(encoding="utf-8"))
        strays = [k for k in keys if not k.startswith(LAZY_PARTS[part])]
        assert strays == [], f"{name} uses {strays}, which are not in the {part} part"


def test_the_split_writes_compact_files_and_can_run_twice(tmp_path: Path) -> None:
    source = {"app.title": "Seven Rocks", "rules.h": "Regras", "review.open": "Análise"}
    (tmp_path / "pt-BR.json").write_text(json.dumps(source, indent=2), encoding="utf-8")
    split_catalogues(tmp_path)
    split_catalogues(tmp_path)  # a build into a used folder: the parts are left alone
    written = {p.name: json.loads(p.read_text("utf-8")) for p in tmp_path.iterdir()}
    assert written == {
        "pt-BR.json": {"app.title": "Seven Rocks"},
        "pt-BR.rules.json": {"rules.h": "Regras"},
        "pt-BR.review.json": {"review.open": "Análise"},
    }
    assert "\n" not in (tmp_path / "pt-BR.json").read_text("utf-8")
    assert "Análise" in (tmp_path / "pt-BR.review.json").read_text("utf-8")


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ('{"a": ', "not valid JSON"),
        ("[1, 2]", "one JSON object of strings"),
        ('{"a": 3}', "strings"),
    ],
)
def test_a_broken_catalogue_is_one_sentence_naming_the_file(
    tmp_path: Path, text: str, says: str
) -> None:
    (tmp_path / "en.json").write_text(text, encoding="utf-8")
    with pytest.raises(CatalogueError, match=says) as raised:
        split_catalogues(tmp_path)
    assert "en.json" in str(raised.value)
    assert (tmp_path / "en.json").read_text("utf-8") == text  # nothing lost
