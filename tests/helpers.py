"""Shared helpers for the engine tests."""

from __future__ import annotations

from seven_rocks import Round, Tile


def hands_from(text: str) -> list[list[Tile]]:
    """Four hands from ``"0-0 0-1 ... | ... | ... | ..."`` (seat 0 first)."""
    return [[Tile.parse(t) for t in part.split()] for part in text.split("|")]


def snapshot(rnd: Round) -> tuple[object, ...]:
    """Everything observable about a round, to prove a rejected move changed nothing."""
    return (
        tuple(rnd.hand(s) for s in range(4)),
        rnd.layout.moves,
        rnd.layout.open_points(),
        rnd.layout.ends_sum,
        rnd.layout.spinner,
        rnd.turn,
        rnd.points,
        rnd.end,
        rnd.passes_in_a_row,
        rnd.turns,
    )
