"""Cut Pyodide's standard library to the modules a game imports, for a small first visit.

Pyodide's ``python_stdlib.zip`` holds every module of the standard library, deflated file by
file (so brotli on the wire cannot shrink it), and every first visit downloads all of it. A game
imports a small part of them. The build runs ``stdlib.mjs`` (beside this module) in Node, which
starts the very Pyodide the site ships, drives the worker through a session
(``stdlib_cut.exercise``), and writes the imported modules, docstrings and comments stripped and
compiled to bytecode by Pyodide's own Python 3.14 (the host's ``ast`` may not read 3.14 syntax,
and only Pyodide's compiler makes bytecode Pyodide can load), into an *uncompressed* zip: brotli
then compresses across the files (the sizes on the wire: the README, from
``benchmarks/network.py``). Bytecode is a little larger than stripped source, and saves Python's
start-up compiling the source on a first visit, while the WebAssembly is still unoptimised
(``benchmarks/boot.py`` times the start). Node checks the cut by running the session again on
it.

The same run compiles the engine zip's modules (already stripped) to bytecode the same way,
and the check runs on that compiled engine: a first visit then imports the engine without
compiling ~200 KB of source on WebAssembly not yet optimised (in Node's Pyodide, 0.5 of the
import's CPU-seconds become 0.3; a first visit, ``benchmarks/first_visit_cpu.py``, about 0.4
fewer at half a core, the optimising tier having less to compile too), for some 45 KB more on
the wire.

The full library stays in the site, never loaded unless something outside the cut is
imported: ``web/stdlib_fallback.py`` (packed into the cut zip, installed by the loader
before PyScript or the engine import anything) then fetches it and the game goes on.

Making the cut takes a while (two Pyodide start-ups and a few games), so results are cached
by the hash of their inputs, like the memory snapshot.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

from seven_rocks.site.claims import claimed, store_copy

__all__ = ["PYSCRIPT_IMPORTS", "CutLibrary", "StdlibError", "cut_stdlib"]

#: What PyScript's own Python bootstrap imports in the worker before ``worker.py`` runs
#: (its ``pyscript`` and ``polyscript`` modules). The Node trace does not run PyScript, so
#: they are named here; ``tests/e2e/test_stdlib.py`` fails, naming the module, when a real
#: visit needs one the cut lacks.
PYSCRIPT_IMPORTS: tuple[str, ...] = ()

_HERE = Path(__file__).parent
_SCRIPT = _HERE / "stdlib.mjs"
_TOOL = _HERE / "stdlib_cut.py"
#: The Pyodide files whose bytes decide what is imported and from where.
_PYODIDE_INPUTS = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
_TIMEOUT_S = 600


class StdlibError(RuntimeError):
    """The cut library could not be made; the message says why."""


@dataclass(frozen=True)
class CutLibrary:
    """The cut zip and what is in it."""

    path: Path
    files: tuple[str, ...]
    source_bytes: int
    stored_bytes: int


def _inputs_digest(pyodide_dir: Path, inputs: tuple[Path, ...]) -> str:
    digest = hashlib.sha256()
    for path in (*inputs, *(pyodide_dir / name for name in _PYODIDE_INPUTS)):
        digest.update(path.name.encode() + b"\0" + hashlib.sha256(path.read_bytes()).digest())
    digest.update(",".join(PYSCRIPT_IMPORTS).encode())
    return digest.hexdigest()


def _read(destination: Path, report: Path) -> CutLibrary:
    data = json.loads(report.read_text(encoding="utf-8"))
    return CutLibrary(
        path=destination,
        files=tuple(data["files"]),
        source_bytes=int(data["source_bytes"]),
        stored_bytes=int(data["stored_bytes"]),
    )


def cut_stdlib(
    pyodide_dir: Path,
    engine_zip: Path,
    worker: Path,
    fallback: Path,
    destination: Path,
    *,
    cache: Path | None = None,
    rest_zip: Path | None = None,
    compiled_engine: Path | None = None,
) -> CutLibrary:
    """Write the cut standard library zip for ``worker`` running ``engine_zip`` (and
    ``rest_zip``, unpacked beside it) on ``pyodide_dir``'s Pyodide, with ``fallback`` (the
    finder module) packed in; and (``compiled_engine``) ``engine_zip`` compiled to bytecode
    there (it may be ``engine_zip`` itself, replaced).

    The report (the files, their sizes) is kept in ``cache`` beside the cached zip.
    Raises ``StdlibError`` when Node is missing or the cut cannot be made or fails its check.
    """
    zips = (engine_zip,) if rest_zip is None else (engine_zip, rest_zip)
    inputs = (_SCRIPT, _TOOL, *zips, worker, fallback)
    key = _inputs_digest(pyodide_dir, inputs)
    cached = cache / f"stdlib-{key}.zip" if cache is not None else None
    destination.parent.mkdir(parents=True, exist_ok=True)
    outputs = _Outputs(destination, compiled_engine)
    if cached is None:
        return _cut(pyodide_dir, zips, worker, fallback, outputs, None)
    with claimed(cached, wait=True):  # another build cutting it: wait, then copy its
        if not all(path.is_file() for path in _cached_files(cached)):
            return _cut(pyodide_dir, zips, worker, fallback, outputs, cached)
    shutil.copyfile(cached, destination)
    if compiled_engine is not None:
        shutil.copyfile(_cached_files(cached)[2], compiled_engine)
    return _read(destination, cached.with_suffix(".json"))


@dataclass(frozen=True)
class _Outputs:
    """Where the cut goes, and the compiled engine (``None``: not wanted)."""

    library: Path
    engine: Path | None


def _cached_files(cached: Path) -> tuple[Path, Path, Path]:
    """The cut, its report and the compiled engine zip, as the cache keeps them."""
    return cached, cached.with_suffix(".json"), cached.with_suffix(".engine.zip")


def _cut(
    pyodide_dir: Path,
    zips: tuple[Path, ...],
    worker: Path,
    fallback: Path,
    outputs: _Outputs,
    cached: Path | None,
) -> CutLibrary:
    """Run Node's Pyodide to make the cut and the compiled engine (and keep them in
    ``cached``)."""
    node = _find_node()
    destination = outputs.library
    partial = destination.with_name(f"{destination.name}.{os.getpid()}.tmp")
    partial_report = destination.with_name(f"{destination.name}.{os.getpid()}.json.tmp")
    partial_engine = destination.with_name(f"{destination.name}.{os.getpid()}.engine.tmp")
    command = [
        node,
        str(_SCRIPT),
        str(pyodide_dir.resolve()),
        ",".join(str(path.resolve()) for path in zips),
        *(str(path.resolve()) for path in (worker, _TOOL, fallback)),
        ",".join(PYSCRIPT_IMPORTS),
        str(partial.resolve()),
        str(partial_report.resolve()),
        str(partial_engine.resolve()),
    ]
    _run_cut(command, (partial, partial_report, partial_engine))
    partial.replace(destination)
    library = _read(destination, partial_report)
    if cached is not None:
        _keep_in_cache((destination, partial_report, partial_engine), _cached_files(cached))
    partial_report.unlink()
    if outputs.engine is not None:
        partial_engine.replace(outputs.engine)
    else:
        partial_engine.unlink()
    return library


def _find_node() -> str:
    """Node's path, or a ``StdlibError`` saying to install it (not a bare ``FileNotFoundError``)."""
    node = shutil.which("node")
    if node is None:
        raise StdlibError("Node.js is needed to build the site: install it (npm comes with it)")
    return node


def _run_cut(command: list[str], partials: tuple[Path, Path, Path]) -> None:
    """Run the Node cut; on failure remove its partial outputs and raise ``StdlibError``.

    The reason given is Node's last stderr line, cut to 300 characters: enough to name the
    module or the check that failed without pasting a whole JavaScript stack into a build.
    """
    try:
        result = subprocess.run(command, capture_output=True, text=True, timeout=_TIMEOUT_S)
    except subprocess.TimeoutExpired:
        result = None
    if result is None or result.returncode != 0 or not all(path.is_file() for path in partials):
        for path in partials:
            path.unlink(missing_ok=True)
        if result is None:
            raise StdlibError(f"cutting the standard library took over {_TIMEOUT_S} s")
        lines = [line for line in result.stderr.splitlines() if line.strip()]
        reason = lines[-1] if lines else f"node exited with status {result.returncode}"
        raise StdlibError(f"could not cut the standard library: {reason[:300]}")


def _keep_in_cache(sources: tuple[Path, ...], targets: tuple[Path, ...]) -> None:
    """Copy the cut's outputs into the cache, each replaced atomically.

    Parallel builds share the cache, so a reader must never see half a file.
    """
    for source, target in zip(sources, targets, strict=True):
        store_copy(target, source)
