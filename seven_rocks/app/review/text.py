"""A verdict's reasons in English, for the command line (the page words them itself)."""

from __future__ import annotations

from collections.abc import Sequence

from ...engine.round import SEAT_NAMES
from .model import Mark, MoveReview


def _numbers(values: Sequence[int]) -> str:
    texts = [str(v) for v in values]
    return texts[0] if len(texts) == 1 else ", ".join(texts[:-1]) + " or " + texts[-1]


def _pips(count: int) -> str:
    """``"1 pip"``, ``"5 pips"``.

    >>> _pips(1), _pips(0), _pips(12)
    ('1 pip', '0 pips', '12 pips')
    """
    return "1 pip" if count == 1 else f"{count} pips"


def reason_text(move: MoveReview) -> str:
    """The reasons of a verdict as one English phrase (the command line's column)."""
    parts = []
    for reason in move.reasons:
        a = reason.args
        if reason.code == "forced":
            parts.append("no tile fits: a forced knock" if a.get("pass") else "the only legal move")
        elif reason.code == "best":
            margin = a.get("margin", 0)
            parts.append(
                f"best: scores {a['points']} now"
                + (f", {margin:.1f} ahead of the next best" if margin > 0 else "")
            )
        elif reason.code == "scores_less":
            parts.append(f"scores {a['points']} now where {move.best} scores {a['best_points']}")
        elif reason.code == "hands_more":
            parts.append(
                f"lets {SEAT_NAMES[a['seat']]} score up to {a['threat']} in reply "
                f"(the best move: {a['best_threat']})"
            )
        elif reason.code == "misses_block":
            parts.append(
                f"{move.best} would leave {SEAT_NAMES[a['seat']]} only "
                f"{_numbers(a['numbers'])}, which they lack"
            )
        elif reason.code == "keeps_double":
            parts.append(f"{move.best} would get the double {a['tile']} out")
        elif reason.code == "keeps_heavy":
            shed, best_shed = _pips(a["pips"]), _pips(a["best_pips"])
            parts.append(f"sheds {shed} where {move.best} sheds {best_shed}")
        elif reason.code == "greedy":
            parts.append(
                f"takes {a['points']} now (the best move {a['best_points']}) "
                "but pays for it later in the round"
            )
        elif reason.code == "later":
            parts.append("the cost shows later in the round")
        elif reason.code == "search" and move.mark is not Mark.BEST:
            parts.append(
                f"over {a['samples']} deals {a['value']:+.1f} for the team, "
                f"the best {a['best_value']:+.1f}"
            )
    return "; ".join(parts)
