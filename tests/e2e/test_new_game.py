"""New game: the levels a player chooses from are explained where they choose them."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from .playing import GREEDY_GAME, LANGUAGE, open_page

pytestmark = pytest.mark.e2e

NEW_GAME = "dialog[data-new-game]"
LEVELS = f"{NEW_GAME} [data-levels]"


@pytest.mark.parametrize(
    ("viewport", "lang", "master"),
    [("390x844", "pt-BR", "Mestre"), ("740x360", "en", "Master"), ("1280x720", "en", "Master")],
)
def test_each_level_on_offer_is_explained_in_the_new_game_dialog(
    viewport_page: Callable[..., Page], viewport: str, lang: str, master: str
) -> None:
    phone = viewport != "1280x720"
    page = viewport_page(viewport, phone=phone, init=LANGUAGE.replace("{lang}", lang))
    open_page(page, "?seed=3&speed=0")
    menu = page.locator("#menu-button")
    if menu.is_visible():
        menu.tap()
    button = page.locator("[data-action='new-game']:visible").first
    button.tap() if phone else button.click()
    dialog = page.locator(NEW_GAME)
    expect(dialog).to_be_visible()
    # Folded at first: the seats and Start keep their room.
    rows = page.locator(f"{LEVELS} [data-level]")
    expect(rows.first).to_be_hidden()
    summary = page.locator(f"{LEVELS} summary")
    summary.scroll_into_view_if_needed()
    summary.tap() if phone else summary.click()
    expect(rows.first).to_be_visible()
    # One row for each level a seat can be given, in the same order, with its own words.
    offered = page.locator(
        "[data-seat-level='1'] option:not([value='human']):not([value='remote'])"
    )
    names = [str(v) for v in offered.evaluate_all("(options) => options.map((o) => o.value)")]
    assert names, "no level offered"
    assert [
        str(n) for n in rows.evaluate_all("(rows) => rows.map((r) => r.dataset.level)")
    ] == names
    # The same names, capitalised alike in the list and in the explanation.
    labels = [t.strip() for t in offered.all_inner_texts()]
    assert all(label[:1].isupper() for label in labels), labels
    expect(rows.locator("dt")).to_have_text(labels)
    said = [t.strip() for t in rows.locator("dd").all_inner_texts()]
    assert all(len(text) > 20 for text in said) and len(set(said)) == len(said), said
    expect(rows.locator("dt").last).to_have_text(master)
    # Opened, the list scrolls under the sheet's foot: Start stays in reach and starts.
    rows.last.scroll_into_view_if_needed()
    expect(rows.last).to_be_in_viewport()
    start = dialog.locator("[data-action='start']")
    expect(start).to_be_in_viewport()
    start.tap() if phone else start.click()
    expect(dialog).to_have_count(0)


#: Is a field that takes typing focused (on a phone that pops the keyboard up)?
TYPING_FOCUSED = """() => {
  const el = document.activeElement;
  const clicks = ["checkbox", "radio", "button", "submit", "range"];
  return Boolean(el && (el.matches("textarea, [contenteditable]") ||
    (el.matches("input") && !clicks.includes(el.type))));
}"""


def test_on_a_phone_a_new_game_opens_without_calling_up_the_keyboard(
    viewport_page: Callable[..., Page],
) -> None:
    """The new game sheet opens with the focus on Start, not on South's name: on a phone a
    focused text field pops the keyboard up over half the sheet before the player chose to
    type. The name is still there to type, on a tap."""
    page = viewport_page("360x740")
    open_page(page, GREEDY_GAME)
    page.locator("#menu-button").tap()
    page.locator("[data-action='new-game']").tap()
    dialog = page.locator("dialog[data-new-game]")
    expect(dialog).to_be_visible()
    expect(dialog.locator("[data-action='start']")).to_be_focused()
    assert not page.evaluate(TYPING_FOCUSED)
    dialog.locator("input[name='name0']").tap()  # the name is still there to type, on a tap
    assert page.evaluate(TYPING_FOCUSED)


def _names_become(page: Page, first: str) -> None:
    """Wait until the engine's game names ``first`` at South (a new game has started)."""
    page.wait_for_function(
        "(first) => window.sevenRocks.engine.call('state', {}).then((s) => s.names[0] === first)",
        arg=first,
        timeout=10_000,
    )


def test_a_name_with_an_emoji_sequence_starts_a_game_and_the_next_one(page: Page) -> None:
    """A name the engine's rule takes is kept as typed; what the rule refuses (a bidi
    override) is dropped as the name is taken, so no new game fails on it."""
    open_page(page, "?seed=3&speed=0")
    for typed, kept in (("Ana 👩‍💻", "Ana 👩‍💻"), ("Bia\u202e 🏳️‍🌈", "Bia 🏳️‍🌈")):
        page.locator("[data-action='new-game']:visible").first.click()
        dialog = page.locator(NEW_GAME)
        dialog.locator("[data-seat-name='0']").fill(typed)
        dialog.locator("[data-action='start']").click()
        _names_become(page, kept)
        expect(page.locator("[data-notice='error']")).to_have_count(0)
    page.reload()
    page.wait_for_selector("body[data-game='ready']", state="attached", timeout=90_000)
    page.locator("[data-action='new-game']:visible").first.click()
    expect(page.locator(f"{NEW_GAME} [data-seat-name='0']")).to_have_value("Bia 🏳️‍🌈")
    page.locator(f"{NEW_GAME} [data-action='start']").click()
    _names_become(page, "Bia 🏳️‍🌈")
    expect(page.locator("[data-notice='error']")).to_have_count(0)
