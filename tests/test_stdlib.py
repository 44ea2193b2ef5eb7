"""The standard library cut and the stripping of shipped Python (seven_rocks.site.stdlib)."""

from __future__ import annotations

import importlib.util
import sys
import zipfile
from pathlib import Path

import pytest

import seven_rocks
from seven_rocks.site.build import build, zip_engine
from seven_rocks.site.python_images import ENGINE_ZIP, REST_ZIP
from seven_rocks.site.stdlib import CutLibrary, cut_stdlib
from seven_rocks.site.stdlib_cut import compile_module, strip_source

ROOT = Path(__file__).resolve().parents[1]
PYODIDE = ROOT / "node_modules" / "pyodide"

SOURCE = '''"""A module docstring."""
from __future__ import annotations

# a comment
class Box:
    """A class docstring."""

    def value(self) -> int:
        """Only a docstring: the body must still be valid."""

    def twice(self, n: int) -> int:
        # another comment
        return n * 2  # trailing


text = f"{1 + 1!r:>3}" "tail"
'''


def test_stripping_drops_docstrings_and_comments_and_keeps_the_code() -> None:
    stripped = strip_source(SOURCE)
    for gone in ("docstring", "comment", "trailing"):
        assert gone not in stripped
    namespace: dict[str, object] = {}
    exec(compile(stripped, "stripped", "exec"), namespace)
    box = namespace["Box"]()  # type: ignore[operator]
    assert box.twice(21) == 42 and box.value() is None
    assert namespace["text"] == "  2tail"
    assert namespace["Box"].__doc__ is None
    kept = strip_source(SOURCE, docstrings=False)
    assert "A class docstring." in kept and "comment" not in kept


def test_what_cannot_be_parsed_is_left_as_it_is() -> None:
    broken = "def f(:\n    pass  # a comment\n"
    assert strip_source(broken) == broken


def test_a_compiled_module_imports_from_a_zip_without_its_source(tmp_path: Path) -> None:
    """What the build does in Pyodide, done on this Python: the zip holds only ``.pyc``."""
    source = strip_source(SOURCE).encode()
    data = compile_module(source, "boxes.py")
    # An unchecked hash-based pyc (PEP 552): this Python's magic number, flags 0b01.
    assert data[:4] == importlib.util.MAGIC_NUMBER
    assert int.from_bytes(data[4:8], "little") == 0b01
    archive = tmp_path / "compiled.zip"
    with zipfile.ZipFile(archive, "w") as out:
        out.writestr("boxes.pyc", data)
    sys.path.insert(0, str(archive))
    try:
        import boxes  # type: ignore[import-not-found]

        assert boxes.Box().twice(4) == 8 and boxes.text == "  2tail"
        assert boxes.__file__.endswith("boxes.pyc")
        # No line tables were shipped, so no line numbers either.
        assert boxes.Box.twice.__code__.co_linetable == b""
    finally:
        sys.path.remove(str(archive))
        sys.modules.pop("boxes", None)


@pytest.fixture(scope="module")
def cut_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A build of this tree without the cut's outputs: the same inputs (the site's runtime,
    as trimmed and minified, and both of its zips as written) as every build's cut."""
    site = build(tmp_path_factory.mktemp("cut") / "site", compress=False, snapshot=False)
    # The build ships the engine compiled: its zip as written comes back for the cut.
    zip_engine(Path(seven_rocks.__file__).parent, site / ENGINE_ZIP)
    return site


def _cut_of(site: Path, destination: Path, compiled_engine: Path | None = None) -> CutLibrary:
    """The cut a build of ``site`` ships, read back from the build's cache, so a test run
    makes the cut once whoever asks first."""
    return cut_stdlib(
        site / "pyodide",
        site / ENGINE_ZIP,
        ROOT / "web" / "worker.py",
        ROOT / "web" / "stdlib_fallback.py",
        destination,
        cache=ROOT / "node_modules" / ".cache" / "seven-rocks",
        rest_zip=site / REST_ZIP,
        compiled_engine=compiled_engine,
    )


@pytest.fixture(scope="module")
def cut(cut_site: Path, tmp_path_factory: pytest.TempPathFactory) -> CutLibrary:
    return _cut_of(cut_site, tmp_path_factory.mktemp("read") / "stdlib-cut.zip")


def test_the_engine_ships_compiled_by_pyodide(cut_site: Path, tmp_path: Path) -> None:
    compiled = tmp_path / "engine.zip"
    _cut_of(cut_site, tmp_path / "stdlib-cut.zip", compiled)
    with zipfile.ZipFile(cut_site / ENGINE_ZIP) as source, zipfile.ZipFile(compiled) as archive:
        modules = source.namelist()
        names = archive.namelist()
        assert {info.compress_type for info in archive.infolist()} == {zipfile.ZIP_STORED}
        kernel = archive.read("seven_rocks/engine/kernel.pyc")
    # Every module of the engine zip, as bytecode only: a first visit compiles none of them.
    assert names == [name + "c" for name in modules]
    assert int.from_bytes(kernel[4:8], "little") == 0b01  # unchecked hash-based
    # Pyodide's Python, not this one, compiled it (the check in stdlib.mjs imports and
    # plays with it there); its magic number is that of a Python 3.14.
    assert int.from_bytes(kernel[:2], "little") in range(3600, 3700)
    assert b"_pip_table" in kernel


def test_the_cut_holds_what_the_game_imports_and_little_else(cut: CutLibrary) -> None:
    with zipfile.ZipFile(PYODIDE / "python_stdlib.zip") as full_zip:
        full = [n for n in full_zip.namelist() if n.endswith(".py")]
    with zipfile.ZipFile(cut.path) as archive:
        names = archive.namelist()
        # Stored, not deflated: brotli on the wire then compresses across the files.
        assert {info.compress_type for info in archive.infolist()} == {zipfile.ZIP_STORED}
        json_init = archive.read("json/__init__.pyc")
    # Compiled by Pyodide's Python: start-up never runs the compiler on the library.
    assert not [name for name in names if name.endswith(".py")]
    for needed in ("json/__init__.pyc", "random.pyc", "traceback.pyc", "stdlib_fallback.pyc"):
        assert needed in names
    for unused in ("unittest/__init__.pyc", "sqlite3/__init__.pyc", "colorsys.pyc", "argparse.pyc"):
        assert unused not in names
    assert len(names) < len(full) / 3
    assert int.from_bytes(json_init[4:8], "little") == 0b01  # unchecked hash-based
    assert b"JSON (JavaScript Object Notation)" not in json_init  # its docstring
    assert b"dumps" in json_init


def test_the_engine_zip_ships_stripped_and_stored(tmp_path: Path) -> None:
    archive_path = zip_engine(Path(seven_rocks.__file__).parent, tmp_path / "engine.zip")
    with zipfile.ZipFile(archive_path) as archive:
        assert {info.compress_type for info in archive.infolist()} == {zipfile.ZIP_STORED}
        session = archive.read("seven_rocks/app/session.py").decode()
    original = (Path(seven_rocks.__file__).parent / "app" / "session.py").read_text()
    assert '"""' in original and '"""' not in session
    assert len(session) < len(original)


def test_stripping_annotations_keeps_a_classs_fields_and_the_code() -> None:
    """Functions' and the module's annotations go (only the type checker reads them); a
    class's are its fields (a TypedDict's keys, a dataclass's), so they stay."""
    source = """
from __future__ import annotations
from dataclasses import dataclass
from typing import Final, TypedDict
LIMIT: Final = 3
pending: int
class Reply(TypedDict):
    move: str
@dataclass
class Box:
    size: int = 2
    def twice(self, by: int = LIMIT) -> int:
        return self.size * by
async def later(*args: int, **kwargs: str) -> None:
    return None
"""
    stripped = strip_source(source, annotations=True)
    assert "LIMIT = 3" in stripped and "pending" not in stripped and "-> int" not in stripped
    namespace: dict[str, object] = {}
    exec(compile(stripped, "stripped", "exec"), namespace)
    assert "__annotations__" not in namespace  # the module keeps none
    assert list(namespace["Reply"].__annotations__) == ["move"]
    assert namespace["Box"]().twice() == 6  # type: ignore[operator]
    assert namespace["Box"].twice.__annotations__ == {}  # type: ignore[attr-defined]
    assert "by: int" in strip_source(source)  # not asked for: kept
