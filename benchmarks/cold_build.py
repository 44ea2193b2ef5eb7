"""A cold build: ``seven-rocks build`` on a checkout whose build cache is empty, as on a
fresh clone (``make play``'s first run, and the first builds of ``make test``).

Each run builds from a checkout of its own: this repository's files linked in, except
``node_modules/.cache``, so the cached compressed copies, standard-library cut and snapshot
all start empty (the repository's own cache is neither read nor written). Prints each run's
wall and CPU seconds (this process and its children: Node for the cut and the snapshot),
then the medians::

    .venv/bin/python benchmarks/cold_build.py --runs 3
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from seven_rocks.site.build import build  # noqa: E402


def _checkout(into: Path) -> Path:
    """A checkout of links to this one's sources and packages, with no build cache."""
    root = into / "checkout"
    (root / "node_modules").mkdir(parents=True)
    for entry in (ROOT / "node_modules").iterdir():
        if entry.name != ".cache":
            (root / "node_modules" / entry.name).symlink_to(entry)
    for name in ("web", "seven_rocks"):
        (root / name).symlink_to(ROOT / name)
    return root


def _cpu_seconds() -> float:
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    print(f"cold builds on {cores} cores")
    walls, cpus = [], []
    for run in range(1, args.runs + 1):
        with tempfile.TemporaryDirectory(prefix="cold-build-") as tmp:
            root = _checkout(Path(tmp))
            cpu, start = _cpu_seconds(), time.perf_counter()
            build(Path(tmp) / "site", root=root)
            walls.append(time.perf_counter() - start)
            cpus.append(_cpu_seconds() - cpu)
        print(f"run {run}: {walls[-1]:.1f} s wall, {cpus[-1]:.1f} CPU-s", flush=True)
    print(f"median: {statistics.median(walls):.1f} s wall, {statistics.median(cpus):.1f} CPU-s")


if __name__ == "__main__":
    main()
