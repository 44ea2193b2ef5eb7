"""Opening the file a command writes its records to, without ever replacing one by surprise.

Opening ``F`` of ``simulate --record F`` or ``tournament --record F`` for writing would
empty a file that is already there: hours of games, or some unrelated file named by a
slip of the keyboard.  So :func:`open_new` refuses an existing regular file unless the user
said ``--force``; a device or a pipe (``/dev/null``, a FIFO) is written to as asked, since
writing to it loses nothing that was there.

A file a command makes at its end (``puzzles --out``, ``simulate --record``) is written whole
or not at all (:func:`write_whole`): into a temporary file beside it, which takes its name
only once every byte is written, so a failure, a full disk or Ctrl-C halfway leaves the file
that was there as it was (even when it is also the file read, as ``puzzles --extend F --out
F``). ``tournament --record`` is the exception by design: it writes each finished pair as it
goes, so that ``--resume`` can continue a sitting that was killed, and cuts off the
unfinished last pair it finds.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import stat
import tempfile
from collections.abc import Iterator
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


def check_new(path: str, *, force: bool) -> None:
    """Refuse, before any work, to replace the existing regular file ``path`` unasked."""
    if force:
        return
    with contextlib.suppress(FileNotFoundError):
        if stat.S_ISREG(os.stat(path).st_mode):
            raise ExistingFileError(
                f"{path} already exists: give --force to replace it, or another file"
            )


@contextlib.contextmanager
def write_whole(path: str, *, force: bool) -> Iterator[IO[str]]:
    """A text stream that becomes ``path`` when the ``with`` block ends without error.

    Written into a temporary file in ``path``'s folder and renamed over ``path``
    (:func:`os.replace`, atomic on one file system) after it is flushed to the disk; on any
    error or interruption the temporary file is removed and ``path`` is left as it was. An
    existing regular file is replaced only with ``force`` (:func:`check_new`); a device or a
    pipe is written to directly (it holds nothing to lose, and cannot be renamed over).
    """
    check_new(path, force=force)
    target = os.path.realpath(path)  # a link's file is replaced, not the link
    try:
        mode: int | None = os.stat(target).st_mode
    except FileNotFoundError:
        mode = None
    if mode is not None and not stat.S_ISREG(mode):
        with open(path, "w", encoding="utf-8") as stream:
            yield stream
        return
    folder, name = os.path.split(target)
    handle, temporary = tempfile.mkstemp(dir=folder, prefix=f".{name}.", suffix=".part")
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            yield stream
            stream.flush()
            os.fsync(stream.fileno())
        os.chmod(temporary, stat.S_IMODE(mode) if mode is not None else _new_file_mode())
        check_new(path, force=force)  # made meanwhile by someone else: theirs stays
        os.replace(temporary, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise


def _new_file_mode() -> int:
    """The mode :func:`open` gives a new file: read-write for all, less the umask."""
    umask = os.umask(0o022)
    os.umask(umask)
    return 0o666 & ~umask


def add_record_options(parser: argparse.ArgumentParser, record_help: str) -> None:
    """``--record FILE`` (helped by ``record_help``) and the ``--force`` that lets it
    replace an existing file, as every command that writes records takes them."""
    parser.add_argument("--record", metavar="FILE", help=record_help)
    parser.add_argument(
        "--force", action="store_true", help="let --record replace a file that already exists"
    )


__all__ = ["ExistingFileError", "add_record_options", "check_new", "open_new", "write_whole"]
