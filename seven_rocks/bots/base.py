"""The one interface every computer player implements, and how bots are found by name.

A bot is given a :class:`~seven_rocks.engine.view.PlayerView` (never the round or the game)
and answers with one of the view's legal moves.  Its randomness comes from its own
seeded ``random.Random``, so a bot with a seed is a deterministic function of the
views it is shown.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from typing import ClassVar

from ..engine.moves import Move
from ..engine.view import PlayerView


class Bot(ABC):
    """A computer player.  Subclasses set :attr:`name` and implement :meth:`choose`."""

    name: ClassVar[str]
    #: False only for research yardsticks that see hidden hands (never offered to players).
    fair: ClassVar[bool] = True

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed
        self.rng = random.Random(seed)

    @abstractmethod
    def choose(self, view: PlayerView) -> Move:
        """The move to make; ``view.is_my_turn`` is true and ``view.legal_moves()`` non-empty."""

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seed={self.seed})"
