"""``seven-rocks build``: make the static site (page, engine zip, PyScript, Pyodide)."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from ..build import BuildError, build


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "build",
        help="build the static site into a folder ready to serve or upload",
        description="Copy the page, the engine (as one zip) and the PyScript and Pyodide "
        "runtimes from node_modules (run `npm ci` first) into OUT.",
    )
    parser.add_argument(
        "--out", type=Path, default=Path("dist"), metavar="OUT", help="output folder (default dist)"
    )
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from ..cli import UsageError

    try:
        out = build(args.out)
    except BuildError as error:
        raise UsageError(str(error)) from None
    print(f"Built the site in {out}")
    return 0
