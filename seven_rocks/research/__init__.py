"""Research yardsticks, never offered in the game (:data:`seven_rocks.bots.BOTS` never lists them).

* ``oracle`` is **not a fair player**: it is given the true hands.  The tournament runner
  hands them over through its explicit ``choose_with_hands`` method; a
  :class:`~seven_rocks.engine.view.PlayerView` never leaks them.
* ``master-150-uniform``, ``master-500-weighted``, ``master-1000-weighted``,
  ``master-1000-weighted-raced``, ``master-1000-inferred``, ``master-150-chances`` and
  ``master-1000-chances`` are fair (a view only): the master's search frozen at settings no
  level uses, so every change of the default ``master`` is measured side by side
  (:mod:`.variants`).
"""

from __future__ import annotations

from ..bots import BotFactory, register_research
from .oracle import OracleBot
from .variants import VARIANT_BOTS

#: Yardsticks for tournaments only, by name.
RESEARCH_BOTS: dict[str, BotFactory] = {OracleBot.name: OracleBot, **VARIANT_BOTS}

#: Names the golden tournament records (``tests/golden/``) seat their yardsticks by: they
#: stay readable, as the bot that plays the same search.
ALIASES: dict[str, str] = {
    "master-v1": "master-150-uniform",
    "master-h1000": "master-1000-weighted",
}

# The bot registry's "research" tier: importing this package (as the tournament runner and
# the command line do) is what makes these names known there.
register_research(RESEARCH_BOTS, aliases=ALIASES)

__all__ = ["ALIASES", "RESEARCH_BOTS", "OracleBot"]
