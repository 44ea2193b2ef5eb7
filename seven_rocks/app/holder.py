"""Who holds the device: the people at one screen, and whose tiles may be shown face up.

Pass-and-play puts several people at one screen. A hand is private, so the session shows a
person's tiles only after that person has taken the device: when the turn moves to a person
other than the one holding it, the page must first show a pass screen and then ask for that
seat's view (:meth:`Holder.take`). Until then every snapshot has no hand at all, so a hidden
hand never reaches the page while the pass screen shows. While a bot plays, nobody's tiles
are shown either (the device may be lying on the table between two people).

With one person (the usual game) nothing of this applies: that person always sees their
hand, and a game of four bots shows South's hand.

>>> holder = Holder(people=(0, 2))
>>> holder.pass_to(turn=0, over=False), holder.viewer(turn=0, over=False)
(0, None)
>>> holder.take(0, turn=0, over=False)
>>> holder.pass_to(turn=0, over=False), holder.viewer(turn=0, over=False)
(None, 0)
>>> holder.viewer(turn=1, over=False) is None  # a bot's turn: no tiles face up
True
>>> holder.pass_to(turn=2, over=False)
2
"""

from __future__ import annotations

from collections.abc import Sequence

from ..engine.round import SEAT_NAMES
from .protocol import RequestError


class Holder:
    """The people at the table (seats without a bot) and the one holding the device."""

    def __init__(self, people: Sequence[int]) -> None:
        self.people = tuple(people)
        #: The person who confirmed last that they hold the device (None: nobody yet).
        self.holder: int | None = None

    @property
    def shared(self) -> bool:
        """More than one person plays at this screen."""
        return len(self.people) > 1

    def viewer(self, turn: int, over: bool) -> int | None:
        """The seat whose tiles the page may show face up now (None: nobody's)."""
        if not self.shared:
            return self.people[0] if self.people else 0
        if over or turn != self.holder:
            return None
        return self.holder

    def pass_to(self, turn: int, over: bool) -> int | None:
        """The person the device must be handed to before anything else happens, if any."""
        if not self.shared or over or turn not in self.people or turn == self.holder:
            return None
        return turn

    def take(self, seat: object, turn: int, over: bool) -> None:
        """``seat`` confirms they hold the device; only the person whose turn it is may."""
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat <= 3:
            raise RequestError(f"a seat is a whole number 0..3, not {seat!r}")
        if seat not in self.people:
            raise RequestError(f"{SEAT_NAMES[seat]} is not a person at this table")
        waiting = self.pass_to(turn, over)
        if seat != waiting and seat != self.viewer(turn, over):
            raise RequestError(
                f"it is not {SEAT_NAMES[seat]}'s turn: only the player to move takes the device"
            )
        if self.shared:
            self.holder = seat
