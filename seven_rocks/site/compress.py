"""Compressed copies of the site's files, which ``seven-rocks serve`` sends when the browser
accepts them: ``.br`` (brotli at its best level, when the package is installed) and ``.gz``.

Brotli at its best level is slow on the runtime's wasm (megabytes), so the outputs can be kept
by content hash between builds (``cache``); every output is deterministic (gzip without a time
stamp).
"""

from __future__ import annotations

import gzip
import hashlib
import os
from collections.abc import Callable
from pathlib import Path

from seven_rocks.site import output
from seven_rocks.site.claims import claimed

#: Suffixes of the compressed copies the build adds (``.br`` only when brotli is installed).
COMPRESSED_SUFFIXES: tuple[str, ...] = (".br", ".gz")
# Already-compressed formats gain nothing; tiny files are not worth a second request path.
_INCOMPRESSIBLE = frozenset({".png", ".webp", ".woff2", ".ico", ".snapshot"})
_MIN_COMPRESS_BYTES = 512
#: Brotli's largest window a browser decodes (RFC 7932: 2**24 bytes, 16 MB). The default
#: (4 MB) is smaller than Pyodide's WebAssembly, whose far repeats it then misses: 17 KB more
#: on the wire (``benchmarks/network.py``).
_BROTLI_WINDOW = 24
#: What the compressed copies kept in the cache were made with: another setting, another name.
_CACHE_TAGS = {".br": f".q11w{_BROTLI_WINDOW}.br", ".gz": ".gz"}
# Keep a compressed copy only if it saves at least this fraction of the file.
_MIN_SAVING = 0.05


def _gzip(data: bytes) -> bytes:
    # mtime=0 and no file name: the same input always gives the same bytes.
    return gzip.compress(data, compresslevel=9, mtime=0)


def _brotli_compressor() -> Callable[[bytes], bytes] | None:
    try:
        import brotli
    except ImportError:  # pragma: no cover - brotli is a dependency; gzip still works
        return None

    def compress(data: bytes) -> bytes:
        result: bytes = brotli.compress(data, quality=11, lgwin=_BROTLI_WINDOW)
        return result

    return compress


def compress_site(site: Path, cache: Path | None = None) -> dict[str, int]:
    """Write ``.br``/``.gz`` copies next to the files of ``site`` that shrink by at least 5 %.

    ``cache`` (optional) keeps compressed outputs by content hash between builds; an output
    another build is making (``claims``) is left for the end, by when it is in the cache.
    Returns the number of copies written per suffix.
    """
    encoders: list[tuple[str, Callable[[bytes], bytes]]] = [(".gz", _gzip)]
    brotli_compress = _brotli_compressor()
    if brotli_compress is not None:
        encoders.insert(0, (".br", brotli_compress))
    written = dict.fromkeys((suffix for suffix, _ in encoders), 0)
    later: list[tuple[Path, bytes, str, Callable[[bytes], bytes]]] = []
    for path in sorted(site.rglob("*")):
        if not path.is_file() or path.suffix in (*COMPRESSED_SUFFIXES, *_INCOMPRESSIBLE):
            continue
        if path.name in (output.MARKER, output.CLAIM):  # the build's own bookkeeping
            continue
        data = path.read_bytes()
        if len(data) < _MIN_COMPRESS_BYTES:
            continue
        for suffix, encode in encoders:
            packed = _packed(data, suffix, encode, cache, wait=False)
            if packed is None:
                later.append((path, data, suffix, encode))
            elif _keep(path, data, suffix, packed):
                written[suffix] += 1
    for path, data, suffix, encode in later:
        packed = _packed(data, suffix, encode, cache, wait=True)
        if packed is not None and _keep(path, data, suffix, packed):
            written[suffix] += 1
    return written


def _packed(
    data: bytes, suffix: str, encode: Callable[[bytes], bytes], cache: Path | None, *, wait: bool
) -> bytes | None:
    """``data`` compressed: from the cache, or made (and kept there). None when another
    build is making it and ``wait`` is False."""
    if cache is None:
        return encode(data)
    cached = cache / cached_name(data, suffix)
    with claimed(cached, wait=wait) as mine:
        if not mine:
            return None
        if cached.is_file():
            return cached.read_bytes()
        packed = encode(data)
        partial = cached.with_name(f"{cached.name}.{os.getpid()}.tmp")
        partial.write_bytes(packed)
        partial.replace(cached)  # atomic: a build without claims never sees half a file
        return packed


def cached_name(data: bytes, suffix: str) -> str:
    """The name the cache keeps ``data``'s ``suffix`` copy under: its content and settings."""
    return f"{hashlib.sha256(data).hexdigest()}{_CACHE_TAGS[suffix]}"


def _keep(path: Path, data: bytes, suffix: str, packed: bytes) -> bool:
    """Write the compressed copy beside ``path`` if it saves enough; whether it did."""
    if len(packed) > len(data) * (1 - _MIN_SAVING):
        return False
    path.with_name(path.name + suffix).write_bytes(packed)
    return True
