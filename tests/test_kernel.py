"""The rules kernel and everything built on it, checked against references that do not use it.

* the move table against a brute-force "does the tile show the point's number";
* the transition tables (open points, spinner, ends' sum) against the rule book recomputed
  from scratch from which sides of which tiles are used;
* the bots' simulator, move by move against :class:`Round` from mid-round starts: ``push``
  and ``pop``, the inlined playout loop (replayed from its trace), the greedy and wary
  policies' sums (against sums the engine's :class:`Layout` computes);
* the player view and deal inference against the round and a brute-force enumeration.
"""

from __future__ import annotations

import math
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from seven_rocks import ALL_TILES, PASS, Game, Layout, Move, Point, Round, Tile, placement_points
from seven_rocks.bots.playout import Sim, move_index
from seven_rocks.bots.sampling import PlayModel
from seven_rocks.engine import kernel
from seven_rocks.engine.errors import PointNotOpenError
from seven_rocks.engine.layout import random_layout
from seven_rocks.engine.moves import ALL_MOVES, ALL_POINTS, Side
from seven_rocks.engine.round import deal_hands
from seven_rocks.engine.scoring import MAX_ENDS_SUM
from seven_rocks.engine.tiles import mask_of, tiles_of
from seven_rocks.engine.view import PlayerView

seeds = st.integers(0, 2**32)


# ------------------------------------------------------------------ references
def brute_force_moves(layout: Layout, hand: list[Tile]) -> list[Move]:
    """Legal moves by the rule book's words: any tile opens an empty table; otherwise a
    tile goes on an open point showing one of its numbers; a player with none passes."""
    if not layout:
        return [Move(t) for t in hand]
    moves = [Move(t, p) for p in layout_open_points(layout) for t in hand if t.has(p.value)]
    return moves or [PASS]


def layout_open_points(layout: Layout) -> list[Point]:
    """The open points in the order the kernel keeps them (it defines the move order)."""
    return [ALL_POINTS[i] for i in layout.open]


def brute_force_table(layout: Layout) -> tuple[set[Point], int, Tile | None]:
    """Open points, ends' sum and spinner recomputed from scratch from the placements."""
    used: dict[Tile, set[Side]] = {}
    spinner: Tile | None = None
    for move in layout.moves:
        tile = move.tile
        assert tile is not None
        used.setdefault(tile, set())
        if spinner is None and tile.is_double:
            spinner = tile
        if move.at is not None:
            used[move.at.tile].add(move.at.side)
            assert move.joined is not None
            used[tile].add(move.joined)
    open_points: set[Point] = set()
    total = 0
    for tile, sides in used.items():
        lines = {Side.LINE_A, Side.LINE_B}
        if tile.is_double:
            free = lines - sides
            if tile is spinner and not free:
                free = {Side.BRANCH_A, Side.BRANCH_B} - sides
            if free & lines:  # terminal: both halves, once
                total += 2 * tile.low
        else:
            free = {Side.LOW, Side.HIGH} - sides
            total += sum(tile.low if s is Side.LOW else tile.high for s in free)
        open_points |= {Point(tile, s) for s in free}
    return open_points, total, spinner


def reference_greedy_keys(layout: Layout, moves: list[Move]) -> dict[Move, int]:
    """Greedy's key computed by the engine: place on a copy, score the sum it returns."""
    keys = {}
    for move in moves:
        assert move.tile is not None
        points = placement_points(layout.copy().place(move))
        keys[move] = points * 64 + move.tile.is_double * 32 + move.tile.pips
    return keys


def reference_wary_keys(
    layout: Layout, moves: list[Move], next_hand: int, wary: float
) -> dict[Move, float]:
    """Wary's key computed by the engine: points now minus ``wary`` times the next
    player's best score on a copy of the table after the move."""
    keys = {}
    for move in moves:
        assert move.tile is not None
        after = layout.copy()
        points = placement_points(after.place(move))
        reply = 0
        if next_hand:
            for answer in after.legal_moves(next_hand):
                if answer is not PASS:
                    reply = max(reply, placement_points(after.copy().place(answer)))
        shed = 32 * move.tile.is_double + move.tile.pips
        keys[move] = points - wary * reply + 0.01 * shed
    return keys


def mid_round(seed: int, depth: int) -> Round:
    """A round resumed from a position partway through (passes included), with scores
    that often put the target within reach."""
    rng = random.Random(seed)
    tiles = list(ALL_TILES)
    rng.shuffle(tiles)
    rnd = Round(
        deal_hands(tiles), rng.randrange(4), scores=(rng.randrange(250), rng.randrange(250))
    )
    for _ in range(depth):
        moves = rnd.legal_moves()
        rnd.push(moves[rng.randrange(len(moves))])
        if rnd.end is not None:
            rnd.pop()
            break
    return Round.from_position(
        rnd.layout,
        [rnd.hand(s) for s in range(4)],
        rnd.turn,
        passes_in_a_row=rnd.passes_in_a_row,
        scores=rnd.scores,
        target=rnd.target,
    )


def sim_of(rnd: Round) -> Sim:
    return Sim.from_round_state(
        rnd.layout,
        [rnd.hand_mask(s) for s in range(4)],
        rnd.turn,
        rnd.passes_in_a_row,
        rnd.scores,
        rnd.target,
    )


def assert_same_state(sim: Sim, rnd: Round) -> None:
    assert sim.hands == [rnd.hand_mask(s) for s in range(4)]
    assert sim.sum == rnd.layout.ends_sum
    assert sorted(sim.open) == [p.index for p in rnd.layout.open_points()]
    assert kernel.spinner_of(sim.spin) is rnd.layout.spinner
    assert sim.end is rnd.end
    assert sim.points == list(rnd.points)


# ------------------------------------------------------------------ move table
@settings(max_examples=200, deadline=None)
@given(seeds, st.integers(0, 27))
def test_move_table_is_the_rule_book_and_a_player_must_play(seed: int, placed: int) -> None:
    rng = random.Random(seed)
    layout = random_layout(rng, placed) if placed else Layout()
    unplayed = [t for t in ALL_TILES if t not in layout]
    hand = sorted(rng.sample(unplayed, min(len(unplayed), rng.randrange(1, 8))))
    moves = layout.legal_moves(mask_of(hand))
    assert moves == brute_force_moves(layout, hand)
    # Must play: a pass is offered exactly when no held tile shows an open number.
    can_play = not layout or any(t.has(v) for t in hand for v in layout.open_values())
    assert (moves == [PASS]) == (not can_play)
    assert kernel.can_place(layout.open, mask_of(hand)) == can_play
    assert kernel.legal_indices(layout.open, mask_of(hand)) == [
        m.index for m in moves if m is not PASS
    ]


# ----------------------------------------------------------- transition tables
@settings(max_examples=150, deadline=None)
@given(seeds)
def test_every_placement_follows_the_rule_book(seed: int) -> None:
    """Open points, spinner, branches and the ends' sum after every placement of random
    28-tile tables, against the rule book recomputed from scratch."""
    rng = random.Random(seed)
    layout = Layout()
    full = random_layout(rng)
    for move in full.moves:
        expected_sum_after = layout.sum_after_move(move)
        total = layout.place(move)
        assert total == expected_sum_after
        open_points, brute_sum, spinner = brute_force_table(layout)
        assert set(layout.open_points()) == open_points
        assert len(layout.open) == len(open_points)
        assert total == brute_sum == sum(e.value for e in layout.scoring_ends())
        # The per-point end table against the rule function applied to the whole table.
        assert list(layout.scoring_ends()) == kernel.scoring_ends(
            layout_open_points(layout), layout.spin
        )
        assert 0 <= total <= MAX_ENDS_SUM
        assert layout.spinner is spinner
        lines_used = spinner is not None and not any(
            p.tile is spinner and not p.is_branch for p in open_points
        )
        assert layout.branches_open == lines_used
    while layout:  # undo retraces every state
        layout.unplace()
        assert layout.ends_sum == brute_force_table(layout)[1]


def test_the_move_table_holds_every_subset_of_every_points_suit() -> None:
    # Exhaustive: each point's entries are exactly the subsets of the tiles showing its
    # number (with or without the anchor tile, which is on the table), each listing the
    # placements of the subset's other tiles in tile order.
    for point in ALL_POINTS:
        suit = [t for t in ALL_TILES if point.value in (t.low, t.high)]
        entry = kernel.PLACEMENTS[point.index]
        assert len(entry) == 2 ** len(suit)
        for bits in range(2 ** len(suit)):
            chosen = [t for i, t in enumerate(suit) if bits >> i & 1]
            moves = tuple(Move(t, point) for t in chosen if t is not point.tile)
            assert entry[mask_of(chosen)] == moves
            assert kernel.PLACEMENT_INDICES[point.index][mask_of(chosen)] == tuple(
                m.index for m in moves
            )


@given(st.integers(0, 2**28 - 1))
def test_a_hands_pips_and_deduction_are_its_tiles_sums(mask: int) -> None:
    tiles = [t for t in ALL_TILES if mask >> t.index & 1]
    pips = sum(t.low + t.high for t in tiles)
    assert kernel.hand_pips(mask) == pips
    # The rule book: a remainder of 1 or 2 rounds down, 3 or 4 up.
    assert kernel.deduction(mask) == pips - pips % 5 + (5 if pips % 5 >= 3 else 0)


def test_points_table_is_placement_points() -> None:
    assert list(kernel.POINTS) == [placement_points(s) for s in range(MAX_ENDS_SUM + 1)]
    assert [s for s, p in enumerate(kernel.POINTS) if p] == [5, 10, 15, 20, 25, 30, 35]


def test_a_closed_point_says_why() -> None:
    layout = Layout.from_moves(["2-2", "2-3@2-2:line_a"])
    with pytest.raises(PointNotOpenError, match="both its line sides are taken"):
        layout.place(Move.parse("2-4@2-2:branch_a"))
    with pytest.raises(PointNotOpenError, match="a tile is already there"):
        layout.place(Move.parse("2-4@2-2:line_a"))
    with pytest.raises(PointNotOpenError, match="4-4 is not on the table"):
        layout.place(Move.parse("4-6@4-4:line_b"))
    with pytest.raises(PointNotOpenError, match="already on the table"):
        layout.place(Move.parse("2-3@2-2:line_b"))
    layout.place(Move.parse("3-3@2-3:high"))
    layout.place(Move.parse("2-6@2-2:line_b"))
    with pytest.raises(PointNotOpenError, match="only the first double placed branches"):
        layout.place(Move.parse("3-5@3-3:branch_a"))
    assert layout.branches_open and layout.lines_taken == 2
    assert [str(m) for m in layout.moves] == [
        "2-2",
        "2-3@2-2:line_a",
        "3-3@2-3:high",
        "2-6@2-2:line_b",
    ]


# ------------------------------------------------------ simulator versus Round
@settings(max_examples=200, deadline=None)
@given(seeds, st.integers(0, 40), seeds)
def test_simulator_push_pop_and_sums_match_round_from_mid_round(
    seed: int, depth: int, choices: int
) -> None:
    rnd = mid_round(seed, depth)
    sim = sim_of(rnd)
    rng = random.Random(choices)
    while rnd.end is None:
        legal = rnd.legal_moves()
        assert [move_index(m) for m in legal if m is not PASS] == sim.legal()
        for move in legal:
            if move is not PASS:
                assert sim.sum_after(move.index) == rnd.layout.copy().place(move)
        keys = reference_greedy_keys(rnd.layout, [m for m in legal if m is not PASS])
        assert {m: sim.greedy_key(m.index) for m in keys} == keys
        move = legal[rng.randrange(len(legal))]
        assert sim.push(move_index(move)) == rnd.push(move)
        assert_same_state(sim, rnd)
        if rng.random() < 0.15:
            rnd.pop()
            sim.pop()
            assert_same_state(sim, rnd)


@pytest.mark.parametrize(("epsilon", "wary"), [(0.0, 0.0), (0.3, 0.0), (0.0, 0.5), (0.2, 0.5)])
@settings(max_examples=60, deadline=None)
@given(seed=seeds, depth=st.integers(0, 40), playout_seed=seeds)
def test_the_inlined_playout_loop_plays_by_the_rules_and_its_policy(
    epsilon: float, wary: float, seed: int, depth: int, playout_seed: int
) -> None:
    """Replay the playout's trace on a Round: every move legal, passes only when forced,
    each choice one the policy (computed by the engine) ranks best, same outcome."""
    rnd = mid_round(seed, depth)
    sim = sim_of(rnd)
    trace: list[int] = []
    sim.playout(random.Random(playout_seed), epsilon, wary, trace)
    for mi in trace:
        legal = rnd.legal_moves()
        move = PASS if mi < 0 else ALL_MOVES[mi]
        assert move in legal
        placements = [m for m in legal if m is not PASS]
        if len(placements) > 1 and not epsilon:
            if wary and rnd.layout:
                keys = reference_wary_keys(
                    rnd.layout, placements, rnd.hand_mask((rnd.turn + 1) & 3), wary
                )
                assert math.isclose(keys[move], max(keys.values()), abs_tol=1e-9)
            else:
                greedy = reference_greedy_keys(rnd.layout, placements)
                assert greedy[move] == max(greedy.values())
        rnd.push(move)
    assert rnd.end is not None
    assert sim.end is rnd.end
    assert sim.hands == [rnd.hand_mask(s) for s in range(4)]
    assert sim.points == list(rnd.points)
    net = rnd.result()
    assert sim.margin(0) == net[0] - net[1]


@pytest.mark.parametrize(("epsilon", "wary"), [(0.0, 0.0), (0.4, 0.0), (0.0, 0.5)])
@settings(max_examples=150, deadline=None)
@given(seed=seeds, depth=st.integers(0, 40), playout_seed=seeds)
def test_the_inlined_playout_loop_ends_rounds_as_the_kernel_says(
    epsilon: float, wary: float, seed: int, depth: int, playout_seed: int
) -> None:
    """The playout's hot loop writes :func:`kernel.ending` out inline: its trace, replayed
    through :meth:`Sim.push` (which asks the kernel), goes on exactly as long and ends the
    same way (blocked, domino or target) with the same hands, points and passes."""
    rnd = mid_round(seed, depth)
    played, replay = sim_of(rnd), sim_of(rnd)
    trace: list[int] = []
    played.playout(random.Random(playout_seed), epsilon, wary, trace)
    for mi in trace:
        assert replay.end is None
        replay.push(mi)
    assert replay.end is not None
    assert played.end is replay.end
    assert (played.hands, played.points, played.passes) == (
        replay.hands,
        replay.points,
        replay.passes,
    )


@pytest.mark.parametrize(
    ("passes", "scored", "team_total", "hand", "end"),
    [
        (1, 0, 120, 0b11, None),  # a pass: the next seat plays
        (3, 0, 120, 0b11, None),
        (4, 0, 120, 0b11, kernel.End.BLOCKED),  # every seat passed in a row
        (0, 0, 120, 0b11, None),  # a placement scoring nothing
        (0, 15, 245, 0b11, None),  # scoring, short of the target
        (0, 15, 250, 0b11, kernel.End.TARGET),  # reaching the target ends the game
        (0, 0, 120, 0, kernel.End.DOMINO),  # the last tile
        (0, 10, 130, 0, kernel.End.DOMINO),
        (0, 10, 255, 0, kernel.End.TARGET),  # the last tile reaching the target: no settlement
        (0, 0, 255, 0b11, None),  # only a scoring placement reaches the target
    ],
)
def test_what_a_move_ends(
    passes: int, scored: int, team_total: int, hand: int, end: kernel.End | None
) -> None:
    assert kernel.ending(passes, scored, team_total, 250, hand) is end


def after_opening_a_double(seed: int) -> Round:
    """A round whose opener has just put down a double (the spinner, both lines free)."""
    rng = random.Random(seed)
    tiles = list(ALL_TILES)
    rng.shuffle(tiles)
    hands = deal_hands(tiles)
    opener = next(s for s in range(4) if any(t.is_double for t in hands[s]))
    rnd = Round(hands, opener, scores=(rng.randrange(250), rng.randrange(250)))
    rnd.push(Move(rng.choice([t for t in hands[opener] if t.is_double])))
    return rnd


def assert_policies_rank_like_the_engine(rnd: Round, seed: int) -> None:
    """Greedy and wary pick the engine's best, and between any two placements prefer
    the one the engine ranks higher (so every key is checked, not only the top one)."""
    sim = sim_of(rnd)
    legal = [m for m in rnd.legal_moves() if m is not PASS]
    if not legal:
        return
    rng = random.Random(seed)
    greedy = reference_greedy_keys(rnd.layout, legal)
    choice = ALL_MOVES[sim.greedy_move([m.index for m in legal], rng)]
    assert greedy[choice] == max(greedy.values())
    wary: dict[Move, float] = {}
    if rnd.layout:
        wary = reference_wary_keys(rnd.layout, legal, rnd.hand_mask((rnd.turn + 1) & 3), 0.5)
        choice = ALL_MOVES[sim.wary_move([m.index for m in legal], rng, 0.5)]
        assert math.isclose(wary[choice], max(wary.values()), abs_tol=1e-9)
    for a in legal:
        for b in legal:
            if greedy[a] > greedy[b]:
                assert sim.greedy_move([a.index, b.index], rng) == a.index
            if wary and wary[a] > wary[b] + 1e-9:
                assert sim.wary_move([a.index, b.index], rng, 0.5) == a.index


@settings(max_examples=150, deadline=None)
@given(seeds, st.integers(0, 40))
def test_greedy_and_wary_rank_moves_like_the_engine(seed: int, depth: int) -> None:
    assert_policies_rank_like_the_engine(mid_round(seed, depth), seed)


@settings(max_examples=60, deadline=None)
@given(seeds)
def test_greedy_and_wary_rank_moves_like_the_engine_around_a_fresh_spinner(seed: int) -> None:
    """Right after an opening double, a placement changes the spinner state the reply
    is scored in: the case the general positions reach least often."""
    assert_policies_rank_like_the_engine(after_opening_a_double(seed), seed)


# ------------------------------------------------------------ view, inference
@settings(max_examples=60, deadline=None)
@given(seeds, seeds)
def test_every_seats_view_offers_exactly_the_rounds_moves(seed: int, choices: int) -> None:
    rng = random.Random(choices)
    game = Game(seed=seed)
    for _ in range(60):
        if game.is_over:
            break
        for seat in range(4):
            view = PlayerView.of(game, seat)
            expected = game.legal_moves() if seat == game.turn else []
            assert view.legal_moves() == expected
        game.play(rng.choice(game.legal_moves()))


def reference_play_model_weight(view: PlayerView, hands: list[int], beta: float) -> float:
    """:class:`PlayModel`'s likelihood by brute force over the turns (no kernel tables)."""
    noise = 0.15
    table = Layout()
    likelihood = 1.0
    later_turns = list(view.turns)
    for i, turn in enumerate(later_turns):
        move = turn.move
        if move.tile is None:
            continue
        if turn.seat != view.seat:
            played_later = mask_of(
                t.move.tile
                for t in later_turns[i:]
                if t.seat == turn.seat and t.move.tile is not None
            )
            held = tiles_of((hands[turn.seat] | played_later) & ~table.tiles_mask)
            weights = []
            for tile in held:
                for point in table.open_points() if table else [None]:
                    if point is None or (point.tile is not tile and tile.has(point.value)):
                        candidate = Move(tile, point)
                        points = placement_points(table.copy().place(candidate))
                        weights.append(math.exp(beta * points))
            if len(weights) > 1:
                chosen = math.exp(beta * placement_points(table.copy().place(move)))
                likelihood *= (1 - noise) * chosen / sum(weights) + noise / len(weights)
        table.place(move)
    return likelihood


def test_play_model_enumerates_the_same_moves_as_brute_force() -> None:
    rng = random.Random(4)
    checked = 0
    for seed in range(12):
        game = Game(seed=seed)
        for _ in range(rng.randrange(6, 20)):
            game.play(rng.choice(game.legal_moves()))
        view = game.view(game.turn)
        model = PlayModel(view, beta=0.15)
        hands = [game.current.hand_mask(s) for s in range(4)]
        assert math.isclose(
            model.weight(hands), reference_play_model_weight(view, hands, 0.15), rel_tol=1e-12
        )
        checked += model.informative
    assert checked >= 8
