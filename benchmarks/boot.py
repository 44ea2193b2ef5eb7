"""Measure how fast the browser build boots, cold and from the offline cache, and its bytes.

Builds the site into a temporary directory (compressed copies included), serves it on
127.0.0.1 with ``seven-rocks serve``'s handler and opens it N times in Debian's Chromium.
Each run uses a fresh browser context (empty HTTP cache, no service worker, empty storage):

1. **cold**: the first visit, everything downloaded (brotli, as a browser asks for it);
2. **offline cache**: once the service worker has precached the site, the network is cut
   (``context.set_offline``) and the game is opened again in a new tab, so every byte comes
   from the service worker's cache.

Printed per run, then as medians::

    .venv/bin/python benchmarks/boot.py --runs 7

Times come from the page's own clock (``performance``), from navigation start:

* first paint: Chromium's ``first-contentful-paint``;
* table visible: the first animation frame in which the table (the ``<svg>`` holding
  ``[data-layout]``) has a size on screen;
* engine ready: the ``seven-rocks:engine-ready`` mark ``web/app.js`` sets once the worker
  answered a ``ping``;
* playable: ``<body data-game="ready">``, set by ``web/app.js`` once a game is on the table.

Bytes are those of the cold visit's page and worker requests: as transferred (encoded) and
as the files they stand for (raw). The service worker's own precache requests come after
the game is playable and are counted apart: they revalidate what the page just loaded (304s,
answered from the HTTP cache) and download what it did not need, the Pyodide memory
snapshot. A first visit starts Python the ordinary way; the offline boot restores it from
the snapshot (each boot prints which). A request outside the served origin fails the
benchmark, as it would fail the e2e tests. No request routing is installed: in Chromium it
disables the HTTP cache and would distort the numbers.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import unquote, urlsplit

from playwright.sync_api import Browser, BrowserContext, Page, Request, sync_playwright

from seven_rocks.site.build import build
from seven_rocks.site.serve import serving
from tests.support.chromium import CHROMIUM, CHROMIUM_ARGS

READY_MARK = "seven-rocks:engine-ready"
QUERY = "?seats=human,bot,bot,bot&speed=0&seed=1"

#: Records, from the page's clock, when the table first shows and when a game is on.
WATCH = """
(() => {
  const seen = (window.__boot = {table: -1, playable: -1});
  const tick = () => {
    const table = document.querySelector("[data-layout]")?.closest("svg");
    if (seen.table < 0 && table) {
      const box = table.getBoundingClientRect();
      if (box.width > 0 && box.height > 0) seen.table = performance.now();
    }
    if (seen.playable < 0 && document.body?.dataset.game === "ready") {
      seen.playable = performance.now();
    }
    if (seen.table < 0 || seen.playable < 0) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
})();
"""


@dataclass
class Timing:
    """One boot, in milliseconds from navigation start."""

    first_paint: float
    table_visible: float
    engine_ready: float
    playable: float
    wall_s: float
    python_start: str  # "snapshot" (restored) or "start-up" (ordinary)


@dataclass
class Run:
    cold: Timing
    cached: Timing
    requests: int
    transferred: dict[str, int] = field(default_factory=dict)
    raw: dict[str, int] = field(default_factory=dict)
    precache_requests: int = 0
    precache_transferred: int = 0


def _area(path: str) -> str:
    """Group a URL path by what it belongs to: pyodide/, pyscript/ or the app itself."""
    first = path.lstrip("/").split("/", 1)[0]
    return first if first in ("pyodide", "pyscript") else "app"


def boot_once(page: Page, url: str, timeout_ms: float) -> Timing:
    """Open ``url`` in ``page`` and wait until a game is on the table (or the engine failed).

    Needs ``WATCH`` installed as an init script beforehand (it records the table and
    playable times from the page's own clock). Shared with ``benchmarks/network.py``.
    """
    start = time.perf_counter()
    page.goto(url)
    page.wait_for_selector("body[data-game='ready'], body[data-engine='error']", timeout=timeout_ms)
    wall = time.perf_counter() - start
    if page.evaluate("document.body.dataset.engine") != "ready":
        raise SystemExit(f"the engine did not start: {page.inner_text('body')[:300]}")
    # Polled from here: the page's CSP forbids the eval wait_for_function relies on.
    deadline = time.perf_counter() + timeout_ms / 1000
    while page.evaluate("window.__boot.table") < 0 and time.perf_counter() < deadline:
        page.wait_for_timeout(50)
    found: dict[str, float] = page.evaluate(
        """(mark) => ({
            paint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? -1,
            ready: performance.getEntriesByName(mark)[0]?.startTime ?? -1,
            table: window.__boot.table,
            playable: window.__boot.playable,
        })""",
        READY_MARK,
    )
    return Timing(
        first_paint=float(found["paint"]),
        table_visible=float(found["table"]),
        engine_ready=float(found["ready"]),
        playable=float(found["playable"]),
        wall_s=wall,
        python_start=str(page.evaluate("document.body.dataset.pythonStart")),
    )


def measure(browser: Browser, url: str, site: Path, timeout_ms: float) -> Run:
    """A cold visit, then a visit served only by the service worker, in a fresh context."""
    origin = "{0.scheme}://{0.netloc}".format(urlsplit(url))
    outside: list[str] = []
    page_requests: list[Request] = []
    sw_requests: list[Request] = []

    def on_finished(request: Request) -> None:
        (sw_requests if request.service_worker else page_requests).append(request)

    def on_request(request: Request) -> None:
        if not request.url.startswith(("data:", origin, f"blob:{origin}")):
            outside.append(request.url)

    context: BrowserContext = browser.new_context(service_workers="allow")
    transferred: dict[str, int] = {}
    raw: dict[str, int] = {}
    base = urlsplit(url).path
    try:
        context.on("request", on_request)
        context.on("requestfinished", on_finished)
        context.add_init_script(WATCH)
        page = context.new_page()
        cold = boot_once(page, url + QUERY, timeout_ms)
        cold_requests = list(page_requests)
        for request in cold_requests:
            if request.url.startswith(("data:", "blob:")):
                continue
            relative = unquote(urlsplit(request.url).path).removeprefix(base) or "index.html"
            area = _area(relative)
            transferred[area] = transferred.get(area, 0) + request.sizes()["responseBodySize"]
            file = site / relative
            raw[area] = raw.get(area, 0) + (file.stat().st_size if file.is_file() else 0)
        page.wait_for_selector("body[data-offline='ready']", state="attached", timeout=timeout_ms)
        while not page.evaluate("Boolean(navigator.serviceWorker.controller)"):
            page.wait_for_timeout(50)
        precache = list(sw_requests)
        precache_bytes = sum(r.sizes()["responseBodySize"] for r in precache)
        context.set_offline(True)
        cached = boot_once(context.new_page(), url + QUERY, timeout_ms)
    finally:
        context.close()
    if outside:
        raise SystemExit("requests outside the site were attempted:\n" + "\n".join(outside))
    run = Run(cold=cold, cached=cached, requests=len(cold_requests))
    run.transferred, run.raw = transferred, raw
    run.precache_requests = len(precache)
    run.precache_transferred = precache_bytes
    return run


def _ms(value: float) -> str:
    return f"{value:7.0f} ms" if value >= 0 else "    n/a   "


def _line(label: str, timing: Timing) -> str:
    return (
        f"{label:<7} paint {_ms(timing.first_paint)}  table {_ms(timing.table_visible)}  "
        f"engine {_ms(timing.engine_ready)}  playable {_ms(timing.playable)}  "
        f"(wall {timing.wall_s:5.2f} s; Python {timing.python_start})"
    )


def _medians(label: str, timings: list[Timing]) -> None:
    def median(name: str) -> str:
        return _ms(statistics.median(getattr(t, name) for t in timings))

    print(f"  {label}:")
    print(f"    first paint     {median('first_paint')}")
    print(f"    table visible   {median('table_visible')}")
    print(f"    engine ready    {median('engine_ready')}")
    print(f"    playable        {median('playable')}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5, help="runs to measure (default 5)")
    parser.add_argument("--chromium", type=Path, default=CHROMIUM, help="browser executable")
    parser.add_argument(
        "--timeout", type=float, default=120.0, help="seconds to wait for one boot (default 120)"
    )
    parser.add_argument("--site", type=Path, help="an already built site (default: build one)")
    parser.add_argument(
        "--no-snapshot",
        dest="snapshot",
        action="store_false",
        help="build without the Pyodide memory snapshot, to compare",
    )
    args = parser.parse_args(argv)
    if not args.chromium.is_file():
        parser.error(f"no browser at {args.chromium}: run `apt-get install chromium`")

    runs: list[Run] = []
    with tempfile.TemporaryDirectory(prefix="seven-rocks-bench-") as tmp:
        site = args.site or build(Path(tmp) / "site", snapshot=args.snapshot)
        with serving(site) as url, sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=str(args.chromium), args=list(CHROMIUM_ARGS)
            )
            try:
                for index in range(1, args.runs + 1):
                    run = measure(browser, url, site, args.timeout * 1000)
                    runs.append(run)
                    print(f"run {index}:", flush=True)
                    print("  " + _line("cold", run.cold))
                    print("  " + _line("cached", run.cached), flush=True)
            finally:
                browser.close()

    print(f"\nmedians of {len(runs)} runs (fresh context each, headless Chromium, 127.0.0.1):")
    _medians("cold (first visit, brotli over HTTP)", [r.cold for r in runs])
    _medians("offline cache (network off, service worker)", [r.cached for r in runs])
    last = runs[-1]
    sent, raw = sum(last.transferred.values()), sum(last.raw.values())
    print(f"\ncold visit: {last.requests} requests, {sent:,d} bytes transferred ({raw:,d} raw)")
    for area in sorted(last.raw, key=lambda a: -last.raw[a]):
        print(
            f"    {area + '/':<10} {last.transferred.get(area, 0):>11,d} transferred"
            f"   {last.raw[area]:>11,d} raw"
        )
    print(
        f"service worker precache after boot: {last.precache_requests} requests, "
        f"{last.precache_transferred:,d} bytes transferred, once the game was playable"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
