"""Split each language's catalogue: what a first visit needs, and the strings of lazy parts.

The rule book and the coach (with the replay viewer, which offers it) are loaded on first use
(``web/js/ui/lazy.js``); their strings were more than a third of a catalogue, downloaded on
every first visit. Authors keep one file per language (``web/i18n/<lang>.json``); the build
moves each part's keys into ``i18n/<lang>.<part>.json``, which the page fetches with the
part (``loadStrings`` in ``web/js/util/i18n.js``). The part names here and there are the same.

>>> core, parts = split_catalogue({"app.title": "Seven Rocks", "rules.h": "Rules", "help.1": "?"})
>>> core
{'app.title': 'Seven Rocks'}
>>> parts["rules"]
{'rules.h': 'Rules', 'help.1': '?'}
>>> parts["review"]
{}
"""

from __future__ import annotations

import json
from pathlib import Path

#: Each lazily loaded part's strings, by key prefix. The page's eager modules use none of
#: these keys (``tests/test_i18n.py`` checks it).
LAZY_PARTS: dict[str, tuple[str, ...]] = {
    "rules": ("rules.", "help."),
    # The coach, with the trainer it opens and the puzzles (which word moves as it does).
    "review": ("review.", "trainer.", "puzzle."),
}


class CatalogueError(ValueError):
    """A catalogue file is not a JSON object of strings."""


def split_catalogue(strings: dict[str, str]) -> tuple[dict[str, str], dict[str, dict[str, str]]]:
    """The first-visit catalogue and each lazy part's strings (key order kept)."""
    parts: dict[str, dict[str, str]] = {name: {} for name in LAZY_PARTS}
    core: dict[str, str] = {}
    for key, text in strings.items():
        owners = [name for name, prefixes in LAZY_PARTS.items() if key.startswith(prefixes)]
        (parts[owners[0]] if owners else core)[key] = text
    return core, parts


def split_catalogues(i18n: Path) -> None:
    """Split every ``<lang>.json`` under the site's ``i18n`` folder in place."""
    for path in sorted(i18n.glob("*.json")):
        if path.stem.count(".") > 0 and path.stem.rsplit(".", 1)[1] in LAZY_PARTS:
            continue  # already a part (a build into a used folder)
        try:
            strings = json.loads(path.read_text(encoding="utf-8"))
        except (UnicodeDecodeError, json.JSONDecodeError) as error:
            raise CatalogueError(f"{path.name} is not valid JSON: {error}") from None
        if not isinstance(strings, dict) or not all(isinstance(v, str) for v in strings.values()):
            raise CatalogueError(f"{path.name} must be one JSON object of strings")
        core, parts = split_catalogue(strings)
        targets = {name: path.with_name(f"{path.stem}.{name}.json") for name in parts}
        if not any(parts.values()) and all(t.is_file() for t in targets.values()):
            continue  # split already: its parts must not be emptied
        _write(path, core)
        for name, part in parts.items():
            _write(targets[name], part)


def _write(path: Path, strings: dict[str, str]) -> None:
    text = json.dumps(strings, ensure_ascii=False, separators=(",", ":"))
    path.write_text(text, encoding="utf-8")
