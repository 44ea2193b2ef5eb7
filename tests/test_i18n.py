"""The UI's string catalogues: both languages have every key the page uses, same placeholders."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from seven_rocks.bots import BOTS
from tests.helpers import load_catalogue

WEB = Path(__file__).resolve().parents[1] / "web"
LANGUAGES = ("en", "pt-BR")


def _placeholders(text: str) -> set[str]:
    return set(re.findall(r"\{(\w+)\}", text))


def _used_keys() -> set[str]:
    """Every literal key passed to t(...) in the UI's scripts, and every data-i18n* key."""
    keys: set[str] = set()
    for script in [WEB / "app.js", *sorted((WEB / "js").rglob("*.js"))]:
        source = script.read_text(encoding="utf-8")
        keys |= set(re.findall(r"""\bt\(\s*["']([\w.]+)["']""", source))
        keys |= set(re.findall(r"""notify\(\s*["']([\w.]+)["']""", source))
        keys |= set(re.findall(r"""\[\s*"(notice\.[\w]+)"\s*,""", source))
        # Markup built in scripts (data-i18n attributes, dataset.i18n = ...) and the help
        # modules' key tables (the rule book's sections, tour steps, toolbar buttons).
        keys |= set(re.findall(r'data-i18n(?:-label|-title)?="([\w]+\.[\w.]+)"', source))
        keys |= set(re.findall(r"""dataset\.i18n(?:Label|Title)?\s*=\s*["']([\w.]+)["']""", source))
        keys |= set(
            re.findall(r'"((?:toolbar|hint|rules|help|tour|settings|theme|list)\.[\w.]+)"', source)
        )
    html = (WEB / "index.html").read_text(encoding="utf-8")
    keys |= set(re.findall(r'data-i18n(?:-label|-title)?="([\w.]+)"', html))
    return keys


#: Keys built at run time from game values (`seat.${seat}`, `dir.${angle}`, ...).
#: The ideas a puzzle's sentence names (web/js/coach/puzzle-idea.js builds their keys).
PUZZLE_IDEAS = (
    "blocking",
    "locked",
    "race_guard",
    "race_score",
    "spinner_arm",
    "spinner_keep",
    "spinner_make",
    "shedding_double",
    "shedding_heavy",
    "counting_lacks",
    "counting_threat",
)
DYNAMIC = (
    {f"seat.{s}" for s in range(4)}
    | {f"seat.initial.{s}" for s in range(4)}
    | {f"dir.{angle}" for angle in (0, 90, 180, 270)}
    | {f"bot.{name}" for name in BOTS}
    | {f"level.{name}" for name in BOTS}
    | {f"tour.{step}{h}" for step in ("hand", "table", "scores", "hint") for h in ("", ".h")}
    | {f"theme.{name}" for name in ("auto", "light", "dark", "contrast")}
    | {f"puzzle.idea.{idea}.{result}" for idea in PUZZLE_IDEAS for result in ("solved", "failed")}
    | {f"speed.{name}" for name in ("slow", "normal", "fast", "instant")}
    | {
        f"settings.{pref}{note}"
        for pref in ("animations", "sound", "turn_table", "vibrate", "tile_count")
        for note in ("", "_note")
    }
)


def test_both_languages_have_the_same_keys() -> None:
    en, pt = (load_catalogue(lang) for lang in LANGUAGES)
    assert sorted(set(en) - set(pt)) == [], "missing in pt-BR"
    assert sorted(set(pt) - set(en)) == [], "missing in en"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_key_the_page_uses_exists(lang: str) -> None:
    catalogue = load_catalogue(lang)
    used = _used_keys() | DYNAMIC
    assert len(used) > 60  # the scan found the keys (a broken regex would find none)
    assert sorted(used - set(catalogue)) == []


#: Intl.PluralRules' categories: a key ending in one of them is a plural form of its stem.
PLURAL_CATEGORIES = ("zero", "one", "two", "few", "many")


def test_every_key_of_the_catalogue_is_used() -> None:
    """A string no script asks for is dead weight in every first visit's download, and a
    translator's time: each key must be named somewhere in the page's code (as a literal,
    however it is passed on) or be one of the keys built from game values."""
    sources = [
        *WEB.glob("*.js"),
        *WEB.glob("*.mjs"),
        *(WEB / "js").rglob("*.js"),
        WEB / "index.html",
    ]
    named: set[str] = set()
    for source in sources:
        named |= set(re.findall(r"""["'`]([\w.]+)["'`]""", source.read_text(encoding="utf-8")))
    assert len(sources) > 20 and len(named) > 300  # the scan read the scripts
    # A plural form ("seat.tiles_one") is asked for through its plain key (t() picks it).
    plain = {re.sub(f"_({'|'.join(PLURAL_CATEGORIES)})$", "", key) for key in load_catalogue("en")}
    assert sorted(plain - named - DYNAMIC) == []


def test_placeholders_match_and_nothing_is_left_empty() -> None:
    en, pt = (load_catalogue(lang) for lang in LANGUAGES)
    for key, text in en.items():
        assert text.strip() and pt[key].strip(), key
        assert _placeholders(text) == _placeholders(pt[key]), key


#: English words Portuguese writes the same way (the game's name is a name; South and
#: North's initials).
SAME_IN_BOTH = {"Seven Rocks", "Menu", "Normal", "Total", "S", "N"}


def test_every_portuguese_string_is_translated() -> None:
    """A pt-BR string equal to the English one is a format (placeholders and signs) or a
    word both languages share; any other English left in the catalogue is a miss."""
    en, pt = (load_catalogue(lang) for lang in LANGUAGES)
    untranslated = {
        key: text
        for key, text in en.items()
        if pt[key] == text
        and re.search(r"[A-Za-z]", re.sub(r"\{\w+\}", "", text))
        and text not in SAME_IN_BOTH
    }
    assert not untranslated, f"English left in pt-BR: {untranslated}"


def test_portuguese_uses_the_rule_books_terms() -> None:
    pt = " ".join(load_catalogue("pt-BR").values()).lower()
    for term in (
        "bateu",
        "dupla de ramificação",
        "extremidade",
        "rodada",
        "peça",
        "trancado",
    ):
        assert term in pt, term


#: What the game says as it is played, when a player cannot play (a knock) and when a player
#: plays their last tile (going out).
KNOCKS = ("seat.knock", "announce.knocks", "prompt.must_pass", "hint.blocked", "level.expert")
GOING_OUT = ("round.domino", "announce.by_domino", "round.next_opener_domino")


def test_portuguese_play_says_bateu_only_for_going_out() -> None:
    """At the table "bateu" is going out; a knock said with the same verb ("Bateu na
    mesa!") reads as the round's end. The rule book's own phrase stays in the rules."""
    pt = load_catalogue("pt-BR")
    for key in KNOCKS:
        assert "bat" not in pt[key].lower(), (key, pt[key])
        assert "pass" in pt[key].lower(), (key, pt[key])
    for key in GOING_OUT:
        assert "bateu" in pt[key].lower(), (key, pt[key])


def test_the_rules_dialog_shows_every_rule_of_the_catalogue() -> None:
    """No rule text is orphaned: every rules.* and help.* string is placed by rules.js."""
    source = (WEB / "js" / "help" / "rules.js").read_text(encoding="utf-8")
    for key in load_catalogue("en"):
        plain = re.sub(f"_({'|'.join(PLURAL_CATEGORIES)})$", "", key)  # t() picks a plural form
        if key.startswith(("rules.", "help.")):
            assert f'"{plain}"' in source, key


def test_portuguese_help_uses_the_rule_books_terms() -> None:
    pt = load_catalogue("pt-BR")
    rules = " ".join(v for k, v in pt.items() if k.startswith(("rules.", "hint.", "tour."))).lower()
    for term in (
        "ponto de encaixe",
        "dupla de ramificação",
        "extremidade",
        "bate o jogo",
        "bata na mesa",
        "passe",
        "rodada",
        "mão",
        "dupla de jogadores",
        "trancada",
    ):
        assert term in rules, term
