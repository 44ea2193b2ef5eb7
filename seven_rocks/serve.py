"""A small static file server for the built site.

Browsers refuse ES modules and streaming WebAssembly compilation unless the server sends
the right ``Content-Type``, and Python's guesses depend on the machine's ``mimetypes``
tables, so the types that matter are pinned here. ``Cache-Control: no-cache`` makes a
rebuilt site show up on reload without stale workers or zips. Only the standard library
is used, so ``seven-rocks serve`` works wherever the engine does.
"""

from __future__ import annotations

import contextlib
import functools
import os
import socket
import sys
import threading
from collections.abc import Iterator
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

__all__ = ["MIME_TYPES", "StaticHandler", "StaticServer", "make_server", "serve", "serving"]

#: The content types the site depends on, whatever the host's mimetypes database says.
MIME_TYPES: dict[str, str] = {
    ".css": "text/css; charset=utf-8",
    ".html": "text/html; charset=utf-8",
    ".ico": "image/x-icon",
    ".js": "text/javascript; charset=utf-8",
    ".json": "application/json",
    ".map": "application/json",
    ".mjs": "text/javascript; charset=utf-8",
    ".png": "image/png",
    ".py": "text/plain; charset=utf-8",
    ".svg": "image/svg+xml",
    ".toml": "text/plain; charset=utf-8",
    ".txt": "text/plain; charset=utf-8",
    ".wasm": "application/wasm",
    ".webmanifest": "application/manifest+json",
    ".webp": "image/webp",
    ".woff2": "font/woff2",
    ".zip": "application/zip",
}


class StaticHandler(SimpleHTTPRequestHandler):
    """Serves one directory with pinned MIME types, no caching and no request log."""

    def guess_type(self, path: str | os.PathLike[str]) -> str:
        """Use the pinned type for the site's file kinds, the stdlib's guess otherwise."""
        pinned = MIME_TYPES.get(Path(path).suffix.lower())
        return pinned if pinned is not None else super().guess_type(path)

    def end_headers(self) -> None:
        """Add ``Cache-Control: no-cache`` so the browser revalidates every file."""
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format: str, *args: Any) -> None:
        """Stay quiet: a page load is ~20 requests and the log would drown real output."""


class StaticServer(ThreadingHTTPServer):
    """A threading HTTP server that does not print a traceback when a browser hangs up.

    Browsers routinely drop connections mid-transfer (a closed tab, a cancelled preload); that
    is not an error worth a traceback on the terminal or in a test log.
    """

    daemon_threads = True

    def handle_error(self, request: Any, client_address: Any) -> None:
        """Ignore dropped connections; report anything else as usual."""
        if isinstance(sys.exc_info()[1], ConnectionError):
            return
        super().handle_error(request, client_address)


class _StaticServer6(StaticServer):
    address_family = socket.AF_INET6


def make_server(directory: Path | str, host: str = "127.0.0.1", port: int = 8000) -> StaticServer:
    """Bind a server for ``directory`` on ``host:port`` (port 0 picks a free port)."""
    root = Path(directory)
    if not root.is_dir():
        raise FileNotFoundError(f"{root} is not a directory: build the site first")
    handler = functools.partial(StaticHandler, directory=os.fspath(root))
    server_class = _StaticServer6 if ":" in host else StaticServer  # ::1 is IPv6
    return server_class((host, port), handler)


def _url(server: StaticServer) -> str:
    host, port = server.server_address[:2]
    shown = host if isinstance(host, str) else host.decode()
    if ":" in shown:  # an IPv6 literal
        shown = f"[{shown}]"
    return f"http://{shown}:{port}/"


def serve(directory: Path | str, host: str = "127.0.0.1", port: int = 8000) -> str:
    """Serve ``directory`` until interrupted (Ctrl+C), printing the URL first.

    Returns the URL it served once the server has stopped.
    """
    with make_server(directory, host, port) as server:
        url = _url(server)
        print(f"Serving {directory} at {url} (Ctrl+C to stop)", flush=True)
        with contextlib.suppress(KeyboardInterrupt):
            server.serve_forever()
    return url


@contextlib.contextmanager
def serving(directory: Path | str, host: str = "127.0.0.1", port: int = 0) -> Iterator[str]:
    """Serve ``directory`` from a background thread for the ``with`` block.

    Yields the base URL (ending in ``/``); the server is shut down and its socket closed
    on exit, so tests can start and stop as many as they like.
    """
    server = make_server(directory, host, port)
    thread = threading.Thread(target=server.serve_forever, name="seven-rocks-serve", daemon=True)
    thread.start()
    try:
        yield _url(server)
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)
