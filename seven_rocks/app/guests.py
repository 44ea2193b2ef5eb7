"""Friends at the table on their own devices: what each may see, and their messages checked.

A *remote* seat is a person who plays on another device, connected to this one (the host)
by a data channel. The host's engine is the table: it deals, checks every move and sends
each guest only what that seat may know. A guest's snapshot is built from the
:class:`~seven_rocks.engine.view.PlayerView` the bots get (its own hand, the table, the
public history, hand sizes, scores), so it can hold no other hand's tile until the round's
settlement reveals the hands to everybody. Nor does it hold the game's seed: every deal
follows from the seed alone (and the bots' play from seeds made of it), so a guest who had it
could work out every hand. The host's device holds every hand, as the dealer; a guest's page
tells a new game by its number (``game``), and gets the seed only with the record, once the
game is over.

A guest's move arrives as the raw text of its message: anything can arrive on a channel, so
every step is checked here (size, JSON, shape, turn, legality) and a bad message is refused
with a reason the page words for the guest, and counted; the game never stops on one.

>>> kinds = seat_kinds([None, "remote", "expert", "remote"])
>>> kinds, remote_seats(kinds)
([None, 'remote', 'expert', 'remote'], [1, 3])
>>> read_move('{"t":"move","move":"1-4@4-4:line_b"}')
'1-4@4-4:line_b'
>>> read_move('{"t":"move"')
Traceback (most recent call last):
...
seven_rocks.app.guests.GuestRefusedError: malformed: the message is not JSON
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Final, Literal

from ..bots import BOTS, Bot
from ..engine.errors import SevenRocksError
from ..engine.game import Game
from ..engine.moves import PASS, Move
from . import checks
from .event_json import encode_events
from .protocol import PROTOCOL, RequestError, move_text
from .replies import Snapshot
from .seen import last_turn, offered, previous_table, scores_after
from .tables import TableCache
from .tally import tile_count

#: The seat kind of a person on another device (in ``bots``, beside the bots' names).
REMOTE: Final = "remote"
#: The longest message a guest may send, in bytes of UTF-8: a move is a few dozen.
MAX_GUEST_MESSAGE: Final = 512
#: Why a guest's message was refused (the page words each in the guest's language).
Reason = Literal["too-large", "malformed", "not-a-move", "not-your-turn", "illegal"]
REASONS: Final[tuple[Reason, ...]] = (
    "too-large",
    "malformed",
    "not-a-move",
    "not-your-turn",
    "illegal",
)


class GuestRefusedError(SevenRocksError):
    """A guest's message the table does not act on; ``reason`` says why in one word."""

    def __init__(self, reason: Reason, detail: str) -> None:
        super().__init__(f"{reason}: {detail}")
        self.reason: Reason = reason


def seat_kinds(value: object) -> list[str | None]:
    """Four seats, each a bot's name, :data:`REMOTE` or ``None`` (a person at this screen).
    South is the host's own seat: never remote."""
    kinds = checks.bots(value, (*BOTS, REMOTE))
    if kinds[0] == REMOTE:
        raise RequestError(
            "South is the host's own seat: a friend on another device sits elsewhere"
        )
    return kinds


def guest_name(value: object) -> str | None:
    """A guest's name as the game keeps it (see :func:`.checks.names`)."""
    return checks.names([value, None, None, None])[0]


def remote_seats(kinds: Sequence[str | None]) -> list[int]:
    """The seats played on other devices."""
    return [seat for seat, kind in enumerate(kinds) if kind == REMOTE]


def read_move(message: object) -> str:
    """The move text of a guest's ``{"t": "move", "move": "..."}`` message, or a refusal."""
    if not isinstance(message, str):
        raise GuestRefusedError("malformed", "a message is JSON text")
    if len(message.encode("utf-8", "replace")) > MAX_GUEST_MESSAGE:
        raise GuestRefusedError("too-large", f"a message is at most {MAX_GUEST_MESSAGE} bytes")
    try:
        data = json.loads(message)
    except (ValueError, RecursionError):
        raise GuestRefusedError("malformed", "the message is not JSON") from None
    if not isinstance(data, dict) or set(data) != {"t", "move"} or data["t"] != "move":
        raise GuestRefusedError("not-a-move", 'a move is {"t": "move", "move": "<move text>"}')
    text = data["move"]
    if not isinstance(text, str):
        raise GuestRefusedError("not-a-move", "a move's text is a string")
    return text


def check_move(game: Game, seat: int, text: str) -> Move:
    """``text`` as a move ``seat`` may make now, through the rules kernel, or a refusal."""
    if game.is_over or game.turn != seat:
        raise GuestRefusedError("not-your-turn", f"it is seat {game.turn}'s turn")
    try:
        move = Move.parse(text)
    except (SevenRocksError, ValueError):
        raise GuestRefusedError("illegal", f"{text[:40]!r} is no move") from None
    if move not in game.legal_moves():
        raise GuestRefusedError("illegal", f"{text[:40]!r} is not a legal move now")
    return move


class Guests:
    """The remote seats of one game: their refusals and each one's table, laid out for the
    shape of its own screen."""

    def __init__(self, kinds: Sequence[str | None], game: int = 0) -> None:
        #: Which game of the table this is: a guest's page tells a new game by it, as it
        #: may not by the seed.
        self.game = game
        self.seats = tuple(remote_seats(kinds))
        self.refused = [0, 0, 0, 0]
        self._tables = {seat: TableCache() for seat in self.seats}
        self._stand_ins: dict[int, Bot] = {}

    def stand_in(self, seat: int, make: Callable[[], Bot]) -> Bot:
        """The bot that plays for ``seat`` while its friend is away (one per seat and game,
        so its play follows from the game's seed)."""
        if seat not in self._stand_ins:
            self._stand_ins[seat] = make()
        return self._stand_ins[seat]

    def seat(self, value: int) -> int:
        """``value`` if it is a remote seat of this game."""
        if value not in self.seats:
            raise RequestError(f"seat {value} is not played on another device")
        return value

    def refuse(self, seat: int, count: int = 1) -> None:
        self.refused[seat] += count

    def view(
        self,
        game: Game,
        seat: int,
        kinds: Sequence[str | None],
        names: Sequence[str | None],
        aspect: float,
        since: int,
    ) -> Snapshot:
        """What the guest at ``seat`` may see: built from that seat's :class:`PlayerView`.
        In its ``bots``, the guest's own seat is the person at the screen (None) and every
        other person's seat is remote (on another device, the host's included)."""
        view = game.view(self.seat(seat))
        own_turn = not game.is_over and view.is_my_turn
        moves = view.legal_moves() if own_turn else []
        must_pass = own_turn and moves == [PASS]
        legal, texts = offered(moves)
        history = view.history
        before = scores_after(history[:since])
        snap: Snapshot = {
            "protocol": PROTOCOL,
            "game": self.game,
            "target": view.target,
            "round": view.round_number,
            "turn": view.turn,
            "opener": view.opener,
            "over": game.is_over,
            "winner": game.winner,
            "scores": list(view.scores),
            "gains": [view.scores[team] - before[team] for team in (0, 1)],
            "bots": [_seen_by(kind, other, seat) for other, kind in enumerate(kinds)],
            "names": list(names),
            "viewer": seat,
            "pass_to": None,
            "hand_sizes": list(view.hand_sizes),
            "hand": [str(tile) for tile in view.hand],
            "count": tile_count(view),
            "table": self._tables[seat].table(game.current, aspect),
            "human_turn": own_turn,
            "legal": legal,
            "moves": texts,
            "must_pass": must_pass,
            "pass_move": move_text(PASS) if must_pass else None,
            "last": last_turn(view.turns),
            "events_total": len(history),
            "events": encode_events(history, since),
        }
        previous = previous_table(game, aspect)
        if previous is not None:
            snap["previous_table"] = previous
        return snap


def _seen_by(kind: str | None, seat: int, guest: int) -> str | None:
    """A seat's kind as the guest at ``guest`` sees it."""
    if seat == guest:
        return None
    return REMOTE if kind is None or kind == REMOTE else kind
