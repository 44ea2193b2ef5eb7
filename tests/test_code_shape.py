"""The code keeps the shape that makes it easy to change: small modules with one job, no
history in the code, each palette defined once.

A module that grows past its limit has taken on a second job: split it by job (as
``app/review/desk.py`` and ``site/python_images.py`` were), never by trimming lines.
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: The longest a module may be, in lines.
PYTHON_LINES = 500
JS_LINES = 400
#: The page's composition root: a job it would take on is a module's of its own (one game's
#: wiring is mount-game.js's, the engine door that says a failure engine-door.js's).
CONTROLLER_LINES = 250
#: A style sheet is one component's rules and the shapes it takes on each screen. The
#: biggest components (the board, the coach's panel) fit in 300 lines; a sheet past that
#: has taken on a second job (its phone layouts, a list beside its panel): a sheet of its
#: own, linked beside it (in the same part of the page: web/index.html's data-part).
CSS_LINES = 300


def _tracked(*patterns: str) -> list[Path]:
    listed = subprocess.run(
        ["git", "ls-files", "--", *patterns], cwd=ROOT, capture_output=True, text=True, check=True
    )
    return [ROOT / name for name in listed.stdout.split()]


def _lines(path: Path) -> int:
    return len(path.read_text(encoding="utf-8").splitlines())


def test_no_module_is_longer_than_its_limit() -> None:
    python = _tracked("seven_rocks/*.py")
    scripts = _tracked("web/*.js", "web/*.mjs")
    assert len(python) > 100 and len(scripts) > 40  # the lists are the real trees
    too_long = [
        f"{path.relative_to(ROOT)}: {_lines(path)} lines"
        for paths, limit in ((python, PYTHON_LINES), (scripts, JS_LINES))
        for path in paths
        if _lines(path) > limit
    ]
    assert not too_long, too_long
    assert _lines(ROOT / "web" / "js" / "shell" / "controller.js") <= CONTROLLER_LINES


def test_no_style_sheet_is_longer_than_its_limit() -> None:
    sheets = _tracked("web/css/*.css")
    assert len(sheets) > 20  # the list is the real tree
    too_long = [
        f"{path.relative_to(ROOT)}: {_lines(path)} lines"
        for path in sheets
        if _lines(path) > CSS_LINES
    ]
    assert not too_long, too_long


def test_the_code_says_what_it_does_not_which_issue_asked() -> None:
    cited = re.compile(r"issues? #?[0-9]+", re.IGNORECASE)
    places = _tracked("seven_rocks", "web", "tests", "benchmarks", "docs", "README.md")
    found = [
        f"{path.relative_to(ROOT)}: {match.group()}"
        for path in places
        if path.suffix in {".py", ".js", ".mjs", ".md", ".css", ".html", ".json"}
        for match in cited.finditer(path.read_text(encoding="utf-8", errors="replace"))
    ]
    assert not found, found


def test_one_style_sheet_defines_the_palettes() -> None:
    """Custom properties holding a colour (the palettes) are set in ``theme.css`` alone."""
    colour = re.compile(r"^\s*--[\w-]+\s*:\s*(#[0-9a-f]{3,8}\b|(rgb|hsl|oklch)a?\()", re.M | re.I)
    sheets = _tracked("web/css/*.css")
    defining = sorted(path.name for path in sheets if colour.search(path.read_text("utf-8")))
    assert defining == ["theme.css"], defining


#: The page's feature folders (web/js/<folder>/): the tree shows the architecture, as
#: chessground's and lila's do. README's "The page's modules" says what each holds.
FEATURE_FOLDERS = {
    "util",
    "ui",
    "model",
    "table",
    "cues",
    "sheet",
    "coach",
    "replay",
    "link",
    "host",
    "game",
    "guest",
    "help",
    "shell",
}


def test_every_page_module_lives_in_its_feature_folder() -> None:
    """No module stands directly under web/js/ (only the generated files do, untracked), and
    each folder is one the README names, so a new module picks its feature's folder."""
    modules = _tracked("web/js")
    assert len(modules) > 60
    loose = [str(path.relative_to(ROOT)) for path in modules if path.parent == ROOT / "web" / "js"]
    assert loose == []
    folders = {path.relative_to(ROOT / "web" / "js").parts[0] for path in modules}
    assert folders == FEATURE_FOLDERS
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    unnamed = [folder for folder in sorted(FEATURE_FOLDERS) if f"`web/js/{folder}/`" not in readme]
    assert unnamed == [], "README's map of the page's modules leaves these folders out"


def test_every_engine_call_is_typed_by_the_protocol() -> None:
    """The engine's door is typed once (``EngineCall`` in bridge.js, from the generated
    protocol.d.ts) and every part takes it so: a part that declares its own ``(method:
    string, params) => Promise<any>`` lets a misspelt request or parameter through unchecked."""
    widened = re.compile(r"\bmethod: string\b|Promise<any>")
    scripts = _tracked("web/*.js", "web/*.mjs", "tests/js/*.js", "tests/js/*.mjs")
    found = [
        f"{path.relative_to(ROOT)}:{number}: {line.strip()}"
        for path in scripts
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if widened.search(line)
    ]
    assert found == []


#: Names a page module exports that no other module or test names yet: the tour's (its
#: module is being written anew, and its steps' names go with it).
UNIMPORTED = {"web/js/help/tour.js": {"TOUR_STEPS", "tourSeen"}}


def test_every_export_of_the_page_is_imported_somewhere() -> None:
    """A name a page module exports is named by another page module or a test: an export
    nobody imports is dead code, or a module's inside shown as its interface."""
    declared = re.compile(
        r"^export\s+(?:async\s+)?(?:const|let|function\*?|class)\s+([A-Za-z_$][\w$]*)"
        r"|^export\s*\{([^}]*)\}",
        re.M,
    )
    scripts = _tracked("web/*.js", "web/*.mjs", "tests/js/*.js", "tests/js/*.mjs")
    texts = {path: path.read_text(encoding="utf-8") for path in scripts}
    modules = [path for path in scripts if path.is_relative_to(ROOT / "web" / "js")]
    assert len(modules) > 60
    unimported = []
    for path in modules:
        own = str(path.relative_to(ROOT))
        for single, listed in declared.findall(texts[path]):
            names = (
                [single]
                if single
                else [part.split()[-1] for part in listed.split(",") if part.strip()]
            )
            for name in names:
                word = re.compile(rf"\b{re.escape(name)}\b")
                named = any(word.search(text) for other, text in texts.items() if other != path)
                if not named and name not in UNIMPORTED.get(own, set()):
                    unimported.append(f"{own}: {name}")
    assert unimported == []


#: An import of a page module, static or dynamic: its specifier.
_IMPORT = re.compile(r"""(?:\bfrom\s*|\bimport\s*\(\s*)["'](\.{1,2}/[^"']+)["']""")


def _folder_imports() -> dict[str, set[str]]:
    """Which feature folders each folder's modules import (type-only imports included)."""
    js = ROOT / "web" / "js"
    uses: dict[str, set[str]] = {}
    for path in _tracked("web/js"):
        if path.suffix != ".js" or path.parent == js:
            continue
        folder = path.relative_to(js).parts[0]
        for spec in _IMPORT.findall(path.read_text(encoding="utf-8")):
            target = (path.parent / spec).resolve()
            if target.is_relative_to(js) and len(target.relative_to(js).parts) > 1:
                other = target.relative_to(js).parts[0]
                if other != folder:
                    uses.setdefault(folder, set()).add(other)
    return uses


def test_the_feature_folders_are_layered() -> None:
    """Folders import one way only: a folder never imports one that imports it, directly
    or round a longer circle, so the tree reads from the shell down to util, as a layered
    house (each folder's place in README's map)."""
    uses = _folder_imports()
    assert sum(len(v) for v in uses.values()) > 20  # the scan found the imports
    state: dict[str, str] = {}

    def visit(folder: str, path: list[str]) -> list[str] | None:
        state[folder] = "open"
        for other in sorted(uses.get(folder, ())):
            if state.get(other) == "open":
                return [*path, folder, other]
            if other not in state and (circle := visit(other, [*path, folder])):
                return circle
        state[folder] = "done"
        return None

    circles = [c for f in sorted(uses) if f not in state and (c := visit(f, []))]
    assert circles == [], f"folders import each other round a circle: {circles}"
