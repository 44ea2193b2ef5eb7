"""The engine's side of the browser bridge, run by PyScript in a Pyodide web worker.

The main thread calls exactly one function, ``handle(request_json) -> reply_json``: JSON
strings cross the worker boundary cheaply and need no SharedArrayBuffer. ``ping`` is the
bridge's own health check (its answer says how Python started: from the build's memory
snapshot or the ordinary way); every request goes to the one game service this
worker owns (``seven_rocks.app``: a Session behind a Dispatcher; the messages are in
``seven_rocks.app.methods``). Errors come back as ``{"error": {"type": ..., "message": ...}}``;
a bug in the service comes back as an ``InternalError`` with its traceback in the console.

If the engine fails to import, ``handle`` still exists and reports that error for every
request, ``ping`` included: PyScript would otherwise only print the traceback to the console
and the page could not say what went wrong.

The engine zip holds what a game imports; the package's rest (the coach's search, the
puzzles, the replay viewer, the rule book's examples: ``seven_rocks.site.engine_zip.is_lazy``)
comes in its own zip (``rest.zip``), fetched and unpacked beside the engine's the first time
one of its modules is imported (``PackageRestFinder``): a first visit's game never needs it.
"""

import importlib.machinery
import json
import os
import random
import sys
import traceback
from collections.abc import Callable, Sequence
from types import ModuleType

#: The site's address (the Pyodide loader, web/pyodide-loader.mjs, puts it in the
#: environment); empty where the build's tools run this file in Node with both zips unpacked.
SITE = os.environ.get("SEVEN_ROCKS_SITE", "")


class PackageRestFinder:
    """Last on ``sys.meta_path``, so asked only for a module no other finder has: for one of
    the package's (one of the rest zip's, which is not here yet), fetch ``rest.zip`` once
    (synchronously: a worker may; the service worker keeps it for offline use), unpack it
    where PyScript unpacked the engine's, and let the ordinary finder take it from there."""

    fetched = False

    @classmethod
    def find_spec(
        cls, name: str, path: Sequence[str] | None = None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        if cls.fetched or not SITE or not name.startswith("seven_rocks."):
            return None
        import io
        import zipfile

        from js import Uint8Array, XMLHttpRequest

        request = XMLHttpRequest.new()
        request.open("GET", SITE + "rest.zip", False)
        request.responseType = "arraybuffer"
        request.send(None)
        if request.status != 200:
            raise ImportError(f"the engine's rest could not be fetched (HTTP {request.status})")
        # Python's own zipfile (in the cut library: Pyodide unpacks with it too).
        zipfile.ZipFile(io.BytesIO(Uint8Array.new(request.response).to_bytes())).extractall(".")
        cls.fetched = True
        # The package's folders were listed before their new files came: list them again.
        # (Not importlib.invalidate_caches(): that imports importlib.metadata, which the cut
        # library leaves out.)
        for entry in path or ():
            # A path entry's finder (a FileFinder here) keeps a listing; not every kind has one.
            invalidate = getattr(sys.path_importer_cache.get(entry), "invalidate_caches", None)
            if callable(invalidate):
                invalidate()
        return importlib.machinery.PathFinder.find_spec(name, path)


sys.meta_path.append(PackageRestFinder)

#: "snapshot" when Pyodide was restored from the build's memory snapshot (which sets it, see
#: seven_rocks/site/snapshot.mjs), "start-up" when Python started the ordinary way.
PYTHON_START = os.environ.get("SEVEN_ROCKS_PYTHON_START", "start-up")
# A restored snapshot holds the random generator's state as it was at build time: without a
# fresh seed, anything drawn from `random` would repeat on every visit.
random.seed()


def _error(error: BaseException) -> str:
    return json.dumps({"error": {"type": type(error).__name__, "message": str(error)}})


_session_handle: Callable[[str], str] | None = None
_boot_error: Exception | None = None
try:
    from seven_rocks.app.dispatch import Dispatcher
    from seven_rocks.app.session import Session

    # The one game this page plays. The dispatcher answers ``ping`` too, so every request
    # is parsed in one place, behind the size and depth guard (a few KB of nested
    # lists killed Pyodide for the session when parsed here unchecked).
    _session_handle = Dispatcher(
        Session(), about={"python": sys.version, "start": PYTHON_START}
    ).handle
except Exception as error:  # a broken engine zip: say so on every request
    _boot_error = error


def handle(request_json: str) -> str:
    """Answer one JSON request with one JSON reply."""
    if _session_handle is None:
        return _error(_boot_error or ImportError("the engine did not load"))
    try:
        return _session_handle(request_json)
    except Exception as error:
        # A bug, not a refused move: keep the traceback for the console (the e2e tests fail
        # on console errors) and give the page a readable one-line error.
        traceback.print_exc()
        return _error(error)


__export__ = ["handle"]
