"""Compressed copies of the site's files, which ``seven-rocks serve`` sends when the browser
accepts them: ``.br`` (brotli at its best level, when the package is installed) and ``.gz``.

Brotli at its best level is slow on the runtime's wasm (megabytes), so the outputs can be kept
by content hash between builds (``cache``); every output is deterministic (gzip without a time
stamp). Brotli and zlib let go of Python's lock while they work, so the files are compressed on
a thread per core, and the wasm, the longest, can start early (``CompressAhead``).
"""

from __future__ import annotations

import gzip
import hashlib
import os
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from seven_rocks.site import output
from seven_rocks.site.claims import claimed, store

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


def _encoders() -> list[tuple[str, Callable[[bytes], bytes]]]:
    """Each compressed copy's suffix and its encoder (brotli first, when installed)."""
    encoders: list[tuple[str, Callable[[bytes], bytes]]] = [(".gz", _gzip)]
    brotli_compress = _brotli_compressor()
    if brotli_compress is not None:
        encoders.insert(0, (".br", brotli_compress))
    return encoders


def _threads() -> int:
    """One thread per core this process may run on (at most four: more would only queue)."""
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    return max(1, min(4, cores or 1))


_Job = tuple[Path, bytes, str, Callable[[bytes], bytes]]


def compress_site(site: Path, cache: Path | None = None) -> dict[str, int]:
    """Write ``.br``/``.gz`` copies next to the files of ``site`` that shrink by at least 5 %.

    ``cache`` (optional) keeps compressed outputs by content hash between builds; an output
    another build is making (``claims``) is left for the end, by when it is in the cache.
    The copies are made on a thread per core, the biggest files first (the last to finish
    then is a small one). Returns the number of copies written per suffix.
    """
    encoders = _encoders()
    jobs: list[_Job] = []
    for path in sorted(site.rglob("*")):
        if not path.is_file() or path.suffix in (*COMPRESSED_SUFFIXES, *_INCOMPRESSIBLE):
            continue
        if path.name in (output.MARKER, output.CLAIM):  # the build's own bookkeeping
            continue
        data = path.read_bytes()
        if len(data) >= _MIN_COMPRESS_BYTES:
            jobs.extend((path, data, suffix, encode) for suffix, encode in encoders)
    jobs.sort(key=lambda job: len(job[1]), reverse=True)

    def make(job: _Job, wait: bool) -> bytes | None:
        _, data, suffix, encode = job
        return _packed(data, suffix, encode, cache, wait=wait)

    with ThreadPoolExecutor(_threads(), thread_name_prefix="compress") as pool:
        made = list(pool.map(lambda job: make(job, False), jobs))
        later = [job for job, packed in zip(jobs, made, strict=True) if packed is None]
        made_later = list(pool.map(lambda job: make(job, True), later))
    done = [(job, packed) for job, packed in zip(jobs, made, strict=True) if packed is not None]
    written = dict.fromkeys((suffix for suffix, _ in encoders), 0)
    for (path, data, suffix, _), packed in [*done, *zip(later, made_later, strict=True)]:
        if packed is not None and _keep(path, data, suffix, packed):
            written[suffix] += 1
    return written


class CompressAhead:
    """Compress a file that is final into the cache while the build goes on, so that
    ``compress_site`` finds its copies made.

    The runtime's wasm is final early in a build and is most of a cold build's compression
    (tens of seconds at brotli's best level); made meanwhile, it overlaps the standard
    library's cut and the snapshot, which wait on Node. The work runs on a daemon thread: a
    build that fails does not wait for it (what it finishes is still a good cache entry).
    """

    def __init__(self, cache: Path | None) -> None:
        """``cache`` None: nothing is kept between builds, so nothing is made ahead."""
        self.cache = cache
        self._threads: list[threading.Thread] = []
        self._errors: list[BaseException] = []

    def start(self, path: Path) -> None:
        """Start making ``path``'s compressed copies (as it is now) into the cache."""
        if self.cache is None:
            return
        data = path.read_bytes()
        thread = threading.Thread(
            target=self._make, args=(data,), name=f"compress {path.name}", daemon=True
        )
        thread.start()
        self._threads.append(thread)

    def _make(self, data: bytes) -> None:
        assert self.cache is not None
        try:
            for suffix, encode in _encoders():
                _packed(data, suffix, encode, self.cache, wait=True)
        except Exception as error:  # raised again by finish(), in the build's own thread
            self._errors.append(error)

    def finish(self) -> None:
        """Wait for what was started; raise what it failed with (a full disk, say)."""
        for thread in self._threads:
            thread.join()
        self._threads.clear()
        if self._errors:
            raise self._errors[0]


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
        store(cached, packed)
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
