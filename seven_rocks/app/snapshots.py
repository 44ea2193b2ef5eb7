"""The snapshot: everything the screen may see of the game now, and nothing more.

This is where the privacy line of the browser's worker is drawn, so it is a module of its
own: the only hand a snapshot carries is the viewer's (none while the device is being
handed over), the legal moves only on a person's turn at this screen, the events from the
page's index on.  :class:`~.session.Session` decides who is viewing; this module says what
they see.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..engine.game import Game
from ..engine.moves import PASS
from .event_json import encode_events
from .protocol import PROTOCOL, move_text
from .replies import Snapshot
from .seen import last_turn, offered, previous_table, scores_after
from .tables import TableCache
from .tally import tile_count


def snapshot_of(
    game: Game,
    *,
    number: int,
    viewer: int | None,
    pass_to: int | None,
    bot_names: list[str | None],
    bots: Sequence[object | None],
    names: list[str | None],
    tables: TableCache,
    refused: list[int] | None,
    aspect: float,
    since: int,
) -> Snapshot:
    """What ``viewer`` may see of ``game``, the session's game ``number`` (plus the events
    from index ``since`` on), the table drawn for ``aspect``; ``refused`` counts each
    friend's refused messages when friends play from their own devices."""
    rnd = game.current
    human_turn = (
        not game.is_over
        and bot_names[game.turn] is None
        and bots[game.turn] is None
        and viewer == game.turn
    )
    legal, moves = offered(game.legal_moves()) if human_turn else ({}, {})
    must_pass = human_turn and game.legal_moves() == [PASS]
    before = scores_after(game.events[:since])
    snap: Snapshot = {
        "protocol": PROTOCOL,
        "game": number,
        "seed": game.seed,
        "target": game.target,
        "round": game.round_number,
        "turn": game.turn,
        "opener": rnd.opener,
        "over": game.is_over,
        "winner": game.winner,
        "scores": list(game.scores),
        "gains": [game.scores[team] - before[team] for team in (0, 1)],
        "bots": bot_names,
        "names": names,
        "viewer": viewer,
        "pass_to": pass_to,
        "hand_sizes": list(rnd.hand_sizes()),
        "hand": [] if viewer is None else [str(t) for t in rnd.hand(viewer)],
        "count": None if viewer is None else tile_count(game.view(viewer)),
        "table": tables.table(rnd, aspect),
        "human_turn": human_turn,
        "legal": legal,
        "moves": moves,
        "must_pass": must_pass,
        "pass_move": move_text(PASS) if must_pass else None,
        "last": last_turn(rnd.turns),
        "events_total": len(game.events),
        "events": encode_events(game.events, since),
    }
    previous = previous_table(game, aspect)
    if previous is not None:
        snap["previous_table"] = previous
    if refused is not None:
        snap["refused"] = refused
    return snap


__all__ = ["snapshot_of"]
