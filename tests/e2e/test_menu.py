"""The phone's menu: its labels sit in the middle of their buttons, and every sheet it opens
has its buttons there to tap as it opens (a phone has no Escape key)."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from .playing import (
    GREEDY_GAME,
    TAPPABLE,
    open_page,
)

pytestmark = pytest.mark.e2e


#: Toolbar action -> the sheet it opens, and the buttons that must be there to tap at once.
SHEETS = {
    "rules": ("rules", ["close-dialog"]),
    "settings": ("settings", ["close-dialog"]),
    "stats": ("stats", ["close-panel"]),
    "new-game": ("new-game", ["cancel", "start"]),
}


LABEL_OFFSETS = """(buttons) => buttons.map((button) => {
    const box = button.getBoundingClientRect();
    const range = document.createRange();
    range.selectNodeContents(button);
    const text = range.getBoundingClientRect();
    return [button.dataset.action, (text.top + text.bottom) / 2 - (box.top + box.bottom) / 2];
})"""


@pytest.mark.parametrize("size", ["360x740", "740x360"])
def test_the_phone_menu_reads_right_and_every_sheets_buttons_are_there_to_tap_as_it_opens(
    viewport_page: Callable[..., Page], size: str
) -> None:
    """The menu's labels sit in the middle of their buttons. A phone has no Escape key:
    each sheet's Close (the new game's Start) is there to tap as the sheet opens from the
    menu, and a tap on it closes the sheet."""
    page = viewport_page(size)
    open_page(page, GREEDY_GAME)
    page.locator("#menu-button").tap()
    buttons = page.locator("#toolbar > .button")
    expect(buttons.first).to_be_visible()
    offsets = buttons.evaluate_all(LABEL_OFFSETS)
    assert len(offsets) >= 5, offsets
    off_centre = [(action, round(dy, 1)) for action, dy in offsets if abs(dy) > 2]
    assert not off_centre, f"labels off their buttons' middle (px): {off_centre}"
    page.locator("#menu-button").tap()
    expect(page.locator("#menu-button")).to_have_attribute("aria-expanded", "false")
    for action, (hook, needed) in SHEETS.items():
        page.locator("#menu-button").tap()
        page.locator(f"#toolbar [data-action='{action}']").tap()
        dialog = page.locator(f"dialog[data-{hook}]")
        expect(dialog).to_be_visible()
        for name in needed:
            buttons = dialog.locator(f"[data-action='{name}']")
            expect(buttons.first).to_be_visible()
            tappable = [i for i in range(buttons.count()) if buttons.nth(i).evaluate(TAPPABLE)]
            assert tappable, f"{name} of the {action} sheet cannot be tapped as it opens"
        dialog.locator(f"[data-action='{needed[0]}']").last.tap()
        expect(dialog).to_have_count(0)
