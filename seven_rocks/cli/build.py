"""``seven-rocks build``: make the static site (page, engine zip, PyScript, Pyodide)."""

from __future__ import annotations

import argparse
import contextlib
import signal
import threading
from collections.abc import Iterator
from pathlib import Path
from types import FrameType
from typing import Any

from ..site.build import BuildError, build


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "build",
        help="build the static site into a folder ready to serve or upload",
        description="Copy the page, the engine (as one zip) and the PyScript and Pyodide "
        "runtimes from node_modules (run `npm ci` first) into OUT, with a Pyodide memory "
        "snapshot (made with Node) that lets the page skip Python's start-up. OUT is "
        "replaced whole at the end, so a server may keep serving it meanwhile; a folder "
        "that an earlier build did not make is refused, never overwritten.",
    )
    parser.add_argument(
        "--out", type=Path, default=Path("dist"), metavar="OUT", help="output folder (default dist)"
    )
    parser.add_argument(
        "--no-snapshot",
        dest="snapshot",
        action="store_false",
        help="leave out the Pyodide memory snapshot (made with Node); the page then starts "
        "Python the ordinary way, about 1.5 s slower from the offline cache",
    )
    parser.add_argument(
        "--no-minify",
        dest="minify",
        action="store_false",
        help="ship the page's JavaScript and CSS as written (esbuild bundles and minifies "
        "them by default), e.g. to debug in the browser",
    )
    parser.set_defaults(func=run)


def _stop(signum: int, frame: FrameType | None) -> None:
    """SIGTERM as an exception: the build then removes its half-built staging folder (and
    ``subprocess.run`` stops the Node child it waits for) before the process ends."""
    raise SystemExit(128 + signum)


@contextlib.contextmanager
def _stopped_cleanly() -> Iterator[None]:
    """While the build runs, SIGTERM ends it the way Ctrl+C does, cleaning up."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGTERM, _stop)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


def run(args: argparse.Namespace) -> int:
    from . import UsageError

    try:
        with _stopped_cleanly():
            out = build(args.out, snapshot=args.snapshot, minify=args.minify)
    except BuildError as error:
        raise UsageError(str(error)) from None
    print(f"Built the site in {out}")
    return 0
