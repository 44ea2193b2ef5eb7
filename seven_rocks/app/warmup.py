"""A throwaway round played in the worker at boot, so the person's first move is not the
first run of the engine's code.

Why: in the browser, Python runs inside Pyodide's WebAssembly interpreter, and V8 compiles
the interpreter's hot functions again, optimised, on background threads once they have run
enough (dynamic tier-up). The first move of a visit was the first time the move, the
bots, the table's geometry and the snapshot all ran, so it set off the biggest wave of
those compilations, right while the page drew that move. On a phone-class CPU (Chromium's
CPU throttled 4x, two cores) the wave took the cores from the page's main thread and the
move's frame grew from about 40 ms to 200-280 ms. Playing one round here, before the
engine says it is ready, moves that wave to the boot, where nothing is drawn yet; it costs
the boot about 20-45 ms in the browser (a fraction of a millisecond per move in CPython).

The round goes through its own :class:`~.session.Session`, the same door the page's
requests use (a person's moves with :meth:`~.session.Session.play`, the bots' with
:meth:`~.session.Session.step`, each followed by a snapshot), and is then dropped: it
shares nothing with the game being played.

>>> warm_up() > 0
True
"""

from __future__ import annotations

from .session import Session

#: The seats of the throwaway game: a person at South (so the person's side of the snapshot
#: runs too) and the cheapest bots elsewhere.
SEATS = (None, "greedy", "greedy", "greedy")

#: At most this many moves (a round has at most 28 tiles and a few passes).
LIMIT = 40


def warm_up(seed: int = 0) -> int:
    """Play one throwaway round (South plays its first legal move); return the moves made."""
    session = Session()
    snap = session.new_game(seed=seed, bots=SEATS)
    first_round = snap["round"]
    moves = 0
    while moves < LIMIT and not snap["over"] and snap["round"] == first_round:
        if snap["human_turn"]:
            # The knock when South must pass, else the first move the snapshot offers.
            offered = [text for places in snap["moves"].values() for text in places.values()]
            snap = session.play(snap["pass_move"] or offered[0])
        else:
            snap = session.step()
        moves += 1
    return moves


__all__ = ["warm_up"]
