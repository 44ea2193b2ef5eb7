"""Single-observer Information-Set MCTS (Cowling, Powley & Whitehouse 2012).

One tree of *moves* is shared by all determinisations: each iteration draws a deal of
the hidden tiles consistent with the view, descends the tree choosing among the moves
legal in that deal with UCB1 (counting a child's *availability*, not its parent's
visits), adds one node, plays the round out with the wary-greedy rollout and backs the
result up, each node scoring it for the team that made its move.  The root's most
visited move is played.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable

from ..bots.playout import Sim
from ..engine.layout import Layout

DealSource = Callable[[random.Random], list[int]]

#: Outcomes are divided by this before UCB (a typical round margin is tens of points).
SCALE = 50.0


class Node:
    __slots__ = ("avail", "children", "team", "value", "visits")

    def __init__(self, team: int) -> None:
        self.children: dict[int, Node] = {}
        self.visits = 0
        self.value = 0.0
        self.avail = 0
        #: The team whose move led here: values are kept from its side.
        self.team = team


def search(
    layout: Layout,
    seat: int,
    passes_in_a_row: int,
    scores: tuple[int, int],
    target: int,
    deals: DealSource,
    rng: random.Random,
    value_of: Callable[[Sim, int], float],
    *,
    iterations: int,
    wary: float,
    exploration: float = 0.7,
    time_limit: float | None = None,
) -> dict[int, tuple[int, float]]:
    """Root move index → (visits, mean value for the mover's team)."""
    root = Node(seat & 1)
    started = time.perf_counter()
    for iteration in range(iterations):
        hands = deals(rng)
        sim = Sim.from_round_state(layout, hands, seat, passes_in_a_row, scores, target)
        path = _descend(root, sim, rng, exploration)
        if sim.end is None:
            sim.playout(rng, 0.0, wary)
        _back_up(path, value_of(sim, 0) / SCALE)
        if (
            time_limit is not None
            and iteration & 15 == 15
            and time.perf_counter() - started > time_limit
        ):
            break
    return {
        m: (c.visits, c.value / c.visits * SCALE if c.visits else 0.0)
        for m, c in root.children.items()
    }


def _descend(root: Node, sim: Sim, rng: random.Random, exploration: float) -> list[Node]:
    """Walk ``sim`` down the tree by UCB1 until a move new to the tree (or the round's end).

    Only the moves legal in this determinisation compete, and each of them counts one
    more *availability*: that, not the parent's visits, is what the exploration term
    weighs in a tree shared by deals where different moves are legal. Returns the nodes
    passed (the new one last), which ``_back_up`` credits with the result.
    """
    log = math.log
    sqrt = math.sqrt
    node = root
    path = []
    while sim.end is None:
        legal = sim.legal() or [-1]
        children = node.children
        untried = [m for m in legal if m not in children]
        if untried:
            path.append(_expand(children, legal, untried, sim, rng))
            break
        best = legal[0]
        best_score = -1e18
        for m in legal:
            c = children[m]
            c.avail += 1
            score = c.value / c.visits + exploration * sqrt(log(c.avail) / c.visits)
            if score > best_score:
                best_score = score
                best = m
        node = children[best]
        sim.push(best)
        path.append(node)
    return path


def _expand(
    children: dict[int, Node], legal: list[int], untried: list[int], sim: Sim, rng: random.Random
) -> Node:
    """Add one untried move, drawn at random, as a child, and play it in ``sim``.

    The siblings already in the tree were available here too, so their availability
    counts this visit, as it would have had one of them been selected.
    """
    mi = untried[int(rng.random() * len(untried))]
    child = Node(sim.turn & 1)
    children[mi] = child
    for m in legal:
        known = children.get(m)
        if known is not None:
            known.avail += 1
    sim.push(mi)
    return child


def _back_up(path: list[Node], result: float) -> None:
    """Credit ``result`` (team 0's scaled outcome) to each node from its own team's side."""
    for n in path:
        n.visits += 1
        n.value += result if n.team == 0 else -result


__all__ = ["Node", "search"]
