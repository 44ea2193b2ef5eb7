"""One browser tab, whatever drives it: what the engine smoke set asks of Firefox and WebKit.

Playwright drives Debian's Chromium only (its Firefox and WebKit are builds of its own, which
this project never downloads), so Debian's ``firefox-esr`` is driven over WebDriver BiDi
(``firefox.py``) and WebKitGTK through ``WebKitWebDriver`` (``webkit.py``). Both give what a
person's visit needs: open an address, reload, click an element where it is drawn, and run
a function in the page (to read its state, as the Chromium tests' ``page.evaluate``), so the
Chromium tests' page-side checks (``drawn.py``, ``playing.py``) serve every engine.
"""

from __future__ import annotations

import time
from typing import Any, Protocol

from ..playing import HOLDS, POLL, POLL_MS


class Tab(Protocol):
    """A tab in one engine (see the module's docstring)."""

    #: The engine's name, for messages: "firefox", "webkit".
    engine: str

    def goto(self, url: str) -> None:
        """Open ``url`` and wait for its load event."""

    def reload(self) -> None:
        """Reload the page and wait for its load event."""

    def evaluate(self, function: str, arg: Any = None) -> Any:
        """Call the JavaScript function ``function`` (its source) with ``arg`` in the page;
        its value (a promise's, awaited), as JSON."""

    def click(self, selector: str) -> None:
        """Click the first element ``selector`` matches, at its centre, as a mouse does."""

    def problems(self) -> list[str]:
        """What the page did since last asked that it must not (console and page errors)."""


def poll(tab: Tab, check: str, arg: Any = None, *, timeout: float = 30, what: str) -> Any:
    """Wait in the page until the function ``check`` gives something truthy for ``arg``;
    that value (fails with ``what`` did not happen otherwise). The page looks again itself
    (``playing.POLL``): one round trip, however many looks."""
    found = tab.evaluate(POLL.replace("CHECK", check, 1), [arg, timeout * 1000, POLL_MS])
    if not found:
        raise AssertionError(f"{tab.engine}: {what} within {timeout} s")
    return found


def wait_for(tab: Tab, *states: str | tuple[str, ...], timeout: float = 30) -> int:
    """Wait until one of ``states`` (selectors, as ``playing.wait_for_state``) holds; its index."""
    groups = [[state] if isinstance(state, str) else list(state) for state in states]
    found = poll(tab, HOLDS, groups, timeout=timeout, what=f"none of {groups}")
    return int(found) - 1


def click_when_there(tab: Tab, selector: str, timeout: float = 30) -> None:
    """Click ``selector`` once it is there; again while a redraw replaces it under the
    pointer (a click on a node just removed fails, and a person taps again)."""
    deadline = time.monotonic() + timeout
    while True:
        wait_for(tab, selector, timeout=max(deadline - time.monotonic(), 0.1))
        try:
            tab.click(selector)
            return
        except Exception:  # the drivers' own errors: the element went as it was clicked
            if time.monotonic() > deadline:
                raise
