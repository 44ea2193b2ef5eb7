"""Import what the cut standard library left out, from the full one kept in the site.

The site ships only the standard library modules a game was seen to import (see
``seven_rocks/site/stdlib.py``). Should anything import another one (a path the build's
trace never took, a newer PyScript), this finder, last on ``sys.meta_path``, downloads
Pyodide's full ``python_stdlib.zip`` once (synchronously: a worker may), saves it beside the
cut one and imports from it, so the game goes on; the service worker keeps that zip for
offline use. It warns on the console, naming the module, so a test can tell the cut missed
it. Pyodide's loader (``web/pyodide-loader.mjs``) calls ``install`` before PyScript or the
engine import anything; the build packs this file into the cut zip for that.
"""

import sys
import zipimport
from typing import ClassVar

_FULL = "/lib/python-full-stdlib.zip"


class FullLibraryFinder:
    """A meta path finder of last resort: modules of the full standard library zip."""

    url = ""
    cut = ""
    loaded = False
    missed: ClassVar[list[str]] = []

    @classmethod
    def _fetch(cls):
        from js import Uint8Array, XMLHttpRequest

        request = XMLHttpRequest.new()
        request.open("GET", cls.url, False)
        request.responseType = "arraybuffer"
        request.send(None)
        if request.status != 200:
            raise ImportError(f"the full standard library is unavailable (HTTP {request.status})")
        with open(_FULL, "wb") as file:
            file.write(Uint8Array.new(request.response).to_bytes())
        cls.loaded = True

    index: ClassVar[frozenset[str] | None] = None

    @classmethod
    def known(cls):
        """The full library's module names, listed by the build in the cut zip."""
        if cls.index is None:
            try:
                text = zipimport.zipimporter(cls.cut).get_data("stdlib_index.txt").decode()
            except (OSError, zipimport.ZipImportError):
                text = ""
            cls.index = frozenset(text.split())
        return cls.index

    @classmethod
    def find_spec(cls, name, path=None, target=None):
        # Only a module the full library holds is worth its download: an optional import that
        # fails everywhere (``hashlib`` trying ``_hashlib``) must fail here at no cost.
        if not cls.url or name not in cls.known():
            return None
        places = [cls.cut] if path is None else [p for p in path if p.startswith(cls.cut)]
        if not places:
            return None
        for place in places:
            inside = place[len(cls.cut) :].strip("/")
            if not cls.loaded:
                from js import console

                console.warn(f"Seven Rocks: fetching the full standard library for {name}")
                try:
                    cls._fetch()
                except Exception as error:  # offline and never kept: a plain ImportError
                    raise ImportError(f"no module named {name!r} ({error})") from None
            where = _FULL + ("/" + inside if inside else "")
            try:
                spec = zipimport.zipimporter(where + "/").find_spec(name)
            except zipimport.ZipImportError:
                continue
            if spec is not None:
                cls.missed.append(name)
                from js import console

                console.warn(f"Seven Rocks: {name} came from the full standard library")
                return spec
        return None


def install(url, cut=None):
    """Put the finder last on ``sys.meta_path`` (once), fetching from ``url`` when needed."""
    FullLibraryFinder.url = url
    FullLibraryFinder.cut = cut or next(p for p in sys.path if p.endswith(".zip"))
    if FullLibraryFinder not in sys.meta_path:
        sys.meta_path.append(FullLibraryFinder)
