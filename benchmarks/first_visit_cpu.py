"""Measure what a cold first visit costs a slow phone: the whole browser's CPU, and the wait.

Chromium's own CPU throttling (DevTools) slows the page's main thread only, never the engine's
worker, where Pyodide compiles its WebAssembly, starts Python and imports the engine. So here
the *whole* browser (every process: browser, renderer, its workers, the network service) runs
in a cgroup (v1, as this machine mounts them; root needed):

* ``cpuacct`` counts its CPU time: the CPU-seconds from navigation to playable;
* ``cpu`` caps it with a quota, half or a quarter of one core (a mid-range and a low-end
  phone's order of speed), pinned to one core through ``cpuset``; "unlimited" has no quota
  and every core.

Each visit is cold: a fresh browser context (empty HTTP and code caches, no service worker
yet, empty storage) on emulated 4G (Chromium's ``Network.emulateNetworkConditions``, the
``4g`` profile of ``benchmarks/network.py``: 9 Mbit/s down, 60 ms round trip). The site is
built once (or ``--site``) and served from 127.0.0.1 by ``seven-rocks serve``'s handler,
outside the cgroup. Playable is ``<body data-game="ready">``, a game on the table; its wall
time is the page's own clock from navigation start. A fresh browser is started for each
setting, inside the cgroup from its first instruction (a wrapper script joins it, then
execs Chromium)::

    .venv/bin/python benchmarks/first_visit_cpu.py                 # 3 visits per setting
    .venv/bin/python benchmarks/first_visit_cpu.py --runs 5 --quota 0.5

Prints each visit, then per setting the medians of the CPU-seconds and of the wall time to
playable; ``--threads`` also prints where each visit's CPU went, per process type and thread
name (from ``/proc``: V8's background compile threads are ``ThreadPoolForeg`` in the
renderer, the engine's worker ``DedicatedWorker``, the page's own thread the renderer's
main one). The machine's other work competes with an unlimited browser (its wall time then
says little); the quotas are what a phone would see, as long as the machine has half a core
to spare: under a quota the cgroup's ``cpu.shares`` is raised so the browser gets its share
before the machine's other work (an unlimited browser weighs four processes).

Measured on the shared two-core machine (load 3 to 10), the median of three sessions'
medians of 3 at half a core: 4.41 CPU-s, playable at 8.38 s (each session beside a build
with the engine shipped as source: 4.79 CPU-s and 9.08 s); at a quarter of a core, two
sessions: 3.38 and 3.70 CPU-s, 13.08 and 14.01 s (with the engine as source: 4.16 and 4.50
CPU-s, 15.46 and 17.09 s). Per thread at half a core: about
1.1-1.4 CPU-s of V8 compiling the WebAssembly in the background, 0.8 of the worker's Python,
0.6 of the page's thread, 0.5 of the network service, 0.5 of the browser's process.
"""

from __future__ import annotations

import argparse
import collections
import contextlib
import os
import re
import statistics
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from playwright.sync_api import Browser, Playwright, sync_playwright

from seven_rocks.site.build import build
from seven_rocks.site.serve import serving
from tests.support.chromium import CHROMIUM, CHROMIUM_ARGS

sys.path.insert(0, str(Path(__file__).resolve().parent))
from boot import QUERY
from network import PROFILES, emulate

CGROUP_ROOT = Path("/sys/fs/cgroup")
#: The hierarchies the browser joins: its CPU time, its quota, the core it is pinned to.
CONTROLLERS = ("cpuacct", "cpu", "cpuset")
PERIOD_US = 100_000
#: cgroup v1 CPU weights (a process outside any group weighs 1024): the most there is under a
#: quota, which bounds what the browser takes; four processes' worth without one.
SHARES_CAPPED = 262_144
SHARES_UNLIMITED = 4096

#: Joins the cgroups named in SEVEN_ROCKS_CGROUPS, then becomes the browser.
WRAPPER = """#!/bin/sh
for group in $SEVEN_ROCKS_CGROUPS; do echo $$ > "$group/cgroup.procs"; done
exec "$SEVEN_ROCKS_BROWSER" "$@"
"""


#: Records when a game is on the table, from the page's clock. A MutationObserver, not
#: boot.py's frame-by-frame watch: asking for every animation frame keeps the browser drawing
#: 60 frames a second, which would count here as the page's CPU.
WATCH = """
(() => {
  const seen = (window.__boot = {playable: -1});
  new MutationObserver((_, observer) => {
    if (document.body?.dataset.game === "ready") {
      seen.playable = performance.now();
      observer.disconnect();
    }
  }).observe(document, {attributes: true, attributeFilter: ["data-game"], subtree: true});
})();
"""


@dataclass
class Visit:
    """One cold first visit to playable."""

    cpu_s: float
    wall_s: float
    engine_ready_s: float
    #: CPU-seconds per (process type, thread name), when asked for.
    threads: dict[tuple[str, str], float]


_TICKS = os.sysconf("SC_CLK_TCK")


def thread_times(pids: list[str]) -> dict[tuple[str, str, str], float]:
    """CPU-seconds so far of every thread of ``pids``, by (thread id, process type, name)."""
    times: dict[tuple[str, str, str], float] = {}
    for pid in pids:
        with contextlib.suppress(OSError):  # a process that has ended meanwhile
            command = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()
            kind = re.search(r"--type=(\S+)", command)
            service = re.search(r"--utility-sub-type=(\S+)", command)
            label = (kind.group(1) if kind else "browser") + (
                f"/{service.group(1).rsplit('.', 1)[-1]}" if service else ""
            )
            for task in os.listdir(f"/proc/{pid}/task"):
                stat = Path(f"/proc/{pid}/task/{task}/stat").read_text()
                name = stat[stat.index("(") + 1 : stat.rindex(")")]
                fields = stat[stat.rindex(")") + 2 :].split()
                times[task, label, name] = (int(fields[11]) + int(fields[12])) / _TICKS
    return times


class Cgroup:
    """One group in each of :data:`CONTROLLERS`, removed (its processes moved out) on close."""

    def __init__(self, name: str) -> None:
        if not (CGROUP_ROOT / "cpuacct" / "cpuacct.usage").is_file():
            raise SystemExit("this benchmark needs cgroup v1's cpu, cpuacct and cpuset mounted")
        self.dirs = {c: CGROUP_ROOT / c / name for c in CONTROLLERS}
        for path in self.dirs.values():
            path.mkdir(exist_ok=True)
        cpuset = self.dirs["cpuset"]
        (cpuset / "cpuset.mems").write_text((cpuset.parent / "cpuset.mems").read_text())
        (self.dirs["cpu"] / "cpu.cfs_period_us").write_text(str(PERIOD_US))

    def limit(self, quota: float | None) -> None:
        """``quota`` of one core, pinned to the last one; ``None``: no quota, every core."""
        every = (self.dirs["cpuset"].parent / "cpuset.cpus").read_text().strip()
        last = str(max(os.sched_getaffinity(0)))
        (self.dirs["cpuset"] / "cpuset.cpus").write_text(every if quota is None else last)
        value = -1 if quota is None else int(quota * PERIOD_US)
        (self.dirs["cpu"] / "cpu.cfs_quota_us").write_text(str(value))
        # Under a quota the browser is first in line for its share (the machine's other work
        # would otherwise decide the wait); unlimited, it is weighted as four processes.
        shares = SHARES_CAPPED if quota is not None else SHARES_UNLIMITED
        (self.dirs["cpu"] / "cpu.shares").write_text(str(shares))

    def pids(self) -> list[str]:
        """The processes in the group."""
        return (self.dirs["cpuacct"] / "cgroup.procs").read_text().split()

    def cpu_s(self) -> float:
        """The CPU time of every process in the group so far, in seconds."""
        return int((self.dirs["cpuacct"] / "cpuacct.usage").read_text()) / 1e9

    def close(self) -> None:
        for path in self.dirs.values():
            for pid in (path / "cgroup.procs").read_text().split():
                with contextlib.suppress(OSError):  # a process that has ended meanwhile
                    (path.parent / "cgroup.procs").write_text(pid)
            with contextlib.suppress(OSError):
                path.rmdir()


@contextlib.contextmanager
def browser_in(
    group: Cgroup, playwright: Playwright, chromium: Path, tmp: Path
) -> Iterator[Browser]:
    """Chromium started inside ``group`` (every process it forks stays there)."""
    wrapper = tmp / "chromium-in-cgroup"
    wrapper.write_text(WRAPPER)
    wrapper.chmod(0o755)
    env: dict[str, str | float | bool] = {
        **os.environ,
        "SEVEN_ROCKS_CGROUPS": " ".join(str(p) for p in group.dirs.values()),
        "SEVEN_ROCKS_BROWSER": str(chromium),
    }
    browser = playwright.chromium.launch(
        executable_path=str(wrapper), args=list(CHROMIUM_ARGS), env=env
    )
    try:
        yield browser
    finally:
        browser.close()


def settle(group: Cgroup, quiet_s: float = 0.5, limit_s: float = 10.0) -> None:
    """Wait until the browser is idle (under 5% of a core for ``quiet_s``), so a visit's count
    starts from a quiet browser rather than the tail of the last context's close."""
    deadline = time.monotonic() + limit_s
    while time.monotonic() < deadline:
        before = group.cpu_s()
        time.sleep(quiet_s)
        if group.cpu_s() - before < 0.05 * quiet_s:
            return


def visit(
    browser: Browser, group: Cgroup, url: str, timeout_ms: float, *, threads: bool = False
) -> Visit:
    """One cold first visit on emulated 4G, counted from navigation to playable
    (``threads``: per thread too)."""
    profile = PROFILES["4g"]
    assert profile is not None
    context = browser.new_context(service_workers="allow")
    try:
        context.add_init_script(WATCH)
        page = context.new_page()
        emulate(context, page, profile)
        settle(group)
        threads_before = thread_times(group.pids()) if threads else {}
        before = group.cpu_s()
        page.goto(url + QUERY, wait_until="commit")
        page.wait_for_selector(
            "body[data-game='ready'], body[data-engine='error']",
            state="attached",
            timeout=timeout_ms,
        )
        cpu = group.cpu_s() - before
        per_thread: dict[tuple[str, str], float] = collections.defaultdict(float)
        if threads:
            for (task, label, name), seconds in thread_times(group.pids()).items():
                per_thread[label, name] += seconds - threads_before.get((task, label, name), 0.0)
        if page.evaluate("document.body.dataset.engine") != "ready":
            raise SystemExit(f"the engine did not start: {page.inner_text('body')[:300]}")
        found: dict[str, float] = page.evaluate(
            """() => ({
                playable: window.__boot.playable,
                ready: performance.getEntriesByName("seven-rocks:engine-ready")[0]?.startTime ?? -1,
            })"""
        )
    finally:
        context.close()
    return Visit(
        cpu_s=cpu,
        wall_s=found["playable"] / 1000,
        engine_ready_s=found["ready"] / 1000,
        threads=per_thread,
    )


def _label(quota: float | None) -> str:
    return "unlimited" if quota is None else f"{quota:g} core"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3, help="visits per setting (default 3)")
    parser.add_argument(
        "--quota",
        type=float,
        action="append",
        help="a share of one core (repeatable; default: unlimited, 0.5 and 0.25)",
    )
    parser.add_argument(
        "--threads", action="store_true", help="print each visit's CPU per process and thread"
    )
    parser.add_argument("--site", type=Path, help="an already built site (default: build one)")
    parser.add_argument("--chromium", type=Path, default=CHROMIUM, help="browser executable")
    parser.add_argument(
        "--timeout", type=float, default=180.0, help="seconds to wait for one visit (default 180)"
    )
    args = parser.parse_args(argv)
    if not args.chromium.is_file():
        parser.error(f"no browser at {args.chromium}: run `apt-get install chromium`")
    quotas: list[float | None] = [None, 0.5, 0.25] if not args.quota else list(args.quota)

    results: dict[str, list[Visit]] = {}
    group = Cgroup(f"seven-rocks-bench-{os.getpid()}")
    try:
        with tempfile.TemporaryDirectory(prefix="seven-rocks-cpu-") as tmp:
            site = args.site or build(Path(tmp) / "site")
            with serving(site) as url, sync_playwright() as playwright:
                for quota in quotas:
                    group.limit(quota)
                    visits = results.setdefault(_label(quota), [])
                    with browser_in(group, playwright, args.chromium, Path(tmp)) as browser:
                        for index in range(1, args.runs + 1):
                            found = visit(
                                browser, group, url, args.timeout * 1000, threads=args.threads
                            )
                            visits.append(found)
                            print(
                                f"{_label(quota):<10} run {index}: {found.cpu_s:5.2f} CPU-s, "
                                f"engine ready {found.engine_ready_s:5.2f} s, "
                                f"playable {found.wall_s:5.2f} s",
                                flush=True,
                            )
                            for (label, name), seconds in sorted(
                                found.threads.items(), key=lambda item: -item[1]
                            )[:8]:
                                print(f"    {seconds:5.2f} CPU-s  {label:<24} {name}")
    finally:
        group.close()

    print(f"\nmedians of {args.runs} cold first visits on emulated 4G (whole browser in a cgroup):")
    for label, visits in results.items():
        cpu = statistics.median(v.cpu_s for v in visits)
        wall = statistics.median(v.wall_s for v in visits)
        ready = statistics.median(v.engine_ready_s for v in visits)
        print(
            f"  {label:<10} {cpu:5.2f} CPU-s to playable   engine ready {ready:5.2f} s"
            f"   playable {wall:5.2f} s"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
