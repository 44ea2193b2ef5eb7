"""How the tests and benchmarks start Debian's Chromium: one place for the path and flags.

Playwright drives the system browser through ``executable_path`` (it never downloads one).
The flags keep a headless Chromium quiet on a machine with no network: without the
background-networking ones it keeps trying to reach outside hosts.
"""

from __future__ import annotations

import os
from pathlib import Path

#: The browser binary; ``SEVEN_ROCKS_CHROMIUM`` points elsewhere if needed.
CHROMIUM = Path(os.environ.get("SEVEN_ROCKS_CHROMIUM", "/usr/bin/chromium"))

CHROMIUM_ARGS: tuple[str, ...] = (
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
)

#: The flags of the browser the tests drive: :data:`CHROMIUM_ARGS` and Liftoff alone for
#: WebAssembly. Each browser test opens a fresh page, and each page compiles Pyodide's 9 MB
#: module again; V8 then recompiles it with its optimising tier on background threads, about
#: a second of CPU a page (over 250 tests: minutes of a two-core machine) that a test's few
#: moves never earn back. What the tests check does not depend on the tier; the benchmarks
#: keep the browser as players have it (:data:`CHROMIUM_ARGS`).
TEST_ARGS: tuple[str, ...] = (*CHROMIUM_ARGS, "--js-flags=--liftoff-only")
