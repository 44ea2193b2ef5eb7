"""A TCP relay in front of the site's server that counts the bytes the server sends.

A page pointed at the relay's address gets the site as from the server itself (every byte is
passed on untouched, both ways); what leaves the server for it (response headers and bodies,
compressed as they travel) is added up and written to a file after every chunk, so a test
reads what a phone would have downloaded, service worker and all, as it stands at any moment.
The relay is its own origin (another port): a page opened through it has nothing of the
site in its browser's caches or service workers yet, as on a first visit.

:class:`CountingRelay` runs it in the WebRTC tests' network namespace
(``tests.support.webrtc_netns``) as ``python -m tests.support.counting_relay TARGET_PORT
COUNT_FILE``, which prints ``Relaying at http://127.0.0.1:PORT`` once it listens.
"""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

if TYPE_CHECKING:
    from tests.support.webrtc_netns import WebRtcNetwork

HOST = "127.0.0.1"
#: The start-up line's beginning (followed by the relay's URL).
RELAYING = "Relaying at "


class Count:
    """The bytes the server sent so far, kept in ``path``."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.total = 0
        self.write()

    def add(self, size: int) -> None:
        self.total += size
        self.write()

    def write(self) -> None:
        # Replaced whole, so a reader never sees half a number.
        partial = self.path.with_suffix(".partial")
        partial.write_text(str(self.total), encoding="utf-8")
        os.replace(partial, self.path)


async def _pipe(
    reader: asyncio.StreamReader, writer: asyncio.StreamWriter, count: Count | None
) -> None:
    try:
        while chunk := await reader.read(65536):
            if count is not None:
                count.add(len(chunk))
            writer.write(chunk)
            await writer.drain()
    except (ConnectionError, asyncio.IncompleteReadError):
        pass
    finally:
        writer.close()


async def _relay(target_port: int, count: Count) -> None:
    async def handle(client_in: asyncio.StreamReader, client_out: asyncio.StreamWriter) -> None:
        try:
            server_in, server_out = await asyncio.open_connection(HOST, target_port)
        except OSError:
            client_out.close()
            return
        await asyncio.gather(
            _pipe(client_in, server_out, None), _pipe(server_in, client_out, count)
        )

    server = await asyncio.start_server(handle, HOST, 0)
    port = server.sockets[0].getsockname()[1]
    print(f"{RELAYING}http://{HOST}:{port}", flush=True)
    async with server:
        await server.serve_forever()


class CountingRelay:
    """The relay in front of ``network``'s server, in its namespace, counting into a file in
    ``folder``: ``url`` is its address, ``sent()`` the bytes counted so far."""

    def __init__(self, network: WebRtcNetwork, folder: Path) -> None:
        self.file = folder / "sent"
        port = str(urlsplit(network.url).port)
        self.process = network.namespace.popen(
            [sys.executable, "-m", "tests.support.counting_relay", port, str(self.file)],
            stdout=subprocess.PIPE,
            cwd=Path(__file__).resolve().parents[2],
        )
        assert self.process.stdout is not None
        line = self.process.stdout.readline()
        if not line.startswith(RELAYING):
            self.close()
            raise RuntimeError(f"the counting relay did not start: {line!r}")
        self.url = line.removeprefix(RELAYING).strip()

    def sent(self) -> int:
        """The bytes the server has sent through the relay so far."""
        return int(self.file.read_text(encoding="utf-8"))

    def through(self, href: str) -> str:
        """``href`` (an address of the site) as the relay's."""
        parts = urlsplit(href)
        return f"{self.url}{parts.path}" + (f"#{parts.fragment}" if parts.fragment else "")

    def close(self) -> None:
        self.process.terminate()
        self.process.wait(timeout=10)


def main(argv: list[str]) -> None:
    """``TARGET_PORT COUNT_FILE``: relay to the server on that port, counting into the file."""
    target_port, count_file = int(argv[0]), Path(argv[1])
    asyncio.run(_relay(target_port, Count(count_file)))


if __name__ == "__main__":
    main(sys.argv[1:])
