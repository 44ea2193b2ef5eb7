"""How a seat is written in a game record's ``seats`` field: a bot by its name, a person as
``"human"`` or, when they gave a name, ``"human:<name>"`` (so a person called "expert" is never
taken for the bot). The replay viewer reads the same form back (web/js/game/people.js).

>>> seat_label(None, "Ana"), seat_label(None, None), seat_label("expert", None)
('human:Ana', 'human', 'expert')
>>> parse_seat_label("human:Ana"), parse_seat_label("human"), parse_seat_label("master")
((None, 'Ana'), (None, None), ('master', None))
>>> clean_name("  Ana   Maria "), clean_name("   ")
('Ana Maria', None)
"""

from __future__ import annotations

from typing import Final

HUMAN: Final = "human"
#: A person's name is at most this many characters (it must fit beside a seat on a phone).
MAX_NAME: Final = 20


def clean_name(text: str) -> str | None:
    """A name as the game keeps it: runs of spaces made one, trimmed, blank made None.
    ``ValueError`` when it is longer than :data:`MAX_NAME` or holds unprintable characters."""
    name = " ".join(text.split())
    if len(name) > MAX_NAME or not name.isprintable():
        raise ValueError(f"a name is at most {MAX_NAME} printable characters: {text!r}")
    return name or None


def seat_label(bot: str | None, name: str | None) -> str:
    """The record's text for a seat: the bot's name, else the person (with their name)."""
    if bot is not None:
        return bot
    return f"{HUMAN}:{name}" if name else HUMAN


def parse_seat_label(label: str) -> tuple[str | None, str | None]:
    """``(bot, name)`` from a record's seat text (``bot`` None for a person)."""
    if label == HUMAN:
        return None, None
    if label.startswith(f"{HUMAN}:"):
        return None, label[len(HUMAN) + 1 :] or None
    return label, None
