"""``seven-rocks serve``: the built site over HTTP, on Waitress.

The answers come from ``seven_rocks.site.static`` (WhiteNoise: the files, their compressed
copies, ETags, the security headers); this module runs them on Waitress, a WSGI server
made for serving real traffic, and sets it up for what a static site meets:

* **Many clients at once.** Connections are read and written by one event loop, so an open
  connection costs a file descriptor and a little memory, not a thread; the listen backlog
  is 2,048 and the connection limit follows the open-file limit (raised to its hard limit
  at start-up). A thousand simultaneous requests are all served, and a thousand slow or
  idle connections (slowloris) do not stop anyone else; idle ones are dropped after
  ``IDLE_TIMEOUT_S`` seconds.
* **Every answer carries the security headers**, Waitress's own error pages (a malformed
  request line, an oversized header) included.
* **No ``Server`` header**: nothing names the software or its version.
* **``Expect: 100-continue``** is answered with "100 Continue" only when a body is to come;
  a request without one is answered at once.
* **HTTP/1.1 keep-alive**, and stopping the server hangs up on kept-alive connections, so a
  stopped server looks stopped to a browser (the offline tests rely on it).
"""

from __future__ import annotations

import contextlib
import logging
import signal
import threading
from collections.abc import Iterator
from pathlib import Path
from types import FrameType
from typing import Any

from waitress.adjustments import Adjustments
from waitress.channel import HTTPChannel
from waitress.server import TcpWSGIServer
from waitress.task import ErrorTask, ThreadedTaskDispatcher
from waitress.wasyncore import close_all, loop

from seven_rocks.site.static import (
    CONTENT_SECURITY_POLICY,
    ENCODINGS,
    HEADER_ONLY_POLICY,
    MIME_TYPES,
    SECURITY_HEADERS,
    SiteApp,
    accepted_encodings,
)

__all__ = [
    "BACKLOG",
    "CONTENT_SECURITY_POLICY",
    "ENCODINGS",
    "HEADER_ONLY_POLICY",
    "IDLE_TIMEOUT_S",
    "MIME_TYPES",
    "SiteServer",
    "accepted_encodings",
    "make_server",
    "serve",
    "serving",
]

#: Connections the kernel may queue before the server accepts them.
BACKLOG = 2048
#: An idle connection (kept alive, or sending its headers too slowly) is closed after this.
IDLE_TIMEOUT_S = 30
#: Threads that run the WSGI application; sending the bytes is the event loop's job.
THREADS = 8
# Room kept in the open-file limit for the files being sent, the trigger pipe, logs.
_SPARE_FILES = 64
_MAX_CONNECTIONS = 10_000
# How often the event loop wakes without traffic (it also wakes when asked to stop).
_LOOP_TIMEOUT_S = 1.0


class _ErrorTask(ErrorTask):  # type: ignore[misc]  # waitress ships no type hints
    """Waitress's error page (400, 431, 500...) with the site's security headers."""

    def execute(self) -> None:
        self.response_headers.extend(SECURITY_HEADERS)
        super().execute()


class _Channel(HTTPChannel):  # type: ignore[misc]
    error_task_class = _ErrorTask

    def send_continue(self) -> None:
        """ "100 Continue" only to a request whose body is still to come. Waitress sends it to
        any request that asks (``Expect: 100-continue``) and marks the request unfinished
        so as to read the body; a request without one (a GET) then never finished, and the
        client waited for an answer that never came. Such a request is answered at once."""
        if self.request.completed:
            self.request.expect_continue = False
            return
        super().send_continue()


class _Listener(TcpWSGIServer):  # type: ignore[misc]
    """Waitress's listener, taking in every waiting connection at once.

    Waitress accepts one connection each time the loop finds the listening socket ready,
    and every turn of the loop polls every open connection: after a burst of 2,000 slow
    clients the next ordinary client would wait seconds in the backlog behind them (a cost
    that grows with the square of the burst).  Here one ready event drains the backlog.
    """

    channel_class = _Channel

    def handle_accept(self) -> None:
        for _ in range(BACKLOG):
            before = len(self._map)
            if before >= self.adj.connection_limit:
                return
            super().handle_accept()
            if len(self._map) == before:  # nothing was waiting (or the client had gone)
                return


def _open_file_limit() -> int:
    """The soft limit on open files, first raised towards what ``_MAX_CONNECTIONS`` needs
    (as far as the hard limit allows): each connection is a file descriptor, and many
    systems start processes at 1,024 or fewer."""
    needed = 2 * _MAX_CONNECTIONS + _SPARE_FILES
    try:
        import resource
    except ImportError:  # pragma: no cover - Windows: no such limit to raise
        return needed
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft == resource.RLIM_INFINITY:
        return needed
    wanted = needed if hard == resource.RLIM_INFINITY else min(hard, needed)
    if soft < wanted:
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
            soft = wanted
    return soft


def connection_limit() -> int:
    """How many connections the server keeps open at once: half of the open files it may
    have (a connection sending a file holds two), at most ``_MAX_CONNECTIONS``."""
    return max(100, min(_MAX_CONNECTIONS, (_open_file_limit() - _SPARE_FILES) // 2))


class SiteServer:
    """Waitress listening for one site; ``run`` serves until ``stop`` (from any thread).

    Construction binds the socket(s), so the URL is known (and port 0 resolved) before
    serving starts.
    """

    def __init__(self, directory: Path | str, host: str = "127.0.0.1", port: int = 8000) -> None:
        root = Path(directory)
        if not root.is_dir():
            raise FileNotFoundError(f"{root} is not a directory: build the site first")
        self._map: dict[int, Any] = {}
        self._stopping = threading.Event()
        adjustments = Adjustments(
            host=host,
            port=port,
            threads=THREADS,
            backlog=BACKLOG,
            connection_limit=connection_limit(),
            channel_timeout=IDLE_TIMEOUT_S,
            cleanup_interval=min(IDLE_TIMEOUT_S, 10),
            asyncore_use_poll=True,  # select() cannot watch descriptors above 1,023
            asyncore_loop_timeout=_LOOP_TIMEOUT_S,
            ident="",  # no Server header
        )
        # A page load is ~20 requests at once: a queue of tasks is normal, not worth a
        # warning per request on the terminal.
        logging.getLogger("waitress.queue").setLevel(logging.ERROR)
        self._dispatcher = ThreadedTaskDispatcher()
        self._dispatcher.set_thread_count(adjustments.threads)
        app = SiteApp(root)
        try:
            self._listeners = [
                _Listener(app, self._map, dispatcher=self._dispatcher, adj=adjustments, sockinfo=at)
                for at in adjustments.listen
            ]
        except BaseException:
            self._close()
            raise

    @property
    def url(self) -> str:
        """The first listening address as a base URL, ending in ``/``."""
        listener = self._listeners[0]
        host = listener.effective_host
        if ":" in host:  # an IPv6 literal
            host = f"[{host}]"
        return f"http://{host}:{listener.effective_port}/"

    def run(self) -> None:
        """Serve until ``stop`` is called or the loop is interrupted (Ctrl+C), then close
        every connection and the listening sockets."""
        try:
            while self._map and not self._stopping.is_set():
                loop(timeout=_LOOP_TIMEOUT_S, use_poll=True, map=self._map, count=1)
        finally:
            self._close()

    def stop_soon(self) -> None:
        """Ask ``run`` to finish within a loop timeout (a second), taking no lock: safe in a
        signal handler, which may run while the loop holds one of waitress's locks."""
        self._stopping.set()

    def stop(self) -> None:
        """Ask ``run`` to finish (safe from another thread); it wakes up at once."""
        self._stopping.set()
        for listener in self._listeners:
            with contextlib.suppress(OSError):
                listener.pull_trigger()

    def _close(self) -> None:
        close_all(self._map, ignore_all=True)
        self._dispatcher.shutdown(timeout=5)


def make_server(directory: Path | str, host: str = "127.0.0.1", port: int = 8000) -> SiteServer:
    """Bind a server for ``directory`` on ``host:port`` (port 0 picks a free port)."""
    return SiteServer(directory, host, port)


def serve(directory: Path | str, host: str = "127.0.0.1", port: int = 8000) -> str:
    """Serve ``directory`` until interrupted (Ctrl+C), printing the URL first.

    Returns the URL it served once the server has stopped.
    """
    server = make_server(directory, host, port)
    url = server.url
    print(f"Serving {directory} at {url} (Ctrl+C to stop)", flush=True)
    # Ctrl+C only raises a flag: a KeyboardInterrupt raised wherever the loop happens to be
    # can leave one of waitress's locks held, and closing the connections then waits on it
    # forever (a test saw the server ignore SIGINT that way). A second Ctrl+C interrupts.
    main_thread = threading.current_thread() is threading.main_thread()
    previous = signal.getsignal(signal.SIGINT) if main_thread else None
    if previous is None:  # not set from Python: what the interpreter starts with
        previous = signal.default_int_handler

    def interrupted(signum: int, frame: FrameType | None) -> None:
        server.stop_soon()
        signal.signal(signal.SIGINT, signal.default_int_handler)

    if main_thread:
        signal.signal(signal.SIGINT, interrupted)
    try:
        with contextlib.suppress(KeyboardInterrupt):
            server.run()
    finally:
        if main_thread:
            signal.signal(signal.SIGINT, previous)
    return url


@contextlib.contextmanager
def serving(directory: Path | str, host: str = "127.0.0.1", port: int = 0) -> Iterator[str]:
    """Serve ``directory`` from a background thread for the ``with`` block.

    Yields the base URL (ending in ``/``); on exit the server stops, hangs up on every open
    connection and closes its socket, so tests can start and stop as many as they like.
    """
    server = make_server(directory, host, port)
    thread = threading.Thread(target=server.run, name="seven-rocks-serve", daemon=True)
    thread.start()
    try:
        yield server.url
    finally:
        server.stop()
        thread.join(timeout=10)
