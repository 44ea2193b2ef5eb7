"""Seven Rocks: partnership dominoes with a single spinner and fives scoring.

The engine imports only the standard library, so the same package runs in CPython
and in the browser under Pyodide.

>>> from seven_rocks import Game, Move
>>> game = Game(seed=1)
>>> move = game.legal_moves()[0]
>>> game.play(move) >= 0
True
"""

from __future__ import annotations

from .engine.errors import (
    IllegalMoveError,
    IllegalPassError,
    InvalidDealError,
    InvalidMoveError,
    InvalidTileError,
    NotYourTurnError,
    NumbersDontMatchError,
    PointNotOpenError,
    RecordError,
    RoundOverError,
    SevenRocksError,
    TileNotInHandError,
)
from .engine.events import Event, GameWon, Passed, Placed, RoundSettled, RoundStarted
from .engine.game import Game
from .engine.layout import Layout, ScoringEnd
from .engine.moves import ALL_MOVES, ALL_POINTS, PASS, Move, Point, Side
from .engine.round import End, Round, Turn
from .engine.scoring import DEFAULT_TARGET, placement_points, round_to_five
from .engine.tiles import ALL_TILES, DOUBLES, Tile
from .engine.view import PlayerView

__version__ = "0.1.0"

__all__ = [
    "ALL_MOVES",
    "ALL_POINTS",
    "ALL_TILES",
    "DEFAULT_TARGET",
    "DOUBLES",
    "PASS",
    "End",
    "Event",
    "Game",
    "GameWon",
    "IllegalMoveError",
    "IllegalPassError",
    "InvalidDealError",
    "InvalidMoveError",
    "InvalidTileError",
    "Layout",
    "Move",
    "NotYourTurnError",
    "NumbersDontMatchError",
    "Passed",
    "Placed",
    "PlayerView",
    "Point",
    "PointNotOpenError",
    "RecordError",
    "Round",
    "RoundOverError",
    "RoundSettled",
    "RoundStarted",
    "ScoringEnd",
    "SevenRocksError",
    "Side",
    "Tile",
    "TileNotInHandError",
    "Turn",
    "__version__",
    "placement_points",
    "round_to_five",
]
