"""The Python the engine's worker runs, as the build ships it.

* ``seven_rocks.zip``: the package's browser part, which PyScript's ``files`` config
  unpacks into the worker's file system at every start, compiled to bytecode by the
  shipped Pyodide when the standard library is cut (so a first visit does not compile it);
* ``rest.zip``: the parts a first game never imports (``engine_zip.is_lazy``: the coach's
  search, the puzzles, the replay viewer, the rule book's examples), which the worker
  fetches and unpacks beside it the first time one of them is imported (``web/worker.py``),
  so a visit that never asks for them never downloads them;
* the standard library cut to what the game imports (``seven_rocks.site.stdlib``), traced
  with both zips, and the full one it falls back on;
* the memory snapshot of an interpreter that has imported the engine
  (``seven_rocks.site.snapshot``), made from that cut library.

The cut and the snapshot run the engine in Node's Pyodide, so they come after the zips are
written, from the files the site ships.
"""

from __future__ import annotations

from pathlib import Path

from seven_rocks.site.engine_zip import zip_engine, zip_rest
from seven_rocks.site.snapshot import make_snapshot
from seven_rocks.site.stdlib import cut_stdlib

ENGINE_ZIP = "seven_rocks.zip"
REST_ZIP = "rest.zip"
#: Where the Pyodide memory snapshot goes (``web/pyodide-loader.mjs`` reads it from there).
SNAPSHOT = "pyodide/engine.snapshot"
#: The standard library cut to what the game imports, and the full one it falls back on.
STDLIB_CUT = "pyodide/stdlib-cut.zip"
STDLIB_FULL = "pyodide/python_stdlib.zip"
#: The finder that imports from the full library; packed into the cut zip, not copied.
FALLBACK = "stdlib_fallback.py"
WORKER = "worker.py"


def write_zips(package_dir: Path, site: Path) -> None:
    """Write the engine's two zips into ``site``."""
    zip_engine(package_dir, site / ENGINE_ZIP)
    zip_rest(package_dir, site / REST_ZIP)


def make_images(site: Path, web: Path, cache: Path, *, snapshot: bool) -> None:
    """Cut the standard library and (``snapshot``) take the memory snapshot from it.

    Raises ``StdlibError`` or ``SnapshotError`` when Node is missing or either fails.
    """
    cut_stdlib(
        site / "pyodide",
        site / ENGINE_ZIP,
        web / WORKER,
        web / FALLBACK,
        site / STDLIB_CUT,
        cache=cache,
        rest_zip=site / REST_ZIP,
        compiled_engine=site / ENGINE_ZIP,
    )
    if snapshot:
        make_snapshot(
            site / "pyodide",
            site / ENGINE_ZIP,
            site / SNAPSHOT,
            cache=cache,
            stdlib=site / STDLIB_CUT,
        )
