"""``seven-rocks serve``: serve the built site on 127.0.0.1 and print its URL."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from ..site.serve import serve
from .args import port_number


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "serve",
        help="serve the built site on 127.0.0.1 and print the URL",
        description="Serve a built site (see `seven-rocks build`) over HTTP on 127.0.0.1. "
        "Opening index.html as a file:// URL cannot work (module scripts and web workers "
        "need HTTP), so use this or any static host.",
    )
    parser.add_argument(
        "directory",
        nargs="?",
        type=Path,
        default=Path("dist"),
        help="the built site (default dist)",
    )
    parser.add_argument(
        "--port", type=port_number, default=8000, help="port (default 8000; 0 picks a free one)"
    )
    parser.add_argument("--host", default="127.0.0.1", help="address (default 127.0.0.1)")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from . import UsageError

    if not (args.directory / "index.html").is_file():
        raise UsageError(f"{args.directory} is not a built site: run `seven-rocks build` first")
    serve(args.directory, host=args.host, port=args.port)
    return 0
