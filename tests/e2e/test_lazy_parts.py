"""The parts of the page loaded on first use (the rule book; the coach with its trainer and
replay viewer) bring their own style sheet: the game never asks for it, the part links it
once, and its dialog is styled from the moment it opens, never drawn bare first. A sheet
that cannot be fetched is the part's one notice, and the next try fetches it again."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page, expect

from .conftest import Guard
from .playing import GREEDY_GAME, open_page

pytestmark = pytest.mark.e2e

#: Each modal dialog's class and width at the moment it opens (showModal), and the page's
#: style sheets then: what a person sees in the first frame.
RECORD_OPENINGS = """
window.__opened = [];
const showModal = HTMLDialogElement.prototype.showModal;
HTMLDialogElement.prototype.showModal = function () {
  showModal.call(this);
  window.__opened.push({
    className: this.className,
    width: this.getBoundingClientRect().width,
    sheets: [...document.querySelectorAll("link[rel='stylesheet']")].map((l) => l.href),
  });
};
"""


def opened(page: Page, name: str) -> dict[str, Any]:
    """The first opening of the dialog with class ``name``."""
    found: list[dict[str, Any]] = page.evaluate(
        "(name) => window.__opened.filter((o) => o.className.split(' ').includes(name))", name
    )
    assert found, f"no {name} dialog opened"
    return found[0]


@pytest.mark.first_visit  # a route: a fresh context, its requests not the service worker's
def test_a_part_links_its_style_sheet_once_and_opens_styled(page: Page, guard: Guard) -> None:
    page.set_viewport_size({"width": 1280, "height": 800})
    page.add_init_script(RECORD_OPENINGS)
    sheets: list[str] = []
    page.on(
        "request",
        lambda r: sheets.append(r.url.rsplit("/", 1)[-1]) if r.url.endswith(".css") else None,
    )
    open_page(page, GREEDY_GAME)
    assert sheets == ["style.css"]

    # The rule book's sheet cannot be fetched (the connection dropped): the part says so
    # and does not open bare; the browser logs the failed fetch, the one error expected.
    page.route("**/style.rules.css", lambda route: route.abort(), times=1)
    rules = page.locator("[data-action='rules']")
    rules.click()
    expect(page.locator("[data-notice]")).to_contain_text("could not be downloaded")
    expect(page.locator("dialog[data-rules]")).to_have_count(0)
    assert [e for e in guard.console_errors if "ERR_FAILED" not in e] == []
    guard.console_errors.clear()

    # Tried again, its sheet comes with it, and its dialog is its own width at once
    # (rules.css: min(60rem, 100% - 1rem); a dialog without its sheet is as wide as its text).
    rules.click()
    expect(page.locator("dialog[data-rules]")).to_be_visible()
    first = opened(page, "dialog--rules")
    assert first["width"] == pytest.approx(960, abs=1), first
    assert any(sheet.endswith("/style.rules.css") for sheet in first["sheets"]), first
    page.keyboard.press("Escape")
    expect(page.locator("dialog[data-rules]")).to_have_count(0)
    rules.click()
    expect(page.locator("dialog[data-rules]")).to_be_visible()
    page.keyboard.press("Escape")
    assert sheets == ["style.css", "style.rules.css", "style.rules.css"]

    # The trainer (the coach's part): asked for only now, styled as it opens
    # (trainer.css: 100% - 1rem wide, at most 52rem).
    page.locator("[data-action='puzzles']").click()  # in the toolbar, on a desktop
    expect(page.locator("dialog[data-trainer-panel]")).to_be_visible()
    trainer = opened(page, "dialog--trainer")
    assert trainer["width"] == pytest.approx(832, abs=1), trainer
    assert sheets == ["style.css", "style.rules.css", "style.rules.css", "style.review.css"]
    links = page.evaluate("[...document.querySelectorAll('link[data-part]')].map(l => l.href)")
    assert [link.rsplit("/", 1)[-1] for link in links] == ["style.rules.css", "style.review.css"]
