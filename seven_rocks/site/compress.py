"""Compressed copies of the site's files, which ``seven-rocks serve`` sends when the browser
accepts them: ``.br`` (brotli at its best level, when the package is installed) and ``.gz``.

Brotli at its best level is slow on the 9.6 MB wasm, so the outputs can be kept by content
hash between builds (``cache``); every output is deterministic (gzip without a time stamp).
"""

from __future__ import annotations

import gzip
import hashlib
import os
from collections.abc import Callable
from pathlib import Path

from seven_rocks.site import output

#: Suffixes of the compressed copies the build adds (``.br`` only when brotli is installed).
COMPRESSED_SUFFIXES: tuple[str, ...] = (".br", ".gz")
# Already-compressed formats gain nothing; tiny files are not worth a second request path.
_INCOMPRESSIBLE = frozenset({".png", ".webp", ".woff2", ".ico", ".snapshot"})
_MIN_COMPRESS_BYTES = 512
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
        result: bytes = brotli.compress(data, quality=11)
        return result

    return compress


def compress_site(site: Path, cache: Path | None = None) -> dict[str, int]:
    """Write ``.br``/``.gz`` copies next to the files of ``site`` that shrink by at least 5 %.

    ``cache`` (optional) keeps compressed outputs by content hash between builds. Returns
    the number of copies written per suffix.
    """
    encoders: list[tuple[str, Callable[[bytes], bytes]]] = [(".gz", _gzip)]
    brotli_compress = _brotli_compressor()
    if brotli_compress is not None:
        encoders.insert(0, (".br", brotli_compress))
    written = dict.fromkeys((suffix for suffix, _ in encoders), 0)
    for path in sorted(site.rglob("*")):
        if not path.is_file() or path.suffix in (*COMPRESSED_SUFFIXES, *_INCOMPRESSIBLE):
            continue
        if path.name in (output.MARKER, output.CLAIM):  # the build's own bookkeeping
            continue
        data = path.read_bytes()
        if len(data) < _MIN_COMPRESS_BYTES:
            continue
        digest = hashlib.sha256(data).hexdigest()
        for suffix, encode in encoders:
            cached = cache / f"{digest}{suffix}" if cache is not None else None
            if cached is not None and cached.is_file():
                packed = cached.read_bytes()
            else:
                packed = encode(data)
                if cached is not None:
                    cached.parent.mkdir(parents=True, exist_ok=True)
                    partial = cached.with_name(f"{cached.name}.{os.getpid()}.tmp")
                    partial.write_bytes(packed)
                    partial.replace(cached)  # atomic: parallel builds never see half a file
            if len(packed) <= len(data) * (1 - _MIN_SAVING):
                path.with_name(path.name + suffix).write_bytes(packed)
                written[suffix] += 1
    return written
