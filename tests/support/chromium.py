"""How the tests and benchmarks start Debian's Chromium: one place for the path and flags.

Playwright drives the system browser through ``executable_path`` (it never downloads one).
The flags keep a headless Chromium quiet on a machine with no network: without the
background-networking ones it keeps trying to reach outside hosts.
"""

from __future__ import annotations

import functools
import os
import re
from pathlib import Path

from playwright._impl._driver import compute_driver_executable

#: The browser binary; ``SEVEN_ROCKS_CHROMIUM`` points elsewhere if needed.
CHROMIUM = Path(os.environ.get("SEVEN_ROCKS_CHROMIUM", "/usr/bin/chromium"))

#: Browser features a headless window has no use for. Every new context opens a window, and
#: Chromium gives each window two omnibox (address bar) pop-ups drawn by web pages of their
#: own, each in a renderer process that starts, loads and lays out: about 0.6 CPU-s a
#: context, more than a third of what the game's own page costs to show its table.
UNUSED_FEATURES: tuple[str, ...] = ("WebUIOmniboxPopup", "WebUIOmniboxAimPopup")


@functools.cache
def playwright_disabled_features() -> tuple[str, ...]:
    """The features Playwright's own ``--disable-features`` switches off.

    Chromium keeps the last of two ``--disable-features`` switches, so ours must repeat
    Playwright's (among them the ones that keep the browser from calling Google's servers at
    start-up). They are read from the Playwright driver installed beside this package: an
    upgrade that changes them is followed without a copy here to go stale.
    """
    package = Path(compute_driver_executable()[1]).parent
    for source in sorted((package / "lib").rglob("*.js")):
        text = source.read_text(encoding="utf-8", errors="replace")
        found = re.search(r"\bdisabledFeatures = \[(.*?)\]", text, re.DOTALL)
        if found:
            body = re.sub(r"//[^\n]*", "", found.group(1))
            return tuple(re.findall(r'"([A-Za-z0-9_]+)"', body))
    raise RuntimeError(f"no list of disabled features in Playwright's driver at {package}")


def disable_features_switch() -> str:
    """One ``--disable-features`` switch: Playwright's features and :data:`UNUSED_FEATURES`."""
    features = dict.fromkeys((*playwright_disabled_features(), *UNUSED_FEATURES))
    return "--disable-features=" + ",".join(features)


CHROMIUM_ARGS: tuple[str, ...] = (
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    disable_features_switch(),
)

#: The flags of the browser the tests drive: :data:`CHROMIUM_ARGS`, Liftoff alone for
#: WebAssembly, and one renderer process per site. Each browser test opens a fresh page, and
#: each page compiles Pyodide's module again; V8 would then recompile its hot part with its
#: optimising tier on background threads, CPU that a test's few moves never earn back. And
#: each new page of a site would start a renderer process of its own; with one process per
#: site a test's page takes the process its context already runs the site in, as a phone's
#: browser short of memory does. What the tests check depends on neither; the benchmarks
#: keep the browser as players have it (:data:`CHROMIUM_ARGS`). What each flag saves is
#: measured in docs/testing.md.
TEST_ARGS: tuple[str, ...] = (*CHROMIUM_ARGS, "--js-flags=--liftoff-only", "--process-per-site")

#: What the tests' browser says of itself to each page before it loads (an init script every
#: test context gets, tests/e2e/conftest.py): that it runs WebAssembly in the baseline tier
#: alone (:data:`TEST_ARGS`). The page then makes none of the scratch moves with which it
#: warms the engine for V8's optimising tier (web/js/game/warm-engine.js), which in this
#: browser would only take the CPU. Set only where nothing set it first, so that a test of
#: the warm-up turns it back on with a page's own init script, whichever of the two runs first.
BASELINE_TIER_SCRIPT = (
    "if (!('sevenRocksBaselineTier' in globalThis)) globalThis.sevenRocksBaselineTier = true;"
)
#: A page's init script that takes the warm-up back, as players have it.
WARM_UP_SCRIPT = "globalThis.sevenRocksBaselineTier = false;"
