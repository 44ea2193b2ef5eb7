"""The WSGI application that answers for the built site's files (``seven-rocks serve``).

WhiteNoise finds the files, picks the precompressed copy (``app.js.br``, ``app.js.gz``), and
sends ETags, ``Last-Modified`` and byte ranges; this module narrows it to what the site needs:

* **Nothing from outside the site.** A path is served only if, with every symlink resolved,
  it is still inside the site's folder (a link to ``/etc/passwd`` inside the site is a 404),
  and the same holds for each compressed copy on its own. Hidden names (``.git``, the
  build's ``.seven-rocks-build.json``) are never served either.
* **The folder is read on every request** (WhiteNoise's ``autorefresh``): ``seven-rocks
  build`` swaps a new site into the folder being served, and a file list read at start-up
  would then promise lengths the new files do not have.
* **Pinned content types** (``MIME_TYPES``): browsers refuse ES modules and streaming
  WebAssembly compilation without the right ``Content-Type``.
* **Content negotiation that honours ``q=0``** (``accepted_encodings``), and one ETag per
  coding, since a gzip copy and a brotli copy are different bytes.
* **Revalidation as RFC 9110 says:** ``If-None-Match: *`` and weak tags match too, so the
  browser gets a bodiless 304 whenever its copy is current.
* **The same headers on every answer** (``SECURITY_HEADERS``), 404s and redirects included:
  ``Cache-Control: no-cache`` (the browser revalidates each file, so a rebuilt site shows up
  on reload; the service worker is what keeps the site offline), the site's
  ``Content-Security-Policy`` and a few hardening headers.
"""

from __future__ import annotations

import logging
import os
import re
from collections.abc import Callable, Iterable
from http import HTTPStatus
from pathlib import Path
from sys import exc_info
from typing import Any
from urllib.parse import quote
from wsgiref.headers import Headers

from whitenoise import WhiteNoise
from whitenoise.responders import (
    NOT_MODIFIED_HEADERS,
    NotARegularFileError,
    Response,
    StaticFile,
)
from whitenoise.string_utils import decode_path_info

__all__ = [
    "CONTENT_SECURITY_POLICY",
    "ENCODINGS",
    "HEADER_ONLY_POLICY",
    "INDEX",
    "MIME_TYPES",
    "SECURITY_HEADERS",
    "SiteApp",
    "accepted_encodings",
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

#: Sent with every response, whatever its status (the server's own error pages included).
SECURITY_HEADERS: tuple[tuple[str, str], ...] = (
    ("Cache-Control", "no-cache"),
    ("Content-Security-Policy", f"{CONTENT_SECURITY_POLICY}; {HEADER_ONLY_POLICY}"),
    ("X-Content-Type-Options", "nosniff"),
    ("Referrer-Policy", "no-referrer"),
    ("Cross-Origin-Resource-Policy", "same-origin"),
)

#: Content codings the server can send, with the suffix of the file holding them.
ENCODINGS: tuple[tuple[str, str], ...] = (("br", ".br"), ("gzip", ".gz"))

#: What a URL ending in ``/`` serves.
INDEX = "index.html"
_log = logging.getLogger("seven_rocks.serve")

#: The content types the site depends on, whatever WhiteNoise's table says.
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

StartResponse = Callable[..., Any]
WSGIApp = Callable[[dict[str, Any], StartResponse], Iterable[bytes]]

_ENTITY_TAG = re.compile(r'(?:W/)?("[^"]*")')


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


def none_match(header: str, etag: str) -> bool:
    """Whether an ``If-None-Match`` header matches ``etag``: the client's copy is current.

    Weak comparison, as RFC 9110 asks for ``If-None-Match``; ``*`` matches any file.

    >>> none_match('W/"1-2", "3-4"', '"1-2"'), none_match("*", '"5"'), none_match('"1"', '"2"')
    (True, True, False)
    """
    if header.strip() == "*":
        return True
    return _ENTITY_TAG.sub(r"\1", etag) in _ENTITY_TAG.findall(header)


def _etag(size: int, mtime: float, coding: str | None) -> str:
    # Microseconds: a rebuild within the same second (same size, new bytes) still changes it.
    return f'"{round(mtime * 1_000_000):x}-{size:x}-{coding or "identity"}"'


class _SiteFile(StaticFile):  # type: ignore[misc]  # whitenoise ships no type hints
    """One file with its compressed copies; each copy has its own ETag."""

    @staticmethod
    def get_alternatives(
        base_headers: Headers, files: dict[str | None, Any]
    ) -> list[tuple[str | None, str, list[tuple[str, str]]]]:
        """The file and its copies, smallest first: (coding or None, path, headers)."""
        choices = []
        for coding, entry in sorted(files.items(), key=lambda item: item[1].size):
            headers = Headers(base_headers.items())
            headers["Vary"] = "Accept-Encoding"
            headers["Content-Length"] = str(entry.size)
            headers["ETag"] = _etag(entry.size, entry.mtime, coding)
            if coding is not None:
                headers["Content-Encoding"] = coding
            choices.append((coding, entry.path, headers.items()))
        return choices

    def get_path_and_headers(
        self, request_headers: dict[str, Any]
    ) -> tuple[str, list[tuple[str, str]]]:
        """The smallest copy the request's ``Accept-Encoding`` allows (the file itself at worst)."""
        accepted = accepted_encodings(request_headers.get("HTTP_ACCEPT_ENCODING"))
        for coding, path, headers in self.alternatives:
            if coding is None or coding in accepted:
                return path, headers
        raise AssertionError("the file itself is always among the alternatives")

    def get_response(self, method: str, request_headers: dict[str, Any]) -> Response:
        """WhiteNoise's answer, with ``If-None-Match`` judged against the chosen copy's tag."""
        condition = request_headers.get("HTTP_IF_NONE_MATCH")
        if method in ("GET", "HEAD") and condition is not None:
            _, headers = self.get_path_and_headers(request_headers)
            if none_match(condition, dict(headers)["ETag"]):
                kept = [(name, value) for name, value in headers if name in NOT_MODIFIED_HEADERS]
                return Response(HTTPStatus.NOT_MODIFIED, kept, None)
        return super().get_response(method, request_headers)

    def is_not_modified(self, request_headers: dict[str, Any]) -> bool:
        """``If-Modified-Since`` only: a present ``If-None-Match`` was judged above and wins."""
        if "HTTP_IF_NONE_MATCH" in request_headers:
            return False
        return bool(super().is_not_modified(request_headers))


class _SiteFiles(WhiteNoise):  # type: ignore[misc]  # whitenoise ships no type hints
    """WhiteNoise confined to one folder: no symlink out of it, no hidden names."""

    def __init__(self, directory: Path, fallback: WSGIApp) -> None:
        super().__init__(
            fallback,
            autorefresh=True,
            max_age=None,  # SECURITY_HEADERS say no-cache
            allow_all_origins=False,  # same origin only (Cross-Origin-Resource-Policy)
        )
        self.root = os.path.abspath(directory)

    def find_file(self, url: str) -> _SiteFile | None:
        """The file a decoded URL path names, or None (then the fallback answers 404)."""
        path = self.path_for(url)
        if path is None:
            return None
        if url.endswith("/"):
            path = os.path.join(path, INDEX)
        if not self.inside(path):
            return None
        try:
            return self.get_static_file(path, url)
        except NotARegularFileError:  # missing, a directory, a device or a pipe
            return None
        except OSError:  # a path under a file (/index.html/), or a name too long
            return None

    def path_for(self, url: str) -> str | None:
        """Where in the folder a URL path points, unresolved; None for a path that may not
        be asked for (not canonical, ``..``, a backslash, a hidden name)."""
        if not url.startswith("/") or not self.url_is_canonical(url):
            return None
        parts = url.split("/")[1:]
        if "" in parts[:-1] or any(part.startswith(".") for part in parts) or "\0" in url:
            return None
        return os.path.join(self.root, *parts)

    def inside(self, path: str) -> bool:
        """Whether ``path``, every symlink resolved, is in the site's folder (itself resolved
        now, so a folder swapped in by a rebuild is followed)."""
        root = os.path.realpath(self.root)
        real = os.path.realpath(path)
        return real == root or real.startswith(root + os.sep)

    def get_static_file(self, path: str, url: str, stat_cache: Any = None) -> _SiteFile:
        """The file with its pinned type, and only those compressed copies inside the site."""
        headers = Headers([])
        self.add_mime_headers(headers, path, url)
        encodings = {
            coding: path + suffix for coding, suffix in ENCODINGS if self.inside(path + suffix)
        }
        return _SiteFile(path, headers.items(), encodings=encodings)

    def add_mime_headers(self, headers: Headers, path: str, url: str) -> None:
        pinned = MIME_TYPES.get(Path(path).suffix.lower())
        if pinned is None:
            super().add_mime_headers(headers, path, url)
        else:
            headers["Content-Type"] = pinned


def _answer(
    environ: dict[str, Any], start_response: StartResponse, status: str, body: bytes, *exc: Any
) -> list[bytes]:
    """A short plain-text answer (``exc``: the ``exc_info`` of an error being answered)."""
    start_response(
        status,
        [("Content-Type", "text/plain; charset=utf-8"), ("Content-Length", str(len(body)))],
        *exc,
    )
    return [] if environ.get("REQUEST_METHOD") == "HEAD" else [body]


def _not_found(environ: dict[str, Any], start_response: StartResponse) -> list[bytes]:
    return _answer(environ, start_response, "404 Not Found", b"Not found\n")


class SiteApp:
    """The WSGI application serving one built site (see the module's docstring)."""

    def __init__(self, directory: Path | str) -> None:
        self.files = _SiteFiles(Path(directory), _not_found)

    def __call__(self, environ: dict[str, Any], start_response: StartResponse) -> Iterable[bytes]:
        def respond(status: str, headers: list[tuple[str, str]], *exc_info: Any) -> Any:
            ours = {name.lower() for name, _ in SECURITY_HEADERS}
            kept = [(name, value) for name, value in headers if name.lower() not in ours]
            return start_response(status, kept + list(SECURITY_HEADERS), *exc_info)

        try:
            url = decode_path_info(environ.get("PATH_INFO", ""))
            path = self.files.path_for(url)
            is_folder = path is not None and not url.endswith("/") and os.path.isdir(path)
            if is_folder and path is not None and self.files.inside(path):
                return self._to_folder(environ, respond)
            return self.files(environ, respond)  # type: ignore[no-any-return]
        except Exception as error:
            # A request is anyone's input: whatever it makes go wrong is answered and
            # logged in one line, not with a traceback per request that floods the log.
            _log.error(
                "%s %r: %s: %s",
                environ.get("REQUEST_METHOD"),
                environ.get("PATH_INFO", "")[:200],
                type(error).__name__,
                str(error)[:200],
            )
            error_page = b"Server error\n"
            return _answer(environ, respond, "500 Internal Server Error", error_page, exc_info())

    @staticmethod
    def _to_folder(environ: dict[str, Any], respond: StartResponse) -> list[bytes]:
        """Redirect ``/app`` to ``/app/`` (keeping the query), so relative URLs resolve."""
        location = quote(decode_path_info(environ.get("PATH_INFO", "")) + "/")
        if environ.get("QUERY_STRING"):
            location += "?" + environ["QUERY_STRING"]
        respond("301 Moved Permanently", [("Location", location), ("Content-Length", "0")])
        return []
