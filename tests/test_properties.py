"""Random-simulation properties of the engine (OpenSpiel-style invariant checks)."""

from __future__ import annotations

import random
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from seven_rocks import (
    ALL_TILES,
    PASS,
    End,
    Game,
    Layout,
    Placed,
    Round,
    RoundSettled,
    RoundStarted,
    Tile,
    placement_points,
)
from seven_rocks.engine.record import dumps, loads
from seven_rocks.engine.scoring import MAX_ENDS_SUM
from tests.helpers import snapshot


def _brute_force_sum(layout: Layout) -> int:
    """The ends' sum recomputed from scratch from the rule book, independently of the
    incremental bookkeeping: replay the placements and look at which sides are used."""
    used: dict[Tile, set[str]] = {}
    spinner: Tile | None = None
    for move in layout.moves:
        tile = move.tile
        assert tile is not None
        used.setdefault(tile, set())
        if spinner is None and tile.is_double:
            spinner = tile
        if move.at is not None:
            used[move.at.tile].add(str(move.at.side))
            used[tile].add(str(move.joined))
    total = 0
    for tile, sides in used.items():
        if tile is spinner:
            # Terminal (counts both halves, once) until both in-line sides are taken;
            # then unused branches count zero and started ones count on their own tiles.
            if not {"line_a", "line_b"} <= sides:
                total += 2 * tile.low
        elif tile.is_double:
            if "line_b" not in sides:
                total += 2 * tile.low
        else:
            total += (tile.low if "low" not in sides else 0) + (
                tile.high if "high" not in sides else 0
            )
    return total


def _without_dice(event: object) -> object:
    return replace(event, draw=()) if isinstance(event, RoundStarted) else event


def _play_random_round(rnd: Round, rng: random.Random) -> None:
    while rnd.end is None:
        moves = rnd.legal_moves()
        assert moves, "a round in progress always has a legal move"
        if moves == [PASS]:
            assert not rnd.has_placement()
        else:
            assert PASS not in moves
        rnd.push(rng.choice(moves))


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 2**32), st.integers(0, 2**32))
def test_random_games_keep_every_invariant(seed: int, choices: int) -> None:
    rng = random.Random(choices)
    game = Game(seed=seed)
    while not game.is_over:
        rnd = game.current
        moves = game.legal_moves()
        move = rng.choice(moves)
        before_sizes = rnd.hand_sizes()
        points = game.play(move)
        # Conservation: the 28 tiles are always split between the hands and the table.
        rnd_now = rnd  # the round the move was played in, even if the next one was dealt
        held = [t for s in range(4) for t in rnd_now.hand(s)]
        on_table = list(rnd_now.layout.tiles)
        assert sorted(held + on_table) == list(ALL_TILES)
        # Every award is a positive multiple of five, at most 35; no sum exceeds 36.
        total = rnd_now.layout.ends_sum
        assert 0 <= total <= MAX_ENDS_SUM
        assert total == _brute_force_sum(rnd_now.layout)
        assert points == placement_points(total) if move is not PASS else points == 0
        assert points in (0, 5, 10, 15, 20, 25, 30, 35)
        # The round ends exactly when the rules say.
        sizes = rnd_now.hand_sizes()
        if rnd_now.end is End.DOMINO:
            assert 0 in sizes and move is not PASS
        elif rnd_now.end is End.BLOCKED:
            assert [t.move for t in rnd_now.turns[-4:]] == [PASS] * 4
        elif rnd_now.end is End.TARGET:
            assert max(rnd_now.scores) >= game.target and points > 0
        else:
            assert 0 not in sizes and rnd_now.passes_in_a_row < 4
            assert max(rnd_now.scores) < game.target
        assert sum(before_sizes) - sum(sizes) == (move is not PASS)
    assert game.winner is not None and game.scores[game.winner] >= game.target
    assert game.scores[1 - game.winner] < game.target
    # Replaying the written record reproduces the game exactly.
    text = dumps(game)
    again = loads(text)
    assert dumps(again) == text
    # A record does not keep the opener draw's dice; everything else must be identical.
    assert [_without_dice(e) for e in again.events] == [_without_dice(e) for e in game.events]


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 2**32), st.integers(0, 2**32))
def test_pop_undoes_push_exactly(seed: int, choices: int) -> None:
    rng = random.Random(choices)
    game = Game(seed=seed)
    rnd = game.current.copy()
    history = [snapshot(rnd)]
    while rnd.end is None:
        rnd.push(rng.choice(rnd.legal_moves()))
        history.append(snapshot(rnd))
    for state in reversed(history[:-1]):
        rnd.pop()
        assert snapshot(rnd) == state


@settings(max_examples=100, deadline=None)
@given(st.integers(0, 2**32), st.integers(0, 2**32))
def test_copies_are_independent(seed: int, choices: int) -> None:
    rng = random.Random(choices)
    rnd = Game(seed=seed).current
    for _ in range(rng.randrange(20)):
        if rnd.end is None:
            rnd.push(rng.choice(rnd.legal_moves()))
    frozen = snapshot(rnd)
    other = rnd.copy()
    _play_random_round(other, rng)
    assert snapshot(rnd) == frozen


@settings(max_examples=100, deadline=None)
@given(st.integers(0, 2**32))
def test_settlement_matches_the_hands_left(seed: int) -> None:
    game = Game(seed=seed)
    while not game.is_over:
        game.play(game.legal_moves()[0])
    banked = (0, 0)
    for event in game.events:
        if isinstance(event, RoundSettled):
            rnd = game.rounds[event.round - 1]
            assert event.deductions == rnd.deductions()
            for seat in range(4):
                assert event.pips[seat] == sum(t.pips for t in event.hands[seat])
            net = rnd.result()
            banked = (banked[0] + net[0], banked[1] + net[1])
            assert event.scores == banked
        elif isinstance(event, Placed):
            assert event.total == sum(e.value for e in event.ends)


def test_the_same_seed_gives_the_same_game() -> None:
    def first_deal(seed: int) -> tuple[object, ...]:
        game = Game(seed=seed)
        return (game.current.deal, game.current.opener)

    assert first_deal(42) == first_deal(42)
    assert first_deal(42) != first_deal(43)


def test_kth_deal_does_not_depend_on_earlier_play() -> None:
    a, b = Game(seed=9), Game(seed=9)
    while a.round_number < 3 and not a.is_over:
        a.play(a.legal_moves()[0])
    while b.round_number < 3 and not b.is_over:
        b.play(b.legal_moves()[-1])
    if a.round_number == b.round_number == 3:
        assert a.current.deal == b.current.deal
