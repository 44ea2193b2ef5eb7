# The part of Pyodide's `js` module (the worker's JavaScript globals) that web/worker.py
# uses, typed for mypy: Pyodide makes the module at run time, so there is nothing to import.
from typing import Any

class _Uint8Array:
    def to_bytes(self) -> bytes: ...

class Uint8Array:
    @staticmethod
    def new(buffer: Any, /) -> _Uint8Array: ...

class _XMLHttpRequest:
    status: int
    responseType: str  # noqa: N815  (the JavaScript property's name)
    response: Any
    def open(self, method: str, url: str, asynchronous: bool, /) -> None: ...
    def send(self, body: None, /) -> None: ...

class XMLHttpRequest:
    @staticmethod
    def new() -> _XMLHttpRequest: ...
