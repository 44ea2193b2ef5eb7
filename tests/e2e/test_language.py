"""Switching language changes every visible string: the page, the dialogs and the tour."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from .playing import GAME_OVER, open_page, wait_for_human_or

pytestmark = pytest.mark.e2e

WEB = Path(__file__).resolve().parents[2] / "web"
#: Every visible text node and aria-label, in document order, with its catalogue key if any.
VISIBLE_TEXT = """() => {
  const shown = (el) =>
    el && el.getClientRects().length > 0 && getComputedStyle(el).visibility !== "hidden";
  const behindModal = (el) => document.querySelector("dialog:modal") && !el.closest("dialog");
  const out = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    const text = node.textContent.trim();
    if (!text || !shown(el) || behindModal(el)) continue;
    if (el.closest("option, title, [aria-hidden='true'], script, style, [inert]")) continue;
    const key = el.closest("[data-i18n]")?.dataset.i18n ?? null;
    out.push({ kind: "text", text, key, lang: el.closest("[lang]")?.lang });
  }
  for (const el of document.querySelectorAll("[aria-label]")) {
    if (!shown(el) || behindModal(el)) continue;
    const text = el.getAttribute("aria-label").trim();
    out.push({ kind: "label", text, key: el.dataset.i18nLabel ?? null, lang: null });
  }
  return out;
}"""
RAW_KEY = re.compile(r"^[a-z][a-z_]*(\.[a-z0-9_]+)+$")
#: Text that reads the same in any language: numbers, tiles, sums, arrows, stars.
NEUTRAL = re.compile(r"^[\d\s\-–−+=→·:;/().,%×?★…✓▶ms]*$")


def _catalogue(lang: str) -> dict[str, str]:
    data: dict[str, str] = json.loads((WEB / "i18n" / f"{lang}.json").read_text("utf-8"))
    return data


SAME = {v for k, v in _catalogue("en").items() if _catalogue("pt-BR")[k] == v} | {
    "English",
    "Português (Brasil)",
    "Português (BR)",
}


def _snapshot(page: Page) -> list[dict[str, Any]]:
    items: list[dict[str, Any]] = page.evaluate(VISIBLE_TEXT)
    for item in items:
        assert item["text"], f"an empty {item['kind']}"
        assert not RAW_KEY.match(item["text"]), f"a raw catalogue key shows: {item['text']!r}"
    return items


def _check_translated(
    en: list[dict[str, Any]], pt: list[dict[str, Any]], where: str, keyed: bool = True
) -> None:
    assert len(en) == len(pt), f"{where}: the page changed shape between languages"
    untranslated = [
        a["text"]
        for a, b in zip(en, pt, strict=True)
        if a["text"] == b["text"]
        and not NEUTRAL.match(a["text"])
        and a["text"] not in SAME
        and not a.get("lang")
    ]
    assert untranslated == [], f"{where}: the same in English and Portuguese"
    # The live-translated parts carry their catalogue keys (data-i18n*).
    assert not keyed or any(a["key"] for a in en), f"{where}: no catalogue strings found"


def _switch(page: Page, switch: str, lang: str) -> None:
    """Choose ``lang`` and wait until the game has been redrawn in it (the redraw comes
    on the next animation frame: the team names are part of it)."""
    page.locator(switch).select_option(lang)
    expect(page.locator("html")).to_have_attribute("lang", lang)
    team = page.locator("[data-team='0'] .team__name")
    if team.inner_text():  # drawn once a game is on
        words = _catalogue(lang)
        expect(team).to_have_text(words["team.you"].replace("{partner}", words["seat.2"]))


def _both(page: Page, where: str, switch: str = "#language") -> None:
    _switch(page, switch, "en")
    en = _snapshot(page)
    _switch(page, switch, "pt-BR")
    pt = _snapshot(page)
    _check_translated(en, pt, where)


def test_every_visible_string_switches_language(page: Page) -> None:
    open_page(page, "?seed=2&speed=0&seats=human,greedy,greedy,greedy")
    wait_for_human_or(page, GAME_OVER)
    page.locator("[data-hand='0'] .hand-tile--playable").first.focus()
    _both(page, "the game page")
    # Remembered: a reload comes back in Portuguese.
    page.reload()
    page.wait_for_selector("body[data-game='ready']", state="attached", timeout=60_000)
    expect(page.locator("html")).to_have_attribute("lang", "pt-BR")
    expect(page.locator("[data-action='new-game']")).to_have_text("Novo jogo")

    # The rules and the settings switch inside the open dialog.
    page.click("[data-action='rules']")
    rules = page.locator("dialog[data-rules]")
    expect(rules).to_have_attribute("data-examples", "drawn", timeout=20_000)
    _both(page, "the rules", "dialog[data-rules] [data-language-select]")
    page.keyboard.press("Escape")
    page.click("[data-action='settings']")
    _both(page, "the settings", "dialog[data-settings] [data-language-select]")
    page.keyboard.press("Escape")

    # The tour switches while it is open; the new-game dialog is built in the current language.
    page.evaluate("window.sevenRocks.tour.start()")
    _both(page, "the tour")
    page.keyboard.press("Escape")
    for lang in ("en", "pt-BR"):
        page.select_option("#language", lang)
        page.click("[data-action='new-game']")
        dialog = page.locator("dialog[data-new-game]")
        expect(dialog).to_be_visible()
        texts = _snapshot(page)
        page.keyboard.press("Escape")
        expect(dialog).to_have_count(0)
        if lang == "en":
            english = texts
    _check_translated(english, texts, "the new-game dialog", keyed=False)


def test_only_the_language_in_use_is_downloaded_until_another_is_chosen(page: Page) -> None:
    """A first visit in English does not pay for the Portuguese catalogue."""
    catalogues: list[str] = []
    page.on(
        "request",
        lambda request: (
            catalogues.append(request.url.rsplit("/", 1)[-1]) if "/i18n/" in request.url else None
        ),
    )
    open_page(page, "?seed=3&speed=0&seats=human,greedy,greedy,greedy")
    expect(page.locator("html")).to_have_attribute("lang", "en")
    assert catalogues == ["en.json"]
    page.select_option("#language", "pt-BR")
    expect(page.locator("[data-action='new-game']")).to_have_text("Novo jogo")
    assert catalogues == ["en.json", "pt-BR.json"]
    # The rule book's strings come with the rule book: in the language in use and in English
    # (every key's fallback); a later switch fetches nothing more for what is already there.
    page.click("[data-action='rules']")
    expect(page.locator("#rules-title")).to_have_text(_catalogue("pt-BR")["rules.title"])
    assert sorted(catalogues[2:]) == ["en.rules.json", "pt-BR.rules.json"]
    page.keyboard.press("Escape")
    expect(page.locator("dialog[data-rules]")).to_have_count(0)
    page.select_option("#language", "en")
    expect(page.locator("[data-action='new-game']")).to_have_text(
        _catalogue("en")["toolbar.new_game"]
    )
    page.click("[data-action='rules']")
    expect(page.locator("#rules-title")).to_have_text(_catalogue("en")["rules.title"])
    assert len(catalogues) == 4
