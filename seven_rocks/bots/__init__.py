"""Computer players, found by name: ``make_bot("greedy", seed=1)``.

:data:`BOTS` is what the UI offers: fair players only (they decide from a
:class:`~seven_rocks.engine.view.PlayerView`), in strength order.  :data:`PRESETS` adds named
strength levels of the search bot for tournaments and benchmarks.  The research
yardstick that sees hidden hands lives apart, in :mod:`seven_rocks.research`.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from .base import Bot
from .expert import ExpertBot
from .master import LEVELS, MasterBot
from .simple import GreedyBot, RandomBot

#: Every bot by its name; the order is the strength ladder, weakest first.
BOTS: dict[str, type[Bot]] = {cls.name: cls for cls in (RandomBot, GreedyBot, ExpertBot, MasterBot)}

#: Named levels of the search bot (``master-quick``, ``master-strong``, ...): fair players
#: that trade strength for time.  ``master`` itself is ``master-default``.
PRESETS: dict[str, Callable[[int | None], Bot]] = {
    f"master-{level}": partial(MasterBot, level=level) for level in LEVELS
}


def make_bot(name: str, seed: int | None = None) -> Bot:
    """A bot by name; unknown names raise ``ValueError`` listing the known ones."""
    try:
        cls = BOTS[name]
    except KeyError:
        raise ValueError(f"unknown bot {name!r} (choose from {', '.join(BOTS)})") from None
    return cls(seed)


__all__ = ["BOTS", "PRESETS", "Bot", "ExpertBot", "GreedyBot", "MasterBot", "RandomBot", "make_bot"]
