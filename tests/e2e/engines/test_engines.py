"""The game in Firefox and in WebKit (Safari's engine family), as a player of each would have it.

One visit per engine, in a fresh profile, on a server of its own (stopped for the offline
check): the first visit boots to a playable table; a whole round is played by clicks (a
tile, then a lit place when it has several) with the table held against the worker's
geometry at South's first turns and under the summary; the coach and the rule book open; a
reload resumes the game; and with the server gone, a reload still starts the game from the
service worker's copy. Where the engine has no CloseWatcher (WebKit), going back closes an
open dialog and the page stays. The page must log no error and load nothing from outside.

A missing engine is a failure, never a skip (``scripts/ensure-engines.sh`` installs them).
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path

import pytest

from seven_rocks.site.serve import serving

from ..playing import GREEDY_GAME, SAVE_KEY, SAVED
from .firefox import FIREFOX, FirefoxTab
from .tab import Tab, poll, wait_for
from .visit import (
    back_closes_the_rules,
    boot,
    next_round,
    open_the_coach,
    open_the_rules,
    play_round,
)
from .webkit import DRIVER, MINIBROWSER, XVFB, WebKitTab

pytestmark = [pytest.mark.e2e, pytest.mark.long]

#: What each engine needs, and the Debian package that brings it.
NEEDS = {
    "firefox": [(FIREFOX, "firefox-esr")],
    "webkit": [(DRIVER, "webkit2gtk-driver"), (MINIBROWSER, "webkit2gtk-driver"), (XVFB, "xvfb")],
}
#: Every file the page loaded (the Performance API's record): none from another origin.
LOADED = "() => performance.getEntriesByType('resource').map((entry) => entry.name)"
#: Whether the engine has CloseWatcher (its close requests put overlays away); without it,
#: going back must (close-request.js).
CLOSE_WATCHER = {"firefox": True, "webkit": False}
OFFLINE_READY = (
    "() => document.body.dataset.offline === 'ready' && navigator.serviceWorker.controller !== null"
)


@pytest.fixture(scope="session", params=["firefox", "webkit"])
def engine(request: pytest.FixtureRequest) -> str:
    """The engine's name, once it is known to be installed: a missing engine fails (never
    skips), before the site is built."""
    missing = [package for path, package in NEEDS[request.param] if not path.exists()]
    if missing:
        pytest.fail(
            f"{request.param} is not installed: run `apt-get install {' '.join(missing)}` "
            "(or `bash scripts/ensure-engines.sh`)",
            pytrace=False,
        )
    return str(request.param)


@pytest.fixture
def tab(engine: str, tmp_path: Path) -> Iterator[Tab]:
    """A fresh tab in the engine (a first visit's: a new profile)."""
    opened = FirefoxTab(tmp_path / "profile") if engine == "firefox" else WebKitTab()
    try:
        yield opened
    finally:
        opened.close()


def _quiet(tab: Tab, origin: str) -> None:
    """The page logged no error and loaded nothing from outside its origin."""
    found = tab.problems()
    found += [
        f"loaded from outside: {url}" for url in tab.evaluate(LOADED) if not url.startswith(origin)
    ]
    assert not found, f"{tab.engine}: the page misbehaved:\n" + "\n".join(found)


def test_a_visit_plays_a_round_resumes_and_works_offline(engine: str, tab: Tab, site: Path) -> None:
    with contextlib.ExitStack() as server:
        origin = server.enter_context(serving(site, port=0))
        tab.goto(origin + GREEDY_GAME)
        boot(tab)

        faults = play_round(tab)
        assert not faults, "\n".join(faults)
        open_the_coach(tab)
        next_round(tab)
        assert open_the_rules(tab) > 0, f"{tab.engine}: the rule book's examples drew no tile"
        assert tab.evaluate("() => 'CloseWatcher' in window") == CLOSE_WATCHER[engine]
        if not CLOSE_WATCHER[engine]:
            back_closes_the_rules(tab)
        _quiet(tab, origin)

        saved = poll(tab, SAVED, SAVE_KEY, what="the game was not saved")
        tab.reload()
        boot(tab)
        wait_for(tab, "[data-notice='info']")
        assert "resumed" in tab.evaluate(
            "() => document.querySelector(\"[data-notice='info']\").textContent"
        )
        assert tab.evaluate("() => window.sevenRocks.engine.call('save')") == saved
        poll(tab, OFFLINE_READY, timeout=60, what="the site was not kept for offline play")
        _quiet(tab, origin)

    tab.reload()  # the server is gone: the service worker's copy answers
    boot(tab)
    wait_for(tab, "[data-hand='0'] [data-tile]")
    assert tab.evaluate("() => window.sevenRocks.engine.call('save')") == saved
    _quiet(tab, origin)
