"""What the built site holds besides the page's own files: the lists the build works from.

:mod:`.build` assembles the site; this module is the inventory it reads (which runtime
files are copied, which are minified, which PyScript chunks, which npm packages are
vendored, which icons are drawn, what a first visit downloads early, which files the
service worker may leave out), kept apart so the list of what ships can be read and
reviewed without the machinery that copies it.
"""

from __future__ import annotations

from seven_rocks.site import icons
from seven_rocks.site.python_images import SNAPSHOT, STDLIB_FULL

#: The Pyodide files ``loadPyodide`` actually fetches (checked against pyodide 314.0.7: the
#: loader, the Emscripten glue, the wasm binary, the standard library and the lock file it
#: reads even when no package is ever loaded). Source maps and the CommonJS build are not needed.
#: The page starts Python with the cut standard library (``STDLIB_CUT``); the full one is
#: fetched only if something outside the cut is imported (``web/stdlib_fallback.py``).
PYODIDE_FILES: tuple[str, ...] = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)

#: Runtime scripts shipped minified by esbuild, each alone: the Emscripten glue comes readable
#: (minifying it saves download on a first visit, ``benchmarks/network.py``); the worker's loader
#: and start script are ours, commented for reading. Pyodide's loader, ``pyodide.mjs``, is minified
#: already.
MINIFIED_RUNTIME: tuple[str, ...] = (
    "pyodide/pyodide.asm.mjs",
    "pyodide-loader.mjs",
    "pyodide-start.mjs",
)

#: The PyScript chunks the page loads, by name without their content hash: ``core`` (what
#: ``core.js`` re-exports) and the plugins ``core`` imports at start-up whatever the page
#: holds. Their static imports are followed too. The code editor, terminal, TOML parser and
#: zip helpers are loaded only by features this site does not use, so they are left out.
PYSCRIPT_MODULES: tuple[str, ...] = (
    "core",
    "deprecations-manager",
    "donkey",
    "error",
    "py-editor",
    "py-game",
    "py-terminal",
)

#: npm packages the page fetches on first use, copied as they are with their licences
#: (``web/js/link/``): site path -> path under ``node_modules``. The QR code encoder, and the
#: camera's QR reader for browsers without ``BarcodeDetector``.
VENDORED: dict[str, str] = {
    "vendor/uqr.mjs": "uqr/dist/index.mjs",
    "vendor/uqr.LICENSE.txt": "uqr/LICENSE",
    "vendor/jsQR.js": "jsqr/dist/jsQR.js",
    "vendor/jsQR.LICENSE.txt": "jsqr/LICENSE",
}

#: Drawn icons: path in the site -> (size in pixels, or 0 for SVG; variant).
ICONS: dict[str, tuple[int, icons.Variant]] = {
    "icons/icon.svg": (0, "any"),
    "icons/icon-192.png": (192, "any"),
    "icons/icon-512.png": (512, "any"),
    "icons/maskable-512.png": (512, "maskable"),
}

#: What a first visit's page downloads itself, at once and in parallel, for the engine's
#: worker (which then finds them in the HTTP cache) and its progress bar: the build writes
#: their sizes into ``boot.js``, largest first.
EARLY_DOWNLOADS: tuple[str, ...] = (
    "pyodide/pyodide.asm.wasm",
    "pyodide/stdlib-cut.zip",
    "pyodide/pyodide.asm.mjs",
    "pyodide/pyodide-lock.json",
    "seven_rocks.zip",
    "pyodide/pyodide.mjs",
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

#: What the service worker may leave out of its cache: the memory snapshot (a whole heap inflated),
#: which could exceed a small storage quota (older Safari allowed about 50 MB an origin) and which
#: the game can do without; and the full standard library, which a game never loads unless something
#: outside the cut is imported. Both are fetched after the first visit's game is on the table, so
#: that an unforeseen import works offline too.
OPTIONAL_FILES: tuple[str, ...] = (SNAPSHOT, STDLIB_FULL)
#: Files shipped gzip-compressed that the service worker keeps inflated (see snapshot.py).
INFLATED_FILES: tuple[str, ...] = (SNAPSHOT,)

#: What is not part of a guest's page: the engine (the Pyodide runtime, PyScript, the engine's
#: zips, the worker and its loaders) and what only the engine's parts or the host read (the
#: puzzles' data, the camera's QR reader, the licences, the protocol's type file). A guest plays
#: from the host's snapshots, so the light service worker (``web/sw.js?files=page``) keeps every
#: other file, and the engine waits until the person asks for it (the coach, a game of their own).
NOT_THE_PAGE: tuple[str, ...] = (
    "pyodide/",
    "pyscript/",
    "seven_rocks.zip",
    "rest.zip",
    "worker.py",
    "pyodide-loader.mjs",
    "pyodide-start.mjs",
    "data/",
    "vendor/jsQR.js",
    "js/protocol.d.ts",
)


def page_file(path: str) -> bool:
    """Whether the site file ``path`` is part of a guest's page (see ``NOT_THE_PAGE``)."""
    return not path.startswith(NOT_THE_PAGE) and not path.endswith(".LICENSE.txt")


__all__ = [
    "EARLY_DOWNLOADS",
    "ICONS",
    "INFLATED_FILES",
    "MINIFIED_RUNTIME",
    "NOT_THE_PAGE",
    "OPTIONAL_FILES",
    "PYODIDE_FILES",
    "PYSCRIPT_MODULES",
    "VENDORED",
    "WEB_SUFFIXES",
    "page_file",
]
