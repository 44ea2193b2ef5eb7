"""Drop the WebAssembly runtime's exports that nothing shipped can call (build time only).

Pyodide's ``pyodide.asm.wasm`` is linked as an Emscripten *main module*: it exports 8,560
symbols so that packages with C extensions (side modules) can link against it at run time.
The game loads no package, so the only callers of those exports are the JavaScript and
Python files shipped beside it, and they name every export they use (Emscripten's glue
binds each one by name: ``wasmExports["PyObject_GetAttr"]`` for C's
``_PyObject_GetAttr``). The rest of the export section is download on a first visit
for nothing. Dropping an export changes no function, table or memory: the module's
code, its memory image and the memory snapshot taken from it are the same.

The wasm binary format (https://webassembly.github.io/spec/core/binary/) is simple enough
to walk here: a header, then sections of ``id, size, bytes``; section 7 is the exports, a
count then ``name, kind, index`` per export.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass

__all__ = ["Export", "WasmError", "exports", "names_in", "trim_exports"]

_MAGIC = b"\0asm\x01\0\0\0"
_EXPORT_SECTION = 7
#: An identifier as JavaScript and Python spell one.
_IDENTIFIER = re.compile(r"[A-Za-z_$][A-Za-z0-9_$]*")


class WasmError(ValueError):
    """The bytes are not a WebAssembly module this reader understands (one sentence)."""


@dataclass(frozen=True, slots=True)
class Export:
    """One entry of the export section: ``raw`` is its exact encoding, kept as it is."""

    name: str
    kind: int  # 0 function, 1 table, 2 memory, 3 global
    raw: bytes


def _uleb(data: bytes, at: int) -> tuple[int, int]:
    """The unsigned LEB128 number at ``at`` and the offset after it."""
    value = shift = 0
    while True:
        if at >= len(data) or shift > 35:
            raise WasmError("the module ends inside a number")
        byte = data[at]
        at += 1
        value |= (byte & 0x7F) << shift
        shift += 7
        if byte < 0x80:
            return value, at


def _encode_uleb(value: int) -> bytes:
    out = bytearray()
    while True:
        byte = value & 0x7F
        value >>= 7
        out.append(byte | 0x80 if value else byte)
        if not value:
            return bytes(out)


def _export_section(wasm: bytes) -> tuple[int, int, int]:
    """Where the export section is: (its id byte's offset, its body's offset, its size).

    Every section's size is checked, not only up to the exports: a cut-off module is
    refused here rather than written out trimmed and broken.
    """
    if not wasm.startswith(_MAGIC):
        raise WasmError("not a WebAssembly module (version 1)")
    found: tuple[int, int, int] | None = None
    at = len(_MAGIC)
    while at < len(wasm):
        section = wasm[at]
        size, body = _uleb(wasm, at + 1)
        if body + size > len(wasm):
            raise WasmError(f"section {section} runs past the end of the module")
        if section == _EXPORT_SECTION:
            found = (at, body, size)
        at = body + size
    if found is None:
        raise WasmError("the module has no export section")
    return found


def exports(wasm: bytes) -> list[Export]:
    """The module's exports in their order.

    >>> [e.name for e in exports(bytes.fromhex("0061736d01000000" "0706" "01" "026d65" "0200"))]
    ['me']
    """
    _, body, size = _export_section(wasm)
    section = wasm[body : body + size]
    count, at = _uleb(section, 0)
    found: list[Export] = []
    for _ in range(count):
        start = at
        length, at = _uleb(section, at)
        name = section[at : at + length].decode("utf-8", errors="replace")
        at += length
        if at >= len(section):
            raise WasmError("the export section ends inside an export")
        kind = section[at]
        _, at = _uleb(section, at + 1)
        found.append(Export(name, kind, section[start:at]))
    if at != len(section):
        raise WasmError("the export section has bytes after its last export")
    return found


def trim_exports(wasm: bytes, keep: Callable[[Export], bool]) -> bytes:
    """``wasm`` with only the exports ``keep`` accepts; every other byte is unchanged."""
    start, body, size = _export_section(wasm)
    kept = [export for export in exports(wasm) if keep(export)]
    section = _encode_uleb(len(kept)) + b"".join(export.raw for export in kept)
    header = bytes([_EXPORT_SECTION]) + _encode_uleb(len(section))
    return wasm[:start] + header + section + wasm[body + size :]


def names_in(texts: Iterable[str]) -> frozenset[str]:
    """Every identifier the ``texts`` spell, and each one's C name (Emscripten's glue calls
    C's ``f`` as ``_f``): an export named nowhere in them cannot be called by them.

    >>> sorted(names_in(["Module._PyFoo(x)"]))
    ['Module', 'PyFoo', '_PyFoo', 'x']
    """
    names: set[str] = set()
    for text in texts:
        for name in _IDENTIFIER.findall(text):
            names.add(name)
            if name.startswith("_"):
                names.add(name[1:])
    return frozenset(names)
