"""Opening the file a command writes its records to, without ever replacing one by surprise.

Opening ``F`` of ``simulate --record F`` or ``tournament --record F`` for writing would
empty a file that is already there: hours of games, or some unrelated file named by a
slip of the keyboard.  So :func:`open_new` refuses an existing regular file unless the user
said ``--force``; a device or a pipe (``/dev/null``, a FIFO) is written to as asked, since
writing to it loses nothing that was there.
"""

from __future__ import annotations

import argparse
import os
import stat
from typing import IO

from ..engine.errors import SevenRocksError


class ExistingFileError(SevenRocksError):
    """The record file already exists and replacing it was not asked for (one sentence)."""


def open_new(path: str, *, force: bool) -> IO[str]:
    """``path`` opened for writing text: created, or replaced only when ``force``.

    Raises :class:`ExistingFileError` for an existing regular file without ``force`` (the
    file is not opened, so not changed) and ``OSError`` when it cannot be written.
    """
    if force:
        return open(path, "w", encoding="utf-8")
    try:
        return open(path, "x", encoding="utf-8")
    except FileExistsError:
        if stat.S_ISREG(os.stat(path).st_mode):
            raise ExistingFileError(
                f"{path} already exists: give --force to replace it, or another file"
            ) from None
    return open(path, "w", encoding="utf-8")  # a device or a pipe: nothing in it to lose


def add_record_options(parser: argparse.ArgumentParser, record_help: str) -> None:
    """``--record FILE`` (helped by ``record_help``) and the ``--force`` that lets it
    replace an existing file, as every command that writes records takes them."""
    parser.add_argument("--record", metavar="FILE", help=record_help)
    parser.add_argument(
        "--force", action="store_true", help="let --record replace a file that already exists"
    )


__all__ = ["ExistingFileError", "add_record_options", "open_new"]
