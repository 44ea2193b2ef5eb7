"""Measure what a page costs while a computer player thinks: the whole browser's CPU a second.

A seat that is thinking shows a spinning mark (``.seat--thinking``, ``web/css/table.css``), and
an animation that never ends asks the browser for frames for as long as it runs: in a game
against three computer players that is most of the time a person waits. This holds a game's
computer player at its turn (its ``step`` call to the engine never answered, as
``tests/e2e/drawn.py`` gates them), the mark spinning, and counts the whole browser's
CPU-seconds (every process, in a cgroup as ``first_visit_cpu.py`` runs it; root needed) over
a few seconds, for the mark as shipped and, beside it, turning smoothly (sixty frames a
second) and standing still::

    .venv/bin/python benchmarks/thinking_cpu.py                # 3 holds of 5 s each
    .venv/bin/python benchmarks/thinking_cpu.py --runs 5 --seconds 10

Prints each hold, then per way the median CPU-seconds a second. The phone is emulated
(390x844 at scale 2, touch), as most players have it; the browser is the tests' Chromium,
which draws in software, so its figures are a CPU's and above a phone's GPU's.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, sync_playwright

from seven_rocks.site.build import build
from seven_rocks.site.serve import serving
from tests.e2e.drawn import RECORDER
from tests.support.chromium import CHROMIUM

sys.path.insert(0, str(Path(__file__).resolve().parent))
from first_visit_cpu import Cgroup, browser_in, settle

#: Most players' screen: an upright phone.
PHONE: dict[str, Any] = {
    "viewport": {"width": 390, "height": 844},
    "device_scale_factor": 2,
    "is_mobile": True,
    "has_touch": True,
}
#: Four computer players, so one of them is at its turn from the first move.
GAME = "/?seats=greedy,greedy,greedy,greedy&seed=11&speed=1"
THINKING = "#board .seat--thinking"
MARK = ".seat--thinking .seat__status::after"
#: Seconds left after the service worker took control, for the install's tail.
INSTALLED_S = 2.0
#: The ways the mark is measured: as shipped, and an override for each other way.
WAYS = {
    "as shipped": "",
    "smooth": f"{MARK} {{ animation-timing-function: linear !important; }}",
    "still": f"{MARK} {{ animation: none !important; }}",
}


def hold(browser: Browser, group: Cgroup, url: str, seconds: float) -> dict[str, float]:
    """One game held at a computer player's turn: CPU-seconds a second for each way."""
    # The site's policy rightly refuses the override's inline style: bypassed here.
    context = browser.new_context(base_url=url, bypass_csp=True, **PHONE)
    try:
        context.add_init_script(RECORDER)
        page = context.new_page()
        page.goto(GAME)
        page.wait_for_selector(THINKING, timeout=120_000)
        # A first visit installs the site (its service worker stores every file) meanwhile:
        # counted from when that is done.
        page.wait_for_function(
            "() => navigator.serviceWorker.controller !== null", polling=100, timeout=120_000
        )
        time.sleep(INSTALLED_S)
        found = {}
        for way, style in WAYS.items():
            if style:
                page.add_style_tag(content=style)
            settle(group, quiet_s=0.3, limit_s=1.0)  # the last way's tail, if any
            before = group.cpu_s()
            time.sleep(seconds)
            found[way] = (group.cpu_s() - before) / seconds
            if not page.is_visible(THINKING):
                raise SystemExit("the computer player stopped thinking: the hold did not hold")
        return found
    finally:
        context.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3, help="holds (default 3)")
    parser.add_argument("--seconds", type=float, default=5.0, help="each way's count (default 5)")
    parser.add_argument("--site", type=Path, help="an already built site (default: build one)")
    parser.add_argument("--chromium", type=Path, default=CHROMIUM, help="browser executable")
    args = parser.parse_args(argv)
    if not args.chromium.is_file():
        parser.error(f"no browser at {args.chromium}: run `apt-get install chromium`")

    results: dict[str, list[float]] = {way: [] for way in WAYS}
    group = Cgroup(f"seven-rocks-thinking-{os.getpid()}")
    try:
        group.limit(None)
        with tempfile.TemporaryDirectory(prefix="seven-rocks-cpu-") as tmp:
            site = args.site or build(Path(tmp) / "site")
            with (
                serving(site) as url,
                sync_playwright() as playwright,
                browser_in(group, playwright, args.chromium, Path(tmp)) as browser,
            ):
                for index in range(1, args.runs + 1):
                    found = hold(browser, group, url, args.seconds)
                    for way, rate in found.items():
                        results[way].append(rate)
                    ways = ", ".join(f"{way} {rate:.3f}" for way, rate in found.items())
                    print(f"hold {index}: CPU-s a second: {ways}", flush=True)
    finally:
        group.close()

    print(f"\nmedians of {args.runs} holds of {args.seconds:g} s, a computer player thinking:")
    for way, rates in results.items():
        print(f"  {way:<11} {statistics.median(rates):.3f} CPU-s a second")
    return 0


if __name__ == "__main__":
    sys.exit(main())
