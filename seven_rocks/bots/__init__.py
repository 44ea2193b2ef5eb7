"""Computer players, found by name: ``make_bot("greedy", seed=1)``."""

from __future__ import annotations

from .base import Bot
from .simple import GreedyBot, RandomBot

#: Every bot by its name; the order is the strength ladder, weakest first.
BOTS: dict[str, type[Bot]] = {cls.name: cls for cls in (RandomBot, GreedyBot)}


def make_bot(name: str, seed: int | None = None) -> Bot:
    """A bot by name; unknown names raise ``ValueError`` listing the known ones."""
    try:
        cls = BOTS[name]
    except KeyError:
        raise ValueError(f"unknown bot {name!r} (choose from {', '.join(BOTS)})") from None
    return cls(seed)


__all__ = ["BOTS", "Bot", "GreedyBot", "RandomBot", "make_bot"]
