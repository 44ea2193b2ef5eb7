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
