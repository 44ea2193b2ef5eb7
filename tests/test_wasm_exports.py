"""The runtime's export section trimmed at build time (``seven_rocks.site.wasm_exports``).

A module written byte by byte checks the reader and the trim against Node's own WebAssembly
(the trimmed module must compile, with exactly the kept exports, and still compute); the
real Pyodide runtime checks that nothing its glue names is dropped.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from seven_rocks.site.build import _CALLER_SUFFIXES
from seven_rocks.site.wasm_exports import WasmError, exports, names_in, trim_exports

ROOT = Path(__file__).resolve().parent.parent
PYODIDE = ROOT / "node_modules" / "pyodide"
NODE = shutil.which("node")


def _section(section_id: int, payload: bytes) -> bytes:
    assert len(payload) < 128
    return bytes([section_id, len(payload)]) + payload


def _name(text: str) -> bytes:
    return bytes([len(text)]) + text.encode()


#: Two functions () -> i32 returning 42 and 7, a memory; exported as keep_me, drop_me, memory.
MODULE = (
    b"\0asm\x01\0\0\0"
    + _section(1, bytes.fromhex("01600001 7f"))
    + _section(3, bytes.fromhex("020000"))
    + _section(5, bytes.fromhex("010001"))
    + _section(
        7,
        b"\x03"
        + _name("keep_me")
        + b"\x00\x00"
        + _name("drop_me")
        + b"\x00\x01"
        + _name("memory")
        + b"\x02\x00",
    )
    + _section(10, bytes.fromhex("02 04 00412a0b 04 0041070b"))
)

#: Compiles the module in argv[1] (hex), prints its export names and keep_me()'s value.
RUN = """
const bytes = Buffer.from(process.argv[1], "hex");
const module = new WebAssembly.Module(bytes);
const { exports } = new WebAssembly.Instance(module, {});
const names = WebAssembly.Module.exports(module).map((e) => e.name);
console.log(JSON.stringify({ names, value: exports.keep_me() }));
"""


def _in_node(wasm: bytes) -> dict[str, object]:
    assert NODE is not None, "Node.js is needed (npm ci installs the JavaScript side with it)"
    done = subprocess.run([NODE, "-e", RUN, wasm.hex()], capture_output=True, text=True, check=True)
    result: dict[str, object] = json.loads(done.stdout)
    return result


def test_the_reader_lists_each_export_with_its_kind() -> None:
    assert [(e.name, e.kind) for e in exports(MODULE)] == [
        ("keep_me", 0),
        ("drop_me", 0),
        ("memory", 2),
    ]


def test_a_trimmed_module_compiles_with_exactly_the_kept_exports_and_still_runs() -> None:
    assert _in_node(MODULE) == {"names": ["keep_me", "drop_me", "memory"], "value": 42}
    trimmed = trim_exports(MODULE, lambda e: e.name != "drop_me")
    assert _in_node(trimmed) == {"names": ["keep_me", "memory"], "value": 42}
    # Only the export section changed: the code section (the module's tail) is the same.
    assert trimmed.endswith(MODULE[MODULE.index(b"\x0a\x0b\x02") :])
    assert len(trimmed) == len(MODULE) - len(_name("drop_me")) - 2


@pytest.mark.parametrize(
    ("wasm", "problem"),
    [
        (b"not wasm at all", "not a WebAssembly module"),
        (MODULE[:-3], "runs past the end"),
        (MODULE[: MODULE.index(b"\x07")], "no export section"),
        (b"\0asm\x01\0\0\0" + bytes([7, 3, 1, 0x80, 0x80]), "ends inside"),
    ],
)
def test_a_module_that_cannot_be_read_is_refused_in_one_sentence(wasm: bytes, problem: str) -> None:
    with pytest.raises(WasmError, match=problem):
        trim_exports(wasm, lambda e: True)


def test_names_include_each_identifiers_c_name() -> None:
    names = names_in(['wasmExports["PyList_New"]; Module._Py_IncRef(x); __heap_base'])
    assert {"PyList_New", "Py_IncRef", "_Py_IncRef", "__heap_base", "_heap_base"} <= names
    assert "Py_DecRef" not in names


def test_on_the_real_runtime_every_export_the_glue_names_is_kept() -> None:
    wasm = (PYODIDE / "pyodide.asm.wasm").read_bytes()
    callers = [p for p in PYODIDE.iterdir() if p.suffix in _CALLER_SUFFIXES]
    glue = names_in(p.read_text(encoding="utf-8", errors="replace") for p in callers)
    before = exports(wasm)
    after = {e.name for e in exports(trim_exports(wasm, lambda e: e.name in glue))}
    named = {e.name for e in before if e.name in glue}
    assert after == named
    # The glue binds the memory and the function table by name.
    assert {"memory", "__indirect_function_table"} <= named
    assert len(after) < len(before) - 1000, "the glue names nearly every export: nothing to gain"
