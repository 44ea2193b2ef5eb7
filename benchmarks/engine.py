"""Engine speed: complete random rounds per second, and legal-move generation time.

Run: ``python benchmarks/engine.py [--rounds N] [--repeats R]``.  Prints the median of R
repeats.  The loop is the one bots search with: ``legal_moves()`` + ``push()`` on a
:class:`~seven_rocks.Round`, starting from a fresh deal each round (construction and
settlement included).  If the optional ``dominoes`` package is installed
(``pip install -e .[bench]``), the same kind of loop runs on it side by side and the
ratio is printed.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

from seven_rocks import ALL_TILES, Round, Tile
from seven_rocks.engine.round import deal_hands


def _deals(count: int, seed: int) -> list[list[tuple[Tile, ...]]]:
    rng = random.Random(seed)
    deals = []
    for _ in range(count):
        tiles = list(ALL_TILES)
        rng.shuffle(tiles)
        deals.append(deal_hands(tiles))
    return deals


def seven_rocks_rounds(rounds: int) -> float:
    """Random complete rounds per second through legal_moves + push."""
    deals = _deals(rounds, 1)
    rng = random.Random(2)
    choose = rng.random
    start = time.perf_counter()
    for hands in deals:
        rnd = Round(hands, 0)
        while rnd.end is None:
            moves = rnd.legal_moves()
            rnd.push(moves[int(choose() * len(moves))])
        rnd.deductions()
    return rounds / (time.perf_counter() - start)


def seven_rocks_copy_playouts(rounds: int) -> float:
    """Playouts from a copy of a mid-round state: what a search does at each candidate."""
    base = Round(_deals(1, 3)[0], 0)
    rng = random.Random(4)
    for _ in range(6):
        base.push(base.legal_moves()[0])
    choose = rng.random
    start = time.perf_counter()
    for _ in range(rounds):
        rnd = base.copy()
        while rnd.end is None:
            moves = rnd.legal_moves()
            rnd.push(moves[int(choose() * len(moves))])
    return rounds / (time.perf_counter() - start)


def legal_moves_time(calls: int) -> float:
    """Seconds per legal_moves() call on a mid-round state with a spinner and branches."""
    rnd = Round(_deals(1, 5)[0], 0)
    rng = random.Random(6)
    while len(rnd.layout) < 12 and rnd.end is None:
        moves = rnd.legal_moves()
        rnd.push(rng.choice(moves))
    legal = rnd.legal_moves
    start = time.perf_counter()
    for _ in range(calls):
        legal()
    return (time.perf_counter() - start) / calls


def dominoes_rounds(rounds: int) -> float | None:
    """The PyPI ``dominoes`` library's random complete games (rounds) per second."""
    try:
        import dominoes
    except ImportError:
        return None
    rng = random.Random(7)
    random.seed(8)
    start = time.perf_counter()
    for _ in range(rounds):
        game = dominoes.Game.new()
        while game.result is None:
            moves = game.valid_moves
            game.make_move(*moves[int(rng.random() * len(moves))])
    return rounds / (time.perf_counter() - start)


def _median(fn: Callable[[int], float | None], n: int, repeats: int) -> float | None:
    values = [fn(n) for _ in range(repeats)]
    if any(v is None for v in values):
        return None
    return statistics.median(v for v in values if v is not None)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=5000)
    parser.add_argument("--repeats", type=int, default=7)
    args = parser.parse_args()
    ours = _median(seven_rocks_rounds, args.rounds, args.repeats)
    copies = _median(seven_rocks_copy_playouts, args.rounds, args.repeats)
    legal = _median(legal_moves_time, 100_000, args.repeats)
    theirs = _median(dominoes_rounds, max(args.rounds // 5, 200), args.repeats)
    assert ours is not None and copies is not None and legal is not None
    print(f"seven_rocks  random complete rounds/s (new deal each)   {ours:10,.0f}")
    print(f"seven_rocks  random playouts/s from a mid-round copy    {copies:10,.0f}")
    print(f"seven_rocks  legal_moves() on a mid-round state         {legal * 1e6:10.2f} µs")
    if theirs is None:
        print("dominoes     not installed (pip install -e .[bench]) — no comparison")
    else:
        print(f"dominoes     random complete rounds/s                   {theirs:10,.0f}")
        print(f"ratio        seven_rocks / dominoes                     {ours / theirs:10.2f}x")
    print(f"(median of {args.repeats} repeats)")


if __name__ == "__main__":
    main()
