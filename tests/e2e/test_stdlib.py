"""The cut standard library in Chromium: a game needs nothing outside it, and a module
outside it still imports (from the full library kept in the site), online and offline."""

from __future__ import annotations

import shutil
import zipfile
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, Page

from seven_rocks.site.build import STDLIB_CUT
from seven_rocks.site.serve import serving
from tests.support.sites import changed_copy

from .conftest import Guard
from .test_offline import _open_game, _play_one_move, _visit_until_cached, _wait_ready

pytestmark = pytest.mark.e2e

GuardedContext = Callable[[str], tuple[BrowserContext, Guard]]
#: A pure-Python standard module no game imports, so it is not in the cut.
OUTSIDE = "colorsys"
FALLBACK_WARNING = "came from the full standard library"


def _fallbacks(guard: Guard) -> list[str]:
    return [text for text in guard.console_messages if FALLBACK_WARNING in text]


def test_games_hints_and_replays_import_nothing_outside_the_cut(page: Page, guard: Guard) -> None:
    # Every bot level at the table; the page steps them until it is South's turn.
    page.goto("/?seats=human,master,expert,greedy&speed=0&seed=3")
    page.wait_for_selector("#board[data-human-turn]", state="attached", timeout=90_000)
    page.evaluate("window.sevenRocks.engine.call('hint', {})")
    record = page.evaluate("window.sevenRocks.engine.call('record', {})")
    replay = "(r) => window.sevenRocks.engine.call('replay_load', {record: r, budget_ms: 2000})"
    page.evaluate(replay, record)
    page.evaluate("window.sevenRocks.engine.call('replay_round', {round: 1})")
    assert _fallbacks(guard) == []
    # Nor is the full library downloaded for an optional import that fails everywhere
    # (hashlib tries _hashlib, which no zip holds): that cost a first visit 2.5 MB.
    assert [text for text in guard.console_messages if "fetching the full" in text] == []


@pytest.fixture(scope="module")
def probing_site(site: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site with a worker that imports ``OUTSIDE`` in the browser only (the build's trace
    runs under Node, which has no ``WorkerGlobalScope``, so the cut leaves it out)."""
    probe = f"\nimport js\n\nif hasattr(js, 'WorkerGlobalScope'):\n    import {OUTSIDE}\n"
    return changed_copy(
        site, tmp_path_factory.mktemp("probe") / "site", {"worker.py": lambda text: text + probe}
    )


def test_a_module_outside_the_cut_still_imports_online_and_offline(
    probing_site: Path, tmp_path: Path, guarded_context: GuardedContext
) -> None:
    with zipfile.ZipFile(probing_site / STDLIB_CUT) as cut:
        assert not {f"{OUTSIDE}.py", f"{OUTSIDE}.pyc"} & set(cut.namelist())
    www = tmp_path / "www"
    shutil.copytree(probing_site, www)
    with serving(www) as url:
        context, guard = guarded_context(url)
        page = _visit_until_cached(context)
        assert any(OUTSIDE in text for text in _fallbacks(guard)), guard.console_messages
        assert _open_game(page) == "snapshot"
        _play_one_move(page)
    # The server is gone and the browser offline: the service worker kept the full library.
    context.set_offline(True)
    offline = context.new_page()
    offline.goto("/?seats=human,bot,bot,bot&speed=0&seed=7")
    _wait_ready(offline)
    _play_one_move(offline)
    assert len([t for t in _fallbacks(guard) if OUTSIDE in t]) >= 3
