"""How a seat is written in a game record's ``seats`` field: a bot by its name, a person as
``"human"`` or, when they gave a name, ``"human:<name>"`` (so a person called "expert" is never
taken for the bot). The replay viewer reads the same form back (web/js/model/people.js).

>>> seat_label(None, "Ana"), seat_label(None, None), seat_label("expert", None)
('human:Ana', 'human', 'expert')
>>> parse_seat_label("human:Ana"), parse_seat_label("human"), parse_seat_label("master")
((None, 'Ana'), (None, None), ('master', None))
>>> clean_name("  Ana   Maria "), clean_name("   "), clean_name("Ana \U0001f469\u200d\U0001f4bb")
('Ana Maria', None, 'Ana 👩\u200d💻')

What a name may hold is one rule, here: any characters but those in :data:`REFUSED` (the
controls, the bidirectional controls that reorder the text around them, the invisible
format characters, separators and tags, lone surrogates and noncharacters), and a zero-width
joiner or non-joiner only *inside* something, between two characters that are neither ASCII,
nor a space, nor refused, nor a joiner: an emoji sequence (``👩‍💻``, ``🏳️‍🌈``) or a script that
joins its letters so. A joiner at either end of a name, beside a space or an ASCII letter, or
doubled, is refused: it would make two names look alike. The page gets the same rule as the
pattern :data:`REFUSED_PATTERN_JS` (the fact ``name_refused`` in ``facts.js``), and drops
what it matches from a name as it is typed in, so it never sends a name the engine refuses.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Final

HUMAN: Final = "human"
#: A person's name is at most this many characters (Unicode code points; it must fit beside
#: a seat on a phone).
MAX_NAME: Final = 20

#: Characters a name never holds, as ranges of code points.
REFUSED: Final[tuple[tuple[int, int], ...]] = (
    (0x0000, 0x001F),  # C0 controls
    (0x007F, 0x009F),  # DEL, C1 controls
    (0x00AD, 0x00AD),  # soft hyphen (invisible)
    (0x061C, 0x061C),  # Arabic letter mark (bidi)
    (0x180E, 0x180E),  # Mongolian vowel separator (invisible)
    (0x200B, 0x200B),  # zero-width space
    (0x200E, 0x200F),  # left-to-right and right-to-left marks
    (0x2028, 0x202E),  # line and paragraph separators, bidi embeddings and overrides
    (0x2060, 0x206F),  # word joiner, invisible operators, bidi isolates, deprecated formats
    (0xD800, 0xDFFF),  # surrogates (alone: a broken character)
    (0xFEFF, 0xFEFF),  # zero-width no-break space (byte order mark)
    (0xFFF9, 0xFFFB),  # interlinear annotation controls
    (0xFFFE, 0xFFFF),  # noncharacters
    (0xE0000, 0xE007F),  # tags (invisible text)
)
#: The zero-width non-joiner and joiner: allowed only between two :data:`JOINABLE` ones.
JOINERS: Final[tuple[tuple[int, int], ...]] = ((0x200C, 0x200D),)
#: What is never joinable: ASCII, the spaces, the joiners, the refused characters.
_NOT_JOINABLE: Final[tuple[tuple[int, int], ...]] = (
    (0x0000, 0x007F),
    (0x00A0, 0x00A0),
    (0x1680, 0x1680),
    (0x2000, 0x200A),
    (0x202F, 0x202F),
    (0x205F, 0x205F),
    (0x3000, 0x3000),
    *JOINERS,
    *REFUSED,
)


def _pattern(escape: Callable[[int], str]) -> str:
    """The rule as a regular expression matching each character a name may not hold, its
    code points written by ``escape`` (Python's and JavaScript's syntax differ there)."""

    def klass(ranges: Sequence[tuple[int, int]], negate: bool = False) -> str:
        inner = "".join(escape(a) if a == b else f"{escape(a)}-{escape(b)}" for a, b in ranges)
        return f"[{'^' if negate else ''}{inner}]"

    joiner, joinable = klass(JOINERS), klass(_NOT_JOINABLE, negate=True)
    return f"{klass(REFUSED)}|(?<!{joinable}){joiner}|{joiner}(?!{joinable})"


#: The rule in JavaScript's syntax (for ``new RegExp(pattern, "gu")``): the page's copy.
REFUSED_PATTERN_JS: Final = _pattern(lambda code: f"\\u{{{code:X}}}")
_REFUSED_IN_NAME: Final = re.compile(
    _pattern(lambda code: f"\\u{code:04X}" if code <= 0xFFFF else f"\\U{code:08X}")
)


def refused_in(text: str) -> list[str]:
    """The characters of ``text`` a name may not hold (where they stand), by the rule above."""
    return [match.group() for match in _REFUSED_IN_NAME.finditer(text)]


def clean_name(text: str) -> str | None:
    """A name as the game keeps it: runs of spaces made one, trimmed, blank made None.
    ``ValueError`` when it is longer than :data:`MAX_NAME` or holds a character the rule
    refuses (checked before the spaces are collapsed: the page checks the same text)."""
    refused = refused_in(text)
    if refused:
        raise ValueError(
            "a name holds printable characters only (no control, invisible or "
            "direction-changing ones; a zero-width joiner only inside an emoji or a word): "
            f"{refused[0]!a} in {text[:40]!a}"
        )
    name = " ".join(text.split())
    if len(name) > MAX_NAME:
        raise ValueError(f"a name is at most {MAX_NAME} characters: {text[:40]!r}")
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
