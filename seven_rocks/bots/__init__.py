"""Computer players, found by name: ``make_bot("greedy", seed=1)``.

This is the one registry that turns a name into a bot.  Names come in three tiers:

* ``"offered"``: :data:`BOTS`, what the game offers players, fair (they decide from a
  :class:`~seven_rocks.engine.view.PlayerView`), in strength order;
* ``"fair"`` adds :data:`PRESETS`, named strength levels of the search bot
  (``master-quick``, ...) for simulations, tournaments and benchmarks;
* ``"research"`` adds the yardsticks: ``oracle``, which sees hidden hands, and the
  master's search at settings no level uses (``master-150-uniform``, the yardstick,
  ``master-1000-weighted``, ...).  They live in :mod:`seven_rocks.research`, which
  registers them here when it is imported (:func:`register_research`): no bot module
  ever imports them, and the browser's copy of the package does not hold them at all.

>>> make_bot("master-quick", 1).name, bot_names("offered")
('master', ['random', 'greedy', 'expert', 'master'])
>>> make_bot("oracle")
Traceback (most recent call last):
...
seven_rocks.bots.UnknownBotError: unknown bot 'oracle' (choose from random, greedy, ...
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import partial
from typing import Literal

from ..engine.errors import SevenRocksError
from .base import Bot
from .expert import ExpertBot
from .master import LEVELS, MasterBot
from .simple import GreedyBot, RandomBot


class UnknownBotError(SevenRocksError):
    """A name the registry does not know (in the tier asked for)."""


#: Makes a bot from its seed (``None``: an unseeded bot).
BotFactory = Callable[[int | None], Bot]
#: Which names a caller accepts (see the module docstring).
Tier = Literal["offered", "fair", "research"]

#: Every bot the game offers, by its name; the order is the strength ladder, weakest first.
BOTS: dict[str, type[Bot]] = {cls.name: cls for cls in (RandomBot, GreedyBot, ExpertBot, MasterBot)}

#: Named levels of the search bot (``master-quick``, ``master-strong``, ...): fair players
#: that trade strength for time, valuing a round by its points.  ``master`` itself plays
#: ``master-default``'s search for the game (``master.PLAY``).
PRESETS: dict[str, BotFactory] = {
    f"master-{level}": partial(MasterBot, level=level) for level in LEVELS
}


#: The research tier's bots, filled in by :mod:`seven_rocks.research` when it is imported.
_RESEARCH_BOTS: dict[str, BotFactory] = {}
#: Other names the research tier reads (kept for stored records), each to a bot's own name.
_RESEARCH_ALIASES: dict[str, str] = {}


def register_research(
    bots: Mapping[str, BotFactory], *, aliases: Mapping[str, str] | None = None
) -> None:
    """Add research yardsticks to the ``"research"`` tier (:mod:`seven_rocks.research` does)."""
    _RESEARCH_BOTS.update(bots)
    _RESEARCH_ALIASES.update(aliases or {})


def factories(tier: Tier = "fair") -> dict[str, BotFactory]:
    """Every bot constructor of ``tier``, by name, in ladder order."""
    out: dict[str, BotFactory] = dict(BOTS)
    if tier == "offered":
        return out
    out.update(PRESETS)
    if tier == "research":
        out.update(_RESEARCH_BOTS)
    return out


def bot_names(tier: Tier = "fair") -> list[str]:
    """The names ``tier`` offers, in ladder order (the research tier also reads aliases)."""
    return list(factories(tier))


def bot_factory(name: str, tier: Tier = "fair") -> BotFactory:
    """The constructor of a bot by name; an unknown name raises a one-line
    :class:`UnknownBotError`."""
    known = factories(tier)
    if tier == "research":
        name = _RESEARCH_ALIASES.get(name, name)
    try:
        return known[name]
    except KeyError:
        raise UnknownBotError(f"unknown bot {name!r} (choose from {', '.join(known)})") from None


def make_bot(name: str, seed: int | None = None, tier: Tier = "fair") -> Bot:
    """A bot by name (see :func:`bot_factory`), seeded for reproducible choices."""
    return bot_factory(name, tier)(seed)


__all__ = [
    "BOTS",
    "PRESETS",
    "Bot",
    "BotFactory",
    "ExpertBot",
    "GreedyBot",
    "MasterBot",
    "RandomBot",
    "Tier",
    "UnknownBotError",
    "bot_factory",
    "bot_names",
    "factories",
    "make_bot",
    "register_research",
]
