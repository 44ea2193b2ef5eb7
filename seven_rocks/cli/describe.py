"""Plain-English accounts of games for the command line's ``replay`` (and terminal-safe text:
:func:`printable`); the browser draws games itself, so this stays out of the engine's zip.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from ..engine.events import GameWon, Passed, Placed, RoundSettled, RoundStarted
from ..engine.game import Game
from ..engine.round import SEAT_NAMES, End
from ..engine.scoring import round_to_five

#: How much of a player's name an account shows (names come from records anyone can write).
NAME_LIMIT = 32


def printable(text: str, limit: int | None = None) -> str:
    r"""``text`` safe for a terminal, cut to ``limit`` characters with an ellipsis.

    Control and other invisible characters are written as escapes (``\x1b``, ``\u202e``)
    so that a name in a record cannot retitle the window, move the cursor or hide text.

    >>> printable("Ann\x1b]0;pwned\x07"), printable("Zoë Ødegård"), printable("x" * 9, 5)
    ('Ann\\x1b]0;pwned\\x07', 'Zoë Ødegård', 'xxxx…')
    """
    if limit is not None and len(text) > limit:
        text = text[: limit - 1] + "…"
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() else c.encode("unicode_escape").decode() for c in text)


def seat_name(seat: int, names: Sequence[str] | None = None) -> str:
    position = SEAT_NAMES[seat]
    if names and names[seat] and names[seat] != position:
        return f"{position} ({printable(names[seat], NAME_LIMIT)})"
    return position


def team_name(team: int) -> str:
    return f"{SEAT_NAMES[team]} & {SEAT_NAMES[team + 2]}"


def describe_game(game: Game) -> Iterator[str]:
    """One line per event: each placement with its ends' arithmetic and points."""
    names = game.seats
    width = max(len(seat_name(s, names)) for s in range(4))
    number = 0
    for event in game.events:
        if isinstance(event, RoundStarted):
            number = 0
            how = "dominoed the last round" if event.by_domino else "won the draw"
            if event.draw:
                rolls = "; ".join(
                    ", ".join(f"{SEAT_NAMES[s]} {r}" for s, r in enumerate(rnd) if r is not None)
                    for rnd in event.draw
                )
                how += f" ({rolls})"
            yield ""
            yield f"Round {event.round}: {seat_name(event.opener, names)} opens, having {how}."
        elif isinstance(event, Placed):
            number += 1
            who = seat_name(event.seat, names).ljust(width)
            move = event.move
            where = f"{move.tile} on {move.at}" if move.at else f"{move.tile} to open"
            gain = f"+{event.points}" if event.points else ""
            yield (
                f"{number:3}. {who}  {where:<22} ends {event.sum_text:<20} {gain:>4}"
                f"   [{event.scores[0]} - {event.scores[1]}]"
            )
        elif isinstance(event, Passed):
            number += 1
            yield f"{number:3}. {seat_name(event.seat, names).ljust(width)}  passes"
        elif isinstance(event, RoundSettled):
            yield ("     Blocked: nobody can play." if event.end is End.BLOCKED else "     Domino!")
            for seat in range(4):
                hand = " ".join(str(t) for t in event.hands[seat]) or "(empty)"
                pips, lost = event.pips[seat], event.deductions[seat]
                yield (
                    f"     {seat_name(seat, names).ljust(width)}  {hand:<22} {pips:2} pips"
                    f" -> rounded {round_to_five(pips):2}, team {seat % 2} loses {lost}"
                )
            yield f"     Scores after round {event.round}: {event.scores[0]} - {event.scores[1]}"
        elif isinstance(event, GameWon):
            yield (
                f"     {team_name(event.team)} reach {event.scores[event.team]}: they win "
                f"{event.scores[0]} - {event.scores[1]}."
            )
