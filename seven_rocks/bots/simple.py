"""The two simplest players: ``random`` (any legal move) and ``greedy`` (most points now)."""

from __future__ import annotations

from ..engine.moves import Move
from ..engine.scoring import placement_points
from ..engine.view import PlayerView
from .base import Bot


class RandomBot(Bot):
    """Plays any legal move, uniformly: the baseline every other bot must crush."""

    name = "random"

    def choose(self, view: PlayerView) -> Move:
        moves = view.legal_moves()
        return moves[int(self.rng.random() * len(moves))]


def greedy_key(view: PlayerView, move: Move) -> tuple[int, int, int]:
    """Points now, then doubles first (a double matches only one number, so it is the
    tile most likely to get stuck), then the heavier tile (fewer pips left to deduct)."""
    tile = move.tile
    if tile is None:
        return (0, 0, 0)
    points = placement_points(view.layout.sum_after_move(move))
    return (points, tile.is_double, tile.pips)


class GreedyBot(Bot):
    """Takes the most points available now; ties go to doubles, then heavy tiles."""

    name = "greedy"

    def choose(self, view: PlayerView) -> Move:
        moves = view.legal_moves()
        return max(moves, key=lambda m: greedy_key(view, m))
