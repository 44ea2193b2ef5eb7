"""The ``seven-rocks`` command line (also ``python -m seven_rocks``).

Each subcommand lives in its own module of this package and registers
its parser; errors a user can cause (an unknown bot, a bad number, an unreadable or
invalid file) print one line on stderr and exit with status 2, never a traceback.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence
from typing import NoReturn

from .. import __version__
from ..engine.errors import SevenRocksError

#: Subcommand modules, in the order ``--help`` lists them.
COMMANDS = ("simulate", "replay", "review", "tournament", "build", "serve")

USAGE_ERROR = 2


class UsageError(Exception):
    """A mistake in what the user asked for: reported in one line, exit status 2."""


class Parser(argparse.ArgumentParser):
    """An argument parser whose complaints are one line (usage stays behind ``--help``)."""

    def error(self, message: str) -> NoReturn:
        self.exit(USAGE_ERROR, f"{self.prog}: {message} (see {self.prog} --help)\n")


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(
        prog="seven-rocks",
        description="Seven Rocks: partnership dominoes with a single spinner and fives scoring.",
    )
    parser.add_argument("--version", action="version", version=f"seven-rocks {__version__}")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for name in COMMANDS:
        module = importlib.import_module(f"{__package__}.{name}")
        module.register(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        status: int = args.func(args)
    except (UsageError, SevenRocksError, ValueError, OSError) as error:
        print(f"seven-rocks {args.command}: {error}", file=sys.stderr)
        return USAGE_ERROR
    except BrokenPipeError:  # e.g. piped into `head`: the reader has what it wanted
        sys.stderr.close()
        return 0
    except KeyboardInterrupt:
        print(f"seven-rocks {args.command}: interrupted", file=sys.stderr)
        return 130
    return status


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
