"""Every ``wait_for_function`` in the browser tests is given a function, not an expression.

Playwright compiles a function once, when the wait starts; an expression it evaluates again
with ``eval`` at every poll, which the page's Content-Security-Policy refuses. A test waiting
on an expression passes whenever its condition already holds at the first check and fails
("EvalError: ... 'unsafe-eval'") when it has to wait. Nor an async function: its promise is
a truthy answer at once, so the wait never waits (``playing.poll`` waits on async checks).
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

E2E = Path(__file__).resolve().parent / "e2e"

#: An async function: ``wait_for_function`` takes the promise it returns for a truthy answer at
#: once (``playing.poll`` waits on an async check instead).
ASYNC = re.compile(r"^\s*async\b")
#: The start of a JavaScript function: ``() =>``, ``(a) =>``, ``a =>``, ``function``, ``async``.
FUNCTION = re.compile(r"^\s*(async\s+)?(function\b|\(|[A-Za-z_$][\w$]*\s*=>)")


def _text(node: ast.expr) -> str | None:
    """A string literal's text; an f-string's up to its first replacement field (enough to
    tell a function from an expression)."""
    if isinstance(node, ast.JoinedStr):
        node = node.values[0] if node.values else ast.Constant("")
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def _constants(tree: ast.Module) -> dict[str, str]:
    """The module's string constants by name (``NAME = "..."`` at the top level)."""
    found: dict[str, str] = {}
    for node in tree.body:
        if isinstance(node, ast.Assign):
            target, value = node.targets[0], node.value
        elif isinstance(node, ast.AnnAssign) and node.value is not None:
            target, value = node.target, node.value
        else:
            continue
        text = _text(value)
        if isinstance(target, ast.Name) and isinstance(text, str):
            found[target.id] = text
    return found


def expression_waits(source: str, shared: dict[str, str] | None = None) -> list[str]:
    """``line: text`` for each ``wait_for_function`` whose first argument is not a function
    (or is an async one)
    (or cannot be read as a string literal, a module constant or one of ``shared``: the
    constants of the modules it imports from)."""
    tree = ast.parse(source)
    constants = {**(shared or {}), **_constants(tree)}
    bad = []
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)):
            continue
        if node.func.attr != "wait_for_function":
            continue
        arg = (
            node.args[0]
            if node.args
            else next((k.value for k in node.keywords if k.arg == "expression"), None)
        )
        text = None
        if isinstance(arg, ast.Constant | ast.JoinedStr):
            text = _text(arg)
        elif isinstance(arg, ast.Name):
            text = constants.get(arg.id)
        if text is None or not FUNCTION.match(text) or ASYNC.match(text):
            bad.append(f"{node.lineno}: {ast.unparse(arg) if arg is not None else '(none)'}"[:120])
    return bad


def test_the_check_tells_a_function_from_an_expression() -> None:
    source = """
WAIT = "(seat) => document.body.dataset.turn === String(seat)"
def test_x(page):
    page.wait_for_function("() => window.done")
    page.wait_for_function(WAIT, arg=1)
    page.wait_for_function("async () => await ready()")
    page.wait_for_function("window.done === true")
    page.wait_for_function(somewhere_else)
    page.wait_for_function(SHARED, arg="#table")
    page.wait_for_function(f"(s) => {BODY}", arg="#table")
    page.wait_for_function(f"{BODY} === 1")
"""
    assert [line.split(":")[0] for line in expression_waits(source)] == ["6", "7", "8", "9", "11"]
    shared = {"SHARED": "(selector) => document.querySelector(selector)"}
    assert [line.split(":")[0] for line in expression_waits(source, shared)] == [
        "6",
        "7",
        "8",
        "11",
    ]


def test_every_browser_test_waits_on_a_function() -> None:
    shared = _constants(ast.parse((E2E / "playing.py").read_text(encoding="utf-8")))
    bad = {
        path.name: found
        for path in sorted(E2E.glob("*.py"))
        if (found := expression_waits(path.read_text(encoding="utf-8"), shared))
    }
    assert not bad, f"wait_for_function given an expression (polled with eval): {bad}"
