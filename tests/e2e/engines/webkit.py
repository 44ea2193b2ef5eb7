"""WebKitGTK (Safari's engine family), driven through Debian's ``WebKitWebDriver`` by Selenium.

WebKitGTK draws into an X display, so the tab runs in an ``Xvfb`` of its own, started here
and stopped with the tab. Classic WebDriver has no scripts that run before the page's own
nor console events, so the page's errors are recorded from its load event on (a listener
installed after each load, read before the page is left); a boot's errors after the load
event, where the engine starts, are caught.
"""

from __future__ import annotations

import contextlib
import os
import subprocess
from pathlib import Path
from typing import Any

from selenium import webdriver
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.remote_connection import RemoteConnection
from selenium.webdriver.webkitgtk.options import Options
from selenium.webdriver.webkitgtk.service import Service

#: The driver (``webkit2gtk-driver``) and the browser it starts (``libwebkit2gtk-4.1-0``).
DRIVER = Path(os.environ.get("SEVEN_ROCKS_WEBKIT_DRIVER", "/usr/bin/WebKitWebDriver"))
MINIBROWSER = Path("/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser")
XVFB = Path("/usr/bin/Xvfb")
#: The longest one script may run (WebDriver's default is 30 s): beyond the boot's and the
#: waits' own limits, so theirs speak first.
SCRIPT_TIMEOUT_S = 200

#: Records the page's console errors and uncaught errors into ``window.__problems``.
RECORD_PROBLEMS = """() => {
  if (window.__problems) return;
  const problems = (window.__problems = []);
  addEventListener("error", (e) => problems.push(`page error: ${e.message}`));
  addEventListener("unhandledrejection", (e) => problems.push(`page error: ${e.reason}`));
  const error = console.error.bind(console);
  console.error = (...args) => {
    problems.push(`console error: ${args.join(" ")}`);
    error(...args);
  };
}"""
TAKE_PROBLEMS = "() => (window.__problems || []).splice(0)"


def _xvfb() -> tuple[subprocess.Popen[bytes], str]:
    """A virtual X display on a free number (Xvfb picks it and writes it to a pipe)."""
    read, write = os.pipe()
    process = subprocess.Popen(
        [str(XVFB), "-displayfd", str(write), "-screen", "0", "1440x900x24", "-nolisten", "tcp"],
        pass_fds=(write,),
        stderr=subprocess.DEVNULL,
    )
    os.close(write)
    with os.fdopen(read) as pipe:
        number = pipe.readline().strip()
    assert number, "Xvfb did not start"
    return process, f":{number}"


class WebKitTab:
    """A tab of a fresh WebKitGTK session (ephemeral: a first visit)."""

    engine = "webkit"

    def __init__(self) -> None:
        self._xvfb, display = _xvfb()
        try:
            options = Options()
            options.binary_location = str(MINIBROWSER)
            options.add_argument("--automation")
            service = Service(executable_path=str(DRIVER), env={**os.environ, "DISPLAY": display})
            self._driver = webdriver.WebKitGTK(options=options, service=service)
            self._driver.set_window_size(1280, 800)
            # A wait in the page (``tab.poll``) may last as long as a slow boot; and a
            # request the driver never answers fails the test rather than hang it.
            self._driver.set_script_timeout(SCRIPT_TIMEOUT_S)
            connection = self._driver.command_executor
            assert isinstance(connection, RemoteConnection)
            connection.client_config.timeout = SCRIPT_TIMEOUT_S + 30
        except BaseException:
            self._xvfb.kill()
            self._xvfb.wait()
            raise
        self._problems: list[str] = []

    def _keep_problems(self) -> None:
        """Keep what the page recorded before it is left (a load starts a new record)."""
        with contextlib.suppress(Exception):  # no page yet, or one that never loaded
            self._problems += self._driver.execute_script(f"return ({TAKE_PROBLEMS})()") or []

    def _loaded(self) -> None:
        self._driver.execute_script(f"return ({RECORD_PROBLEMS})()")

    def goto(self, url: str) -> None:
        self._keep_problems()
        self._driver.get(url)
        self._loaded()

    def reload(self) -> None:
        self._keep_problems()
        self._driver.refresh()
        self._loaded()

    def evaluate(self, function: str, arg: Any = None) -> Any:
        return self._driver.execute_script(f"return ({function})(arguments[0])", arg)

    def click(self, selector: str) -> None:
        # The pointer at the element's centre, pressed and released (an element click would
        # refuse a shape whose centre another shape of the same control covers).
        element = self._driver.find_element(By.CSS_SELECTOR, selector)
        ActionChains(self._driver).move_to_element(element).click().perform()

    def problems(self) -> list[str]:
        self._keep_problems()
        found, self._problems = self._problems, []
        return found

    def close(self) -> None:
        """Close the browser, its driver and the display."""
        try:
            self._driver.quit()
        finally:
            self._xvfb.terminate()
            self._xvfb.wait(timeout=10)
