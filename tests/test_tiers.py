"""The test tiers: what `make test` (CI) and `make check` (the developer loop) run.

- Under CI=true a skipped test fails (tests/conftest.py), so the test command skips nothing.
- The Makefile runs Node's test runner on tests/js/*.test.mjs when there are any, and a
  failing JavaScript test fails the target.
- `make test` runs every Python test but the exhaustive ones (a sample of each exhaustive
  check is a test of its own): two passes, the browser tests and the others (no ``-k``, no
  ``-x``); `make check` leaves out only the browser and slow tiers; `make slow` runs every slow
  test, the exhaustive ones among them.
"""

from __future__ import annotations

import ast
import os
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

SKIPPING = """
import pytest

def test_skips():
    pytest.skip("no widget here")

def test_runs():
    assert True
"""

SKIPPING_MODULE = """
import pytest
pytest.skip("no widget here", allow_module_level=True)
"""


def _pytest(
    tmp_path: Path, source: str, ci: str | None, *options: str
) -> subprocess.CompletedProcess[str]:
    """Run pytest with this suite's conftest (and ``options``) on one throw-away test file."""
    (tmp_path / "test_throwaway.py").write_text(source, encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if k != "CI"}
    if ci is not None:
        env["CI"] = ci
    args = ["-q", "-p", "tests.conftest", "-p", "no:cacheprovider", "-c", os.devnull, *options]
    return _run_pytest([*args, "--rootdir", str(tmp_path), str(tmp_path)], env)


def _run_pytest(args: list[str], env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    """pytest with ``args`` in a process of its own, from the checkout, with ``env``."""
    return subprocess.run(
        [sys.executable, "-m", "pytest", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


@pytest.mark.parametrize("source", [SKIPPING, SKIPPING_MODULE], ids=["test", "module"])
def test_a_skip_fails_under_ci(tmp_path: Path, source: str) -> None:
    ci = _pytest(tmp_path, source, "true")
    assert ci.returncode in (1, 2), ci.stdout  # 2: the failure is in collection
    assert "skipped under CI=true" in ci.stdout
    local = _pytest(tmp_path, source, None)
    assert local.returncode in (0, 5), local.stdout  # 5: nothing ran (the module skipped)
    assert "skipped" in local.stdout


PASSING = 'import test from "node:test";\ntest("ok", () => {});\n'
FAILING = (
    'import test from "node:test";\nimport assert from "node:assert/strict";\n'
    'test("no", () => assert.equal(1, 2));\n'
)


GROUPED = """
import os
import pytest

@pytest.mark.parametrize("n", range(6))
@pytest.mark.xdist_group("together")
def test_grouped(n):
    print("worker", os.environ["PYTEST_XDIST_WORKER"])
"""


def test_a_group_of_tests_runs_on_one_worker(tmp_path: Path) -> None:
    # make test's passes deal tests in groups (--dist loadgroup: the long browser tests'
    # queues, the Ray head's tests); a pytest that pytest-xdist cannot group for would
    # spread them over the workers without a word.
    run = _pytest(tmp_path, GROUPED, None, "-n", "2", "--dist", "loadgroup", "-rA")
    assert run.returncode == 0, run.stdout
    workers = {line.split()[-1] for line in run.stdout.splitlines() if line.startswith("worker")}
    assert len(workers) == 1, f"the group ran on {sorted(workers)}"


def _make(folder: Path, *args: str) -> subprocess.CompletedProcess[str]:
    make = shutil.which("make")
    assert make, "make is needed to run the README's commands"
    return subprocess.run(
        [make, "--no-print-directory", *args],
        cwd=folder,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def _project(tmp_path: Path, js_tests: dict[str, str]) -> Path:
    """A copy of the Makefile beside the files its rules depend on (empty here: the tests
    only run `make js` or print a plan with `make -n`)."""
    shutil.copy(ROOT / "Makefile", tmp_path / "Makefile")
    for name in ("pyproject.toml", "package.json", "package-lock.json"):
        (tmp_path / name).touch()
        os.utime(tmp_path / name, (999_000, 999_000))
    # What the generated modules are made from, then the modules themselves, newer: make
    # sees them up to date and goes straight to the tests.
    sources = [tmp_path / ".venv" / ".installed", tmp_path / "web" / "css" / "breakpoints.css"]
    made = [
        tmp_path / "web" / "js" / name for name in ("facts.js", "protocol.d.ts", "breakpoints.js")
    ]
    for number, path in enumerate([*sources, *made]):
        path.parent.mkdir(parents=True, exist_ok=True)
        path.touch()
        os.utime(path, (1_000_000 + number, 1_000_000 + number))
    (tmp_path / "tests" / "js").mkdir(parents=True)
    for name, source in js_tests.items():
        (tmp_path / "tests" / "js" / name).write_text(source, encoding="utf-8")
    return tmp_path


def test_make_runs_the_javascript_tests_and_fails_with_them(tmp_path: Path) -> None:
    assert shutil.which("node"), "Node is needed for the site build and the JavaScript tests"
    folder = _project(tmp_path, {"a.test.mjs": PASSING})
    passing = _make(folder, "js")
    assert passing.returncode == 0, passing.stdout + passing.stderr
    assert "# pass 1" in passing.stdout
    (folder / "tests" / "js" / "b.test.mjs").write_text(FAILING, encoding="utf-8")
    failing = _make(folder, "js")
    assert failing.returncode != 0, failing.stdout
    assert "# fail 1" in failing.stdout


@pytest.mark.parametrize("target", ["test", "check"])
def test_the_tiers_include_the_javascript_tests(tmp_path: Path, target: str) -> None:
    folder = _project(tmp_path, {"a.test.mjs": PASSING})
    plan = _make(folder, "-n", target).stdout
    assert "node --test tests/js/a.test.mjs" in plan


def test_make_test_runs_every_python_test_and_check_only_the_fast_ones() -> None:
    runs = [
        shlex.split(line)
        for line in _make(ROOT, "-n", "test").stdout.splitlines()
        if line.startswith(".venv/bin/pytest")
    ]
    filters = []
    for run in runs:
        assert not {"-k", "-x", "--exitfirst", "--lf", "--last-failed"} & set(run), run
        assert run.count("-m") == 1, run
        filters.append(run[run.index("-m") + 1])
    # Every test is either a browser test or not: the two passes hold each test once.
    assert sorted(filters) == ["e2e and not exhaustive", "not e2e and not exhaustive"], runs
    check = _make(ROOT, "-n", "check").stdout
    assert '-n auto -m "not e2e and not slow"' in check


def _marks(function: ast.FunctionDef) -> set[str]:
    """The ``pytest.mark.NAME`` decorators of a test function, by name."""
    return {
        node.attr
        for node in function.decorator_list
        if isinstance(node, ast.Attribute) and ast.unparse(node.value) == "pytest.mark"
    }


def test_every_exhaustive_test_is_slow_and_runs_in_make_slow() -> None:
    exhaustive = []
    for source in (ROOT / "tests").rglob("test_*.py"):
        for node in ast.walk(ast.parse(source.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef) and "exhaustive" in _marks(node):
                exhaustive.append(node.name)
                assert "slow" in _marks(node), f"{source.name}::{node.name} is not marked slow"
    assert exhaustive, "no exhaustive test found: the marker's filter would be a no-op"
    assert "pytest -m slow" in _make(ROOT, "-n", "slow").stdout


def test_a_missing_browser_engine_fails_its_smoke_test(tmp_path: Path) -> None:
    """Firefox or WebKit not installed: the engine smoke test fails, under CI and not (it
    never skips), and says which package to install."""
    env = {**os.environ, "CI": "true", "SEVEN_ROCKS_FIREFOX": str(tmp_path / "no-firefox")}
    args = ["-q", "-p", "no:cacheprovider", "-n", "0", "-m", "e2e", "-k", "firefox"]
    run = _run_pytest([*args, "tests/e2e/engines/test_engines.py"], env)
    assert run.returncode == 1, run.stdout
    assert "1 error" in run.stdout and "skipped" not in run.stdout, run.stdout
    assert "apt-get install firefox-esr" in run.stdout
