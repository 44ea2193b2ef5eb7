"""JSON Lines files of records: one game per line, streamed, each line within the limit."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import IO

from ..errors import RecordError, RecordTooLargeError
from ..game import Game
from .limits import MAX_RECORD_BYTES, utf8_size
from .reader import loads
from .writer import dumps


def write_jsonl(games: Iterable[Game], stream: IO[str]) -> int:
    """Write one record per line; returns how many were written."""
    count = 0
    for game in games:
        stream.write(dumps(game) + "\n")
        count += 1
    return count


def read_jsonl(
    source: Path | str | IO[str] | IO[bytes], *, max_bytes: int = MAX_RECORD_BYTES
) -> Iterator[Game]:
    """Replay every record of a JSON Lines file, lazily; errors name the line.

    The file is streamed: one line at a time, and never more than ``max_bytes`` of one
    (a longer line is refused before the rest of it is read), so memory stays bounded
    whatever the file holds.  A path is read as UTF-8 bytes; an open stream may give
    bytes or text.
    """
    if isinstance(source, str | Path):
        with open(source, "rb") as stream:
            yield from read_jsonl(stream, max_bytes=max_bytes)
        return
    for number, line in enumerate(_lines(source, max_bytes), start=1):
        try:
            if line is None:
                raise RecordTooLargeError(f"the record is larger than {max_bytes:,} bytes")
            text = _decode(line, first=number == 1)
            if text.strip():
                yield loads(text, max_bytes=max_bytes)
        except RecordError as error:
            raise type(error)(f"game on line {number}: {error}") from None


def _lines(stream: IO[str] | IO[bytes], max_bytes: int) -> Iterator[str | bytes | None]:
    """Each line without its ending, or None for one over ``max_bytes`` (and then stop)."""
    while True:
        # Room for the limit, a CRLF, and one more byte to notice a line that is over.
        line: str | bytes = stream.readline(max_bytes + 3)
        if not line:
            return
        body: str | bytes
        if isinstance(line, bytes):
            body = line.rstrip(b"\r\n")
            size = len(body)
        else:
            body = line.rstrip("\r\n")
            size = utf8_size(body)
        if size > max_bytes:
            yield None
            return
        yield body


def _decode(line: str | bytes, *, first: bool) -> str:
    if isinstance(line, str):
        return line
    try:  # a byte-order mark may open the file
        return line.decode("utf-8-sig" if first else "utf-8")
    except UnicodeDecodeError as error:
        raise RecordError(f"not UTF-8 text (byte {error.start + 1} of the line)") from None
