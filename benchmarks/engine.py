"""Engine speed: complete random rounds per second, the bots' simulator, legal-move time.

Run: ``python benchmarks/engine.py [--rounds N] [--games G] [--repeats R]``.  Prints the
median of R repeats (the measurements take turns, so a change in machine load touches
them alike).  The search loop is the one bots search with: ``legal_moves()`` + ``push()``
on a :class:`~seven_rocks.Round`, starting from a fresh deal each round (construction and
settlement included).  The bots' :class:`~seven_rocks.bots.playout.Sim` lines time its
greedy playout (the inlined hot loop) and its ``push`` with undo from a mid-round state.
The game-level line is ``seven-rocks simulate --record`` itself
(random bots, G games, every record written): the whole path of a played game, with
views, bot decisions, events, statistics and records.  If the optional ``dominoes``
package is installed (``pip install -e .[bench]``), its random complete games run
side by side and both ratios are printed.  Times are CPU seconds of this process
(``time.process_time``): what the work costs on one core, however busy the machine is.
"""

from __future__ import annotations

import argparse
import io
import json
import random
import statistics
import tempfile
import time
from collections.abc import Callable
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

from seven_rocks import ALL_TILES, Round, Tile
from seven_rocks.bots.playout import Sim
from seven_rocks.cli import main as seven_rocks_command
from seven_rocks.engine.round import deal_hands

#: What is asked of ``simulate --record`` against the ``dominoes`` engine.
SIMULATE_GOAL = 0.5


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
    start = time.process_time()
    for hands in deals:
        rnd = Round(hands, 0)
        while rnd.end is None:
            moves = rnd.legal_moves()
            rnd.push(moves[int(choose() * len(moves))])
        rnd.deductions()
    return rounds / (time.process_time() - start)


def seven_rocks_copy_playouts(rounds: int) -> float:
    """Playouts from a copy of a mid-round state: what a search does at each candidate."""
    base = Round(_deals(1, 3)[0], 0)
    rng = random.Random(4)
    for _ in range(6):
        base.push(base.legal_moves()[0])
    choose = rng.random
    start = time.process_time()
    for _ in range(rounds):
        rnd = base.copy()
        while rnd.end is None:
            moves = rnd.legal_moves()
            rnd.push(moves[int(choose() * len(moves))])
    return rounds / (time.process_time() - start)


def sim_playouts(rounds: int) -> float:
    """The search bots' greedy playouts (:meth:`Sim.playout`, the inlined hot loop) from a
    mid-round state, per second."""
    sim, rng = _mid_round_sim(), random.Random(9)
    snap = sim.snapshot()
    start = time.process_time()
    for _ in range(rounds):
        sim.restore(snap)
        sim.playout(rng)
    return rounds / (time.process_time() - start)


def sim_push_rounds(rounds: int) -> float:
    """Random rounds per second through :meth:`Sim.push` (the search's step with undo)."""
    sim, rng = _mid_round_sim(), random.Random(10)
    snap = sim.snapshot()
    choose = rng.random
    start = time.process_time()
    for _ in range(rounds):
        sim.restore(snap)
        sim.undo.clear()
        while not sim.end:
            moves = sim.legal() or [-1]
            sim.push(moves[int(choose() * len(moves))])
    return rounds / (time.process_time() - start)


def _mid_round_sim() -> Sim:
    base = Round(_deals(1, 3)[0], 0)
    for _ in range(6):
        base.push(base.legal_moves()[0])
    hands = [base.hand_mask(s) for s in range(4)]
    return Sim.from_round_state(base.layout, hands, base.turn, 0, base.scores, base.target)


def legal_moves_time(calls: int) -> float:
    """Seconds per legal_moves() call on a mid-round state with a spinner and branches."""
    rnd = Round(_deals(1, 5)[0], 0)
    rng = random.Random(6)
    while len(rnd.layout) < 12 and rnd.end is None:
        moves = rnd.legal_moves()
        rnd.push(rng.choice(moves))
    legal = rnd.legal_moves
    start = time.process_time()
    for _ in range(calls):
        legal()
    return (time.process_time() - start) / calls


def simulate_rounds(games: int) -> float:
    """``seven-rocks simulate --games G --record FILE`` (random bots): rounds per second."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "games.jsonl"
        argv = ["simulate", "--games", str(games), "--seed", "0", "--record", str(path)]
        with redirect_stdout(io.StringIO()), redirect_stderr(io.StringIO()):
            start = time.process_time()
            status = seven_rocks_command(argv)
            elapsed = time.process_time() - start
        if status != 0:
            raise SystemExit(f"seven-rocks simulate failed with status {status}")
        with path.open(encoding="utf-8") as stream:
            rounds = sum(len(json.loads(line)["rounds"]) for line in stream)
    return rounds / elapsed


def dominoes_rounds(rounds: int) -> float | None:
    """The PyPI ``dominoes`` library's random complete games (rounds) per second."""
    try:
        import dominoes
    except ImportError:
        return None
    rng = random.Random(7)
    random.seed(8)
    start = time.process_time()
    for _ in range(rounds):
        game = dominoes.Game.new()
        while game.result is None:
            moves = game.valid_moves
            game.make_move(*moves[int(rng.random() * len(moves))])
    return rounds / (time.process_time() - start)


def _medians(
    runs: dict[str, tuple[Callable[[int], float | None], int]], repeats: int
) -> dict[str, float | None]:
    """Each measurement's median over ``repeats``, the measurements taking turns."""
    values: dict[str, list[float]] = {name: [] for name in runs}
    missing: set[str] = set()
    for _ in range(repeats):
        for name, (fn, n) in runs.items():
            value = fn(n)
            if value is None:
                missing.add(name)
            else:
                values[name].append(value)
    return {name: None if name in missing else statistics.median(v) for name, v in values.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=5000)
    parser.add_argument("--games", type=int, default=200, help="games per simulate run")
    parser.add_argument("--repeats", type=int, default=7)
    args = parser.parse_args()
    simulate_rounds(1)  # the command's first run imports the bots and builds their tables
    found = _medians(
        {
            "ours": (seven_rocks_rounds, args.rounds),
            "copies": (seven_rocks_copy_playouts, args.rounds),
            "legal": (legal_moves_time, 100_000),
            "sim_playouts": (sim_playouts, args.rounds),
            "sim_push": (sim_push_rounds, args.rounds),
            "simulate": (simulate_rounds, args.games),
            "theirs": (dominoes_rounds, max(args.rounds // 5, 200)),
        },
        args.repeats,
    )
    ours, copies, legal = found["ours"], found["copies"], found["legal"]
    simulate, theirs = found["simulate"], found["theirs"]
    assert ours is not None and copies is not None and legal is not None
    assert simulate is not None
    print(f"seven_rocks  random complete rounds/s (new deal each)   {ours:10,.0f}")
    print(f"seven_rocks  random playouts/s from a mid-round copy    {copies:10,.0f}")
    playouts, pushes = found["sim_playouts"] or 0.0, found["sim_push"] or 0.0
    print(f"bots' Sim    greedy playouts/s from a mid-round state   {playouts:10,.0f}")
    print(f"bots' Sim    random rounds/s through push (with undo)   {pushes:10,.0f}")
    print(f"seven_rocks  legal_moves() on a mid-round state         {legal * 1e6:10.2f} µs")
    print(f"seven-rocks  simulate --record rounds/s (random bots)   {simulate:10,.0f}")
    if theirs is None:
        print("dominoes     not installed (pip install -e .[bench]) — no comparison")
    else:
        print(f"dominoes     random complete rounds/s                   {theirs:10,.0f}")
        print(f"ratio        seven_rocks / dominoes                     {ours / theirs:10.2f}x")
        print(
            f"ratio        simulate --record / dominoes               {simulate / theirs:10.2f}x"
            f"  (goal {SIMULATE_GOAL}x)"
        )
    print(f"(median of {args.repeats} repeats)")


if __name__ == "__main__":
    main()
