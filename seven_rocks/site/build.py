"""Assemble the static site that plays Seven Rocks in the browser.

The page must make no request outside its own origin, so everything the browser needs is
copied next to the page: PyScript's JavaScript (``dist/pyscript/``), the Pyodide runtime
(``dist/pyodide/``), the hand-written UI from ``web/`` and the engine itself as
``seven_rocks.zip``, which PyScript's ``files`` config unpacks into the worker's file system
(no micropip, no package index).

Nothing touches the network: the JavaScript packages come from ``node_modules``, put there
beforehand by ``npm ci`` from ``package-lock.json``.

Besides copying, the build makes the site installable, offline-capable and quick to load:

* only the PyScript modules the page actually loads are copied (not the editor, terminal or
  TOML chunks), see ``PYSCRIPT_MODULES``;
* the app icons are drawn by ``seven_rocks.site.icons`` (SVG and PNG, never downloaded) next to
  the hand-written ``manifest.webmanifest``;
* every file's SHA-256 goes into the service worker (``sw.js``, ``seven_rocks.site.precache``):
  its precache list, and a cache version derived from all of them, so any changed byte makes
  a new version and an unchanged tree keeps the same one (see ``web/sw.js`` for updates);
* compressed copies (``.br`` with the ``brotli`` package, ``.gz`` always) sit next to every
  file that shrinks enough (``seven_rocks.site.compress``); ``seven-rocks serve`` sends them
  when the browser accepts them. Brotli at its best level is slow on the runtime's wasm, so
  compressed outputs are cached by content hash under ``node_modules/.cache/seven-rocks/``;
* ``facts.js`` and ``protocol.d.ts`` in ``js/`` are generated from the Python that defines
  them (``seven_rocks.site.generated``);
* a Pyodide memory snapshot with the engine already imported (``seven_rocks.site.snapshot``)
  lets a boot from the offline cache skip Python's start-up;
* a first visit downloads little: the standard library cut to what the game imports
  (``seven_rocks.site.stdlib``; the full one stays in the site as a fallback), the engine
  zip without docstrings or comments, both compiled to bytecode by the shipped Pyodide (a
  first visit compiles none of their modules) and stored uncompressed so brotli works across their
  files; the page's scripts bundled and minified and its CSS minified by esbuild
  (``seven_rocks.site.minify``); the runtime's wasm without the exports that only
  packages with C extensions could call (``seven_rocks.site.wasm_exports``); each
  catalogue without the strings of the parts loaded on first use (the rule book, the coach:
  ``seven_rocks.site.catalogues``); ``boot.js``
  told the sizes of the big downloads it starts early and shows progress for
  (``EARLY_DOWNLOADS``).

The site is assembled in a hidden sibling folder and swapped in at the end, so a server
serving ``out`` meanwhile never hands out a half-built site (or the unfilled ``sw.js``).
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import re
import shutil
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from seven_rocks.site import generated, icons, output
from seven_rocks.site.catalogues import CatalogueError, split_catalogues
from seven_rocks.site.claims import store
from seven_rocks.site.compress import COMPRESSED_SUFFIXES, CompressAhead, compress_site
from seven_rocks.site.contents import (
    EARLY_DOWNLOADS,
    ICONS,
    INFLATED_FILES,
    MINIFIED_RUNTIME,
    OPTIONAL_FILES,
    PYODIDE_FILES,
    PYSCRIPT_MODULES,
    VENDORED,
    WEB_SUFFIXES,
    page_file,
)
from seven_rocks.site.engine_zip import BROWSER_PACKAGES, zip_engine
from seven_rocks.site.minify import MinifyError, minify_scripts, minify_site
from seven_rocks.site.precache import (
    SERVICE_WORKER,
    cache_version,
    file_digests,
    service_worker_text,
)
from seven_rocks.site.python_images import (
    FALLBACK,
    SNAPSHOT,
    STDLIB_CUT,
    STDLIB_FULL,
    WORKER,
    make_images,
    write_zips,
)
from seven_rocks.site.snapshot import SnapshotError
from seven_rocks.site.stdlib import StdlibError
from seven_rocks.site.stdlib_cut import strip_source
from seven_rocks.site.stylesheets import StylesheetError, bundle_stylesheets
from seven_rocks.site.wasm_exports import WasmError, names_in, trim_exports

__all__ = [
    "BROWSER_PACKAGES",
    "COMPRESSED_SUFFIXES",
    "EARLY_DOWNLOADS",
    "ICONS",
    "INFLATED_FILES",
    "MINIFIED_RUNTIME",
    "OPTIONAL_FILES",
    "PYODIDE_FILES",
    "PYSCRIPT_MODULES",
    "SERVICE_WORKER",
    "SNAPSHOT",
    "STDLIB_CUT",
    "STDLIB_FULL",
    "VENDORED",
    "WEB_SUFFIXES",
    "BuildError",
    "build",
    "cache_version",
    "compress_site",
    "file_digests",
    "pyscript_files",
    "stamp_service_worker",
    "zip_engine",
]

_BOOT = "boot.js"
_LOCK_FILE = "pyodide-lock.json"
_BOOT_DOWNLOADS_LINE = re.compile(r"^const DOWNLOADS = .*;$", re.MULTILINE)

# Directories the build reads from: the output must never be one of them or inside one.
_PACKAGE = "seven_rocks"
_SOURCE_DIRS = ("node_modules", "web", _PACKAGE, ".git")


class BuildError(RuntimeError):
    """The site cannot be built from this tree; the message says what to do."""


def _repo_root() -> Path:
    """The checkout this module lives in (``seven_rocks/site/build.py``)."""
    return Path(__file__).resolve().parents[2]


def _require_dir(path: Path, hint: str) -> Path:
    if not path.is_dir():
        raise BuildError(f"{path} is missing: {hint}")
    return path


def _copy(src: Path, dst: Path) -> None:
    dst.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(src, dst)


def _check_out(out: Path, root: Path) -> None:
    """Refuse an output directory the build must not replace.

    Never the checkout or a folder the build reads from (a typo such as ``--out .``), and
    never a folder holding anything but a previous build's files (see ``site/output.py``).
    """
    try:
        out_resolved = output.real_out(out)
        if out_resolved in (root, *root.parents) or any(
            out_resolved.is_relative_to(root / source) for source in _SOURCE_DIRS
        ):
            raise BuildError(f"refusing to build into {out}: choose a separate output directory")
        output.check_replaceable(out)
    except output.OutputError as error:
        raise BuildError(str(error)) from None


def _staging_dir(out: Path) -> Path:
    """A fresh, empty, hidden sibling of ``out`` to assemble the new build in."""
    return output.staging_dir(out)


def _swap_in(staging: Path, out: Path) -> None:
    """Put the finished build at ``out`` in one step, with its marker.

    A server may be serving ``out`` while it is rebuilt (``seven-rocks serve`` in another
    terminal, or a test). Built in place, the folder would for a while hold a mix of old and
    new files, or the unfilled ``sw.js`` template, which a browser checking for updates at
    that moment could pick up. Two renames leave it without a build for microseconds only.
    """
    try:
        output.swap_in(staging, out)
    except output.OutputError as error:
        raise BuildError(str(error)) from None


_STATIC_IMPORT = re.compile(r'(?:\bfrom|\bimport)\s*"\./([^"]+\.js)"')


def pyscript_files(dist: Path) -> list[Path]:
    """The files of PyScript's ``dist/`` the page needs: ``core.js``, ``PYSCRIPT_MODULES``
    and everything they import statically, sorted by name."""
    wanted = {"core.js"}
    for path in dist.glob("*.js"):
        stem = path.stem.rsplit("-", 1)[0] if "-" in path.stem else path.stem
        if stem in PYSCRIPT_MODULES and path.name != "core.js":
            wanted.add(path.name)
    pending = sorted(wanted)
    while pending:
        name = pending.pop()
        source = dist / name
        if not source.is_file():
            raise BuildError(f"{source} is missing: PyScript's dist/ is incomplete")
        for target in _STATIC_IMPORT.findall(source.read_text(encoding="utf-8")):
            if target not in wanted:
                wanted.add(target)
                pending.append(target)
    return [dist / name for name in sorted(wanted)]


def stamp_service_worker(site: Path) -> None:
    """Write into ``site``'s service worker the digests of the files now in ``site`` (the
    build's last step before compressing; also for a built site changed afterwards)."""
    digests = file_digests(site)
    path = site / SERVICE_WORKER
    # Files the game works without (the snapshot only makes it start faster): the service
    # worker keeps them when the browser gives it room, and installs without them otherwise.
    # Its light form (a guest's) keeps the page's files only (``page_file``).
    text = service_worker_text(
        path.read_text(encoding="utf-8"),
        digests,
        optional=OPTIONAL_FILES,
        inflate=INFLATED_FILES,
        page=page_file,
    )
    if text is None:
        raise BuildError(f"web/{SERVICE_WORKER} has no `const BUILD = ...;` line to fill in")
    path.write_text(text, encoding="utf-8")


def _write_downloads(site: Path) -> None:
    """Fill ``boot.js``'s ``DOWNLOADS`` with the early downloads' sizes."""
    path = site / _BOOT
    sizes = {name: (site / name).stat().st_size for name in EARLY_DOWNLOADS}
    line = f"const DOWNLOADS = {json.dumps(sizes)};"
    text, count = _BOOT_DOWNLOADS_LINE.subn(lambda _: line, path.read_text(encoding="utf-8"))
    if count != 1:
        raise BuildError(f"web/{_BOOT} has no `const DOWNLOADS = ...;` line to fill in")
    path.write_text(text, encoding="utf-8")


def _write_icons(site: Path, cache: Path) -> None:
    """Draw the app's icons. The PNGs take over a second to rasterise in pure Python and
    depend on nothing but ``icons.py``: they are kept in ``cache`` under that file's digest."""
    drawing = hashlib.sha256(Path(icons.__file__).read_bytes()).hexdigest()[:16]
    for relative, (size, variant) in ICONS.items():
        target = site / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        if size == 0:
            target.write_text(icons.svg_icon(variant), encoding="utf-8")
        else:
            kept = cache / f"icon-{drawing}-{variant}-{size}.png"
            target.write_bytes(_png_icon(kept, size, variant))


def _png_icon(kept: Path, size: int, variant: icons.Variant) -> bytes:
    """The ``size`` PNG icon from the cache (a damaged copy is drawn again), or drawn and kept."""
    with contextlib.suppress(OSError, ValueError):
        data = kept.read_bytes()
        if icons.read_png_header(data) == (size, size):
            return data
    data = icons.png_icon(size, variant)
    store(kept, data)
    return data


@dataclass(frozen=True)
class _Inputs:
    """Where the build reads from, each directory checked to exist before anything is written."""

    node_modules: Path
    pyscript_dist: Path
    pyodide_dir: Path
    web: Path
    package_dir: Path

    @property
    def cache(self) -> Path:
        """Content-addressed outputs (brotli, snapshot, cut) survive ``dist/`` being wiped."""
        return self.node_modules / ".cache" / "seven-rocks"


def _check_inputs(root: Path) -> _Inputs:
    """Find every input in ``root`` or raise ``BuildError`` naming what to install.

    Checked up front, so a missing ``npm ci`` fails in a second with a readable sentence
    instead of half-way through the build with a bare ``FileNotFoundError``.
    """
    node_modules = root / "node_modules"
    install_hint = f"run `npm ci` in {root} first"
    _require_dir(node_modules, install_hint)
    inputs = _Inputs(
        node_modules=node_modules,
        pyscript_dist=_require_dir(node_modules / "@pyscript" / "core" / "dist", install_hint),
        pyodide_dir=_require_dir(node_modules / "pyodide", install_hint),
        web=_require_dir(root / "web", "the checkout has no web/ directory"),
        package_dir=_require_dir(root / _PACKAGE, "the checkout has no seven_rocks/ package"),
    )
    if not (inputs.pyscript_dist / "core.js").is_file():
        raise BuildError(f"{inputs.pyscript_dist} has no core.js: {install_hint}")
    for name in PYODIDE_FILES:
        if not (inputs.pyodide_dir / name).is_file():
            raise BuildError(f"{inputs.pyodide_dir / name} is missing: {install_hint}")
    for source in VENDORED.values():
        if not (node_modules / source).is_file():
            raise BuildError(f"{node_modules / source} is missing: {install_hint}")
    return inputs


def build(
    out: Path = Path("dist"),
    *,
    root: Path | None = None,
    compress: bool = True,
    snapshot: bool = True,
    minify: bool = True,
) -> Path:
    """Build the static site into ``out`` and return it.

    ``root`` is the checkout holding ``node_modules/``, ``web/`` and ``seven_rocks/`` (by
    default the one this module comes from); a relative ``out`` is taken from the current
    directory. ``compress=False`` skips the ``.br``/``.gz`` copies; ``snapshot=False`` skips
    the Pyodide memory snapshot (the page then starts Python the ordinary, slower way);
    ``minify=False`` ships the page's scripts and style sheets as written (for debugging).
    Raises ``BuildError`` when the JavaScript dependencies or Node are not installed.
    """
    root = (root if root is not None else _repo_root()).resolve()
    inputs = _check_inputs(root)
    _check_out(out, root)
    site = _staging_dir(out)
    ahead = CompressAhead(inputs.cache if compress else None)
    try:
        _copy_sources(inputs, site)
        if minify:  # before the snapshot and the cut: they must run the files shipped
            _minify(lambda: minify_scripts(site, inputs.node_modules, list(MINIFIED_RUNTIME)))
        _trim_runtime_exports(site)  # before the cut too: it plays games on this runtime
        # The runtime's wasm is final now: compressed while the cut and the snapshot run.
        ahead.start(site / RUNTIME_WASM)
        _make_python_images(inputs, site, snapshot=snapshot)
        _write_icons(site, inputs.cache)
        _write_downloads(site)
        if minify:
            _minify(lambda: minify_site(site, inputs.node_modules))
        stamp_service_worker(site)
        if compress:
            ahead.finish()
            compress_site(site, cache=inputs.cache)
    except BaseException:
        shutil.rmtree(site, ignore_errors=True)  # never leave a half-built staging folder
        raise
    _swap_in(site, out)
    return out


def _minify(step: Callable[[], None]) -> None:
    try:
        step()
    except MinifyError as error:
        raise BuildError(str(error)) from None


def _copy_sources(inputs: _Inputs, site: Path) -> None:
    """Copy what is shipped as it is: PyScript, the Pyodide runtime, the UI and the engine zip."""
    for src in pyscript_files(inputs.pyscript_dist):
        _copy(src, site / "pyscript" / src.name)
    for name in PYODIDE_FILES:
        if name == _LOCK_FILE:
            _write_lock_file(inputs.pyodide_dir / name, site / "pyodide" / name)
        else:
            _copy(inputs.pyodide_dir / name, site / "pyodide" / name)
    _copy_web(inputs.web, site)
    for target, source in VENDORED.items():
        _copy(inputs.node_modules / source, site / target)
    generated.write(site / "js")  # written afresh: never a stale copy from web/js/
    try:
        bundle_stylesheets(site)  # one style.css, its breakpoints written out
    except StylesheetError as error:
        raise BuildError(str(error)) from None
    try:
        split_catalogues(site / "i18n")  # the lazy parts' strings wait for the parts
    except CatalogueError as error:
        raise BuildError(f"web/i18n: {error}") from None
    write_zips(inputs.package_dir, site)


#: The runtime's WebAssembly in the site: its exports trimmed, then compressed ahead.
RUNTIME_WASM = Path("pyodide") / "pyodide.asm.wasm"
#: The shipped text a runtime export may be called from (its glue, PyScript, the pages).
_CALLER_SUFFIXES = frozenset({".js", ".mjs", ".py", ".html"})


def _trim_runtime_exports(site: Path) -> None:
    """Keep only the runtime's exports that some shipped file names (``wasm_exports``)."""
    wasm = site / RUNTIME_WASM
    callers = sorted(p for p in site.rglob("*") if p.suffix in _CALLER_SUFFIXES and p.is_file())
    names = names_in(p.read_text(encoding="utf-8", errors="replace") for p in callers)
    try:
        trimmed = trim_exports(wasm.read_bytes(), lambda e: e.kind in (1, 2) or e.name in names)
    except WasmError as error:
        raise BuildError(f"{wasm} cannot be read: {error}; run `npm ci`") from None
    wasm.write_bytes(trimmed)


def _write_lock_file(src: Path, dst: Path) -> None:
    """Pyodide's lock file without its package list: ``info`` only.

    ``loadPyodide`` reads the lock file even though the game loads no package, and the
    whole list (every package Pyodide offers) is download for nothing. ``info`` stays: Pyodide
    checks its ABI version against the runtime's.
    """
    try:
        info = json.loads(src.read_text(encoding="utf-8"))["info"]
    except (OSError, ValueError, KeyError, TypeError) as error:
        raise BuildError(f"{src} is not a Pyodide lock file ({error}): run `npm ci`") from None
    dst.parent.mkdir(parents=True, exist_ok=True)
    dst.write_text(json.dumps({"info": info, "packages": {}}, indent=1) + "\n", encoding="utf-8")


def _make_python_images(inputs: _Inputs, site: Path, *, snapshot: bool) -> None:
    """Cut the standard library and take the snapshot (``python_images``)."""
    try:
        make_images(site, inputs.web, inputs.cache, snapshot=snapshot)
    except (SnapshotError, StdlibError) as error:
        raise BuildError(str(error)) from None


def _copy_web(web: Path, site: Path) -> None:
    """Copy the hand-written UI (``WEB_SUFFIXES`` only, no hidden files or caches)."""
    for src in sorted(web.rglob("*")):
        relative = src.relative_to(web)
        if not src.is_file() or src.suffix not in WEB_SUFFIXES:
            continue
        if "__pycache__" in relative.parts or any(p.startswith(".") for p in relative.parts):
            continue
        if relative.as_posix() == FALLBACK:  # packed into the cut standard library instead
            continue
        if relative.as_posix() == WORKER:  # read by PyScript as source: ship it without notes
            (site / relative).parent.mkdir(parents=True, exist_ok=True)
            (site / relative).write_text(strip_source(src.read_text(encoding="utf-8")), "utf-8")
            continue
        _copy(src, site / relative)
    if not (site / SERVICE_WORKER).is_file():
        raise BuildError(f"web/{SERVICE_WORKER} is missing: the site would not work offline")
