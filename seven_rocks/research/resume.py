"""Continue a duplicate tournament from its own record: a long match in several sittings.

A 1,000-game match of the master against another search bot takes hours of CPU, more
than one sitting may have.  Every game's deals and bot seeds depend only on the
tournament seed and the pair's number (:mod:`.tournament`), so the games already in the
record need not be played again: :func:`read_played_pairs` replays them (every move
checked by the engine), checks that each is the game this match would have played at
that line, and tallies them, one pair at a time (memory does not grow with the record);
play then goes on from the next pair.  The
totals are those of one uninterrupted match; only the decision times, which a record
does not keep, cover the new games alone.

A sitting cut short (a killed process) can leave half a pair, or half a line, at the end
of the file: those are not counted, and :func:`read_played_pairs` says where the complete
pairs end so the caller can drop the rest before appending.  What is dropped must first be
proven to be this match's own: every complete line is replayed as the game the match plays
there, and an unfinished last line must be one of those games cut short (its head is the
one the match's record gives that line).  Anything else (a file of notes, another match's
record, a single record downloaded without its newline) is refused, so a resume never
shortens a file that is not the match's record.
"""

from __future__ import annotations

from typing import IO, Final

from ..engine.errors import RecordError, SevenRocksError
from ..engine.record import MAX_RECORD_BYTES, loads, parse_json, record_head
from .stats import GameFacts
from .tournament import GameOutcome, TournamentResult, deal_seed, seats_of

#: Games per duplicate pair: the deal set with A first, then with the teams swapped.
PAIR: Final = 2


class ResumeError(SevenRocksError):
    """The record cannot be continued as this match (one sentence, naming the line)."""


def read_played_pairs(stream: IO[bytes], into: TournamentResult, target: int) -> int:
    """Tally the complete duplicate pairs at the head of ``stream`` into ``into`` (a match's
    result, empty so far); returns the byte offset just after them.

    Raises :class:`ResumeError` when a complete line is not a valid record of the game
    the match plays at that line (other bots, seed, target or order); the stream is only
    read.  An unfinished last line or an unpaired last game is left out of the offset.
    """
    if into.games:
        raise ValueError("the games read back must be the first ones tallied")
    a, b, seed = into.a, into.b, into.seed
    pending: GameOutcome | None = None
    offset = 0
    position = 0
    number = 0
    while True:
        line = stream.readline(MAX_RECORD_BYTES + 1)
        if not line:
            break
        number += 1
        position += len(line)
        if not line.endswith(b"\n"):
            if len(line) > MAX_RECORD_BYTES:
                raise ResumeError(
                    f"line {number} of the record is longer than any game "
                    f"({MAX_RECORD_BYTES:,} bytes): it is not a tournament record"
                )
            _check_cut_line(line, number, a, b, seed, target)
            break  # the last line, cut off while it was written
        outcome = _check_game(line, number, a, b, seed, target)
        if pending is None:
            pending = outcome
        else:
            into.add_pair(pending, outcome)
            into.resumed += PAIR
            pending = None
            offset = position
    return offset


def _check_cut_line(line: bytes, number: int, a: str, b: str, seed: int, target: int) -> None:
    """Line ``number``, the last and without its newline, must be this match's game there,
    whole (a record saved without a final newline) or cut short while it was written."""
    try:
        parse_json(line.decode("utf-8"))
    except (RecordError, UnicodeDecodeError):
        pass  # not a whole JSON text: a cut-off record, if its head is this match's
    else:
        _check_game(line, number, a, b, seed, target)
        return
    head = record_head(target, seats_of((a, b), (number - 1) % PAIR == 0)).encode()
    if not (line.startswith(head) or head.startswith(line)):
        raise ResumeError(
            f"line {number} of the record is neither a game of {a} vs {b} to {target} "
            "nor one cut short: the file is not this match's record"
        )


def _check_game(line: bytes, number: int, a: str, b: str, seed: int, target: int) -> GameOutcome:
    """Line ``number`` (1-based) replayed, as the match's game on that line."""
    index = number - 1
    pair, half = divmod(index, PAIR)
    try:
        game = loads(line.decode("utf-8"))
    except (RecordError, UnicodeDecodeError) as error:
        raise ResumeError(f"line {number} of the record is not a valid game: {error}") from None
    a_first = half == 0
    expected = seats_of((a, b), a_first)
    differences = []
    if list(game.seats) != expected:
        differences.append(f"seats {', '.join(game.seats)}, not {', '.join(expected)}")
    if game.seed != deal_seed(seed, pair):
        differences.append("other deals (another seed, or games out of order)")
    if game.target != target:
        differences.append(f"target {game.target}, not {target}")
    if differences:
        raise ResumeError(
            f"line {number} of the record is not game {number} of {a} vs {b} with seed "
            f"{seed}: {'; '.join(differences)}"
        )
    if game.winner is None:
        raise ResumeError(f"line {number} of the record is a game that did not finish")
    return GameOutcome(facts=GameFacts.of(game), a_team=0 if a_first else 1)


__all__ = ["PAIR", "ResumeError", "read_played_pairs"]
