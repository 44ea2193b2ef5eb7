"""Research yardsticks that are **not fair players**: they are given the true hands.

Nothing here is offered in the UI (:data:`seven_rocks.bots.BOTS` never lists it).  The
tournament runner hands these bots the true hands through their explicit
``choose_with_hands`` method; a :class:`~seven_rocks.engine.view.PlayerView` never leaks them.
"""

from __future__ import annotations

from ..bots import register_research
from ..bots.base import Bot
from .oracle import OracleBot

#: Cheating bots for tournaments only, by name.
RESEARCH_BOTS: dict[str, type[Bot]] = {OracleBot.name: OracleBot}
# The bot registry's "research" tier: importing this package (as the tournament runner and
# the command line do) is what makes these names known there.
register_research(RESEARCH_BOTS)

__all__ = ["RESEARCH_BOTS", "OracleBot"]
