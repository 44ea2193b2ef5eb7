"""Fixtures for the pages that connect by WebRTC: a browser in a private network.

A test module uses them with ``pytest_plugins = ["tests.e2e.webrtc_fixtures"]``. The site is
the run's one build (the ``site`` fixture of ``conftest.py``), served again inside the
namespace (``tests.support.webrtc_netns``); every context is guarded as the other browser
tests' are (no request outside the site, no console error).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Playwright

from tests.e2e.conftest import Guard, finish_context, watch_context
from tests.support.chromium import CHROMIUM, TEST_ARGS
from tests.support.webrtc_netns import WebRtcNetwork


@pytest.fixture(scope="session")
def webrtc_network(site: Path) -> Iterator[WebRtcNetwork]:
    """The private network with the site served in it (one per test worker)."""
    if not CHROMIUM.is_file():
        pytest.fail(f"Chromium is not installed at {CHROMIUM}", pytrace=False)
    network = WebRtcNetwork(site)
    yield network
    left = network.close()
    assert not left, f"processes left in the test's network namespace: {left}"


@pytest.fixture(scope="session")
def webrtc_browser(playwright: Playwright, webrtc_network: WebRtcNetwork) -> Iterator[Browser]:
    """Chromium running inside the private network."""
    browser = playwright.chromium.launch(**webrtc_network.launch_args(TEST_ARGS))
    yield browser
    browser.close()


#: A context factory: ``webrtc_context()`` a phone (390x844, touch), ``webrtc_context(phone=False)``
#: a desktop window; each guarded and checked when the test ends.
ContextFactory = Callable[..., BrowserContext]


@pytest.fixture
def webrtc_context(
    webrtc_browser: Browser, webrtc_network: WebRtcNetwork, request: pytest.FixtureRequest
) -> Iterator[ContextFactory]:
    """A factory of guarded contexts whose pages open the site served in the network."""
    made: list[tuple[BrowserContext, Guard]] = []

    def _make(*, phone: bool = True) -> BrowserContext:
        context = webrtc_browser.new_context(
            base_url=webrtc_network.url,
            viewport={"width": 390, "height": 844} if phone else {"width": 1280, "height": 800},
            is_mobile=phone,
            has_touch=phone,
            service_workers="block",
        )
        guard = Guard(origin=webrtc_network.url)
        watch_context(context, guard)
        made.append((context, guard))
        return context

    yield _make
    name = request.node.name
    for index, (context, guard) in enumerate(made):
        finish_context(context, guard, f"{name}-webrtc{index}", request.node)
