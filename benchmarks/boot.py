"""Measure how fast the browser build boots: first paint, engine ready, bytes transferred.

Builds the site into a temporary directory, serves it on 127.0.0.1 and opens it N times in
Debian's Chromium, each time in a fresh browser context (empty HTTP cache, empty storage),
so every run is a cold boot. Prints each run and the medians::

    .venv/bin/python benchmarks/boot.py --runs 7

Times come from the page's own clock (``performance``): first paint is Chromium's
``first-contentful-paint``, engine ready is the ``seven-rocks:engine-ready`` mark that
``web/app.js`` sets once the worker has answered a ``ping``. Bytes are the sum of the
response bodies of every request, the worker's included (nothing is compressed: the local
server sends files as they are). Any request outside the served origin is blocked and fails
the benchmark, as it would fail the e2e tests.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

from playwright.sync_api import Browser, Request, Route, sync_playwright

from seven_rocks.build import build
from seven_rocks.serve import serving

CHROMIUM_ARGS = (
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
)
READY_MARK = "seven-rocks:engine-ready"


@dataclass
class Run:
    """One cold boot."""

    first_paint_ms: float
    engine_ready_ms: float
    wall_s: float
    requests: int
    bytes_by_area: dict[str, int] = field(default_factory=dict)

    @property
    def total_bytes(self) -> int:
        return sum(self.bytes_by_area.values())


def _area(path: str) -> str:
    """Group a URL path by what it belongs to: pyodide/, pyscript/ or the app itself."""
    first = path.lstrip("/").split("/", 1)[0]
    return first if first in ("pyodide", "pyscript") else "app"


def cold_boot(browser: Browser, url: str, timeout_ms: float) -> Run:
    """Open ``url`` in a fresh context and wait for the engine to be ready."""
    origin = "{0.scheme}://{0.netloc}".format(urlsplit(url))
    outside: list[str] = []
    finished: list[Request] = []

    def guard(route: Route) -> None:
        if route.request.url.startswith(("data:", origin, f"blob:{origin}")):
            route.continue_()
        else:
            outside.append(route.request.url)
            route.abort("blockedbyclient")

    context = browser.new_context()
    try:
        context.route("**/*", guard)
        context.on("requestfinished", lambda request: finished.append(request))
        page = context.new_page()
        start = time.perf_counter()
        page.goto(url)
        page.wait_for_function("document.body.dataset.engine !== 'loading'", timeout=timeout_ms)
        wall = time.perf_counter() - start
        if page.evaluate("document.body.dataset.engine") != "ready":
            raise SystemExit(f"the engine did not start: {page.inner_text('#status')}")
        timings = page.evaluate(
            """(mark) => ({
                paint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? -1,
                ready: performance.getEntriesByName(mark)[0]?.startTime ?? -1,
            })""",
            READY_MARK,
        )
        by_area: dict[str, int] = {}
        for request in finished:
            if request.url.startswith(("data:", "blob:")):
                continue
            area = _area(urlsplit(request.url).path)
            by_area[area] = by_area.get(area, 0) + request.sizes()["responseBodySize"]
    finally:
        context.close()
    if outside:
        raise SystemExit("requests outside the site were attempted:\n" + "\n".join(outside))
    return Run(
        first_paint_ms=float(timings["paint"]),
        engine_ready_ms=float(timings["ready"]),
        wall_s=wall,
        requests=len(finished),
        bytes_by_area=by_area,
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5, help="cold boots to measure (default 5)")
    parser.add_argument(
        "--chromium", type=Path, default=Path("/usr/bin/chromium"), help="browser executable"
    )
    parser.add_argument(
        "--timeout", type=float, default=120.0, help="seconds to wait for one boot (default 120)"
    )
    args = parser.parse_args(argv)
    if not args.chromium.is_file():
        parser.error(f"no browser at {args.chromium}: run `apt-get install chromium`")

    runs: list[Run] = []
    with tempfile.TemporaryDirectory(prefix="seven-rocks-bench-") as tmp:
        site = build(Path(tmp) / "site")
        with serving(site) as url, sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=str(args.chromium), args=list(CHROMIUM_ARGS)
            )
            try:
                for index in range(1, args.runs + 1):
                    run = cold_boot(browser, url, args.timeout * 1000)
                    runs.append(run)
                    print(
                        f"run {index}: first paint {run.first_paint_ms:7.0f} ms   "
                        f"engine ready {run.engine_ready_ms:7.0f} ms   "
                        f"(wall {run.wall_s:5.2f} s)   "
                        f"{run.requests} requests, {run.total_bytes / 1e6:.2f} MB",
                        flush=True,
                    )
            finally:
                browser.close()

    print(f"\nmedian of {len(runs)} cold boots (fresh context, empty cache, 127.0.0.1):")
    print(f"  time to first paint:   {statistics.median(r.first_paint_ms for r in runs):7.0f} ms")
    print(f"  time to engine ready:  {statistics.median(r.engine_ready_ms for r in runs):7.0f} ms")
    last = runs[-1]
    print(f"  bytes transferred:     {last.total_bytes:>10,d} in {last.requests} requests")
    for area, size in sorted(last.bytes_by_area.items(), key=lambda item: -item[1]):
        print(f"    {area + '/':<12} {size:>10,d}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
