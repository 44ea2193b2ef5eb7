"""Measure a first visit on phone networks: bytes per file, table visible and playable.

Builds the site into a temporary directory (compressed copies included), serves it on
127.0.0.1 with ``seven-rocks serve``'s handler and opens it in Debian's Chromium with a fresh
context per run: empty HTTP cache, service workers blocked (a first visit has none yet),
empty storage. Chromium's own network emulation (DevTools protocol,
``Network.emulateNetworkConditions``) shapes the page's and its worker's requests::

    .venv/bin/python benchmarks/network.py             # median of 5 per profile
    .venv/bin/python benchmarks/network.py --runs 3 --profile 4g

Profiles: ``4g`` 9 Mbit/s down, 1.5 Mbit/s up, 60 ms round trip; ``slow-4g``
1.6 Mbit/s down, 0.75 Mbit/s up, 150 ms; ``localhost`` no shaping at all.

Times come from the page's clock, from navigation start, as in ``benchmarks/boot.py`` (whose
code this reuses): *table visible* is the first frame in which the face-down table has a
size on screen; *playable* is ``<body data-game="ready">``, a game on the table. Bytes are
the response bodies as transferred (brotli when the server has a ``.br`` copy, since
Chromium asks for it), per file, from the last localhost run (the same files every run).
A request outside the served origin fails the benchmark.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import unquote, urlsplit

from playwright.sync_api import Browser, BrowserContext, Page, Request, sync_playwright

from seven_rocks.site.build import build
from seven_rocks.site.serve import serving
from tests.support.chromium import CHROMIUM, CHROMIUM_ARGS

sys.path.insert(0, str(Path(__file__).resolve().parent))
from boot import QUERY, WATCH, Timing, boot_once


@dataclass(frozen=True)
class Profile:
    """A network as Chromium emulates it: throughput in bytes per second, latency in ms."""

    name: str
    down: float
    up: float
    latency_ms: float


MBIT = 1_000_000 / 8
PROFILES: dict[str, Profile | None] = {
    "localhost": None,
    "4g": Profile("4g", 9 * MBIT, 1.5 * MBIT, 60),
    "slow-4g": Profile("slow-4g", 1.6 * MBIT, 0.75 * MBIT, 150),
}


@dataclass
class FileLoad:
    """One response of a cold visit."""

    path: str
    transferred: int
    raw: int
    start_ms: float
    end_ms: float


@dataclass
class Visit:
    timing: Timing
    files: list[FileLoad]


def emulate(context: BrowserContext, page: Page, profile: Profile) -> None:
    """Shape ``page``'s network (its workers' requests too) as ``profile`` says."""
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send(
        "Network.emulateNetworkConditions",
        {
            "offline": False,
            "latency": profile.latency_ms,
            "downloadThroughput": profile.down,
            "uploadThroughput": profile.up,
        },
    )


def visit(
    browser: Browser, url: str, site: Path, profile: Profile | None, timeout_ms: float
) -> Visit:
    """One cold first visit under ``profile`` (``None``: no shaping)."""
    origin = "{0.scheme}://{0.netloc}".format(urlsplit(url))
    outside: list[str] = []
    finished: list[Request] = []

    def on_finished(request: Request) -> None:
        finished.append(request)

    def on_request(request: Request) -> None:
        if not request.url.startswith(("data:", origin, f"blob:{origin}")):
            outside.append(request.url)

    context = browser.new_context(service_workers="block")
    try:
        context.on("request", on_request)
        context.on("requestfinished", on_finished)
        context.add_init_script(WATCH)
        page = context.new_page()
        if profile is not None:
            emulate(context, page, profile)
        timing = boot_once(page, url + QUERY, timeout_ms)
        origin_time: float = page.evaluate("performance.timeOrigin")
        base = urlsplit(url).path
        files = []
        for request in finished:
            if request.url.startswith(("data:", "blob:")):
                continue
            relative = unquote(urlsplit(request.url).path).removeprefix(base) or "index.html"
            file = site / relative
            when = request.timing
            start = when["startTime"] - origin_time
            sent = request.sizes()["responseBodySize"]
            files.append(
                FileLoad(
                    path=relative,
                    transferred=sent,
                    # A revalidation (the worker asking again for what the page fetched)
                    # brings no body: it stands for no file.
                    raw=file.stat().st_size if file.is_file() and sent else 0,
                    start_ms=start,
                    end_ms=start + when["responseEnd"] if when["responseEnd"] >= 0 else -1,
                )
            )
    finally:
        context.close()
    if outside:
        raise SystemExit("requests outside the site were attempted:\n" + "\n".join(outside))
    return Visit(timing=timing, files=files)


def _print_files(files: list[FileLoad], *, with_times: bool) -> None:
    total = sum(f.transferred for f in files)
    raw = sum(f.raw for f in files)
    print(f"  {len(files)} requests, {total:,d} bytes transferred ({raw:,d} raw)")
    for load in sorted(files, key=lambda f: (-f.transferred, f.path)):
        times = f"  {load.start_ms:7.0f} → {load.end_ms:7.0f} ms" if with_times else ""
        print(f"    {load.path:<44} {load.transferred:>11,d} {load.raw:>11,d}{times}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5, help="runs per profile (default 5)")
    parser.add_argument(
        "--profile",
        action="append",
        choices=sorted(PROFILES),
        help="network profile to run (repeatable; default: all)",
    )
    parser.add_argument("--site", type=Path, help="an already built site (default: build one)")
    parser.add_argument("--timings", action="store_true", help="print each file's load times")
    parser.add_argument("--chromium", type=Path, default=CHROMIUM, help="browser executable")
    parser.add_argument(
        "--timeout", type=float, default=120.0, help="seconds to wait for one boot (default 120)"
    )
    args = parser.parse_args(argv)
    if not args.chromium.is_file():
        parser.error(f"no browser at {args.chromium}: run `apt-get install chromium`")
    names = args.profile or list(PROFILES)

    results: dict[str, list[Visit]] = {}
    with tempfile.TemporaryDirectory(prefix="seven-rocks-net-") as tmp:
        site = args.site or build(Path(tmp) / "site")
        with serving(site) as url, sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=str(args.chromium), args=list(CHROMIUM_ARGS)
            )
            try:
                for name in names:
                    visits = results.setdefault(name, [])
                    for index in range(1, args.runs + 1):
                        found = visit(browser, url, site, PROFILES[name], args.timeout * 1000)
                        visits.append(found)
                        sent = sum(f.transferred for f in found.files)
                        print(
                            f"{name:<9} run {index}: table {found.timing.table_visible:7.0f} ms"
                            f"  playable {found.timing.playable:7.0f} ms"
                            f"  {sent:,d} bytes in {len(found.files)} requests",
                            flush=True,
                        )
                    if args.timings:
                        _print_files(visits[-1].files, with_times=True)
            finally:
                browser.close()

    print(f"\nmedians of {args.runs} cold first visits (service workers blocked):")
    for name, visits in results.items():
        table = statistics.median(v.timing.table_visible for v in visits)
        playable = statistics.median(v.timing.playable for v in visits)
        print(f"  {name:<9} table visible {table:7.0f} ms   playable {playable:7.0f} ms")
    last = next(iter(results.values()))[-1]
    print("\nbytes per file (transferred, raw):")
    _print_files(last.files, with_times=False)
    return 0


if __name__ == "__main__":
    sys.exit(main())
