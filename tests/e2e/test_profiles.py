"""The returning player lent to each test (profiles.py): a page the last test left, still
closing, cannot put a game back into the storage the next test starts from."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from .playing import SAVE_KEY, open_page, open_site_file, play_first_move, wait_saved
from .profiles import SEAL_STORAGE

pytestmark = pytest.mark.e2e


@pytest.mark.parametrize(("sealed", "left"), [(False, True), (True, False)])
def test_a_sealed_page_writes_nothing_as_it_closes(page: Page, sealed: bool, left: bool) -> None:
    open_page(page, "?seed=2&speed=0&seats=human,greedy,random,greedy")
    play_first_move(page)
    wait_saved(page)
    # The wipe's position: the save is gone from storage, the page that played it still
    # open. Its ``pagehide`` writes the save again when it finds it gone (a player's save
    # survives a browser that loses the last write); a sealed page's cannot.
    page.evaluate(f"() => localStorage.removeItem({SAVE_KEY!r})")
    if sealed:
        page.evaluate(SEAL_STORAGE)
    # Closed as a browser may close it: ``close`` returns at once, the page's own handlers
    # run afterwards; the page's ``close`` event says they have.
    with page.expect_event("close"):
        page.close(run_before_unload=True)
    reader = page.context.new_page()
    open_site_file(reader)
    stored = reader.evaluate(f"() => localStorage.getItem({SAVE_KEY!r})")
    assert (stored is not None) == left
