"""Where the test suite's CPU goes: each test's CPU-seconds, its browsers included.

The browser pass of ``make test`` is bound by CPU, not by waiting, so a test's wall time
says little about what it costs the others (a test waiting on the bots' pace lends its core
to them). This runs pytest with each xdist worker in a cgroup of its own (v1 ``cpuacct``,
as this machine mounts them; root needed), so everything a worker starts (its Playwright
driver, its browsers and their threads) is counted with it, and reads the group's CPU
before and after each test::

    .venv/bin/python benchmarks/suite_cpu.py                       # the browser pass
    .venv/bin/python benchmarks/suite_cpu.py -- -m "not e2e and not exhaustive"
    .venv/bin/python benchmarks/suite_cpu.py --top 40 -- tests/e2e/test_play.py

It prints the pass's wall time, the CPU-seconds all tests took together, the median test,
the costliest tests and files; ``--out FILE`` keeps one JSON line a test. A worker's first test also
carries what the worker sets up once (its browser's launch, the site's build). The figures are
those of this machine under the pass's own load (four browser workers on two cores, as
``make test`` runs them there): compare runs of one machine, not machines.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

CPUACCT = Path("/sys/fs/cgroup/cpuacct")
#: Where a worker writes its tests' lines (set by main() for the pytest it runs).
OUT_ENV = "SEVEN_ROCKS_SUITE_CPU_OUT"
ROOT = Path(__file__).resolve().parent.parent


class _Group:
    """This process's cgroup: it and everything it starts from now on are counted in it."""

    def __init__(self, name: str) -> None:
        self.path = CPUACCT / name
        self.path.mkdir(exist_ok=True)
        (self.path / "cgroup.procs").write_text(str(os.getpid()))

    def seconds(self) -> float:
        return int((self.path / "cpuacct.usage").read_text()) / 1e9


_group: _Group | None = None


def pytest_configure(config: pytest.Config) -> None:
    """In each xdist worker (or the lone process): join a group of the worker's own."""
    global _group
    if os.environ.get(OUT_ENV):
        worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
        _group = _Group(f"seven-rocks-suite-{os.getppid()}-{worker}")


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None) -> Iterator[None]:
    """One line a test: its CPU-seconds (setup and teardown included), its wall time, and
    when it started on which worker (to see how the workers overlapped)."""
    if _group is None:
        yield
        return
    cpu, wall, started = _group.seconds(), time.monotonic(), time.time()
    yield
    line = {
        "test": item.nodeid,
        "cpu": round(_group.seconds() - cpu, 2),
        "wall": round(time.monotonic() - wall, 2),
        "start": round(started, 2),
        "worker": os.environ.get("PYTEST_XDIST_WORKER", "main"),
    }
    with Path(os.environ[OUT_ENV]).open("a") as out:
        out.write(json.dumps(line) + "\n")


def _report(rows: list[dict[str, Any]], wall: float, top: int) -> None:
    cpu = [row["cpu"] for row in rows]
    print(f"{len(rows)} tests in {wall:.0f} s: {sum(cpu):.0f} CPU-s in all")
    print(f"a test: median {statistics.median(cpu):.2f} CPU-s, quartiles ", end="")
    print(" / ".join(f"{q:.2f}" for q in statistics.quantiles(cpu, n=4)) if len(cpu) > 1 else "-")
    print(f"\nthe {top} costliest tests (CPU-s, wall s):")
    for row in sorted(rows, key=lambda row: -row["cpu"])[:top]:
        print(f"{row['cpu']:7.1f} {row['wall']:7.1f}  {row['test']}")
    files: Counter[str] = Counter()
    counts: Counter[str] = Counter()
    for row in rows:
        name = row["test"].split("::")[0]
        files[name] += row["cpu"]
        counts[name] += 1
    print(f"\nthe {top} costliest files (CPU-s, tests):")
    for name, seconds in files.most_common(top):
        print(f"{seconds:7.1f} {counts[name]:4d}  {name}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workers", type=int, default=4, help="xdist workers (default 4)")
    parser.add_argument("--top", type=int, default=25, help="rows of each table (default 25)")
    parser.add_argument("--out", type=Path, help="keep each test's JSON line in this file")
    parser.add_argument("pytest_args", nargs="*", help='after "--": pytest\'s own arguments')
    args = parser.parse_args(argv)
    if not (CPUACCT / "cgroup.procs").is_file() or os.geteuid() != 0:
        parser.error(f"this needs root and cgroup v1's cpuacct mounted at {CPUACCT}")
    selection = args.pytest_args or ["-m", "e2e and not exhaustive"]
    with tempfile.TemporaryDirectory() as tmp:
        out = args.out or Path(tmp) / "tests.jsonl"
        out.unlink(missing_ok=True)
        command = [sys.executable, "-m", "pytest", "-p", "benchmarks.suite_cpu", "-q"]
        command += ["-p", "no:cacheprovider", "-n", str(args.workers), "--dist", "loadgroup"]
        began = time.monotonic()
        status = subprocess.run(
            [*command, *selection], cwd=ROOT, env={**os.environ, OUT_ENV: str(out)}, check=False
        ).returncode
        wall = time.monotonic() - began
        rows = [json.loads(line) for line in out.read_text().splitlines()] if out.exists() else []
    if not rows:
        print("no test ran", file=sys.stderr)
        return status or 1
    _report(rows, wall, args.top)
    return status


if __name__ == "__main__":
    raise SystemExit(main())
