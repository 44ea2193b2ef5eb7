"""A built site changed in a few files, for the browser tests that need one such site.

Building a site again costs a minute of CPU (the cut standard library is traced and the
memory snapshot taken again, in Node's Pyodide, whenever the worker changes). A copy of the
site the tests already built, with the files changed and the service worker's list of files
stamped again, is that build as a browser sees it: the same files, the changed ones with
their new bytes, and a service worker that knows their digests.
"""

from __future__ import annotations

import shutil
from collections.abc import Callable, Mapping
from pathlib import Path

from seven_rocks.site.build import stamp_service_worker
from seven_rocks.site.compress import COMPRESSED_SUFFIXES
from seven_rocks.site.precache import SERVICE_WORKER


def changed_copy(site: Path, out: Path, changes: Mapping[str, Callable[[str], str]]) -> Path:
    """Copy ``site`` into ``out``, rewrite each text file ``changes`` names (site-relative
    path to a function of its old text), and stamp the service worker for the new files.

    The changed files' compressed copies are left out (the server then sends the files as
    they are); so are the service worker's, which changes too.
    """
    shutil.copytree(site, out)
    for relative, change in changes.items():
        path = out / relative
        path.write_text(change(path.read_text(encoding="utf-8")), encoding="utf-8")
    for relative in (*changes, SERVICE_WORKER):
        for suffix in COMPRESSED_SUFFIXES:
            (out / f"{relative}{suffix}").unlink(missing_ok=True)
    stamp_service_worker(out)
    return out
