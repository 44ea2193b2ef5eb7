"""The static build: what it ships, its compressed copies, its cache version, its icons, and
how ``seven-rocks serve`` hands the compressed copies out."""

from __future__ import annotations

import gzip
import hashlib
import http.client
import json
import os
import re
import shutil
import subprocess
import sys
import time
import urllib.parse
import urllib.request
import zipfile
from concurrent.futures import ThreadPoolExecutor
from email.message import Message
from pathlib import Path

import brotli
import pytest

import seven_rocks
from seven_rocks.site import build as build_module
from seven_rocks.site import icons, output
from seven_rocks.site.build import (
    ICONS,
    SERVICE_WORKER,
    SNAPSHOT,
    STDLIB_FULL,
    BuildError,
    build,
    cache_version,
    compress_site,
    file_digests,
    pyscript_files,
    zip_engine,
)
from seven_rocks.site.claims import claimed
from seven_rocks.site.compress import CompressAhead, cached_name
from seven_rocks.site.engine_zip import is_lazy, zip_rest
from seven_rocks.site.output import MARKER
from seven_rocks.site.serve import accepted_encodings, serving

ROOT = Path(__file__).resolve().parents[1]
TEXT_SUFFIXES = (".html", ".css", ".js", ".mjs", ".json", ".webmanifest", ".svg", ".py")


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build(tmp_path_factory.mktemp("build") / "site")


def _checkout_copy(tmp_path: Path) -> Path:
    """A checkout whose web/ can be edited (the rest is linked to this one)."""
    root = tmp_path / "checkout"
    root.mkdir()
    (root / "node_modules").symlink_to(ROOT / "node_modules")
    (root / "seven_rocks").symlink_to(ROOT / "seven_rocks")
    shutil.copytree(ROOT / "web", root / "web")
    return root


def _sw_build(site: Path) -> dict[str, object]:
    text = (site / SERVICE_WORKER).read_text(encoding="utf-8")
    (line,) = re.findall(r"^const BUILD = (.*);$", text, re.MULTILINE)
    data: dict[str, object] = json.loads(line)
    return data


def test_compressed_copies_decompress_to_the_originals(site: Path) -> None:
    copies = sorted(site.rglob("*.br")) + sorted(site.rglob("*.gz"))
    names = {p.relative_to(site).as_posix() for p in copies}
    # The big ones are there, in both codings.
    for big in ("pyodide/pyodide.asm.wasm", "pyodide/pyodide.asm.mjs", "index.html"):
        assert {f"{big}.br", f"{big}.gz"} <= names
    for copy in copies:
        original = copy.with_suffix("")
        packed = copy.read_bytes()
        unpacked = brotli.decompress(packed) if copy.suffix == ".br" else gzip.decompress(packed)
        assert unpacked == original.read_bytes(), copy
        assert len(packed) < original.stat().st_size, copy


def test_compression_is_skipped_when_it_does_not_pay(tmp_path: Path) -> None:
    (tmp_path / "tiny.js").write_text("x=1\n")
    (tmp_path / "noise.bin").write_bytes(hashlib.sha512(b"x").digest() * 0 + bytes(range(256)) * 4)
    (tmp_path / "icon.png").write_bytes(icons.png_icon(64))
    (tmp_path / "text.js").write_text("const a = 1;\n" * 200)
    compress_site(tmp_path)
    written = sorted(p.name for p in tmp_path.iterdir())
    assert "text.js.br" in written and "text.js.gz" in written
    assert not any(name.startswith(("tiny.js.", "icon.png.")) for name in written)


def test_an_output_another_build_is_making_is_left_for_last_and_taken_from_it(
    tmp_path: Path,
) -> None:
    """Two builds sharing a cache split the work: an output claimed by the other build is
    not made again, but read from the cache once the other build has put it there."""
    site, cache = tmp_path / "site", tmp_path / "cache"
    site.mkdir()
    first, second = ("const a = 1;\n" * 300).encode(), ("let b = 2;\n" * 300).encode()
    (site / "a.js").write_bytes(first)
    (site / "b.js").write_bytes(second)
    claimed_output = cache / cached_name(first, ".br")
    others = [cache / cached_name(second, suffix) for suffix in (".br", ".gz")]
    theirs = brotli.compress(first, quality=1)  # not what this build would make (quality 11)
    assert theirs != brotli.compress(first, quality=11)
    with ThreadPoolExecutor(1) as pool, claimed(claimed_output, wait=True):
        running = pool.submit(compress_site, site, cache)
        deadline = time.monotonic() + 30
        while not all(path.is_file() for path in others):  # the rest is done meanwhile
            assert time.monotonic() < deadline and not running.done(), "the build stopped"
            time.sleep(0.01)
        assert not (site / "a.js.br").exists()
        claimed_output.write_bytes(theirs)  # the other build finishes its output
    assert running.result(timeout=30) == {".br": 2, ".gz": 2}
    assert (site / "a.js.br").read_bytes() == theirs
    assert brotli.decompress((site / "b.js.br").read_bytes()) == second


def test_a_file_compressed_ahead_is_taken_from_the_cache(tmp_path: Path) -> None:
    """The build starts the wasm's copies early; compressing the site then uses them."""
    site, cache = tmp_path / "site", tmp_path / "cache"
    site.mkdir()
    data = ("const a = 1;\n" * 300).encode()
    (site / "a.js").write_bytes(data)
    ahead = CompressAhead(cache)
    ahead.start(site / "a.js")
    ahead.finish()
    kept = {suffix: cache / cached_name(data, suffix) for suffix in (".br", ".gz")}
    assert brotli.decompress(kept[".br"].read_bytes()) == data
    assert gzip.decompress(kept[".gz"].read_bytes()) == data
    # Put there by "someone else" (quality 1, not the build's 11): the site's copy is read
    # from the cache, not made again.
    theirs = brotli.compress(data, quality=1)
    kept[".br"].write_bytes(theirs)
    assert compress_site(site, cache=cache) == {".br": 1, ".gz": 1}
    assert (site / "a.js.br").read_bytes() == theirs


def test_a_failure_ahead_is_raised_by_the_build(tmp_path: Path) -> None:
    (tmp_path / "a.js").write_bytes(b"let b = 2;\n" * 300)
    cache = tmp_path / "cache"
    cache.write_text("a file where the cache folder should be\n")
    ahead = CompressAhead(cache)
    ahead.start(tmp_path / "a.js")
    with pytest.raises(FileExistsError):
        ahead.finish()


def test_the_cache_version_follows_the_files_and_only_them(tmp_path: Path) -> None:
    # No snapshot: a Pyodide heap is not the same bytes twice, and on a fresh checkout two
    # builds at once (the test workers') each make one for the shared cache; what this test
    # holds is that the same files give the same version.
    root = _checkout_copy(tmp_path)
    first = build(tmp_path / "one", root=root, compress=False, snapshot=False)
    again = build(tmp_path / "two", root=root, compress=False, snapshot=False)
    assert (first / SERVICE_WORKER).read_bytes() == (again / SERVICE_WORKER).read_bytes()
    version = _sw_build(first)["version"]

    style = root / "web" / "css" / "base.css"
    # A rule, not a comment: the build minifies the CSS, and comments do not survive it.
    style.write_text(style.read_text(encoding="utf-8") + "\n:root { --v: 2; }\n", encoding="utf-8")
    changed = build(tmp_path / "three", root=root, compress=False, snapshot=False)
    assert _sw_build(changed)["version"] != version

    # Compressed copies are the same bytes once decoded: they do not change the version.
    # The runtime's big files (a megabyte or more) are left out of this copy and the cache is
    # the test's own: at brotli's best level they are most of a cold build's time, and the
    # build the other tests share is making them meanwhile.
    for path in [p for p in first.rglob("*") if p.is_file() and p.stat().st_size >= 1 << 20]:
        path.unlink()
    version = cache_version(file_digests(first))
    written = compress_site(first, cache=tmp_path / "cache")
    assert written[".br"] > 10 and written[".gz"] > 10
    assert cache_version(file_digests(first)) == version


def test_the_service_worker_lists_every_file_with_its_digest(site: Path) -> None:
    data = _sw_build(site)
    files = data["files"]
    assert isinstance(files, dict)
    on_disk = {
        p.relative_to(site).as_posix()
        for p in site.rglob("*")
        if p.is_file() and p.suffix not in (".br", ".gz") and p.name not in (SERVICE_WORKER, MARKER)
    }
    assert set(files) == on_disk
    for path, digest in files.items():
        assert hashlib.sha256((site / path).read_bytes()).hexdigest() == digest
    assert data["version"] == cache_version(files)
    # Only the snapshot and the full standard library (fetched only for a module outside
    # the cut) may be left out of the offline cache, and only the snapshot is shipped
    # compressed to be kept inflated (see web/sw.js).
    assert data["optional"] == [SNAPSHOT, STDLIB_FULL]
    assert data["inflate"] == [SNAPSHOT]
    for needed in (
        "index.html",
        "seven_rocks.zip",
        "pyodide/pyodide.asm.wasm",
        "pyodide/engine.snapshot",
        "pyscript/core.js",
    ):
        assert needed in files
    # Its light form (a guest's page) keeps the page's files, none of the engine's.
    page = data["page"]
    assert isinstance(page, list) and set(page) <= set(files)
    for needed in ("index.html", "app.js", "boot.js", "style.css", "i18n/en.json", "lang.js"):
        assert needed in page
    engine = ("pyodide/", "pyscript/", "pyodide-loader.mjs", "pyodide-start.mjs", "worker.py")
    assert [path for path in page if path.startswith(engine) or path.endswith(".zip")] == []


def test_only_the_pyscript_modules_the_page_loads_are_shipped(site: Path) -> None:
    shipped = sorted(p.name for p in (site / "pyscript").iterdir() if p.suffix == ".js")
    assert "core.js" in shipped
    for unused in ("codemirror", "xterm", "toml", "zip", "mpy", "service-worker", "storage"):
        assert not any(name.startswith(unused) for name in shipped), unused
    # Every static import of a shipped module is shipped too.
    dist = ROOT / "node_modules" / "@pyscript" / "core" / "dist"
    assert [p.name for p in pyscript_files(dist)] == shipped
    for name in shipped:
        text = (site / "pyscript" / name).read_text(encoding="utf-8")
        for target in re.findall(r'(?:\bfrom|\bimport)\s*"\./([^"]+\.js)"', text):
            assert target in shipped, (name, target)


def test_every_shared_chunk_the_page_imports_is_preloaded(site: Path) -> None:
    """The bundles' shared chunks are named in index.html, so they are fetched at once."""
    html = (site / "index.html").read_text(encoding="utf-8")
    preloaded = set(re.findall(r'<link rel="modulepreload" href="\./([^"]+)">', html))
    imported: set[str] = set()
    for script in re.findall(r'<script type="module" src="\./([^"]+)"></script>', html):
        text = (site / script).read_text(encoding="utf-8")
        for target in re.findall(r'from\s*"(\.{1,2}/chunk-[^"]+\.js)"', text):
            imported.add((site / script).parent.joinpath(target).resolve().name)
    assert imported, "the page's bundles share no chunk: nothing to check"
    assert imported <= preloaded
    assert all((site / name).is_file() for name in preloaded)
    assert html.index("modulepreload") < html.index('<script type="module"')


def _simple_rule(name: str) -> str:
    """The selector of the first rule of the source sheet ``name`` simple enough to find in
    a minified one (a class or an element with an attribute)."""
    text = re.sub(r"/\*.*?\*/", "", (ROOT / "web" / name).read_text(encoding="utf-8"), flags=re.S)
    selector = re.search(r"^[ \t]*([.:][a-z][\w-]*|[a-z]+\[[\w-]+\])\s*[{:]", text, re.M)
    assert selector, f"{name} has no simple rule to look for"
    return selector.group(1)


def test_the_page_links_one_style_sheet_holding_every_source_sheet(site: Path) -> None:
    """The sheets are joined in the order index.html linked them, and nothing else is lost
    (how they are joined: tests/test_stylesheets.py); a lazily loaded part's go apart."""
    source = (ROOT / "web" / "index.html").read_text(encoding="utf-8")
    sheets = re.findall(r'<link rel="stylesheet" href="\./([^"]+)">', source)
    assert len(sheets) > 1, "the source page links one sheet: nothing to check"
    html = (site / "index.html").read_text(encoding="utf-8")
    assert re.findall(r'<link rel="stylesheet" href="\./([^"]+)">', html) == ["style.css"]
    joined = (site / "style.css").read_text(encoding="utf-8")
    # One rule from each source sheet, found in the joined one in the same order (each
    # looked for after the previous one: a ValueError says one is missing or early).
    firsts: list[int] = []
    for name in sheets:
        firsts.append(joined.index(_simple_rule(name), firsts[-1] if firsts else 0))
        assert not (site / name).exists()
    # Each lazily loaded part's sheets, joined apart in the same way (and minified too), for
    # the part to link.
    parts = re.findall(r'<link rel="stylesheet" href="\./([^"]+)" data-part="([\w-]+)">', source)
    assert parts, "no part's sheet is left out of the first visit: nothing to check"
    starts: dict[str, int] = {}
    for name, part in parts:
        bundle = (site / f"style.{part}.css").read_text(encoding="utf-8")
        starts[part] = bundle.index(_simple_rule(name), starts.get(part, 0))
        assert "\n" not in bundle.strip() and not (site / name).exists()
    assert "<!--" not in html
    assert "<py-config" in html  # the page's configuration survives the comments' removal


def test_the_worker_script_ships_without_its_notes_but_the_same_code(site: Path) -> None:
    import ast

    source = (ROOT / "web" / "worker.py").read_text(encoding="utf-8")
    shipped = (site / "worker.py").read_text(encoding="utf-8")
    assert "#" in source and len(shipped) < len(source)
    names = {n.name for n in ast.walk(ast.parse(source)) if isinstance(n, ast.FunctionDef)}
    assert names == {n.name for n in ast.walk(ast.parse(shipped)) if isinstance(n, ast.FunctionDef)}


def test_no_absolute_urls_in_our_built_text_files(site: Path) -> None:
    pattern = re.compile(r"""["'(=]\s*(?:https?:)?//|["'(]\s*/[A-Za-z_]""")
    allowed = "http://www.w3.org/2000/svg"  # an XML namespace, not a request
    for path in sorted(site.rglob("*")):
        if path.suffix not in TEXT_SUFFIXES:
            continue
        if path.relative_to(site).parts[0] in ("pyodide", "pyscript", "vendor"):
            continue  # vendored packages; the e2e guard checks what they actually request
        text = path.read_text(encoding="utf-8").replace(allowed, "")
        if path.suffix == ".py":
            continue  # Python sources hold no URLs the browser would load
        assert not pattern.search(text), (path, pattern.search(text))


def test_icons_are_valid_pngs_of_the_right_sizes(site: Path) -> None:
    manifest = json.loads((site / "manifest.webmanifest").read_text(encoding="utf-8"))
    assert manifest["start_url"] == manifest["scope"] == "./"
    assert manifest["display"] == "standalone"
    assert manifest["name"] and manifest["short_name"]
    assert manifest["theme_color"] == icons.FELT
    listed = {icon["src"]: icon for icon in manifest["icons"]}
    assert set(listed) == set(ICONS)
    for relative, (size, variant) in ICONS.items():
        data = (site / relative).read_bytes()
        entry = listed[relative]
        if size == 0:
            assert data.startswith(b"<svg") and entry["type"] == "image/svg+xml"
            continue
        assert icons.read_png_header(data) == (size, size)
        assert entry["sizes"] == f"{size}x{size}" and entry["type"] == "image/png"
        assert entry["purpose"] == variant
    assert any(icon.get("purpose") == "maskable" for icon in manifest["icons"])


def test_the_icons_are_kept_in_the_cache_and_a_damaged_one_is_drawn_again(
    tmp_path: Path,
) -> None:
    cache = tmp_path / "cache"
    sites = [tmp_path / name for name in ("one", "two", "three")]
    build_module._write_icons(sites[0], cache)
    (kept,) = cache.glob("icon-*-any-192.png")
    drawn = icons.png_icon(192)
    assert (sites[0] / "icons" / "icon-192.png").read_bytes() == kept.read_bytes() == drawn
    # What the cache holds is shipped, not drawn again: a stand-in of the same size shows it.
    stand_in = icons.png_icon(192, "maskable")
    kept.write_bytes(stand_in)
    build_module._write_icons(sites[1], cache)
    assert (sites[1] / "icons" / "icon-192.png").read_bytes() == stand_in
    # A damaged copy (cut short) is drawn again, and replaced.
    kept.write_bytes(drawn[:100])
    build_module._write_icons(sites[2], cache)
    assert (sites[2] / "icons" / "icon-192.png").read_bytes() == drawn == kept.read_bytes()


def test_icons_are_reproducible() -> None:
    assert icons.png_icon(48) == icons.png_icon(48)
    assert icons.png_icon(48, "maskable") != icons.png_icon(48)
    with pytest.raises(ValueError, match="positive"):
        icons.png_icon(0)
    with pytest.raises(ValueError, match="not a PNG"):
        icons.read_png_header(b"GIF89a")
    whole = icons.png_icon(8)
    iend = len(whole) - 12  # the last chunk, IEND, is 12 bytes
    for cut, where in ((10, "at byte 8"), (50, "in b'IDAT'"), (iend + 11, f"at byte {iend}")):
        with pytest.raises(ValueError, match=f"cut short {re.escape(where)}"):
            icons.read_png_header(whole[:cut])


def test_update_strings_exist_in_both_languages() -> None:
    catalogues = {
        lang: json.loads((ROOT / "web" / "i18n" / f"{lang}.json").read_text(encoding="utf-8"))
        for lang in ("en", "pt-BR")
    }
    for key in ("update.available", "update.reload", "update.later"):
        assert catalogues["en"][key] and catalogues["pt-BR"][key]
        assert catalogues["en"][key] != catalogues["pt-BR"][key]


def _get(url: str, **headers: str) -> tuple[int, Message, bytes]:
    """Status, headers (names case-insensitive, as in HTTP) and body of a GET."""
    request = urllib.request.Request(url, headers=headers)
    try:
        with urllib.request.urlopen(request) as response:
            return response.status, response.headers, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.headers, b""


def test_serve_sends_the_compressed_copy_the_browser_accepts(site: Path) -> None:
    wasm = (site / "pyodide" / "pyodide.asm.wasm").read_bytes()
    with serving(site) as url:
        target = url + "pyodide/pyodide.asm.wasm"
        status, headers, body = _get(target, **{"Accept-Encoding": "gzip, deflate, br, zstd"})
        assert status == 200
        assert headers["Content-Encoding"] == "br"
        assert headers["Content-Type"] == "application/wasm"
        assert headers["Vary"] == "Accept-Encoding"
        assert int(headers["Content-Length"]) == len(body)
        assert brotli.decompress(body) == wasm

        status, headers, body = _get(target, **{"Accept-Encoding": "gzip"})
        assert headers["Content-Encoding"] == "gzip"
        assert gzip.decompress(body) == wasm

        status, headers, body = _get(target, **{"Accept-Encoding": "br;q=0, identity"})
        assert "Content-Encoding" not in headers
        assert body == wasm
        assert headers["Vary"] == "Accept-Encoding"

        # The directory index is compressed too and keeps its HTML type.
        status, headers, body = _get(url, **{"Accept-Encoding": "br"})
        assert headers["Content-Encoding"] == "br"
        assert headers["Content-Type"].startswith("text/html")
        assert brotli.decompress(body) == (site / "index.html").read_bytes()

        # Revalidation: the ETag (per coding) gives a bodiless 304.
        _, headers, _ = _get(target, **{"Accept-Encoding": "br"})
        status, _, body = _get(
            target, **{"Accept-Encoding": "br", "If-None-Match": headers["ETag"]}
        )
        assert (status, body) == (304, b"")

        assert _get(url + "no-such-file.js")[0] == 404


def test_accept_encoding_parsing() -> None:
    assert accepted_encodings(None) == set()
    assert accepted_encodings("gzip;q=0.8, br") == {"gzip", "br"}
    assert accepted_encodings("*;q=0.5, gzip;q=0") == {"br"}
    assert accepted_encodings("br;q=bogus") == set()


def test_serve_keeps_connections_alive_and_hangs_up_when_stopped(site: Path) -> None:
    # HTTP/1.1: Chromium keeps HTTP/1.0 responses out of its cache, which made every
    # revalidation (the service worker's precache) a full download.
    with serving(site) as url:
        host, port = urllib.parse.urlsplit(url).netloc.split(":")
        connection = http.client.HTTPConnection(host, int(port), timeout=10)
        connection.request("GET", "/index.html")
        first = connection.getresponse()
        body = first.read()
        assert (first.version, first.status) == (11, 200)
        assert body == (site / "index.html").read_bytes()
        # The same connection answers again, and a matching ETag gets a bodiless 304.
        connection.request("GET", "/index.html", headers={"If-None-Match": first.headers["ETag"]})
        second = connection.getresponse()
        assert (second.status, second.read()) == (304, b"")

    # The server is stopped: the kept-alive connection must not be served any more.
    def ask_again() -> bytes:
        connection.request("GET", "/index.html")
        return connection.getresponse().read()

    with pytest.raises((ConnectionError, http.client.HTTPException, OSError)):
        ask_again()
    connection.close()


def test_a_failed_build_leaves_the_previous_one_whole(tmp_path: Path) -> None:
    root = _checkout_copy(tmp_path)
    out = build(tmp_path / "site", root=root, compress=False, snapshot=False)
    assert _sw_build(out)["inflate"] == []  # no snapshot
    assert _sw_build(out)["optional"] == [STDLIB_FULL]
    before = {p.relative_to(out): p.read_bytes() for p in out.rglob("*") if p.is_file()}
    (root / "web" / SERVICE_WORKER).unlink()
    with pytest.raises(BuildError, match=r"sw\.js is missing"):
        build(out, root=root, compress=False, snapshot=False)
    after = {p.relative_to(out): p.read_bytes() for p in out.rglob("*") if p.is_file()}
    assert after == before
    # Nothing half-built is left beside it either.
    assert sorted(p.name for p in tmp_path.iterdir()) == ["checkout", "site"]


def test_a_rebuild_replaces_the_old_files(tmp_path: Path) -> None:
    root = _checkout_copy(tmp_path)
    out = build(tmp_path / "site", root=root, compress=False, snapshot=False)
    (root / "web" / "stale.js").write_text("// only in the first build\n", encoding="utf-8")
    build(out, root=root, compress=False, snapshot=False)
    assert (out / "stale.js").is_file()
    (root / "web" / "stale.js").unlink()
    build(out, root=root, compress=False, snapshot=False)
    assert not (out / "stale.js").exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["checkout", "site"]


def test_the_browser_zip_leaves_out_the_desktop_layers(tmp_path: Path) -> None:
    """Built by inclusion: the command line, the site tooling and the research code never
    ship, and what does ship imports nothing of theirs (nor tqdm or argparse)."""
    archive_path = zip_engine(Path(seven_rocks.__file__).parent, tmp_path / "engine.zip")
    with zipfile.ZipFile(archive_path) as archive:
        names = archive.namelist()
    assert "seven_rocks/app/session.py" in names and "seven_rocks/engine/round.py" in names
    for left_out in ("cli", "site", "research"):
        assert not [name for name in names if name.startswith(f"seven_rocks/{left_out}/")]
    # The command line's plain-English narration of a game: the page draws games itself.
    assert not [name for name in names if name.endswith("/describe.py")]
    probe = (
        "import sys; sys.path[:] = [p for p in sys.path if 'site-packages' not in p];"
        f"sys.path.insert(0, {str(archive_path)!r});"
        "import seven_rocks.app.session, seven_rocks.bots;"
        "print(' '.join(sorted(sys.modules)))"
    )
    loaded = subprocess.run(
        [sys.executable, "-I", "-c", probe], capture_output=True, text=True, check=True
    ).stdout.split()
    assert "seven_rocks.app.session" in loaded
    desktop = ("seven_rocks.cli", "seven_rocks.site", "seven_rocks.research", "tqdm", "argparse")
    assert not [name for name in loaded if name.startswith(desktop)]


def test_the_rest_zip_ships_apart_and_completes_the_engine(tmp_path: Path) -> None:
    """A session from the engine zip alone plays, hints and saves without the package's
    rest (the master and its hint play for the game: the win-chance table is the
    engine's); the rest zip unpacked beside it (as the worker does) makes a review, a
    puzzle's answer, a replay and the rule book's examples run."""
    package = Path(seven_rocks.__file__).parent
    engine = zipfile.ZipFile(zip_engine(package, tmp_path / "engine.zip"))
    rest = zipfile.ZipFile(zip_rest(package, tmp_path / "rest.zip"))
    for lazy in ("app/review/settle.py", "app/puzzles.py", "app/replays.py", "app/examples.py"):
        assert f"seven_rocks/{lazy}" in rest.namelist()
    assert "seven_rocks/bots/winchance_table.py" in engine.namelist()
    assert "seven_rocks/app/review/model.py" in engine.namelist()
    assert "seven_rocks/app/trainer.py" in engine.namelist()
    assert not set(engine.namelist()) & set(rest.namelist())
    unpacked = tmp_path / "worker"
    engine.extractall(unpacked)
    before = _in_worker(unpacked, "print(' '.join(sorted(sys.modules)))")
    review_modules = {n for n in before.split() if n.startswith("seven_rocks.app.review.")}
    assert review_modules == {"seven_rocks.app.review.desk", "seven_rocks.app.review.model"}
    rest.extractall(unpacked)
    then = """from seven_rocks.app.trainer import board_request, retry_request
r = session.review_start(level='quick')
while not r['finished']:
    r = session.review_step()
print(r['done'], r['total'])
position = retry_request(session.record(), 1, 1)['position']
print(len(board_request(position)['hand']))
load = session.replay_load(session.record(), budget_ms=0)
while not load['finished']:
    load = session.replay_load(budget_ms=0)
print(load['done'], len(session.examples()['examples']) > 0)"""
    review, hand, replay = _in_worker(unpacked, then).splitlines()
    done, total = review.split()
    assert done == total != "0"
    assert int(hand) > 0
    assert replay == "1 True"


def test_a_first_game_imports_nothing_of_the_rest_zip(tmp_path: Path) -> None:
    """The rest zip's modules (``engine_zip.is_lazy``) are fetched only when first imported,
    so a first visit's game must import none: through the worker's door from the engine
    zip alone, as the page asks (the warm-up, a game to its end with a hint, its saves, a
    restore, its record), with the door's table and the page's types built at start."""
    package = Path(seven_rocks.__file__).parent
    zipfile.ZipFile(zip_engine(package, tmp_path / "engine.zip")).extractall(tmp_path / "w")
    script = f"""
import json, sys
sys.path[:] = [{str(tmp_path / "w")!r}, *(p for p in sys.path if "site-packages" not in p)]
from seven_rocks.app.dispatch import Dispatcher
from seven_rocks.app.session import Session
door = Dispatcher(Session(), about={{}})
def ask(method, **params):
    reply = json.loads(door.handle(json.dumps({{"method": method, "params": params}})))
    assert "error" not in reply, reply
    return reply
for method in ("ping", "version", "info", "warm_up", "warm_up"):
    ask(method)
snap = ask("new_game", seed=3)
hinted = False
while not snap["over"]:
    if not snap["human_turn"]:
        snap = ask("step")
        continue
    if not hinted:
        hinted = bool(ask("hint"))
    moves = [move for points in snap["moves"].values() for move in points.values()]
    snap = ask("play", move=moves[0] if moves else snap["pass_move"])
    ask("save")
ask("restore", save=ask("save"))
ask("record")
for module in list(sys.modules.values()):
    if module.__name__.startswith("seven_rocks"):
        print(module.__file__)
"""
    done = subprocess.run([sys.executable, "-I", "-c", script], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    files = [Path(line).relative_to(tmp_path / "w" / "seven_rocks") for line in done.stdout.split()]
    assert Path("engine/game.py") in files and Path("app/trainer.py") in files
    assert [path for path in files if is_lazy(path)] == []


def _in_worker(folder: Path, then: str) -> str:
    """Play a few moves of a game from the package in ``folder`` alone, save it, run ``then``;
    what it printed."""
    script = f"""
import sys
sys.path[:] = [{str(folder)!r}, *(p for p in sys.path if "site-packages" not in p)]
from seven_rocks.app.session import Session
session = Session()
snap = session.new_game(seed=3, bots=[None, "greedy", "greedy", "greedy"])
for _ in range(8):
    if snap["human_turn"]:
        session.hint()  # the strongest fair bot's search, as a person asks for it
        tile, points = next(iter(snap["legal"].items()))
        snap = session.play(tile if points[0] == "open" else f"{{tile}}@{{points[0]}}")
    else:
        snap = session.step()
session.save()
{then}
"""
    done = subprocess.run([sys.executable, "-I", "-c", script], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_the_browser_zip_has_nothing_of_the_cluster(tmp_path: Path) -> None:
    """The Ray executor is desktop research code: neither it nor Ray reaches the browser."""
    cluster = Path(seven_rocks.__file__).parent / "research" / "cluster.py"
    assert cluster.is_file()  # what is left out exists
    archive_path = zip_engine(Path(seven_rocks.__file__).parent, tmp_path / "engine.zip")
    with zipfile.ZipFile(archive_path) as archive:
        names = archive.namelist()
        shipped = b"".join(archive.read(name) for name in names)
    assert not [name for name in names if "cluster" in name or "ray" in name.split("/")]
    assert b"import ray" not in shipped and b"from ray" not in shipped


# The output folder: the build replaces only what an earlier build made.


def _tree(folder: Path) -> dict[str, bytes | None]:
    """Every entry under ``folder``: a file's bytes, None for a folder; links as their target."""
    return {
        p.relative_to(folder).as_posix(): (
            os.readlink(p).encode() if p.is_symlink() else p.read_bytes() if p.is_file() else None
        )
        for p in sorted(folder.rglob("*"))
    }


def _users_folder(folder: Path) -> Path:
    """A folder of someone's own files, one of them named like the build's engine zip."""
    (folder / "photos").mkdir(parents=True)
    (folder / "thesis.txt").write_text("five years of work\n", encoding="utf-8")
    (folder / "photos" / "rocks.jpg").write_bytes(b"\xff\xd8 a photo")
    (folder / "seven_rocks.zip").write_bytes(b"my own zip")
    return folder


def _seven_rocks(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    code = "import sys, seven_rocks.cli; sys.exit(seven_rocks.cli.main())"
    return subprocess.run(
        [sys.executable, "-c", code, *args], capture_output=True, text=True, cwd=cwd, timeout=300
    )


def test_build_never_replaces_a_folder_of_someone_elses_files(tmp_path: Path) -> None:
    out = _users_folder(tmp_path / "mine")
    before = _tree(out)
    with pytest.raises(BuildError, match=r"holds no previous build"):
        build(out, root=_checkout_copy(tmp_path), compress=False, snapshot=False)
    assert _tree(out) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["checkout", "mine"]
    # From the command line: one sentence on stderr, exit 2, nothing touched.
    result = _seven_rocks("build", "--out", str(out), "--no-snapshot", cwd=tmp_path)
    assert result.returncode == 2, result.stderr
    assert result.stderr.count("\n") == 1 and "holds no previous build" in result.stderr
    assert _tree(out) == before


def test_build_leaves_a_marker_listing_its_files(tmp_path: Path) -> None:
    out = build(tmp_path / "site", root=_checkout_copy(tmp_path), compress=False, snapshot=False)
    marker = json.loads((out / MARKER).read_text(encoding="utf-8"))
    made = {p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file()}
    assert marker["format"] == 1
    assert set(marker["files"]) == made - {MARKER}
    assert {"index.html", "sw.js", "seven_rocks.zip"} <= set(marker["files"])


def test_a_file_added_to_a_build_is_never_deleted(tmp_path: Path) -> None:
    root = _checkout_copy(tmp_path)
    out = build(tmp_path / "site", root=root, compress=False, snapshot=False)
    (out / "notes").mkdir()
    (out / "notes" / "thesis.txt").write_text("mine\n", encoding="utf-8")
    (out / "link").symlink_to(tmp_path / "checkout")
    before = _tree(out)
    with pytest.raises(BuildError, match=r"did not make \(link, notes/thesis\.txt\)"):
        build(out, root=root, compress=False, snapshot=False)
    assert _tree(out) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["checkout", "site"]


def test_a_file_saved_into_the_site_during_the_build_is_kept(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The folder is checked again just before the swap: the build takes minutes."""
    root = _checkout_copy(tmp_path)
    out = build(tmp_path / "site", root=root, compress=False, snapshot=False)
    old_site = _tree(out)
    real_write_icons = build_module._write_icons

    def write_icons_and_meanwhile_save_a_file(site: Path, cache: Path) -> None:
        real_write_icons(site, cache)
        (out / "thesis.txt").write_text("saved while the build ran\n", encoding="utf-8")

    monkeypatch.setattr(build_module, "_write_icons", write_icons_and_meanwhile_save_a_file)
    with pytest.raises(BuildError, match=r"did not make \(thesis\.txt\)"):
        build(out, root=root, compress=False, snapshot=False)
    assert _tree(out) == {**old_site, "thesis.txt": b"saved while the build ran\n"}
    assert sorted(p.name for p in tmp_path.iterdir()) == ["checkout", "site"]


def test_only_the_listed_files_of_the_old_build_are_deleted(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    old = tmp_path / "site"
    old.mkdir()
    (old / "a.js").write_text("old\n")
    (old / MARKER).write_text(json.dumps({"format": 1, "files": ["a.js"]}))
    staging = output.staging_dir(old)
    (staging / "b.js").write_text("new\n")
    output.swap_in(staging, old)
    assert _tree(old) == {"b.js": b"new\n", MARKER: (old / MARKER).read_bytes()}
    assert sorted(p.name for p in tmp_path.iterdir()) == ["site"]
    # A file that reaches the old build after the last check (a race the check cannot
    # see, played here by skipping the check) is kept in the retired folder.
    staging = output.staging_dir(old)
    (staging / "c.js").write_text("newer\n")
    (old / "late.txt").write_text("mine\n")
    monkeypatch.setattr(output, "check_replaceable", lambda out: None)
    output.swap_in(staging, old)
    assert sorted(_tree(old)) == [MARKER, "c.js"]
    (retired,) = (p for p in tmp_path.iterdir() if p.name != "site")
    assert _tree(retired) == {"late.txt": b"mine\n"}


def test_build_through_a_symlink_rebuilds_its_target(tmp_path: Path) -> None:
    root = _checkout_copy(tmp_path)
    target = tmp_path / "builds" / "current"
    target.parent.mkdir()
    link = tmp_path / "site"
    link.symlink_to(target, target_is_directory=True)
    for _ in range(2):  # once into nothing, once over the previous build
        assert build(link, root=root, compress=False, snapshot=False) == link
        assert link.is_symlink() and link.resolve() == target.resolve()
        assert (target / "index.html").is_file() and (target / MARKER).is_file()
        assert sorted(p.name for p in tmp_path.iterdir()) == ["builds", "checkout", "site"]
        assert sorted(p.name for p in target.parent.iterdir()) == ["current"]
    # A link to someone's folder is refused like the folder itself.
    mine = _users_folder(tmp_path / "mine")
    before = _tree(mine)
    link.unlink()
    link.symlink_to(mine, target_is_directory=True)
    with pytest.raises(BuildError, match="holds no previous build"):
        build(link, root=root, compress=False, snapshot=False)
    assert _tree(mine) == before and link.is_symlink()
    # A loop of links is one sentence too.
    link.unlink()
    link.symlink_to(link)
    with pytest.raises(BuildError, match="cannot be resolved"):
        build(link, root=root, compress=False, snapshot=False)


def test_a_build_without_a_marker_is_recognised_by_its_service_worker(tmp_path: Path) -> None:
    root = _checkout_copy(tmp_path)
    out = build(tmp_path / "site", root=root, compress=True, snapshot=False)
    (out / MARKER).unlink()
    build(out, root=root, compress=False, snapshot=False)  # replaced: every file was listed
    assert not list(out.rglob("*.br"))
    (out / MARKER).unlink()
    (out / "thesis.txt").write_text("mine\n")
    with pytest.raises(BuildError, match=r"did not make \(thesis\.txt\)"):
        build(out, root=root, compress=False, snapshot=False)
    assert (out / "thesis.txt").read_text() == "mine\n"


def test_an_output_that_is_a_file_or_an_empty_folder(tmp_path: Path) -> None:
    root = _checkout_copy(tmp_path)
    (tmp_path / "file").write_text("mine\n")
    with pytest.raises(BuildError, match="not a directory"):
        build(tmp_path / "file", root=root, compress=False, snapshot=False)
    (tmp_path / "empty").mkdir()
    build(tmp_path / "empty", root=root, compress=False, snapshot=False)
    assert (tmp_path / "empty" / MARKER).is_file()
    # A marker that is not one of ours protects nothing and replaces nothing.
    (tmp_path / "odd").mkdir()
    (tmp_path / "odd" / MARKER).write_text("not json")
    (tmp_path / "odd" / "thesis.txt").write_text("mine\n")
    with pytest.raises(BuildError, match="holds no previous build"):
        build(tmp_path / "odd", root=root, compress=False, snapshot=False)
    assert (tmp_path / "odd" / "thesis.txt").is_file()


@pytest.mark.parametrize(
    ("flags", "minify", "snapshot"),
    [([], True, True), (["--no-minify", "--no-snapshot"], False, False)],
)
def test_the_build_command_passes_its_switches_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, flags: list[str], minify: bool, snapshot: bool
) -> None:
    from seven_rocks.cli import build as command
    from seven_rocks.cli import main

    asked: dict[str, object] = {}

    def fake_build(out: Path, **options: object) -> Path:
        asked.update(options, out=out)
        return out

    monkeypatch.setattr(command, "build", fake_build)
    assert main(["build", "--out", str(tmp_path / "site"), *flags]) == 0
    assert asked == {"out": tmp_path / "site", "minify": minify, "snapshot": snapshot}
