"""A tournament's duplicate pairs played as tasks on a Ray cluster.

One machine plays a few thousand master games a day; a bot tuner wants more.  Every
pair's deals and bot seeds come from the match seed and the pair's number alone
(:mod:`.tournament`), so where a pair is played cannot change its games: the cluster is
one more executor of the same :class:`~.tournament.PairTask` jobs, its results gathered
in pair order like the local processes' and tallied, recorded and shown by the same
:func:`~.tournament.run_tournament`.  Ray does the distributed work (scheduling, moving
tasks and results, playing a lost worker's task again); this module only connects,
checks that the workers run this very package, and submits.

Ray is imported only here, and only by :func:`connect`: the engine and bots stay
standard-library only, and this module is not in the browser's zip (the research
package never is).
"""

from __future__ import annotations

import hashlib
import logging
import os
import socket
import time
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from types import ModuleType, TracebackType
from typing import Any, Final

from ..engine.errors import SevenRocksError
from .tournament import AHEAD_PER_JOB, Pair, PairTask, in_order, play_pair

#: Seconds to wait for the address to accept a connection: a wrong host fails this fast
#: instead of leaving the command waiting on Ray's own retries.
CONNECT_SECONDS: Final = 10.0
#: Seconds for every node to answer which seven-rocks it runs.
CHECK_SECONDS: Final = 60.0
#: Times Ray plays a pair again whose worker process or node died while playing it.
RETRIES: Final = 4
#: Seconds between two counts of the cluster's CPUs during a match.
RECOUNT_SECONDS: Final = 10.0
#: How the extra is installed, for the message when Ray is missing.
INSTALL_HINT: Final = "pip install 'seven-rocks[cluster]'"

_PACKAGE = Path(__file__).resolve().parents[1]


class ClusterError(SevenRocksError):
    """The cluster cannot play the match (one sentence for the command line)."""


def fingerprint() -> tuple[str, str]:
    """This installation's version and a digest of its Python sources.

    Two nodes with the same version but other sources (a checkout at another commit)
    could play other games from the same seed; the digest tells them apart.
    """
    from .. import __version__

    digest = hashlib.sha256()
    for path in sorted(_PACKAGE.rglob("*.py")):
        relative = path.relative_to(_PACKAGE)
        if "__pycache__" in relative.parts:
            continue
        digest.update(relative.as_posix().encode() + b"\0" + path.read_bytes() + b"\0")
    return __version__, digest.hexdigest()


def _import_ray() -> ModuleType:
    try:
        import ray
    except ImportError:
        raise ClusterError(f"a cluster needs Ray: {INSTALL_HINT}") from None
    return ray


def _messages_to_stderr() -> None:
    """Send the cluster's messages to the driver (a worker that died, a task played again)
    to stderr, where the progress bar is: Ray prints them on stdout, which is the
    command's output (``--json`` must stay one JSON object).

    Ray has no setting for it, so its printing function is wrapped, if it is there.
    """
    try:
        from ray._private import worker
    except ImportError:  # pragma: no cover - another layout of Ray: its default stays
        return
    show = getattr(worker, "print_to_stdstream", None)
    if show is None or getattr(show, "_to_stderr", False):
        return

    def to_stderr(data: dict[str, Any], ignore_prefix: bool) -> None:
        show({**data, "is_err": True}, ignore_prefix)

    to_stderr._to_stderr = True  # type: ignore[attr-defined]
    worker.print_to_stdstream = to_stderr


def _probe(address: str) -> None:
    """Fail in one sentence, within :data:`CONNECT_SECONDS`, unless ``address`` (HOST:PORT)
    accepts a TCP connection; ``auto`` is left to Ray, which finds the local cluster."""
    if address == "auto":
        return
    host, sep, port = address.rpartition(":")
    if not sep or not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise ClusterError(
            f"a cluster's address must be HOST:PORT (like 127.0.0.1:6379) or auto, not {address!r}"
        )
    try:
        with socket.create_connection((host.strip("[]"), int(port)), timeout=CONNECT_SECONDS):
            pass
    except OSError as error:
        reason = error.strerror or type(error).__name__
        raise ClusterError(
            f"no Ray cluster answers at {address} ({reason}): start one with "
            f"'ray start --head' or give its head's address"
        ) from None


class Cluster:
    """A connection to a Ray cluster that plays pair tasks (a ``PairExecutor``).

    Made by :func:`connect`; :meth:`close` disconnects (the cluster keeps running).
    """

    def __init__(self, ray: ModuleType) -> None:
        self._ray = ray
        self._cpus = 0
        self._counted_at = -RECOUNT_SECONDS
        self._play = ray.remote(play_pair).options(
            num_cpus=1, max_retries=RETRIES, retry_exceptions=False
        )

    def cpus(self) -> int:
        """The cluster's CPUs, asked again every :data:`RECOUNT_SECONDS`: nodes that join
        during a match get pairs to play."""
        now = time.monotonic()
        if now >= self._counted_at + RECOUNT_SECONDS:
            self._cpus = int(self._ray.cluster_resources().get("CPU", 0))
            self._counted_at = now
        return self._cpus

    def _submit(self, task: PairTask) -> Callable[[], Pair]:
        ref = self._play.remote(task)

        def result() -> Pair:
            try:
                pair: Pair = self._ray.get(ref)
            except self._system_errors() as error:
                raise ClusterError(
                    f"the cluster lost pair {task.pair}'s worker more than {RETRIES} times "
                    f"({type(error).__name__}); the record holds every pair before it: "
                    f"resume the match from it"
                ) from None
            return pair

        return result

    def _system_errors(self) -> tuple[type[BaseException], ...]:
        errors = self._ray.exceptions
        return (
            errors.WorkerCrashedError,
            errors.NodeDiedError,
            errors.ObjectLostError,
            errors.TaskUnschedulableError,
        )

    def __call__(self, tasks: Iterable[PairTask]) -> Iterator[Pair]:
        """The results of ``tasks`` in order, a few per cluster CPU in flight."""
        return in_order(self._submit, tasks, lambda: self.cpus() * AHEAD_PER_JOB)

    def close(self) -> None:
        self._ray.shutdown()

    def __enter__(self) -> Cluster:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.close()


def connect(address: str) -> Cluster:
    """Join the Ray cluster at ``address`` (HOST:PORT of its head, or ``auto``) as a driver
    and check that every node with CPUs runs this seven-rocks; :class:`ClusterError`
    says in one sentence why not."""
    ray = _import_ray()
    _probe(address)
    # One connection attempt, not Ray's many: an address that accepts connections but is
    # no Ray head then fails within a minute instead of many.
    os.environ.setdefault("RAY_gcs_server_port_wait_time_s", "1")
    _messages_to_stderr()
    try:
        ray.init(
            address=address,
            logging_level=logging.ERROR,
            log_to_driver=False,
            configure_logging=True,
        )
    except (ConnectionError, RuntimeError, ValueError) as error:
        raise ClusterError(f"cannot join the Ray cluster at {address}: {error}") from None
    cluster = Cluster(ray)
    try:
        _check_nodes(ray)
    except BaseException:
        cluster.close()
        raise
    return cluster


def _check_nodes(ray: ModuleType) -> None:
    """Every live node with CPUs runs this version of seven-rocks, from the same sources."""
    from ray.util.scheduling_strategies import NodeAffinitySchedulingStrategy

    nodes = [n for n in ray.nodes() if n["Alive"] and n["Resources"].get("CPU", 0) > 0]
    if not nodes:
        raise ClusterError("the Ray cluster has no node with CPUs to play on")
    check = ray.remote(fingerprint)
    refs = {
        node["NodeManagerAddress"]: check.options(
            num_cpus=0,
            scheduling_strategy=NodeAffinitySchedulingStrategy(node["NodeID"], soft=False),
        ).remote()
        for node in nodes
    }
    version, digest = fingerprint()
    for where, ref in refs.items():
        try:
            theirs: tuple[str, str] = tuple(ray.get(ref, timeout=CHECK_SECONDS))
        except ray.exceptions.GetTimeoutError:
            raise ClusterError(
                f"the node at {where} did not say which seven-rocks it runs within "
                f"{CHECK_SECONDS:.0f} s"
            ) from None
        except Exception as error:  # its workers cannot even import this module
            raise ClusterError(
                f"the node at {where} cannot run seven-rocks ({type(error).__name__}): "
                f"install seven-rocks {version} there"
            ) from None
        if theirs[0] != version:
            raise ClusterError(
                f"the node at {where} runs seven-rocks {theirs[0]}, not {version} as here: "
                f"install the same version on every node"
            )
        if theirs[1] != digest:
            raise ClusterError(
                f"the node at {where} runs other seven-rocks {version} sources than here: "
                f"install the same on every node"
            )


__all__ = ["CONNECT_SECONDS", "INSTALL_HINT", "Cluster", "ClusterError", "connect", "fingerprint"]
