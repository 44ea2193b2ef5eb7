"""A small static file server for the built site.

Browsers refuse ES modules and streaming WebAssembly compilation unless the server sends
the right ``Content-Type``, and Python's guesses depend on the machine's ``mimetypes``
tables, so the types that matter are pinned here. ``Cache-Control: no-cache`` makes a
rebuilt site show up on reload without stale workers or zips (revalidation is cheap: every
response has an ``ETag`` and a matching ``If-None-Match`` gets a bodiless 304).

When the build left a compressed copy next to a file (``app.js.br``, ``app.js.gz``) and the
request's ``Accept-Encoding`` allows it, that copy is sent instead, with
``Content-Encoding``, the original file's ``Content-Type`` and ``Vary: Accept-Encoding``.

Every response carries the site's ``Content-Security-Policy`` (the same one as the
``<meta>`` tag in ``web/index.html``, plus what only a header can say) and a few other
hardening headers. Only the standard library is used, so ``seven-rocks serve`` works
wherever the engine does.
"""

from __future__ import annotations

import contextlib
import email.utils
import functools
import os
import socket
import sys
import threading
from collections.abc import Iterator
from http import HTTPStatus
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from io import BufferedReader
from pathlib import Path
from typing import Any

__all__ = [
    "CONTENT_SECURITY_POLICY",
    "ENCODINGS",
    "HEADER_ONLY_POLICY",
    "MIME_TYPES",
    "StaticHandler",
    "StaticServer",
    "accepted_encodings",
    "make_server",
    "serve",
    "serving",
]

#: The site's Content-Security-Policy, exactly as in the ``<meta>`` tag of ``web/index.html``
#: (a test keeps the two equal). Only the page's own origin, plus:
#: ``'wasm-unsafe-eval'`` to compile Pyodide's WebAssembly (no JavaScript ``eval``), and
#: ``blob:`` workers, since PyScript starts its worker from a ``blob:`` URL it makes itself.
CONTENT_SECURITY_POLICY = (
    "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; worker-src 'self' blob:; "
    "connect-src 'self'; img-src 'self'; style-src 'self'; font-src 'self'; "
    "manifest-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'"
)
#: Directives a ``<meta>`` policy may not hold (browsers ignore them there, with a console
#: error), so only the header sends them: no framing by other sites.
HEADER_ONLY_POLICY = "frame-ancestors 'self'"

#: Content codings the server can send, best first, with the suffix of the file holding them.
ENCODINGS: tuple[tuple[str, str], ...] = (("br", ".br"), ("gzip", ".gz"))

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
    ".snapshot": "application/octet-stream",
    ".svg": "image/svg+xml",
    ".toml": "text/plain; charset=utf-8",
    ".txt": "text/plain; charset=utf-8",
    ".wasm": "application/wasm",
    ".webmanifest": "application/manifest+json",
    ".webp": "image/webp",
    ".woff2": "font/woff2",
    ".zip": "application/zip",
}


def accepted_encodings(header: str | None) -> set[str]:
    """The content codings an ``Accept-Encoding`` header allows (q > 0), lower-cased.

    >>> sorted(accepted_encodings("gzip, deflate, br;q=0.5, zstd;q=0"))
    ['br', 'deflate', 'gzip']
    >>> sorted(accepted_encodings("*"))
    ['br', 'gzip']
    """
    allowed: set[str] = set()
    refused: set[str] = set()
    for item in (header or "").split(","):
        name, _, params = item.strip().partition(";")
        name = name.strip().lower()
        if not name:
            continue
        quality = 1.0
        for param in params.split(";"):
            key, _, value = param.strip().partition("=")
            if key.strip().lower() == "q":
                try:
                    quality = float(value)
                except ValueError:
                    quality = 0.0
        (allowed if quality > 0 else refused).add(name)
    if "*" in allowed:
        allowed |= {coding for coding, _ in ENCODINGS} - refused
        allowed.discard("*")
    return allowed


class StaticHandler(SimpleHTTPRequestHandler):
    """Serves one directory with pinned MIME types, precompressed copies, ETags, security
    headers, revalidated caching and no request log.

    It speaks HTTP/1.1: Chromium does not keep HTTP/1.0 responses in its cache, so with the
    standard library's default every revalidation was a full download (a first visit fetched
    the whole site twice: once for the page, once for the service worker's precache).
    """

    protocol_version = "HTTP/1.1"
    #: An idle keep-alive connection is dropped after this many seconds, freeing its thread.
    timeout = 30
    # Headers and body go out in separate writes: with Nagle's algorithm on, a kept-alive
    # connection would hold the body back until the browser's delayed ACK (~40 ms a file).
    disable_nagle_algorithm = True

    def send_head(self) -> BufferedReader | None:
        """Open the file for GET/HEAD and send its headers, preferring a compressed copy."""
        path = self.translate_path(self.path)
        if os.path.isdir(path):
            if not self.path.split("?", 1)[0].split("#", 1)[0].endswith("/"):
                return super().send_head()  # type: ignore[return-value]  # the redirect
            path = os.path.join(path, "index.html")
        if not os.path.isfile(path) or path.endswith("/"):
            self.send_error(HTTPStatus.NOT_FOUND, "File not found")
            return None
        accepted = accepted_encodings(self.headers.get("Accept-Encoding"))
        chosen, served = None, path
        for coding, suffix in ENCODINGS:
            if coding in accepted and os.path.isfile(path + suffix):
                chosen, served = coding, path + suffix
                break
        try:
            handle = open(served, "rb")  # noqa: SIM115 - the caller copies it, then closes it
        except OSError:
            self.send_error(HTTPStatus.NOT_FOUND, "File not found")
            return None
        try:
            stat = os.fstat(handle.fileno())
            etag = f'"{stat.st_mtime_ns:x}-{stat.st_size:x}-{chosen or "identity"}"'
            if etag in (t.strip() for t in self.headers.get("If-None-Match", "").split(",")):
                self.send_response(HTTPStatus.NOT_MODIFIED)
                self.send_header("ETag", etag)
                self.send_header("Vary", "Accept-Encoding")
                self.end_headers()
                handle.close()
                return None
            self.send_response(HTTPStatus.OK)
            self.send_header("Content-Type", self.guess_type(path))
            if chosen is not None:
                self.send_header("Content-Encoding", chosen)
            self.send_header("Vary", "Accept-Encoding")
            self.send_header("Content-Length", str(stat.st_size))
            self.send_header("ETag", etag)
            self.send_header("Last-Modified", email.utils.formatdate(stat.st_mtime, usegmt=True))
            self.end_headers()
            return handle
        except Exception:
            handle.close()
            raise

    def guess_type(self, path: str | os.PathLike[str]) -> str:
        """Use the pinned type for the site's file kinds, the stdlib's guess otherwise."""
        pinned = MIME_TYPES.get(Path(path).suffix.lower())
        return pinned if pinned is not None else super().guess_type(path)

    def end_headers(self) -> None:
        """Add ``Cache-Control: no-cache`` (the browser revalidates every file; the service
        worker is what keeps the site offline) and the security headers."""
        self.send_header("Cache-Control", "no-cache")
        self.send_header(
            "Content-Security-Policy", f"{CONTENT_SECURITY_POLICY}; {HEADER_ONLY_POLICY}"
        )
        self.send_header("X-Content-Type-Options", "nosniff")
        self.send_header("Referrer-Policy", "no-referrer")
        self.send_header("Cross-Origin-Resource-Policy", "same-origin")
        super().end_headers()

    def log_message(self, format: str, *args: Any) -> None:
        """Stay quiet: a page load is ~20 requests and the log would drown real output."""


class StaticServer(ThreadingHTTPServer):
    """A threading HTTP server that does not print a traceback when a browser hangs up.

    Browsers routinely drop connections mid-transfer (a closed tab, a cancelled preload); that
    is not an error worth a traceback on the terminal or in a test log.
    """

    daemon_threads = True

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self._connections: set[socket.socket] = set()
        self._connections_lock = threading.Lock()
        super().__init__(*args, **kwargs)

    def process_request(self, request: Any, client_address: Any) -> None:
        """Track the connection, so that closing the server also closes kept-alive ones."""
        with self._connections_lock:
            self._connections.add(request)
        super().process_request(request, client_address)

    def shutdown_request(self, request: Any) -> None:
        with self._connections_lock:
            self._connections.discard(request)
        super().shutdown_request(request)

    def server_close(self) -> None:
        """Stop listening and hang up on every open connection: a stopped server must look
        stopped to a browser holding keep-alive connections (the offline tests rely on it)."""
        super().server_close()
        with self._connections_lock:
            connections = list(self._connections)
        for connection in connections:
            with contextlib.suppress(OSError):
                connection.shutdown(socket.SHUT_RDWR)

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
