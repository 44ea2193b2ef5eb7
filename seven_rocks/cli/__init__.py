"""The ``seven-rocks`` command line (also ``python -m seven_rocks``).

Each subcommand lives in its own module of this package and registers
its parser; errors a user can cause (an unknown bot, a bad number, an unreadable or
invalid file: :data:`INPUT_ERRORS`) print one line on stderr and exit with status 2, never
a traceback.  Any other exception is a bug: its traceback is printed and the status is 1,
so a bug is never mistaken for a mistake of the user's.
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import sys
import traceback
from collections.abc import Sequence
from typing import Final, NoReturn

from .. import __version__
from ..engine.errors import SevenRocksError
from ..research.puzzles import PuzzleFileError
from .describe import printable

#: Subcommand modules, in the order ``--help`` lists them.
COMMANDS = (
    "simulate",
    "replay",
    "review",
    "puzzles",
    "tournament",
    "winchance",
    "build",
    "serve",
)

USAGE_ERROR = 2
#: The status of a command that met a bug (an exception no user input explains).
INTERNAL_ERROR = 1
#: The most of an error message printed: enough for any sentence of ours, never a whole
#: 10 MB field someone put in a record or on the command line.
MESSAGE_LIMIT = 400


class UsageError(Exception):
    """A mistake in what the user asked for: reported in one line, exit status 2."""


#: What a user's input or surroundings can cause, each said in one sentence with status 2:
#: a mistake in the command, input the project rejects (every :class:`SevenRocksError`),
#: a file that cannot be read or written, text that is not UTF-8 or not JSON, a bad puzzle
#: file.  Nothing else is caught as one: a plain ``ValueError`` is a bug.
INPUT_ERRORS: Final = (
    UsageError,
    SevenRocksError,
    OSError,
    UnicodeError,
    json.JSONDecodeError,
    PuzzleFileError,
)


class Parser(argparse.ArgumentParser):
    """An argument parser whose complaints are one line (usage stays behind ``--help``)."""

    def error(self, message: str) -> NoReturn:
        self.exit(USAGE_ERROR, f"{self.prog}: {one_line(message)} (see {self.prog} --help)\n")


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


def one_line(message: str) -> str:
    """A message as one short printable line (newlines and escapes shown, not obeyed)."""
    return printable(" ".join(message.split("\n")), MESSAGE_LIMIT)


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        status: int = args.func(args)
        if sys.stdout is not None:
            sys.stdout.flush()  # a full disk or a closed pipe is reported here, not at exit
    # BrokenPipeError is an OSError: it must be caught first.
    except BrokenPipeError:  # e.g. piped into `head`: the reader has what it wanted
        _discard_stdout()
        return 0
    except INPUT_ERRORS as error:
        print(f"seven-rocks {args.command}: {one_line(str(error))}", file=sys.stderr)
        try:  # what was printed before the error, unless stdout itself failed
            if sys.stdout is not None:
                sys.stdout.flush()
        except OSError:
            _discard_stdout()
        return USAGE_ERROR
    except KeyboardInterrupt:
        print(f"seven-rocks {args.command}: interrupted", file=sys.stderr)
        return 130
    except Exception:  # a bug: shown in full, never as a mistake of the user's
        print(f"seven-rocks {args.command}: internal error (a bug):", file=sys.stderr)
        traceback.print_exc()
        return INTERNAL_ERROR
    return status


def _discard_stdout() -> None:
    """Point stdout at /dev/null, so the interpreter's last flush does not fail again
    (what is still buffered goes there; it could not be written anyway)."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (AttributeError, OSError, ValueError):  # stdout is not a file (tests capture it)
        pass


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
