"""Research yardsticks, never offered in the game (:data:`seven_rocks.bots.BOTS` never lists them).

* ``oracle`` is **not a fair player**: it is given the true hands.  The tournament runner
  hands them over through its explicit ``choose_with_hands`` method; a
  :class:`~seven_rocks.engine.view.PlayerView` never leaks them.
* ``master-v1``, ``master-next``, ``master-h1000``, ``master-race`` and ``master-infer``
  are fair (a view only): the ``brisk`` search, frozen, so every
  change of the default ``master`` is measured side by side, and the candidate
  successors (:mod:`.masters`).
"""

from __future__ import annotations

from ..bots import register_research
from ..bots.base import Bot
from .masters import (
    MasterH1000Bot,
    MasterInferBot,
    MasterNextBot,
    MasterRaceBot,
    MasterV1Bot,
)
from .oracle import OracleBot

#: Yardsticks for tournaments only, by name.
RESEARCH_BOTS: dict[str, type[Bot]] = {
    cls.name: cls
    for cls in (
        OracleBot,
        MasterV1Bot,
        MasterNextBot,
        MasterH1000Bot,
        MasterRaceBot,
        MasterInferBot,
    )
}
# The bot registry's "research" tier: importing this package (as the tournament runner and
# the command line do) is what makes these names known there.
register_research(RESEARCH_BOTS)

__all__ = [
    "RESEARCH_BOTS",
    "MasterH1000Bot",
    "MasterInferBot",
    "MasterNextBot",
    "MasterRaceBot",
    "MasterV1Bot",
    "OracleBot",
]
