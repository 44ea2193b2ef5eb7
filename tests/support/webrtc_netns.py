"""A private network for WebRTC tests: a namespace with two linked addresses, the site served
in it and Chromium started in it.

Two pages connect by WebRTC only through an interface with an address: with loopback alone
a browser gathers no candidate at all. The test makes its own network namespace
(``tests.support.netns``), adds a veth pair (``sr0`` 10.77.0.1/24, ``sr1`` 10.77.0.2/24,
both up, default route via 10.77.0.2) and starts the site's server and Chromium inside it,
so every packet either sends stays in that namespace: nothing reaches the machine's own
addresses or beyond, whatever the page does. Chromium is told to show its real addresses
in candidates (``--disable-features=WebRtcHideLocalIpsWithMdns``): the namespace has no
mDNS responder to resolve the names it would otherwise use.

Playwright starts Chromium through ``executable_path``: here a two-line script that runs
the browser under ``nsenter``, so the browser, its GPU and network processes and every
renderer live in the namespace while Playwright talks to it over its pipe as usual.
"""

from __future__ import annotations

import contextlib
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from tests.support.chromium import CHROMIUM, CHROMIUM_ARGS
from tests.support.netns import Namespace

#: The two ends of the pair and their addresses.
LINKS: tuple[tuple[str, str], ...] = (("sr0", "10.77.0.1/24"), ("sr1", "10.77.0.2/24"))
GATEWAY = "10.77.0.2"
#: WebRTC candidates with the interfaces' real addresses (see the module's docstring).
WEBRTC_ARGS: tuple[str, ...] = ("--disable-features=WebRtcHideLocalIpsWithMdns",)
#: Chromium sends every request but loopback's through this closed port: a request meant
#: for anywhere else fails at once (as the other browser tests' proxy does).
NO_PROXY = "http://127.0.0.1:9"
#: The server's start-up line: "Serving DIR at URL (Ctrl+C to stop)".
_SERVING = "Serving "


#: Seconds for the veth pair's carrier to come up.
SETTLE_S = 10.0


def _line(listing: str, name: str) -> str:
    """The line of ``ip -o link`` about interface ``name``."""
    return next((line for line in listing.splitlines() if f" {name}@" in line), "")


class WebRtcNetwork:
    """The namespace with its veth pair, the site's server in it, and a Chromium launcher.

    ``close`` ends the server, the browser and anything else started in the namespace.
    """

    def __init__(self, site: Path) -> None:
        self.namespace = Namespace()
        try:
            self._link_up()
            self.url = self._serve(site)
            self._folder = tempfile.TemporaryDirectory(prefix="seven-rocks-webrtc-")
            self.chromium = self._launcher(Path(self._folder.name))
        except BaseException:
            self.namespace.close()
            raise

    def _link_up(self) -> None:
        """The veth pair up with its addresses, and settled before anything starts on it.

        IPv6 is off in the namespace: a new interface's IPv6 addresses arrive a moment after
        it is up (duplicate address detection), and Chromium, seeing its network change,
        fails the page's requests under way (``ERR_NETWORK_CHANGED``). The pair's carrier
        is waited for for the same reason."""
        (first, _), (second, _) = LINKS
        ipv6_off = "; ".join(
            f"echo 1 > /proc/sys/net/ipv6/conf/{conf}/disable_ipv6" for conf in ("all", "default")
        )
        commands = [
            ["sh", "-c", f"if [ -d /proc/sys/net/ipv6 ]; then {ipv6_off}; fi"],
            ["ip", "link", "add", first, "type", "veth", "peer", "name", second],
        ]
        for name, address in LINKS:
            commands.append(["ip", "addr", "add", address, "dev", name])
            commands.append(["ip", "link", "set", name, "up"])
        commands.append(["ip", "route", "add", "default", "via", GATEWAY])
        for command in commands:
            done = self.namespace.run(command, capture_output=True)
            if done.returncode != 0:
                raise RuntimeError(f"{' '.join(command)} failed: {done.stderr.strip()}")
        deadline = time.monotonic() + SETTLE_S
        while True:
            shown = self.namespace.run(["ip", "-o", "link", "show", "up"], capture_output=True)
            if all(
                f"{name}@" in shown.stdout and "LOWER_UP" in _line(shown.stdout, name)
                for name, _ in LINKS
            ):
                return
            if time.monotonic() > deadline:
                raise RuntimeError(f"the veth pair never came up: {shown.stdout.strip()}")
            time.sleep(0.05)

    def _serve(self, site: Path) -> str:
        """Start ``seven-rocks serve``'s server on a free port inside; its URL."""
        program = (
            "import sys; from seven_rocks.site.serve import serve; "
            "serve(sys.argv[1], host='127.0.0.1', port=0)"
        )
        self.server = self.namespace.popen(
            [sys.executable, "-c", program, str(site)],
            stdout=subprocess.PIPE,
        )
        assert self.server.stdout is not None
        line = self.server.stdout.readline()
        if not line.startswith(_SERVING):
            raise RuntimeError(f"the site's server did not start in the namespace: {line!r}")
        return line.split(" at ", 1)[1].split(" ", 1)[0].rstrip("/")

    def _launcher(self, folder: Path) -> Path:
        """A script that runs Chromium inside the namespace, for ``executable_path``."""
        script = folder / "chromium-in-netns"
        command = " ".join(self.namespace.command([str(CHROMIUM)]))
        script.write_text(f'#!/bin/sh\nexec {command} "$@"\n', encoding="utf-8")
        script.chmod(0o755)
        return script

    def launch_args(self, flags: Sequence[str] = CHROMIUM_ARGS) -> dict[str, Any]:
        """Keyword arguments for ``playwright.chromium.launch``: the browser as players
        have it, or with ``flags`` (the tests' :data:`~tests.support.chromium.TEST_ARGS`)."""
        return {
            "executable_path": str(self.chromium),
            "args": [*flags, *WEBRTC_ARGS, f"--proxy-server={NO_PROXY}"],
        }

    def inside(self) -> list[str]:
        """The prefix that runs a command inside the namespace (``nsenter``): another
        browser's driver and the browser it starts (``tests/e2e/test_link_firefox.py``)."""
        return self.namespace.command([])

    def close(self) -> list[int]:
        """End everything started in the namespace; the processes that would not end."""
        left = self.namespace.close()
        self._folder.cleanup()
        return left


@contextlib.contextmanager
def network_serving(site: Path | None) -> Iterator[WebRtcNetwork]:
    """A :class:`WebRtcNetwork` serving ``site``, or a build of this checkout made for the
    occasion (no snapshot, no compressed copies: a benchmark's quick build), closed after."""
    from seven_rocks.site.build import build

    with tempfile.TemporaryDirectory() as folder:
        network = WebRtcNetwork(
            site or build(Path(folder) / "site", snapshot=False, compress=False)
        )
        try:
            yield network
        finally:
            network.close()
