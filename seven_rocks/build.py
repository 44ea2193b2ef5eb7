"""Assemble the static site that plays Seven Rocks in the browser.

The page must make no request outside its own origin, so everything the browser needs is
copied next to the page: PyScript's JavaScript (``dist/pyscript/``), the Pyodide runtime
(``dist/pyodide/``), the hand-written UI from ``web/`` and the engine itself as
``seven_rocks.zip``, which PyScript's ``files`` config unpacks into the worker's file system
(no micropip, no package index).

Only the standard library is used and nothing touches the network: the JavaScript packages
come from ``node_modules``, put there beforehand by ``npm ci`` from ``package-lock.json``.
"""

from __future__ import annotations

import shutil
import zipfile
from pathlib import Path

__all__ = [
    "BROWSER_EXCLUDED_MODULES",
    "PYODIDE_FILES",
    "WEB_SUFFIXES",
    "BuildError",
    "build",
    "zip_engine",
]

#: Modules of the package that only make sense on a desktop Python: the browser never imports
#: them, so leaving them out keeps the zip small and the worker's import surface honest.
BROWSER_EXCLUDED_MODULES: tuple[str, ...] = (
    "__main__.py",
    "build.py",
    "cli.py",
    "serve.py",
    "tournament.py",
)

#: The Pyodide files ``loadPyodide`` actually fetches (checked against pyodide 314.0.7: the
#: loader, the Emscripten glue, the wasm binary, the standard library and the lock file it
#: reads even when no package is ever loaded). Source maps and the CommonJS build are not needed.
PYODIDE_FILES: tuple[str, ...] = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)

#: File kinds copied from ``web/``; anything else there (editor backups, notes) stays behind.
WEB_SUFFIXES: tuple[str, ...] = (
    ".css",
    ".html",
    ".ico",
    ".js",
    ".json",
    ".mjs",
    ".png",
    ".py",
    ".svg",
    ".txt",
    ".webmanifest",
    ".webp",
    ".woff2",
)

# A fixed timestamp (the earliest a zip can hold) makes the engine zip byte-for-byte
# reproducible, so two builds of the same tree give the same file.
_ZIP_EPOCH = (1980, 1, 1, 0, 0, 0)
_ENGINE_ZIP = "seven_rocks.zip"
_PACKAGE = "seven_rocks"
# Directories the build reads from: the output must never be one of them or inside one.
_SOURCE_DIRS = ("node_modules", "web", _PACKAGE, ".git")


class BuildError(RuntimeError):
    """The site cannot be built from this tree; the message says what to do."""


def _repo_root() -> Path:
    """The checkout this module lives in (``seven_rocks/`` sits at the top level)."""
    return Path(__file__).resolve().parent.parent


def _require_dir(path: Path, hint: str) -> Path:
    if not path.is_dir():
        raise BuildError(f"{path} is missing: {hint}")
    return path


def _copy(src: Path, dst: Path) -> None:
    dst.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(src, dst)


def _prepare_out(out: Path, root: Path) -> None:
    """Empty ``out`` without ever deleting something that is not a previous build.

    A stale file from an older build could be served and mask a missing one, so the
    directory is rebuilt from scratch; but a typo such as ``--out .`` must not wipe a
    checkout, hence the refusal unless the directory is empty or holds a previous build.
    """
    out_resolved = out.resolve()
    if out_resolved in (root, *root.parents) or any(
        out_resolved.is_relative_to(root / source) for source in _SOURCE_DIRS
    ):
        raise BuildError(f"refusing to build into {out}: choose a separate output directory")
    if out.exists():
        if not out.is_dir():
            raise BuildError(f"{out} exists and is not a directory")
        if any(out.iterdir()) and not (out / _ENGINE_ZIP).is_file():
            raise BuildError(
                f"{out} is not empty and holds no previous build: choose another output directory"
            )
        shutil.rmtree(out)
    out.mkdir(parents=True)


def _engine_sources(package_dir: Path) -> list[Path]:
    """The package's ``.py`` files the browser needs, in a stable order."""
    sources = []
    for path in sorted(package_dir.rglob("*.py")):
        relative = path.relative_to(package_dir)
        if "__pycache__" in relative.parts:
            continue
        if len(relative.parts) == 1 and relative.name in BROWSER_EXCLUDED_MODULES:
            continue
        sources.append(path)
    return sources


def zip_engine(package_dir: Path, destination: Path) -> Path:
    """Write the engine package to ``destination`` as a deterministic zip.

    Entries are sorted, stamped with a fixed date and a fixed mode, so the same sources
    always give the same bytes (cache-friendly and diffable). Paths inside the zip start
    with ``seven_rocks/`` so unpacking it at the worker's working directory makes
    ``import seven_rocks`` work.
    """
    destination.parent.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(destination, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        for path in _engine_sources(package_dir):
            arcname = f"{_PACKAGE}/{path.relative_to(package_dir).as_posix()}"
            info = zipfile.ZipInfo(arcname, date_time=_ZIP_EPOCH)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            info.create_system = 3  # Unix, so the mode above is honoured everywhere.
            archive.writestr(info, path.read_bytes())
    return destination


def build(out: Path = Path("dist"), *, root: Path | None = None) -> Path:
    """Build the static site into ``out`` and return it.

    ``root`` is the checkout holding ``node_modules/``, ``web/`` and ``seven_rocks/`` (by
    default the one this module comes from); a relative ``out`` is taken from the current
    directory. Raises ``BuildError`` when the JavaScript dependencies are not installed.
    """
    root = (root if root is not None else _repo_root()).resolve()
    node_modules = root / "node_modules"
    install_hint = f"run `npm ci` in {root} first"
    _require_dir(node_modules, install_hint)
    pyscript_dist = _require_dir(node_modules / "@pyscript" / "core" / "dist", install_hint)
    pyodide_dir = _require_dir(node_modules / "pyodide", install_hint)
    web = _require_dir(root / "web", "the checkout has no web/ directory")
    package_dir = _require_dir(root / _PACKAGE, "the checkout has no seven_rocks/ package")

    _prepare_out(out, root)

    pyscript_files = sorted(
        p for p in pyscript_dist.iterdir() if p.is_file() and p.suffix in (".js", ".css")
    )
    if not any(p.name == "core.js" for p in pyscript_files):
        raise BuildError(f"{pyscript_dist} has no core.js: {install_hint}")
    for src in pyscript_files:
        _copy(src, out / "pyscript" / src.name)

    for name in PYODIDE_FILES:
        src = pyodide_dir / name
        if not src.is_file():
            raise BuildError(f"{src} is missing: {install_hint}")
        _copy(src, out / "pyodide" / name)

    for src in sorted(web.rglob("*")):
        relative = src.relative_to(web)
        if not src.is_file() or src.suffix not in WEB_SUFFIXES:
            continue
        if "__pycache__" in relative.parts or any(p.startswith(".") for p in relative.parts):
            continue
        _copy(src, out / relative)

    zip_engine(package_dir, out / _ENGINE_ZIP)
    return out
