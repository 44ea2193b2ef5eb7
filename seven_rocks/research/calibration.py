"""How well a win-chance model is calibrated: predicted against observed win rates by bucket.

Every round start of games the model was not fitted on is a prediction for each team (its
chance, and whether it won: the two are mirror images, so the table is symmetric and the
luck of one side in the sample does not read as a bias); predictions are put in ten
buckets of ten points of chance each, and each bucket's mean prediction is set against how
often those teams won.  Positions
of one game are not independent, so a bucket's standard error is computed over games
(each game's positions in a bucket counted together) rather than over positions.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Final

from .roundtrace import GameTrace

BUCKETS: Final = 10
#: A bucket with fewer positions than this is not judged (its noise alone exceeds 3 points).
ENOUGH: Final = 1000

Model = Callable[[tuple[int, int], int], float]


@dataclass(frozen=True, slots=True)
class Bucket:
    """One bucket of predictions."""

    low: float
    high: float
    positions: int
    games: int
    predicted: float
    observed: float
    #: Standard error of ``observed`` (clustered by game).
    error: float

    @property
    def gap(self) -> float:
        return self.observed - self.predicted


def calibrate(games: Iterable[GameTrace], model: Model) -> list[Bucket]:
    """Ten buckets of ``model(scores, opener's team)`` (team 0's chance; team 1's is the
    rest) at every round start, for both teams."""
    rows: list[list[tuple[int, float, float]]] = [[] for _ in range(BUCKETS)]
    for number, game in enumerate(games):
        for r in game.rounds:
            p = model(r.scores, r.opener)
            for chance, won in ((p, game.winner == 0), (1.0 - p, game.winner == 1)):
                bucket = min(BUCKETS - 1, int(chance * BUCKETS))
                rows[bucket].append((number, chance, float(won)))
    return [_bucket(i, row) for i, row in enumerate(rows)]


def _bucket(i: int, row: Sequence[tuple[int, float, float]]) -> Bucket:
    low, high = i / BUCKETS, (i + 1) / BUCKETS
    if not row:
        return Bucket(low, high, 0, 0, math.nan, math.nan, math.nan)
    n = len(row)
    predicted = sum(p for _, p, _ in row) / n
    observed = sum(w for _, _, w in row) / n
    by_game: dict[int, list[float]] = {}
    for game, _, w in row:
        by_game.setdefault(game, []).append(w - observed)
    # The clustered (sandwich) variance of a mean: sums of residuals per game, squared.
    variance = sum(sum(r) ** 2 for r in by_game.values()) / (n * n)
    return Bucket(low, high, n, len(by_game), predicted, observed, math.sqrt(variance))


def table_text(buckets: Sequence[Bucket]) -> str:
    """The buckets as a Markdown table (the command prints it; ``docs/coach.md`` holds it)."""
    lines = [
        "| predicted | positions | games | mean predicted | observed | gap | std. error |",
        "| --- | -: | -: | -: | -: | -: | -: |",
    ]
    for b in buckets:
        if not b.positions:
            continue
        lines.append(
            f"| {b.low:.0%}-{b.high:.0%} | {b.positions} | {b.games} | {b.predicted:.1%} | "
            f"{b.observed:.1%} | {b.gap * 100:+.1f} | {b.error * 100:.1f} |"
        )
    return "\n".join(lines)


def worst_gap(buckets: Sequence[Bucket]) -> float:
    """The largest gap, in points of win%, over the buckets with :data:`ENOUGH` positions."""
    return max((abs(b.gap) * 100 for b in buckets if b.positions >= ENOUGH), default=0.0)


def plot_svg(series: Sequence[tuple[str, str, Sequence[Bucket]]]) -> str:
    """A reliability diagram: observed against predicted per bucket, one series per
    ``(label, colour, buckets)``, the diagonal as the ideal, bars of two standard errors."""
    size, pad = 320, 40
    inner = size - 2 * pad

    def at(p: float, q: float) -> tuple[float, float]:
        return pad + p * inner, size - pad - q * inner

    height = size + 20 * len(series)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {size} {height}" '
        f'width="{size}" height="{height}" font-family="sans-serif" font-size="11">',
        f'<rect x="{pad}" y="{pad}" width="{inner}" height="{inner}" fill="none" stroke="#999"/>',
    ]
    for k in range(0, 11, 2):
        x, y = at(k / 10, k / 10)
        label = f"{k * 10}%"
        parts.append(f'<text x="{x:.0f}" y="{size - pad + 14}" text-anchor="middle">{label}</text>')
        parts.append(f'<text x="{pad - 4}" y="{y + 4:.0f}" text-anchor="end">{label}</text>')
    (x0, y0), (x1, y1) = at(0, 0), at(1, 1)
    parts.append(
        f'<line x1="{x0}" y1="{y0}" x2="{x1}" y2="{y1}" stroke="#bbb" stroke-dasharray="4 3"/>'
    )
    parts.append(
        f'<text x="{size / 2}" y="{size - 6}" text-anchor="middle">predicted chance to win</text>'
    )
    parts.append(
        f'<text x="12" y="{size / 2}" text-anchor="middle" '
        f'transform="rotate(-90 12 {size / 2})">observed win rate</text>'
    )
    for n, (label, colour, buckets) in enumerate(series):
        points = []
        for b in buckets:
            if not b.positions:
                continue
            x, y = at(b.predicted, b.observed)
            _, top = at(b.predicted, min(1.0, b.observed + 2 * b.error))
            _, bottom = at(b.predicted, max(0.0, b.observed - 2 * b.error))
            parts.append(
                f'<line x1="{x:.1f}" y1="{top:.1f}" x2="{x:.1f}" y2="{bottom:.1f}" '
                f'stroke="{colour}"/>'
            )
            parts.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="3" fill="{colour}"/>')
            points.append(f"{x:.1f},{y:.1f}")
        line = " ".join(points)
        parts.append(
            f'<polyline points="{line}" fill="none" stroke="{colour}" stroke-width="1.5"/>'
        )
        ly = size + 8 + 20 * n
        parts.append(f'<circle cx="{pad + 6}" cy="{ly}" r="4" fill="{colour}"/>')
        parts.append(f'<text x="{pad + 16}" y="{ly + 4}">{label}</text>')
    parts.append("</svg>")
    return "\n".join(parts) + "\n"
