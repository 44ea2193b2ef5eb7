"""What ``--cluster`` costs against ``--jobs``: the same match played both ways, timed.

Run on a machine of the cluster (the head's, say), with a Ray cluster already started::

    RAY_worker_niceness=0 ray start --head --port 6379 --num-cpus 2
    python benchmarks/cluster.py --cluster 127.0.0.1:6379 --jobs 2 \\
        --a expert --b greedy --games 200 --repeats 3

Each repeat runs ``seven-rocks tournament A B --games N --seed S`` once with ``--jobs J``
and once with ``--cluster ADDRESS``, one after the other, each a whole command as a user
runs it (start-up, connecting and starting the cluster's workers included), and checks
that the two records are the same bytes.  Prints the median wall-clock seconds of each,
the cluster's overhead over ``--jobs``, and games per hour per core (the cores being
``--jobs`` and the cluster's CPUs, which should be the same for the comparison to mean
anything).  Timing is the wall clock: on a machine shared with other work, run the
repeats interleaved (as here) and read the medians, and start the cluster with
``RAY_worker_niceness=0``: Ray runs its workers at niceness 15 unless told otherwise, so
any other work on the machine takes CPU from them first, not from ``--jobs``.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

CLI = [sys.executable, "-m", "seven_rocks", "tournament"]


def timed(argv: list[str]) -> float:
    """Wall-clock seconds of one command, which must succeed."""
    start = time.perf_counter()
    subprocess.run(argv, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - start


def cluster_cpus(address: str) -> int:
    """The CPUs of the cluster at ``address`` (its other drivers would share them)."""
    probe = (
        "import json, logging, sys, ray; "
        "ray.init(address=sys.argv[1], logging_level=logging.ERROR); "
        "print(json.dumps(int(ray.cluster_resources().get('CPU', 0))))"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe, address], check=True, capture_output=True, text=True
    )
    cpus: int = json.loads(done.stdout.splitlines()[-1])
    return cpus


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--cluster", required=True, metavar="ADDRESS")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--a", default="expert")
    parser.add_argument("--b", default="greedy")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    cpus = cluster_cpus(args.cluster)
    match = [args.a, args.b, "--games", str(args.games), "--seed", str(args.seed)]
    match.append("--no-progress")
    local: list[float] = []
    remote: list[float] = []
    with tempfile.TemporaryDirectory() as folder:
        jobs_record, cluster_record = Path(folder, "jobs.jsonl"), Path(folder, "cluster.jsonl")
        for repeat in range(args.repeats):
            local.append(
                timed([*CLI, *match, "--jobs", str(args.jobs), "--record", str(jobs_record)])
            )
            remote.append(
                timed([*CLI, *match, "--cluster", args.cluster, "--record", str(cluster_record)])
            )
            same = jobs_record.read_bytes() == cluster_record.read_bytes()
            print(
                f"repeat {repeat + 1}: --jobs {args.jobs} {local[-1]:.2f} s, "
                f"--cluster {remote[-1]:.2f} s, records identical: {'yes' if same else 'NO'}",
                flush=True,
            )
            if not same:
                sys.exit("the records differ")
    jobs_median, cluster_median = statistics.median(local), statistics.median(remote)
    print(f"{args.a} vs {args.b}, {args.games} games, seed {args.seed}, {args.repeats} repeats")
    for label, median, cores in (
        (f"--jobs {args.jobs}", jobs_median, args.jobs),
        (f"--cluster ({cpus} CPUs)", cluster_median, cpus),
    ):
        per_core = args.games / median * 3600 / max(1, cores)
        print(f"{label:>22}: median {median:8.2f} s, {per_core:9.1f} games per hour per core")
    extra = cluster_median - jobs_median
    print(f"cluster overhead: {extra / jobs_median:+.1%} ({extra:+.2f} s)")


if __name__ == "__main__":
    main()
