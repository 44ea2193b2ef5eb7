"""The worker protocol's one description: the method table, the checks of each request's
parameters, and the TypeScript and JavaScript generated from them for the page."""

from __future__ import annotations

import inspect
import json
import re
import shutil
import subprocess
from pathlib import Path
from typing import Literal, NotRequired, TypedDict, get_args

import pytest

from seven_rocks.app.dispatch import Dispatcher
from seven_rocks.app.facts import facts
from seven_rocks.app.methods import METHODS, Method
from seven_rocks.app.requests import CHECKS
from seven_rocks.app.review.model import REASON_CODES, Mark, MarkName
from seven_rocks.app.session import Session
from seven_rocks.app.shapes import fields_of
from seven_rocks.site import generated
from tests.helpers import ask

ROOT = Path(__file__).resolve().parents[1]
TSC = ROOT / "node_modules" / ".bin" / "tsc"


@pytest.mark.parametrize("name", sorted(METHODS))
def test_each_handler_takes_exactly_its_described_parameters(name: str) -> None:
    method = METHODS[name]
    described = fields_of(method.params)
    assert set(described) <= set(CHECKS), "every parameter has its check"
    if method.handler is None:
        assert described == {}
        return
    taken = dict(inspect.signature(method.handler).parameters)
    assert ("self" in taken) != method.stateless, "a session method takes self, no other"
    taken.pop("self", None)
    assert set(taken) == set(described)
    for key, field in described.items():  # a required key has no default, and the reverse
        assert field.required == (taken[key].default is inspect.Parameter.empty), key


def test_every_method_is_in_the_generated_methods_interface() -> None:
    text = generated.protocol_dts()
    methods = text[text.index("export interface Methods {") :]
    listed = re.findall(r"^  (\w+): \{ params: (\w+); reply: (\w+) \};$", methods, re.M)
    assert [name for name, _, _ in listed] == list(METHODS)
    declared = set(re.findall(r"^export (?:interface|type) (\w+)", text, re.M))
    for _, params, reply in listed:
        assert params in declared and reply in declared


class _Before(TypedDict):
    """A shape."""

    kept: int


class _After(TypedDict):
    """A shape."""

    kept: int
    added: NotRequired[list[str | None]]


def test_a_typeddict_change_changes_the_declarations() -> None:
    before = generated.protocol_dts({"probe": Method(_Before, _Before, None, "A probe.")})
    after = generated.protocol_dts({"probe": Method(_After, _After, None, "A probe.")})
    assert "  added?: (string | null)[];" in after and "added" not in before
    assert "probe: { params: _After; reply: _After };" in after


class _Marked(TypedDict):
    """A shape."""

    mark: Literal["good", "bad"]


def test_a_literal_is_a_string_union() -> None:
    text = generated.protocol_dts({"probe": Method(_Marked, _Marked, None, "A probe.")})
    assert '  mark: "good" | "bad";' in text


def test_the_coachs_marks_and_reason_codes_are_named_string_unions() -> None:
    """The page compares marks and reason codes against these unions, so each must list
    exactly what the coach writes."""
    assert set(get_args(MarkName)) == {str(mark) for mark in Mark}
    text = generated.protocol_dts()
    marks = " | ".join(f'"{mark}"' for mark in Mark)
    codes = " | ".join(f'"{code}"' for code in REASON_CODES)
    assert f"export type MarkName = {marks};" in text
    assert f"export type ReasonCode = {codes};" in text
    for shape in ("MoveReviewJson", "SwingJson"):
        body = text[text.index(f"export interface {shape} {{") :]
        assert "  mark: MarkName;" in body[: body.index("}")]
    body = text[text.index("export interface ReasonJson {") :]
    assert "  code: ReasonCode;" in body[: body.index("}")]


def test_the_declarations_compile(tmp_path: Path) -> None:
    """With TypeScript installed (a dev dependency), the file and a typed call compile;
    without it, the brackets at least pair up and each member line is well formed."""
    text = generated.protocol_dts()
    (tmp_path / "protocol.d.ts").write_text(text, encoding="utf-8")
    if not TSC.is_file():
        assert text.count("{") == text.count("}")
        members = re.findall(r"^  .*$", text, re.M)
        assert all(re.fullmatch(r"  (/\*\*.*\*/|\w+\??: .+;)", m) for m in members), members
        return
    (tmp_path / "use.ts").write_text(
        'import type { Methods } from "./protocol";\n'
        "declare function call<M extends keyof Methods>(m: M, p: Methods[M]['params']):"
        " Methods[M]['reply'];\n"
        'const snap = call("state", { since: 2 });\n'
        "const seat: number = snap.turn;\n"
        "// @ts-expect-error: a misspelt parameter\n"
        'call("play", { mvoe: "6-6" });\n'
        'import type { MoveReviewJson } from "./protocol";\n'
        "declare const verdict: MoveReviewJson;\n"
        'const blunder: boolean = verdict.mark === "blunder";\n'
        "// @ts-expect-error: a misspelt mark\n"
        'const misspelt: boolean = verdict.mark === "blundr";\n',
        encoding="utf-8",
    )
    subprocess.run(
        [str(TSC), "--ignoreConfig", "--noEmit", "--strict", str(tmp_path / "use.ts")],
        check=True,
        timeout=120,
    )


def test_facts_js_holds_the_python_facts(tmp_path: Path) -> None:
    (written,) = generated.write(tmp_path, ["facts.js"])
    node = shutil.which("node")
    assert node is not None, "Node is needed for the page's tests"
    script = f"import * as f from {json.dumps(written.as_uri())}; console.log(JSON.stringify(f));"
    out = subprocess.run(
        [node, "--input-type=module", "-e", script],
        check=True,
        capture_output=True,
        text=True,
        timeout=60,
    ).stdout
    exported = json.loads(out)
    assert exported == {name.upper(): value for name, value in facts().items()}
    assert exported["TARGET"] == 250 and exported["SEATS"][0] == "South"
    assert "Object.freeze([" in written.read_text(encoding="utf-8")


@pytest.mark.parametrize(
    ("method", "params", "says"),
    [
        ("play", {}, "play needs the parameter 'move'"),
        ("state", {"sinse": 3}, "state takes no parameter 'sinse'"),
        ("view", {"seat": 7}, "'seat' must be a whole number from 0 to 3, not 7"),
        ("replay_round", {"round": "1"}, "'round' must be a whole number"),
        ("review_board", {"round": 1}, "review_board needs the parameter 'number'"),
        ("new_game", {"aspect": "wide"}, "'aspect' must be a positive number"),
        ("review_step", {"budget_ms": -1}, "'budget_ms' must be from 0"),
    ],
)
def test_a_malformed_request_is_a_request_error_naming_the_field(
    method: str, params: dict[str, object], says: str
) -> None:
    reply = ask(Dispatcher(Session()), method, **params)
    assert reply["error"]["type"] == "RequestError"
    assert says in reply["error"]["message"]


def test_a_bug_in_the_worker_is_reported_as_one_with_its_traceback(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def broken(self: Session, **_: object) -> object:
        raise TypeError("a bug, not a bad request")

    door = Dispatcher(Session())
    monkeypatch.setitem(METHODS, "info", Method(METHODS["info"].params, dict, broken, "Broken."))
    reply = ask(door, "info")
    assert reply["error"]["type"] == "InternalError"
    assert "a bug in the engine while answering info" in reply["error"]["message"]
    assert "TypeError: a bug, not a bad request" in capsys.readouterr().err
