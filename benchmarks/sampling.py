"""The cost of a guessed deal: drawing one, weighing one and a master's pool of them.

    .venv/bin/python benchmarks/sampling.py [--views 300] [--deals 300] [--seed 0]

The default master resamples its deals from a pool of
``INFER_POOL x samples`` (3,000) consistent deals weighed by the play model, drawn
afresh at every decision, so the draw and the weight are paid thousands of times a
move.  Views are every decision of
the first two rounds of games between random and greedy players (passes included, so
the voids the sampler must respect are there); for each view the benchmark times
``--deals`` draws of :class:`~seven_rocks.bots.sampling.DealSampler` (after building
it), then the play model's weight of each, then a whole
:class:`~seven_rocks.bots.sampling.InferredDeals` pool of the default's size, and
prints the median over the views (CPU seconds of this process).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from seven_rocks.bots import make_bot
from seven_rocks.bots.master import DEFAULT, INFER_POOL
from seven_rocks.bots.sampling import DealSampler, InferredDeals, PlayModel
from seven_rocks.engine.game import Game
from seven_rocks.engine.view import PlayerView


def views(count: int, seed: int) -> list[PlayerView]:
    """``count`` views from games of random and greedy players (seeded)."""
    out: list[PlayerView] = []
    game_seed = seed
    while len(out) < count:
        game = Game(seed=game_seed)
        kind = "random" if game_seed % 2 else "greedy"
        bots = [make_bot(kind, game_seed * 4 + s) for s in range(4)]
        while not game.is_over and game.round_number <= 2 and len(out) < count:
            view = game.view(game.turn)
            out.append(view)
            game.play(bots[game.turn].choose(view), game.turn)
        game_seed += 1
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--views", type=int, default=300)
    parser.add_argument("--deals", type=int, default=300, help="draws timed per view")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()

    level = DEFAULT
    pool = INFER_POOL * level.samples
    draw: list[float] = []
    weigh: list[float] = []
    pools: list[float] = []
    rng = random.Random(args.seed)
    for view in views(args.views, args.seed):
        sampler = DealSampler(view)
        model = PlayModel(view, beta=level.infer, shed=level.shed, double=level.double)
        started = time.process_time()
        deals = [sampler.sample(rng) for _ in range(args.deals)]
        draw.append((time.process_time() - started) / args.deals)
        started = time.process_time()
        for hands in deals:
            model.weight(hands)
        weigh.append((time.process_time() - started) / args.deals)
        if model.informative:
            started = time.process_time()
            InferredDeals(sampler, model, rng, pool)
            pools.append(time.process_time() - started)

    print(f"{args.views} views, {args.deals} deals each (CPU, median over the views)")
    print(f"draw a deal        : {statistics.median(draw) * 1e6:7.2f} us")
    print(f"weigh a deal       : {statistics.median(weigh) * 1e6:7.2f} us")
    print(f"pool of {pool:,} deals: {statistics.median(pools) * 1e3:7.2f} ms ({len(pools)} views)")


if __name__ == "__main__":
    main()
