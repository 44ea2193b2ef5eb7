"""Engine-ready time of a cold first visit in Chromium, Firefox and WebKit, on one machine.

Builds the site (or takes ``--site``), serves it on 127.0.0.1, and opens it ``--runs`` times
in each engine, each visit in a fresh profile (empty HTTP cache, no service worker): Debian's
Chromium through Playwright, Debian's ``firefox-esr`` over WebDriver BiDi and WebKitGTK
through ``WebKitWebDriver`` under Xvfb, driven as the engine smoke tests drive them
(``tests/e2e/engines/``). Engine ready is the ``seven-rocks:engine-ready`` mark
``web/app.js`` sets once the worker answered a ``ping``, on the page's own clock from
navigation start (the browser's own start is not counted). Printed per visit, then the
median of each engine and its ratio to Chromium's::

    .venv/bin/python benchmarks/engines.py --runs 5

Two cold visits each on the shared two-core machine (load 3 to 6), engine shipped compiled:
Chromium 4.6 s, Firefox 2.4 s, WebKitGTK 14.8 s (3.2x Chromium's); with the engine shipped
as source, the same session: 4.6, 2.2 and 18.9 s (4.1x).
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import sync_playwright

from seven_rocks.site.build import build
from seven_rocks.site.serve import serving
from tests.e2e.engines.firefox import FirefoxTab
from tests.e2e.engines.tab import poll
from tests.e2e.engines.webkit import WebKitTab
from tests.support.chromium import CHROMIUM, CHROMIUM_ARGS

QUERY = "?seats=human,bot,bot,bot&speed=0&seed=1"
#: ms from navigation start to the engine-ready mark, once it is set.
READY = """() => {
  const mark = performance.getEntriesByName("seven-rocks:engine-ready")[0];
  return mark ? mark.startTime : document.body.dataset.engine === "failed" ? -1 : null;
}"""


def chromium_visit(url: str, timeout_s: float) -> float:
    """One cold visit in a fresh Chromium context: ms to engine ready."""
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=str(CHROMIUM), args=list(CHROMIUM_ARGS)
        )
        try:
            page = browser.new_context(service_workers="block").new_page()
            page.goto(url)
            ready = page.wait_for_function(READY, timeout=timeout_s * 1000).json_value()
        finally:
            browser.close()
    return float(ready)


def tab_visit(open_tab: Callable[[], FirefoxTab | WebKitTab], url: str, timeout_s: float) -> float:
    """One cold visit in a fresh tab of Firefox or WebKit: ms to engine ready."""
    tab = open_tab()
    try:
        tab.goto(url)
        ready = poll(tab, READY, timeout=timeout_s, what="the engine did not start")
    finally:
        tab.close()
    return float(ready)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3, help="visits per engine (default 3)")
    parser.add_argument("--timeout", type=float, default=150.0, help="seconds per boot")
    parser.add_argument("--site", type=Path, help="an already built site (default: build one)")
    args = parser.parse_args(argv)
    medians: dict[str, float] = {}
    with tempfile.TemporaryDirectory(prefix="seven-rocks-engines-") as tmp:
        site = args.site or build(Path(tmp) / "site")
        visits: dict[str, Callable[[str], float]] = {
            "chromium": lambda url: chromium_visit(url, args.timeout),
            "firefox": lambda url: tab_visit(
                lambda: FirefoxTab(Path(tempfile.mkdtemp(dir=tmp)) / "profile"), url, args.timeout
            ),
            "webkit": lambda url: tab_visit(WebKitTab, url, args.timeout),
        }
        with serving(site) as origin:
            for engine, visit in visits.items():
                times = []
                for index in range(1, args.runs + 1):
                    ms = visit(origin + QUERY)
                    if ms < 0:
                        raise SystemExit(f"{engine}: the engine failed to start")
                    times.append(ms)
                    print(f"{engine:<9} visit {index}: engine ready {ms / 1000:5.1f} s", flush=True)
                medians[engine] = statistics.median(times)
    print(f"\nmedian engine-ready time of {args.runs} cold visits (127.0.0.1, fresh profile each):")
    for engine, ms in medians.items():
        ratio = ms / medians["chromium"]
        print(f"  {engine:<9} {ms / 1000:5.1f} s   {ratio:.1f}x Chromium's")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
