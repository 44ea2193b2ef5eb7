"""Inference: how well each play model locates the hidden tiles, from a seat's view only.

    .venv/bin/python benchmarks/inference.py                      # 300 positions, each opponent
    .venv/bin/python benchmarks/inference.py --models 0.15 1,0.5,2 --opponents greedy

The master draws deals of the tiles it cannot see and weighs (or resamples) them by how
well they explain the other seats' plays (:class:`~seven_rocks.bots.sampling.PlayModel`).
A better model puts more of its weight on deals close to the true one; this screen
measures exactly that, without playing games: on the positions of
``benchmarks/decisions.py`` (playout-phase choices of ``master-brisk`` seats, here
against each ``--opponent`` in turn), it draws ``--deals`` uniform consistent deals and
reports, per model, the **share of the hidden tiles placed with their true holder**,
each deal counting by its weight (uniform deals: about a third), with its gain over
uniform deals paired on the same deals, and the median *effective* number of deals
(``(sum w)^2 / sum w^2``, as a share of those drawn): a sharp model that puts its
weight on a few deals pays for it in search noise unless the deals are resampled from
a bigger pool (``Level.infer``).

A model is ``BETA[,SHED,DOUBLE]``: the preference for points, and optionally for
shedding heavy tiles (per pip) and doubles.  How much a better fit is worth in games
only matches can say (it is how the default level's model was chosen: see
``docs/bots-measured.md``).  Results depend only on ``--seed``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from decisions import positions
from tqdm import tqdm

from seven_rocks.bots.sampling import DealSampler, PlayModel
from seven_rocks.engine.view import PlayerView

#: A model as given on the command line: (beta, shed, double).
Habits = tuple[float, float, float]


def parse_model(text: str) -> Habits:
    """``"1,0.5,2"`` -> ``(1.0, 0.5, 2.0)``; ``"0.15"`` -> ``(0.15, 0.0, 0.0)``."""
    parts = [float(x) for x in text.split(",")]
    if not 1 <= len(parts) <= 3:
        raise argparse.ArgumentTypeError(f"a model is BETA[,SHED,DOUBLE], not {text!r}")
    beta, shed, double = [*parts, 0.0, 0.0][:3]
    return beta, shed, double


def placed_share(hands: list[int], truth: list[int], seat: int) -> float:
    """The share of the tiles hidden from ``seat`` that ``hands`` gives their true holder."""
    hidden = right = 0
    for other in range(4):
        if other != seat:
            hidden += truth[other].bit_count()
            right += (hands[other] & truth[other]).bit_count()
    return right / hidden


def locate(
    view: PlayerView, truth: list[int], models: list[Habits], deals: int, seed: int
) -> list[tuple[float, float]]:
    """Per model: the weighted share of hidden tiles placed right, and the effective share
    of the deals (all models score the same uniform deals)."""
    sampler = DealSampler(view)
    rng = random.Random(seed)
    drawn = [sampler.sample(rng) for _ in range(deals)]
    shares = [placed_share(hands, truth, view.seat) for hands in drawn]
    out = []
    for beta, shed, double in models:
        if beta or shed or double:
            model = PlayModel(view, beta=beta, shed=shed, double=double)
            weights = [model.weight(hands) for hands in drawn]
        else:
            weights = [1.0] * deals
        total = sum(weights)
        share = sum(w * s for w, s in zip(weights, shares, strict=True)) / total
        effective = total * total / sum(w * w for w in weights) / deals
        out.append((share, effective))
    return out


def label(model: Habits) -> str:
    beta, shed, double = model
    if not (beta or shed or double):
        return "uniform"
    return f"points {beta:g}" + (f", shed {shed:g}, double {double:g}" if shed or double else "")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--positions", type=int, default=300)
    parser.add_argument("--seed", type=int, default=7000, help="the first game's seed")
    parser.add_argument("--deals", type=int, default=1500, help="uniform deals per position")
    parser.add_argument("--opponents", nargs="+", default=["greedy", "expert", "master-brisk"])
    parser.add_argument(
        "--models",
        nargs="+",
        type=parse_model,
        default=[(0.15, 0.0, 0.0), (0.5, 0.0, 0.0), (1.0, 0.5, 2.0)],
        metavar="BETA[,SHED,DOUBLE]",
    )
    args = parser.parse_args(argv)
    models: list[Habits] = [(0.0, 0.0, 0.0), *args.models]
    print(
        f"{args.positions} positions per opponent (master-brisk's playout-phase choices, "
        f"seed {args.seed}), {args.deals} uniform deals each; share of the hidden tiles "
        "placed with their true holder"
    )
    print(f"{'opponent':<14}{'model':<30}{'placed right':>16}{'gain':>18}{'effective':>11}")
    for opponent in args.opponents:
        truth: list[list[int]] = []
        views = positions(args.positions, args.seed, opponent, truth)
        results = [
            locate(view, hands, models, args.deals, i)
            for i, (view, hands) in enumerate(
                tqdm(list(zip(views, truth, strict=True)), unit="position", leave=False)
            )
        ]
        for m, model in enumerate(models):
            shares = [r[m][0] for r in results]
            gains = [r[m][0] - r[0][0] for r in results]
            half = 1.96 * statistics.stdev(shares) / len(shares) ** 0.5
            gain_half = 1.96 * statistics.stdev(gains) / len(gains) ** 0.5 if m else 0.0
            effective = statistics.median(r[m][1] for r in results)
            print(
                f"{opponent:<14}{label(model):<30}{statistics.fmean(shares):>9.4f} ± {half:.4f}"
                f"{statistics.fmean(gains):>+11.4f} ± {gain_half:.4f}{effective:>10.0%}",
                flush=True,
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
