"""One build at a time makes each cached output.

Builds that share a cache (two terminals, or parallel tests, on a fresh checkout) would
otherwise each spend the same minute compressing the same wasm at brotli's best level. A
build claims an output before making it: a second build that finds it claimed does other
work first (``wait=False``) or waits and then reads what the first one kept (``wait=True``).
The claims are advisory locks on small ``.lock`` files beside the outputs, released when
their holder finishes or dies; where there are no such locks (Windows), builds simply make
their own copies, as before any build shared a cache.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

if sys.platform != "win32":
    import fcntl


@contextlib.contextmanager
def claimed(output: Path, *, wait: bool) -> Iterator[bool]:
    """Hold the claim on ``output`` (a cache entry) for the ``with`` block.

    Yields True while this build holds it; False at once, holding nothing, when another
    build holds it and ``wait`` is False.
    """
    if sys.platform == "win32":
        yield True
        return
    output.parent.mkdir(parents=True, exist_ok=True)
    with output.with_name(f"{output.name}.lock").open("a") as lock:
        try:
            fcntl.flock(lock, fcntl.LOCK_EX | (0 if wait else fcntl.LOCK_NB))
        except BlockingIOError:
            yield False
            return
        try:
            yield True
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


def store(target: Path, data: bytes) -> None:
    """Put ``data`` in the cache at ``target`` whole: written beside it, then renamed over
    it, so a build reading the cache (with or without claims) sees the whole file or none."""
    partial = _partial(target)
    partial.write_bytes(data)
    partial.replace(target)


def store_copy(target: Path, source: Path) -> None:
    """Put a copy of the file ``source`` in the cache at ``target`` whole (see ``store``)."""
    partial = _partial(target)
    shutil.copyfile(source, partial)
    partial.replace(target)


def _partial(target: Path) -> Path:
    """A name beside ``target`` no other process or thread writes to."""
    target.parent.mkdir(parents=True, exist_ok=True)
    return target.with_name(f"{target.name}.{os.getpid()}-{threading.get_ident()}.tmp")
