"""One position's verdict: the search's values of every legal move, the losses, the reasons.

The search (:func:`.settle.settle`: the master's deals and playouts, stopped once the mark
is clear of the lines) is seeded from the seat's view (:func:`view_key`), so the verdict is
a function of what the seat knew and nothing else.  The mark and the best move come from
the chance to win; the points lost (``loss``) are beside it, against the move worth most
in points.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from typing import Final

from ...bots.master import Analysis
from ...engine.moves import PASS, Move
from ...engine.tiles import Tile
from ...engine.view import PlayerView
from ..hints import move_facts
from .model import (
    DEFAULT_LEVEL,
    FORMAT,
    VERSION,
    GameReview,
    Mark,
    MoveReview,
    Reason,
    ReviewError,
    mark_of,
)
from .settle import settle

#: Pips by which the best move's tile must outweigh the played one to call it "keeps heavy".
HEAVY_GAP: Final = 4


def view_key(view: PlayerView, level: str) -> str:
    """Everything the seat knows that the search reads, as text (with the level and version).

    The layout follows from the round's turns, the passes and voids too; earlier rounds
    matter only through the scores.  Hidden hands are not in a view, so not in the key.
    """
    turns = ",".join(f"{t.seat}{t.move}" for t in view.turns)
    hand = " ".join(str(t) for t in view.hand)
    return (
        f"{FORMAT}:{VERSION}:{level}|seat {view.seat}|round {view.round_number}|"
        f"opener {view.opener}|scores {view.scores[0]} {view.scores[1]}/{view.target}|"
        f"hand {hand}|turns {turns}"
    )


def key_digest(key: str) -> str:
    """The SHA-256 of ``key`` in hex: a view's fingerprint, and the search's seed."""
    return hashlib.sha256(key.encode()).hexdigest()


def fingerprint(review: GameReview) -> str:
    """A digest of the whole review: a program that remembers the fingerprints of the
    reviews it made can recognise one handed back to it (and trust it) without a search."""
    return key_digest(json.dumps(review.to_json(), sort_keys=True))


def _reasons(
    view: PlayerView, played: Move, best: Move, found: Sequence[Analysis], loss: float
) -> tuple[Reason, ...]:
    facts = move_facts(view, played)
    out: list[Reason] = []
    mine = next(a for a in found if a.move is played)
    value = mine.value
    if loss <= 0:
        others = [a.value for a in found if a.move is not played]
        margin = round(value - max(others), 1) if others else 0.0
        out.append(Reason("best", {"points": facts["points"], "margin": margin}))
    else:
        ideal = move_facts(view, best)
        if ideal["points"] > facts["points"]:
            out.append(
                Reason("scores_less", {"points": facts["points"], "best_points": ideal["points"]})
            )
        threat, best_threat = facts.get("threat"), ideal.get("threat")
        if threat is not None and best_threat is not None and threat > best_threat:
            out.append(
                Reason(
                    "hands_more",
                    {"seat": facts["next_seat"], "threat": threat, "best_threat": best_threat},
                )
            )
        if ideal.get("next_blocked") and not facts.get("next_blocked"):
            out.append(
                Reason("misses_block", {"seat": ideal["next_seat"], "numbers": ideal["open"]})
            )
        if ideal["double"] and not facts["double"]:
            out.append(Reason("keeps_double", {"tile": ideal["tile"]}))
        pips, best_pips = Tile.parse(facts["tile"]).pips, Tile.parse(ideal["tile"]).pips
        if best_pips - pips >= HEAVY_GAP:
            out.append(Reason("keeps_heavy", {"pips": pips, "best_pips": best_pips}))
        if facts["points"] > ideal["points"]:
            out.append(
                Reason("greedy", {"points": facts["points"], "best_points": ideal["points"]})
            )
        elif not out:
            out.append(Reason("later", {}))
    best_value = max(a.value for a in found)
    out.append(
        Reason(
            "search",
            {
                # The deals the played move was searched on (a move clearly beaten
                # early stops with fewer).
                "samples": mine.samples,
                "value": round(value, 1),
                "best_value": round(best_value, 1),
            },
        )
    )
    return tuple(out)


def review_position(
    view: PlayerView, played: Move, level: str = DEFAULT_LEVEL, *, number: int = 0
) -> MoveReview:
    """The verdict on ``played`` in ``view`` (the seat's view just before it moved).

    The search is seeded from :func:`view_key`, so the verdict depends on the view alone.
    """
    key = view_key(view, level)
    digest = key_digest(key)
    legal = view.legal_moves()
    if played not in legal:
        raise ReviewError(f"{played} is not a legal move in this position")
    if len(legal) == 1:
        return MoveReview(
            view.round_number,
            number,
            view.seat,
            str(played),
            best=str(played),
            loss=0.0,
            mark=Mark.FORCED,
            value=None,
            best_value=None,
            candidates=(),
            samples=0,
            reasons=(Reason("forced", {"pass": played is PASS}),),
            key=digest,
        )
    settled = settle(view, played, digest, level)
    found = sorted(settled.found, key=lambda a: -a.value)
    values = {a.move: round(a.value, 1) for a in found}
    top = found[0]
    loss = max(0.0, round(values[top.move] - values[played], 1))
    ideal, mine = settled.found[0], settled.of(played)
    best_chance, chance = round(ideal.chance or 0.0, 4), round(mine.chance or 0.0, 4)
    win_loss = max(0.0, round(best_chance - chance, 4))
    best = played if win_loss <= 0 else ideal.move
    return MoveReview(
        view.round_number,
        number,
        view.seat,
        str(played),
        best=str(best),
        loss=loss,
        mark=mark_of(win_loss),
        value=values[played],
        best_value=values[top.move],
        candidates=tuple((str(a.move), values[a.move]) for a in found),
        samples=mine.samples,
        reasons=_reasons(view, played, best, found, win_loss),
        key=digest,
        win_loss=win_loss,
        chance=chance,
        best_chance=best_chance,
        sure=settled.sure,
    )
