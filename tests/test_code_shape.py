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
CONTROLLER_LINES = 300


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
    "table",
    "game",
    "cues",
    "coach",
    "trainer",
    "replay",
    "sheet",
    "help",
    "shell",
    "util",
    "link",
    "guest",
    "host",
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
