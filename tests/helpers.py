"""Shared helpers for the tests: hands and rounds, the worker's door, the catalogues."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from seven_rocks import Round, Tile
from seven_rocks.app.dispatch import Dispatcher

WEB = Path(__file__).resolve().parents[1] / "web"


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


def ask(door: Dispatcher, method: str, **params: Any) -> Any:
    """The worker's reply to ``method`` with ``params``, through its JSON door."""
    return json.loads(door.handle(json.dumps({"method": method, "params": params})))


def load_catalogue(lang: str) -> dict[str, str]:
    """The page's strings in ``lang`` (``web/i18n/LANG.json``)."""
    data: dict[str, str] = json.loads((WEB / "i18n" / f"{lang}.json").read_text("utf-8"))
    return data
