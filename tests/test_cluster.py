"""``seven-rocks tournament --cluster``: a match played on a real Ray cluster.

A head with two CPUs is started for this module inside a private network namespace that
has loopback alone (:mod:`tests.support.netns`); the matches on it run in the namespace
too.  Every match is checked against the same match played by ``--jobs 2`` on the normal
path: the records must be the same bytes and the figures the same numbers.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, TypeVar, cast

import pytest

# The cluster extra is part of the dev setup: without Ray this module fails, never skips.
import ray  # noqa: F401

import seven_rocks
from seven_rocks import __version__
from seven_rocks.bots import GreedyBot, RandomBot
from seven_rocks.research.tournament import AHEAD_PER_JOB, Pair, PairTask, in_order
from tests.support.netns import Namespace

PORT = 6379
ADDRESS = f"127.0.0.1:{PORT}"
RAY = str(Path(sys.executable).parent / "ray")
CLI = [sys.executable, "-m", "seven_rocks", "tournament"]
#: Figures that measure time, which no two runs share.
TIMINGS = ("seconds_per_move", "wall_seconds_per_move")
#: A quick match, and one of long games whose pairs last long enough to be caught playing.
QUICK = ["greedy", "random", "--games", "60", "--seed", "5"]
LONG = ["expert", "greedy", "--games", "24", "--seed", "2", "--target", "3000"]
#: Seconds any one command here may take before the test fails instead of hanging.
LIMIT = 120
Test = TypeVar("Test", bound=Callable[..., None])


def on_head(test: Test) -> Test:
    """A test on the Ray head: slow, and in the one pytest worker that starts the head
    (``make test`` runs with ``--dist loadgroup``), so a run starts one head."""
    marked: Test = pytest.mark.slow(pytest.mark.xdist_group("ray-head")(test))
    return marked


@pytest.fixture(scope="module")
def head() -> Iterator[Namespace]:
    """A Ray head with 2 CPUs in a loopback-only namespace; afterwards, no process of it
    is left."""
    namespace = Namespace()
    temp = tempfile.mkdtemp(prefix="sr-ray-")  # short: Ray's socket paths live under it
    try:
        started = namespace.run(
            [
                RAY,
                "start",
                "--head",
                "--node-ip-address",
                "127.0.0.1",
                "--port",
                str(PORT),
                "--num-cpus",
                "2",
                "--include-dashboard=false",
                "--disable-usage-stats",
                "--temp-dir",
                temp,
            ],
            # Workers at niceness 0, not Ray's 15: the other tests of a parallel run would
            # otherwise starve them.
            env={**os.environ, "RAY_worker_niceness": "0"},
            capture_output=True,
            timeout=LIMIT,
        )
        assert started.returncode == 0, started.stderr
        yield namespace
    finally:
        left = namespace.close()
        shutil.rmtree(temp, ignore_errors=True)
    assert not left, f"processes of the Ray head still running: {left}"


def reference(tmp_path: Path, match: list[str]) -> tuple[bytes, dict[str, Any]]:
    """The record and figures of ``match`` played by ``--jobs 2`` (no cluster)."""
    path = tmp_path / "jobs2.jsonl"
    done = subprocess.run(
        [*CLI, *match, "--jobs", "2", "--record", str(path), "--json", "--no-progress"],
        capture_output=True,
        text=True,
        timeout=LIMIT,
        check=True,
    )
    return path.read_bytes(), figures(done.stdout)


def figures(stdout: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(stdout)
    for timing in TIMINGS:
        data.pop(timing)
    return data


def on_cluster(match: list[str], record: Path, *extra: str) -> list[str]:
    """``match`` on the cluster, recorded to ``record``, its figures printed as JSON."""
    return [*CLI, *match, "--cluster", ADDRESS, "--record", str(record), "--json", *extra]


def played(head: Namespace, argv: list[str]) -> tuple[dict[str, Any], str]:
    """The figures and stderr of ``argv``, a match that must end well, run on the head."""
    done = head.run(argv, capture_output=True, timeout=LIMIT)
    assert done.returncode == 0, done.stderr
    return figures(done.stdout), done.stderr


@on_head
def test_the_cluster_writes_the_records_and_figures_of_jobs_2(
    head: Namespace, tmp_path: Path
) -> None:
    record, expected = reference(tmp_path, QUICK)
    path = tmp_path / "cluster.jsonl"
    got, stderr = played(head, on_cluster(QUICK, path))
    assert path.read_bytes() == record
    assert got == expected
    assert "60/60" in stderr  # the progress bar, on stderr as with --jobs


@on_head
def test_a_match_cut_short_resumes_on_the_cluster(head: Namespace, tmp_path: Path) -> None:
    record, expected = reference(tmp_path, QUICK)
    lines = record.splitlines(keepends=True)
    path = tmp_path / "cluster.jsonl"
    # Eleven pairs, then half a line: a sitting killed while it wrote game 23.
    path.write_bytes(b"".join(lines[:23]) + lines[23][:100])
    resumed, _ = played(head, on_cluster(QUICK, path, "--resume", "--no-progress"))
    assert path.read_bytes() == record
    assert resumed.pop("resumed_games") == 22
    expected.pop("resumed_games")
    assert resumed == expected


def playing_pairs(head: Namespace) -> list[int]:
    """The namespace's Ray workers playing a pair now (Ray titles them by their task)."""
    found = []
    for pid in head.processes():
        try:
            title = Path(f"/proc/{pid}/cmdline").read_bytes()
        except OSError:
            continue
        if title.startswith(b"ray::play_pair"):
            found.append(pid)
    return found


@on_head
def test_a_worker_killed_mid_match_has_its_pair_played_again(
    head: Namespace, tmp_path: Path
) -> None:
    record, expected = reference(tmp_path, LONG)
    path = tmp_path / "cluster.jsonl"
    match = head.popen(
        on_cluster(LONG, path, "--no-progress"),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    try:
        deadline = time.monotonic() + LIMIT
        victim = None
        # Wait until a pair is recorded and another one is being played, then kill its worker.
        while victim is None and match.poll() is None and time.monotonic() < deadline:
            recorded = path.read_bytes().count(b"\n") if path.exists() else 0
            busy = playing_pairs(head) if recorded >= 2 else []
            if busy:
                victim = busy[0]
                os.kill(victim, signal.SIGKILL)
            else:
                time.sleep(0.01)
        assert victim is not None, "no worker was caught playing a pair"
        assert len(record.splitlines()) > path.read_bytes().count(b"\n"), "the match had ended"
        stdout, stderr = match.communicate(timeout=LIMIT)
    finally:
        if match.poll() is None:
            match.kill()
            match.wait()
    assert match.returncode == 0, stderr
    assert path.read_bytes() == record
    assert figures(stdout) == expected


def refused(argv: list[str], namespace: Namespace | None = None) -> list[str]:
    """The lines ``argv`` prints on stderr, having printed nothing else and exited with 2."""
    command = namespace.command(argv) if namespace else argv
    done = subprocess.run(command, capture_output=True, text=True, timeout=LIMIT)
    assert (done.returncode, done.stdout) == (2, ""), done.stderr
    return done.stderr.splitlines()


def driver(*steps: str) -> list[str]:
    """The command line run by Python after ``steps``, which change what the driver sees."""
    code = "; ".join(["import sys", *steps, "from seven_rocks.cli import main"])
    return [sys.executable, "-c", f"{code}; sys.exit(main(sys.argv[1:]))"]


@on_head
def test_a_node_with_another_version_is_one_sentence(head: Namespace, tmp_path: Path) -> None:
    """The driver claims another version; the head's workers run the installed one."""
    path = tmp_path / "kept.jsonl"
    path.write_text("my earlier match\n")
    claims_another = driver("import seven_rocks", "seven_rocks.__version__ = '0.0.0-other'")
    argv = [*claims_another, "tournament", *QUICK, "--cluster", ADDRESS, "--record", str(path)]
    ours = [line for line in refused(argv, head) if line.startswith("seven-rocks")]
    assert ours == [
        f"seven-rocks tournament: the node at 127.0.0.1 runs seven-rocks {__version__}, not "
        "0.0.0-other as here: install the same version on every node"
    ]
    assert path.read_text() == "my earlier match\n"  # the record was not touched


@on_head
def test_a_node_with_other_sources_of_the_same_version_is_one_sentence(
    head: Namespace, tmp_path: Path
) -> None:
    """The driver's package is a copy with one engine file changed (the same version)."""
    copy = tmp_path / "seven_rocks"
    shutil.copytree(Path(seven_rocks.__file__).parent, copy)
    with (copy / "engine" / "game.py").open("a") as changed:
        changed.write("\n# a local change\n")
    elsewhere = driver(
        "import seven_rocks.research.cluster as cluster",
        f"cluster._PACKAGE = __import__('pathlib').Path({str(copy)!r})",
    )
    argv = [*elsewhere, "tournament", *QUICK, "--cluster", ADDRESS]
    assert [line for line in refused(argv, head) if line.startswith("seven-rocks")] == [
        f"seven-rocks tournament: the node at 127.0.0.1 runs other seven-rocks {__version__} "
        "sources than here: install the same on every node"
    ]


@on_head
def test_an_address_where_no_cluster_answers_is_one_sentence(head: Namespace) -> None:
    started = time.monotonic()
    assert refused([*CLI, *QUICK, "--cluster", f"127.0.0.1:{PORT + 1}"], head) == [
        f"seven-rocks tournament: no Ray cluster answers at 127.0.0.1:{PORT + 1} (Connection "
        "refused): start one with 'ray start --head' or give its head's address"
    ]
    assert time.monotonic() - started < 30


def test_cluster_and_jobs_together_are_one_sentence() -> None:
    assert refused([*CLI, *QUICK, "--cluster", ADDRESS, "--jobs", "2"]) == [
        "seven-rocks tournament: --cluster plays on every CPU of the cluster: leave out --jobs"
    ]


def test_without_ray_the_cluster_says_how_to_install_it() -> None:
    without_ray = driver("sys.modules['ray'] = None")  # what an install without the extra sees
    assert refused([*without_ray, "tournament", *QUICK, "--cluster", ADDRESS]) == [
        "seven-rocks tournament: a cluster needs Ray: pip install 'seven-rocks[cluster]'"
    ]


def test_a_match_without_cluster_never_imports_ray() -> None:
    driver = (
        "import sys; from seven_rocks.cli import main; "
        "status = main(['tournament', 'greedy', 'random', '--games', '4', '--jobs', '2', "
        "'--no-progress']); print(sorted(m for m in sys.modules if m.split('.')[0] == 'ray'))"
    )
    done = subprocess.run(
        [sys.executable, "-c", driver], capture_output=True, text=True, timeout=LIMIT, check=True
    )
    assert done.stdout.splitlines()[-1] == "[]"


def test_pairs_in_flight_follow_the_workers_there_are() -> None:
    """A cluster that grows from 1 to 3 workers mid-match gets more pairs in flight, and
    the results still come in pair order."""
    workers = [1]
    submitted: list[int] = []
    yielded: list[int] = []
    in_flight: list[tuple[int, int]] = []  # (workers then, pairs started and not yielded)

    def submit(task: PairTask) -> Callable[[], Pair]:
        submitted.append(task.pair)
        in_flight.append((workers[0], len(submitted) - len(yielded)))
        return lambda: cast(Pair, (task.pair, task.pair))  # the pair's number stands for it

    tasks = (
        PairTask(GreedyBot, RandomBot, ("greedy", "random"), 1, n, 30, False) for n in range(40)
    )
    for first, _ in in_order(submit, tasks, lambda: workers[0] * AHEAD_PER_JOB):
        yielded.append(cast(int, first))
        if len(yielded) == 10:
            workers[0] = 3
    assert yielded == list(range(40))
    assert all(count <= limit * AHEAD_PER_JOB for limit, count in in_flight)
    assert max(count for limit, count in in_flight if limit == 3) == 3 * AHEAD_PER_JOB
