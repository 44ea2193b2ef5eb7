"""Make the Pyodide memory snapshot that lets the browser skip Python's start-up.

Booting Pyodide means instantiating the interpreter and running Python's whole start-up
(the standard library's imports, Pyodide's own modules), then importing the engine: about
1.7 s on this project's reference machine, nearly all of a boot from the offline cache.
Pyodide can instead restore a *memory snapshot*, the WebAssembly heap of an interpreter
that has already done all that, in about 0.2 s.

The build makes that snapshot with Node (``snapshot.mjs``, beside this module) from the very
Pyodide files and engine zip the site ships, so it always matches them; the page's loader
(``web/pyodide-loader.mjs``) passes it to ``loadPyodide`` and falls back to an ordinary
start if it is missing or refused. The snapshot freezes a few things a boot would otherwise
pick afresh: the string hash seed (fixed to 0 here) and the ``random`` module's state
(``web/worker.py`` reseeds it from the OS on every start).

The file is written gzip-compressed (a heap image is mostly zeros and repeats, so it
shrinks several-fold; the README gives the sizes ``benchmarks/network.py`` measures): static
hosts seldom compress ``application/octet-stream``, so left raw it could cost a visitor the
whole heap. The service worker inflates it once, when it installs, and keeps it inflated
for the loader.

Making one takes a few seconds, so results are cached by the hash of their inputs.
"""

from __future__ import annotations

import gzip
import hashlib
import os
import shutil
import subprocess
from pathlib import Path

from seven_rocks.site.claims import claimed, store_copy

__all__ = ["SNAPSHOT_MODULES", "SnapshotError", "make_snapshot"]

#: What the snapshot has imported: the worker's own imports (``web/worker.py``) and the
#: engine's session API, which pulls in the rules, the bots and the geometry.
SNAPSHOT_MODULES: tuple[str, ...] = ("json", "sys", "traceback", "seven_rocks.app.dispatch")

_SCRIPT = Path(__file__).with_name("snapshot.mjs")
#: The Pyodide files whose bytes shape the heap; any change means a new snapshot.
_PYODIDE_INPUTS = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
_TIMEOUT_S = 300


class SnapshotError(RuntimeError):
    """The snapshot could not be made; the message says why."""


def _inputs_digest(pyodide_dir: Path, engine_zip: Path, stdlib: Path | None) -> str:
    digest = hashlib.sha256()
    extra = (stdlib,) if stdlib is not None else ()
    for path in (_SCRIPT, engine_zip, *extra, *(pyodide_dir / name for name in _PYODIDE_INPUTS)):
        digest.update(path.name.encode() + b"\0" + hashlib.sha256(path.read_bytes()).digest())
    digest.update(",".join(SNAPSHOT_MODULES).encode())
    return digest.hexdigest()


def make_snapshot(
    pyodide_dir: Path,
    engine_zip: Path,
    destination: Path,
    *,
    cache: Path | None = None,
    stdlib: Path | None = None,
) -> Path:
    """Write the snapshot (gzip-compressed) of ``pyodide_dir``'s interpreter with
    ``engine_zip`` imported.

    ``stdlib`` is the standard library zip the page starts Python with (the build's cut
    one, see ``seven_rocks.site.stdlib``; by default Pyodide's full one): a restored heap
    refers to that very file, so the snapshot must be made from it.
    ``cache`` (optional) keeps snapshots by the hash of their inputs between builds.
    Raises ``SnapshotError`` when Node is missing or the snapshot cannot be made.
    """
    cached = (
        cache / f"snapshot-{_inputs_digest(pyodide_dir, engine_zip, stdlib)}.gz" if cache else None
    )
    destination.parent.mkdir(parents=True, exist_ok=True)
    if cached is None:
        return _make(pyodide_dir, engine_zip, destination, stdlib)
    with claimed(cached, wait=True):  # another build making it: wait, then copy its
        if not cached.is_file():
            _make(pyodide_dir, engine_zip, destination, stdlib)
            _keep_in_cache(destination, cached)
            return destination
    shutil.copyfile(cached, destination)
    return destination


def _make(pyodide_dir: Path, engine_zip: Path, destination: Path, stdlib: Path | None) -> Path:
    """Run Node's Pyodide to write the snapshot, gzip-compressed, to ``destination``."""
    node = shutil.which("node")
    if node is None:
        raise SnapshotError("Node.js is needed to build the site: install it (npm comes with it)")
    partial = destination.with_name(f"{destination.name}.{os.getpid()}.tmp")
    command = [
        node,
        str(_SCRIPT),
        str(pyodide_dir.resolve()),
        str(engine_zip.resolve()),
        str(partial.resolve()),
        ",".join(SNAPSHOT_MODULES),
        str(stdlib.resolve()) if stdlib is not None else "",
    ]
    _run_node(command, partial)
    # mtime=0 and no file name: the same heap always gives the same bytes.
    partial.write_bytes(gzip.compress(partial.read_bytes(), compresslevel=9, mtime=0))
    partial.replace(destination)
    return destination


def _run_node(command: list[str], partial: Path) -> None:
    """Run ``snapshot.mjs``; on failure remove its partial output and raise ``SnapshotError``.

    The reason given is Node's last stderr line, cut to 300 characters: enough to name what
    failed without pasting a whole JavaScript stack into a build.
    """
    try:
        result = subprocess.run(command, capture_output=True, text=True, timeout=_TIMEOUT_S)
    except subprocess.TimeoutExpired:
        partial.unlink(missing_ok=True)
        raise SnapshotError(f"making the Pyodide snapshot took over {_TIMEOUT_S} s") from None
    if result.returncode != 0 or not partial.is_file():
        partial.unlink(missing_ok=True)
        lines = [line for line in result.stderr.splitlines() if line.strip()]
        reason = lines[-1] if lines else f"node exited with status {result.returncode}"
        raise SnapshotError(f"could not make the Pyodide snapshot: {reason[:300]}")


def _keep_in_cache(destination: Path, cached: Path) -> None:
    """Copy the snapshot into the cache atomically: parallel builds never see half a file."""
    store_copy(cached, destination)
