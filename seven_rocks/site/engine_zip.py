"""The engine as the browser gets it: deterministic zips of the package's browser part.

The engine zip, which PyScript's ``files`` config unpacks into the worker's file system at
every start, holds what a first game imports (the build ships it compiled to bytecode, see
``seven_rocks.site.stdlib``); the rest zip holds the parts a game never imports (``is_lazy``:
the coach's search, the puzzles, the replay viewer, the rule book's examples), and the
worker unpacks it beside the engine's when one of them is first imported
(``web/worker.py``)."""

from __future__ import annotations

import zipfile
from pathlib import Path

from seven_rocks.site.stdlib_cut import strip_source

#: What the browser gets of the package, by inclusion: the top-level ``__init__.py`` (the
#: public API) and these sub-packages. Everything else (the command line, the site tooling,
#: the research yardsticks and tournaments) stays on the desktop: the worker never imports
#: them, so leaving them out keeps the zip small and the worker's import surface honest.
BROWSER_PACKAGES: tuple[str, ...] = ("engine", "bots", "app")
# A fixed timestamp (the earliest a zip can hold) makes the engine zip byte-for-byte
# reproducible, so two builds of the same tree give the same file.
_ZIP_EPOCH = (1980, 1, 1, 0, 0, 0)
_PACKAGE = "seven_rocks"


#: What the browser fetches only when one of it is first imported (the rest zip, see
#: ``web/worker.py``): the parts of the package a first visit's game never imports, so that
#: visit downloads less. Each is imported where it is first used, never with the session
#: (``tests/test_build.py`` plays a game from the engine zip alone and checks none of these
#: was imported): the coach's search (the review package but the part every session holds:
#: its reviews, their JSON, and the lazy door to the rest), the puzzles' trainer (its
#: messages stay in :mod:`seven_rocks.app.trainer`, the door's table needs them), the
#: replay viewer's checking, the rule book's worked examples, and the facts the build writes
#: for the page (never imported in the browser).
LAZY_PACKAGE = ("app", "review")
LAZY_PACKAGE_KEPT: frozenset[str] = frozenset({"__init__.py", "desk.py", "model.py"})
LAZY_MODULES: frozenset[str] = frozenset(
    {
        "app/puzzles.py",
        "app/puzzle_facts.py",
        "app/replays.py",
        "app/examples.py",
        "app/facts.py",
    }
)


def is_lazy(relative: Path) -> bool:
    """Whether the package file at ``relative`` goes into the rest zip (see LAZY_MODULES)."""
    if relative.parts[:2] == LAZY_PACKAGE:
        return relative.name not in LAZY_PACKAGE_KEPT
    return relative.as_posix() in LAZY_MODULES


def _engine_sources(package_dir: Path) -> list[Path]:
    """The package's ``.py`` files the browser needs, in a stable order."""
    sources = []
    for path in sorted(package_dir.rglob("*.py")):
        relative = path.relative_to(package_dir)
        if "__pycache__" in relative.parts:
            continue
        if len(relative.parts) == 1:
            if relative.name == "__init__.py":
                sources.append(path)
        elif relative.parts[0] in BROWSER_PACKAGES:
            sources.append(path)
    return sources


def zip_engine(package_dir: Path, destination: Path, *, strip: bool = True) -> Path:
    """Write the engine package but its lazy part to ``destination`` (see _write)."""
    sources = _engine_sources(package_dir)
    kept = [path for path in sources if not is_lazy(path.relative_to(package_dir))]
    return _write(package_dir, kept, destination, strip=strip)


def zip_rest(package_dir: Path, destination: Path, *, strip: bool = True) -> Path:
    """Write the package's lazy part (``is_lazy``) to ``destination`` (see _write): unpacked
    where the engine zip was, it completes the package."""
    sources = _engine_sources(package_dir)
    rest = [path for path in sources if is_lazy(path.relative_to(package_dir))]
    return _write(package_dir, rest, destination, strip=strip)


def _write(package_dir: Path, sources: list[Path], destination: Path, *, strip: bool) -> Path:
    """Write ``sources`` (files of ``package_dir``) to ``destination`` as a deterministic zip.

    Entries are sorted, stamped with a fixed date and a fixed mode, so the same sources
    always give the same bytes (cache-friendly and diffable). Paths inside the zip start
    with ``seven_rocks/`` so unpacking it at the worker's working directory makes
    ``import seven_rocks`` work. The entries are stored uncompressed and (``strip``) without
    docstrings, comments and the functions' and modules' annotations, which only the type
    checker reads (``strip_source``): the server's brotli then compresses across the files,
    which beats deflating each one (shared words and names compress once for the whole
    package).
    """
    destination.parent.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(destination, "w", compression=zipfile.ZIP_STORED) as archive:
        for path in sources:
            arcname = f"{_PACKAGE}/{path.relative_to(package_dir).as_posix()}"
            info = zipfile.ZipInfo(arcname, date_time=_ZIP_EPOCH)
            info.compress_type = zipfile.ZIP_STORED
            info.external_attr = 0o644 << 16
            info.create_system = 3  # Unix, so the mode above is honoured everywhere.
            data = path.read_bytes()
            if strip:
                text = strip_source(data.decode("utf-8"), annotations=True)
                data = text.encode("utf-8")
            archive.writestr(info, data)
    return destination
