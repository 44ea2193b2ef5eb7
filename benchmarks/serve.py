"""Load figures of ``seven-rocks serve``: many clients at once, and slow clients (slowloris).

Starts the real command (``seven-rocks serve DIR --port 0``) in a child process on
127.0.0.1, serving a small generated site (or ``--site DIR``), and per run measures:

1. **simultaneous GETs**: ``--clients`` connections (default 1,000) each send a GET for
   ``index.html`` before any answer is read; how many got a whole 200, and the wall time
   until the last one did;
2. **a burst**: ``--clients`` slow connections arrive while the server is held (SIGSTOP),
   then one ordinary GET behind them; the time from letting the server go on to that
   GET's answer (target: under 1 s);
3. **slowloris**: ``--clients`` connections each send the start of a request and never
   finish their headers; meanwhile a normal client asks for ``index.html``
   (``--probes`` times); how many of those were answered and the median time to the
   answer (target: under 1 s), then the same 1,000 GETs again with the slow connections
   still open.

Only the loopback interface is used, every socket has a timeout and every phase a
deadline, and the server is stopped at the end, so the script ends by itself::

    .venv/bin/python benchmarks/serve.py --runs 3
"""

from __future__ import annotations

import argparse
import contextlib
import resource
import selectors
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

HOST = "127.0.0.1"
PAGE = b"<!doctype html><title>Seven Rocks</title>" + b"<p>a table of dominoes</p>" * 200
REQUEST = b"GET /index.html HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n"
SLOW_START = b"GET /index.html HTTP/1.1\r\nHost: localhost\r\nX-Slow: "
DEADLINE_S = 60.0
SOCKET_TIMEOUT_S = 10.0
CLI = "import sys, seven_rocks.cli; sys.exit(seven_rocks.cli.main())"


def _raise_open_files(needed: int) -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != resource.RLIM_INFINITY and soft < needed:
        wanted = needed if hard == resource.RLIM_INFINITY else min(needed, hard)
        resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))


@contextlib.contextmanager
def _server(site: Path) -> Iterator[tuple[int, subprocess.Popen[str]]]:
    """Run ``seven-rocks serve`` on a free port; yield the port and the process; stop it
    at the end."""
    process = subprocess.Popen(
        [sys.executable, "-c", CLI, "serve", str(site), "--host", HOST, "--port", "0"],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert process.stdout is not None
        line = process.stdout.readline()  # "Serving DIR at http://127.0.0.1:PORT/ ..."
        if " at http://" not in line:
            raise SystemExit(f"the server did not start: {line!r}")
        yield int(line.split(" at http://", 1)[1].split("/", 1)[0].rsplit(":", 1)[1]), process
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def _connect(port: int, count: int) -> list[socket.socket]:
    clients = []
    for _ in range(count):
        client = socket.create_connection((HOST, port), timeout=SOCKET_TIMEOUT_S)
        clients.append(client)
    return clients


def _simultaneous_gets(port: int, count: int, page: bytes) -> tuple[int, float]:
    """(whole 200 answers, seconds until the last one) for ``count`` GETs sent at once."""
    start = time.perf_counter()
    clients: list[socket.socket] = []
    try:
        with contextlib.suppress(OSError):
            clients.extend(_connect(port, count))
        for client in clients:
            client.sendall(REQUEST)
            client.setblocking(False)
        received = dict.fromkeys(clients, b"")
        received_by_fd = {client.fileno(): client for client in clients}
        served = 0
        with selectors.DefaultSelector() as selector:
            for client in clients:
                selector.register(client, selectors.EVENT_READ)
            deadline = time.perf_counter() + DEADLINE_S
            while selector.get_map() and time.perf_counter() < deadline:
                for key, _ in selector.select(timeout=1.0):
                    client = received_by_fd[key.fd]
                    try:
                        chunk = client.recv(65536)
                    except OSError:
                        chunk = b""
                    if chunk:
                        received[client] += chunk
                        continue
                    selector.unregister(client)
                    answer = received[client]
                    served += answer.startswith(b"HTTP/1.1 200 ") and answer.endswith(page)
        return served, time.perf_counter() - start
    finally:
        for client in clients:
            client.close()


def _one_get(port: int, page: bytes) -> float | None:
    """Seconds for one ordinary GET, or None if it was not answered in time."""
    start = time.perf_counter()
    try:
        with socket.create_connection((HOST, port), timeout=SOCKET_TIMEOUT_S) as client:
            client.sendall(REQUEST)
            answer = b""
            while chunk := client.recv(65536):
                answer += chunk
    except OSError:
        return None
    return time.perf_counter() - start if answer.endswith(page) else None


def _first_after_burst(
    port: int, process: subprocess.Popen[str], clients: int, page: bytes
) -> float | None:
    """Seconds to answer an ordinary GET that comes just behind a burst of ``clients``
    slow connections, all waiting in the backlog at once (the server is paused with
    SIGSTOP while they connect, as a busy machine would hold it); None if unanswered."""
    slow: list[socket.socket] = []
    process.send_signal(signal.SIGSTOP)
    try:
        with contextlib.suppress(OSError):
            slow.extend(_connect(port, clients))
        for client in slow:
            client.sendall(SLOW_START)
        with socket.create_connection((HOST, port), timeout=SOCKET_TIMEOUT_S) as probe:
            probe.sendall(REQUEST)
            start = time.perf_counter()
            process.send_signal(signal.SIGCONT)
            answer = b""
            while chunk := probe.recv(65536):
                answer += chunk
        return time.perf_counter() - start if answer.endswith(page) else None
    except OSError:
        return None
    finally:
        process.send_signal(signal.SIGCONT)
        for client in slow:
            client.close()


def run_once(site: Path, clients: int, probes: int) -> dict[str, float]:
    page = (site / "index.html").read_bytes()
    with _server(site) as (port, process):
        served, seconds = _simultaneous_gets(port, clients, page)
        first = _first_after_burst(port, process, clients, page)
        slow = _connect(port, clients)
        try:
            for client in slow:
                client.sendall(SLOW_START)
            # Give the server a moment to take every slow connection in (not a measurement).
            time.sleep(1.0)
            times = [_one_get(port, page) for _ in range(probes)]
            answered = [t for t in times if t is not None]
            served_slow, seconds_slow = _simultaneous_gets(port, clients, page)
        finally:
            for client in slow:
                client.close()
    return {
        "served": served,
        "seconds": seconds,
        "first after burst s": float("nan") if first is None else first,
        "probes answered": len(answered),
        "probe median s": statistics.median(answered) if answered else float("nan"),
        "probe max s": max(answered) if answered else float("nan"),
        "served beside slow": served_slow,
        "seconds beside slow": seconds_slow,
    }


def _small_site(folder: Path) -> Path:
    (folder / "index.html").write_bytes(PAGE)
    return folder


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3, help="runs (default 3; medians shown)")
    parser.add_argument("--clients", type=int, default=1000, help="connections (default 1000)")
    parser.add_argument("--probes", type=int, default=5, help="normal GETs beside the slow ones")
    parser.add_argument("--site", type=Path, help="a built site holding index.html")
    args = parser.parse_args(argv)
    if not 1 <= args.runs <= 20 or not 1 <= args.clients <= 5000 or not 1 <= args.probes <= 50:
        parser.error("--runs 1..20, --clients 1..5000, --probes 1..50")
    # Two sets of client sockets at most, plus the server's own (a child process).
    _raise_open_files(2 * args.clients + 256)
    with tempfile.TemporaryDirectory() as scratch:
        site = args.site if args.site is not None else _small_site(Path(scratch))
        results = []
        for run in range(1, args.runs + 1):
            result = run_once(site, args.clients, args.probes)
            results.append(result)
            shown = ", ".join(f"{key} {value:.4g}" for key, value in result.items())
            print(f"run {run}: {shown}", flush=True)
    print(f"median of {args.runs} runs, {args.clients} clients:")
    for key in results[0]:
        print(f"  {key:>20}: {statistics.median(r[key] for r in results):.4g}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
