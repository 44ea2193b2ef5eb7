"""Do the coach's marks hold under a search ten times bigger?  Agreement on "mistake or not".

    .venv/bin/python benchmarks/verdicts.py [--games 20] [--seed 0] [--jobs 2] [--cache FILE]

Games are played to 250 with South (the reviewed seat) at a level that changes from game
to game (``greedy``, ``expert``, ``master-quick``, in turn) and the other seats ``expert``.
Every move of South with a choice is judged three ways, each from South's view alone:

* **single**: one pass of the coach's level (``brisk``, 150 deals), no second look;
* **coach**: what the review shows (:func:`seven_rocks.app.review.review_position`);
* **reference**: one pass of the same search with ten times the deals (1,500).

A move is a mistake when it costs :data:`~seven_rocks.app.review.MISTAKE_LOSS` of the
chance to win or more.  Prints the agreement of the single pass and of the coach with the
reference, the moves the coach left unsure, the deals the coach spent against the single
pass, and the coach's CPU seconds.  The reference is 10x the coach's search on every move,
so it runs long: ``--jobs`` spreads the games over processes, and ``--cache FILE`` keeps the
single pass's and the reference's drops (keyed by the view and the move, seeded from the
view alone, not from the coach's version), so a change to the coach is measured again in
a fraction of the time.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from seven_rocks.app.review import DEFAULT_LEVEL, MISTAKE_LOSS, review_position, view_key
from seven_rocks.app.review.analysis import key_digest
from seven_rocks.app.review.job import _positions
from seven_rocks.app.review.settle import drop, pass_seed
from seven_rocks.bots import make_bot
from seven_rocks.bots.master import LEVELS, evaluate
from seven_rocks.engine.game import Game

#: South's level, game after game.
LEVELS_PLAYED = ("greedy", "expert", "master-quick")
REFERENCE = replace(LEVELS[DEFAULT_LEVEL], samples=10 * LEVELS[DEFAULT_LEVEL].samples)

#: ``(single, coach, reference, coach sure, coach's deals, one pass's deals, coach CPU s)``.
Row = tuple[bool, bool, bool, bool, int, int, float]
#: A position's key -> ``[single pass's drop, reference's drop, one pass's deals]``.
Known = dict[str, list[float]]


def game_rows(job: tuple[int, Known]) -> tuple[list[Row], Known]:
    """The rows of game ``seed``'s moves of South with a choice, and the drops measured
    that ``known`` did not hold."""
    seed, known = job
    game = Game(seed=seed)
    south = LEVELS_PLAYED[seed % len(LEVELS_PLAYED)]
    bots = [make_bot(south if s == 0 else "expert", seed * 4 + s) for s in range(4)]
    while not game.is_over:
        seat = game.turn
        game.play(bots[seat].choose(game.view(seat)), seat)
    rows, found = [], {}
    for number, view, played in _positions(game, 0):
        if len(view.legal_moves()) < 2:
            continue
        # Seeds from what the seat knew, not from the coach's version: the same deals for
        # every version of the coach measured against them.
        plain = view_key(view, DEFAULT_LEVEL).split("|", 1)[1]
        digest = key_digest(plain)
        key = f"{digest}|{played}"
        if key not in known:
            first = evaluate(view, pass_seed(digest, 0), DEFAULT_LEVEL, chances=True)
            reference = evaluate(view, pass_seed(digest, 99), REFERENCE, chances=True)
            found[key] = [drop(first, played), drop(reference, played), first[0].samples]
        single, ref, base = (known.get(key) or found[key])[:3]
        c0 = time.process_time()
        coach = review_position(view, played, DEFAULT_LEVEL, number=number)
        cpu = time.process_time() - c0
        rows.append(
            (
                single >= MISTAKE_LOSS,
                coach.win_loss >= MISTAKE_LOSS,
                ref >= MISTAKE_LOSS,
                coach.sure,
                coach.samples,
                int(base),
                cpu,
            )
        )
    return rows, found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--cache", type=Path, help="JSON file of the reference's drops")
    args = parser.parse_args()
    started = time.perf_counter()
    known: Known = {}
    if args.cache is not None and args.cache.exists():
        known = json.loads(args.cache.read_text())
    seeds = list(range(args.seed, args.seed + args.games))
    rows: list[Row] = []
    with ProcessPoolExecutor(args.jobs) as pool:
        for part, found in pool.map(game_rows, [(s, known) for s in seeds]):
            rows += part
            known.update(found)
    if args.cache is not None:
        args.cache.write_text(json.dumps(known, sort_keys=True))
    n = len(rows)
    single = sum(r[0] == r[2] for r in rows)
    coach = sum(r[1] == r[2] for r in rows)
    unsure = sum(not r[3] for r in rows)
    base = LEVELS[DEFAULT_LEVEL].samples
    print(f"{args.games} games (seeds {seeds[0]}..{seeds[-1]}), {n} moves of South with a choice")
    print(f"reference: one pass of {REFERENCE.samples} deals; a mistake costs >= {MISTAKE_LOSS}")
    print(f"single pass ({base} deals) agrees on {single}/{n} = {single / n:.1%}")
    print(f"coach agrees on {coach}/{n} = {coach / n:.1%}")
    print(f"coach unsure (shown as 'probably'): {unsure}/{n}")
    more = sum(r[4] > r[5] for r in rows)
    fewer = sum(r[4] < r[5] for r in rows)
    spent = sum(r[4] for r in rows) / sum(r[5] for r in rows)
    print(
        f"the coach searched more deals than a single pass on {more}/{n} moves, fewer on "
        f"{fewer}/{n}; its deals: {spent:.2f}x a single pass's"
    )
    print(f"the coach's CPU: {sum(r[6] for r in rows):.1f} s over the {n} moves")
    print(f"{time.perf_counter() - started:.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
