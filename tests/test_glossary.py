"""The game's words, held to docs/glossary.md over every string catalogue.

The glossary maps each game term to the word a player reads on screen and to the rule book's
word, in both languages; this test reads its tables, so the page and the glossary cannot
drift apart: each screen word is used while playing, each rule book word is the rule book's,
and the words a player must never meet while playing (a double called "dupla", tiles called
"pedras") appear nowhere outside the rule book.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
GLOSSARY = ROOT / "docs" / "glossary.md"
LANGUAGES = ("en", "pt-BR")
#: The rule book dialog's strings: the formal terms live there.
RULE_BOOK = "rules."


def _rows(heading: str) -> list[list[str]]:
    """The body rows of the table under ``heading``, as lists of cells."""
    text = GLOSSARY.read_text(encoding="utf-8")
    section = text.split(f"## {heading}\n", 1)[1].split("\n## ", 1)[0]
    lines = [line for line in section.splitlines() if line.startswith("|")]
    return [[cell.strip() for cell in line.strip("|").split("|")] for line in lines[2:]]


def _catalogue(lang: str) -> dict[str, str]:
    strings: dict[str, str] = json.loads((ROOT / "web" / "i18n" / f"{lang}.json").read_text())
    return strings


def _text(lang: str, *, rule_book: bool) -> str:
    """All the strings of ``lang`` a player reads while playing, or the rule book's."""
    chosen = (v for k, v in _catalogue(lang).items() if k.startswith(RULE_BOOK) == rule_book)
    return "\n".join(chosen).lower()


def _has(text: str, word: str) -> bool:
    return re.search(rf"(?<!\w){re.escape(word.lower())}", text) is not None


TERMS = _rows("Terms")
#: Column of each language's words: (on screen, rule book).
COLUMNS = {"en": (1, 2), "pt-BR": (3, 4)}


def test_the_glossary_has_its_tables() -> None:
    assert len(TERMS) >= 12 and all(len(row) == 5 for row in TERMS)
    assert {row[0] for row in _rows("Words never on screen")} == set(LANGUAGES)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_screen_word_is_the_one_players_read(lang: str) -> None:
    screen = _text(lang, rule_book=False)
    column = COLUMNS[lang][0]
    missing = [row[column] for row in TERMS if not _has(screen, row[column])]
    assert missing == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_rule_book_word_is_the_rule_books(lang: str) -> None:
    book = _text(lang, rule_book=True)
    if lang == "en":
        book += "\n" + (ROOT / "docs" / "RULES.md").read_text(encoding="utf-8").lower()
    column = COLUMNS[lang][1]
    missing = [row[column] for row in TERMS if not _has(book, row[column])]
    assert missing == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_forbidden_word_shows_while_playing(lang: str) -> None:
    (words,) = [row[1] for row in _rows("Words never on screen") if row[0] == lang]
    screen = {k: v.lower() for k, v in _catalogue(lang).items() if not k.startswith(RULE_BOOK)}
    found = [
        f"{key}: {word}"
        for word in (w.strip() for w in words.split("/"))
        for key, text in screen.items()
        if _has(text, word)
    ]
    assert found == []


def test_the_portuguese_rule_book_says_carroca_beside_its_own_term() -> None:
    book = _text("pt-BR", rule_book=True)
    for formal in ("peça dupla", "dupla de ramificação"):
        assert _has(book, formal), formal
    assert re.search(r"peças? duplas? \(((a )?carroças?|[^)]*carroça)", book)
    assert re.search(r"dupla de ramificação \([^)]*carroça de ramificação", book)
