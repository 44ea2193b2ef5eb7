"""Bundle and minify the page's JavaScript and CSS with esbuild, at build time.

The UI is two dozen small ES modules, written to be read. Loaded as they are, a first visit
fetches them as a chain (a module's imports are found only once it arrives), each level a
round trip, 150 ms on a slow phone network, before the face-down table can show. esbuild
(pinned in ``package.json``, installed by ``npm ci``) makes each of the page's module
scripts one minified file, the shared code in chunks beside them, and minifies the CSS,
writing in the vendor prefixes the oldest browsers the sheets are written for still need
(``minify.mjs`` beside this module does both and names those browsers; the page's scripts
and style sheets are read from ``index.html``, the lazily loaded parts' sheets are found by
their names). The source modules the bundles hold are removed from the site.
No source maps are shipped: the readable sources are in the repository.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

from seven_rocks.site.catalogues import LAZY_PARTS
from seven_rocks.site.stylesheets import part_bundle

__all__ = ["MinifyError", "minify_scripts", "minify_site", "page_assets"]

_SCRIPT = Path(__file__).with_name("minify.mjs")
_MODULE = re.compile(r'<script type="module" src="\./([^"]+)"></script>')
_STYLE = re.compile(r'<link rel="stylesheet" href="\./([^"]+)">')
#: A static import in a minified bundle: ``from"./chunk-AB12.js"`` or ``import"./x.js"``.
_STATIC_IMPORT = re.compile(r'(?:\bfrom|\bimport)\s*"(\.{1,2}/[^"]+\.js)"')
_TIMEOUT_S = 120


class MinifyError(RuntimeError):
    """The page's scripts could not be bundled; the message says why."""


def page_assets(index_html: str) -> tuple[list[str], list[str]]:
    """The module scripts and the style sheets ``index.html`` loads, site-relative."""
    return _MODULE.findall(index_html), _STYLE.findall(index_html)


def _esbuild(site: Path, node_modules: Path, *lists: list[str]) -> str:
    """Run ``minify.mjs`` on ``site`` with its comma-joined argument ``lists``; its output."""
    esbuild = node_modules / "esbuild" / "lib" / "main.js"
    if not esbuild.is_file():
        raise MinifyError(f"{esbuild} is missing: run `npm ci` first")
    node = shutil.which("node")
    if node is None:
        raise MinifyError("Node.js is needed to build the site: install it (npm comes with it)")
    command = [node, str(_SCRIPT), str(esbuild), str(site), *(",".join(names) for names in lists)]
    result = subprocess.run(command, capture_output=True, text=True, timeout=_TIMEOUT_S)
    if result.returncode != 0:
        lines = [line for line in result.stderr.splitlines() if line.strip()]
        reason = lines[-1] if lines else f"node exited with status {result.returncode}"
        raise MinifyError(f"could not minify the site's scripts: {reason[:300]}")
    return result.stdout


def minify_scripts(site: Path, node_modules: Path, scripts: list[str]) -> None:
    """Minify the modules ``scripts`` (site-relative) in place, each alone."""
    _esbuild(site, node_modules, [], [], scripts)


def minify_site(site: Path, node_modules: Path) -> None:
    """Bundle and minify, in place, the scripts and style sheets ``site/index.html`` loads,
    and the style sheets of the parts it loads on first use (:func:`part_bundle`)."""
    entries, styles = page_assets((site / "index.html").read_text(encoding="utf-8"))
    styles += [name for name in map(part_bundle, LAZY_PARTS) if (site / name).is_file()]
    output = _esbuild(site, node_modules, entries, styles)
    kept = {site / entry for entry in entries}
    inputs = [site / name for name in json.loads(output)]
    for path in inputs:
        if path not in kept and path.is_file():
            path.unlink()
    for folder in sorted({path.parent for path in inputs}, reverse=True):
        if folder != site and folder.is_dir() and not any(folder.iterdir()):
            folder.rmdir()
    _preload_chunks(site, entries)
    _strip_comments(site)


def _static_imports(site: Path, entries: list[str]) -> list[str]:
    """The site-relative modules ``entries`` import statically, transitively, in order."""
    found: list[str] = []
    pending = list(entries)
    while pending:
        module = site / pending.pop(0)
        for target in _STATIC_IMPORT.findall(module.read_text(encoding="utf-8")):
            relative = (module.parent / target).resolve().relative_to(site.resolve()).as_posix()
            if relative not in found and relative not in entries:
                found.append(relative)
                pending.append(relative)
    return found


def _preload_chunks(site: Path, entries: list[str]) -> None:
    """Name the shared chunks in ``index.html`` as ``modulepreload`` links.

    Otherwise the browser finds a chunk only once the bundle importing it has arrived and
    been parsed: one more round trip (150 ms on a slow phone network) before the table.
    """
    index = site / "index.html"
    html = index.read_text(encoding="utf-8")
    links = "".join(
        f'<link rel="modulepreload" href="./{chunk}">\n    '
        for chunk in _static_imports(site, entries)
    )
    first_script = html.find('<script type="module"')
    if links and first_script >= 0:
        index.write_text(html[:first_script] + links + html[first_script:], encoding="utf-8")


def _strip_comments(site: Path) -> None:
    """``index.html`` without its comments: notes for whoever reads the source, not the page."""
    index = site / "index.html"
    html = re.sub(r"<!--.*?-->", "", index.read_text(encoding="utf-8"), flags=re.DOTALL)
    index.write_text(re.sub(r"\n\s*\n", "\n", html), encoding="utf-8")
