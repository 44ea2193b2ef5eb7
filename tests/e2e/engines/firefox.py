"""Debian's ``firefox-esr``, driven over WebDriver BiDi by puppeteer-core (``firefox.mjs``).

The Node bridge answers one JSON line per request; a request that outlives its time is the
engine's fault, and fails the test rather than hanging it.
"""

from __future__ import annotations

import json
import os
import selectors
import shutil
import subprocess
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

#: The browser binary; ``SEVEN_ROCKS_FIREFOX`` points elsewhere if needed.
FIREFOX = Path(os.environ.get("SEVEN_ROCKS_FIREFOX", "/usr/bin/firefox-esr"))
BRIDGE = Path(__file__).with_name("firefox.mjs")
#: The longest one request may take (a page's load, a wait in the page): beyond the
#: boot's and the waits' own limits, so theirs speak first.
REQUEST_TIMEOUT_S = 150


class FirefoxTab:
    """A tab of a fresh Firefox profile in ``profile`` (a first visit).

    ``inside`` prefixes the bridge's command (``nsenter`` into a test's network namespace:
    the bridge and the browser it starts then share that namespace's loopback, over which
    puppeteer-core talks BiDi to Firefox)."""

    engine = "firefox"

    def __init__(self, profile: Path, *, inside: Sequence[str] = ()) -> None:
        node = shutil.which("node")
        assert node, "Node is needed to drive Firefox (puppeteer-core)"
        self._process = subprocess.Popen(
            [*inside, node, str(BRIDGE), str(FIREFOX), str(profile)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            cwd=Path(__file__).resolve().parents[3],  # the checkout: its node_modules
        )
        self._replies = selectors.DefaultSelector()
        assert self._process.stdout is not None
        self._replies.register(self._process.stdout, selectors.EVENT_READ)

    def _send(self, op: str, **fields: Any) -> Any:
        stdin, stdout = self._process.stdin, self._process.stdout
        assert stdin is not None and stdout is not None
        stdin.write(json.dumps({"op": op, **fields}) + "\n")
        stdin.flush()
        deadline = time.monotonic() + REQUEST_TIMEOUT_S
        while not self._replies.select(timeout=max(deadline - time.monotonic(), 0)):
            if time.monotonic() >= deadline or self._process.poll() is not None:
                raise AssertionError(f"firefox: no answer to {op} (exit {self._process.poll()})")
        line = stdout.readline()
        if not line:
            raise AssertionError(f"firefox: the bridge ended during {op}")
        reply = json.loads(line)
        if not reply["ok"]:
            raise AssertionError(f"firefox: {op} failed: {reply['error']}")
        return reply["value"]

    def goto(self, url: str) -> None:
        self._send("goto", url=url)

    def reload(self) -> None:
        self._send("reload")

    def evaluate(self, function: str, arg: Any = None) -> Any:
        return self._send("evaluate", fn=function, arg=arg)

    def click(self, selector: str) -> None:
        self._send("click", selector=selector)

    def problems(self) -> list[str]:
        found: list[str] = self._send("problems")
        return found

    def close(self) -> None:
        """Close the browser and end the bridge (killed if it does not end by itself)."""
        try:
            if self._process.poll() is None:
                self._send("close")
            self._process.wait(timeout=30)
        finally:
            if self._process.poll() is None:
                self._process.kill()
                self._process.wait()
            self._replies.close()
