"""What the service worker precaches: every file's SHA-256, and a cache version made from
all of them, so any changed byte makes a new version and an unchanged tree keeps the same one
(see ``web/sw.js`` for how updates are applied)."""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Callable, Sequence
from pathlib import Path

from seven_rocks.site import output
from seven_rocks.site.compress import COMPRESSED_SUFFIXES

#: The service worker; the build writes the cache version and file list into it.
SERVICE_WORKER = "sw.js"
_SW_BUILD_LINE = re.compile(r"^const BUILD = .*;$", re.MULTILINE)


def file_digests(site: Path) -> dict[str, str]:
    """SHA-256 (hex) of every file the service worker precaches, by site-relative path.

    That is every file of the site except the service worker itself (the browser checks it
    byte by byte on its own), the compressed copies (the same bytes once decoded) and the
    build's marker and staging claim (``site/output.py``).
    """
    digests = {}
    for path in sorted(site.rglob("*")):
        relative = path.relative_to(site).as_posix()
        if not path.is_file() or relative in (SERVICE_WORKER, output.MARKER, output.CLAIM):
            continue
        if path.suffix in COMPRESSED_SUFFIXES:
            continue
        digests[relative] = hashlib.sha256(path.read_bytes()).hexdigest()
    return digests


def cache_version(digests: dict[str, str]) -> str:
    """A short version naming this exact set of files: it changes when any file (or name)
    changes and only then."""
    listing = "".join(f"{path}\0{digest}\n" for path, digest in sorted(digests.items()))
    return hashlib.sha256(listing.encode()).hexdigest()[:16]


def service_worker_text(
    source: str,
    digests: dict[str, str],
    *,
    optional: Sequence[str],
    inflate: Sequence[str],
    page: Callable[[str], bool] = lambda _: True,
) -> str | None:
    """The service worker's ``source`` with its ``const BUILD = ...;`` line filled in: the
    cache version, every file's digest, the files it may go without (``optional``), those
    it keeps inflated (``inflate``) and those its light form keeps (``page``: a guest's page,
    without the engine); None when the source has no such line."""
    build_info = {
        "version": cache_version(digests),
        "files": digests,
        "optional": [name for name in optional if name in digests],
        "inflate": [name for name in inflate if name in digests],
        "page": [name for name in digests if page(name) and name not in optional],
    }
    line = f"const BUILD = {json.dumps(build_info, sort_keys=True)};"
    text, count = _SW_BUILD_LINE.subn(lambda _: line, source, count=1)
    return text if count == 1 else None
