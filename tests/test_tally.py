"""The tile count (:mod:`seven_rocks.app.tally`): what a player could count, checked against
the hands the test can see and the player cannot."""

from __future__ import annotations

import random
from collections.abc import Iterable

from hypothesis import given, settings
from hypothesis import strategies as st

from seven_rocks.app.session import Session
from seven_rocks.app.tally import tile_count
from seven_rocks.engine.game import Game
from seven_rocks.engine.moves import PASS, Move
from seven_rocks.engine.tiles import ALL_TILES, Tile


def _showing(tiles: Iterable[Tile], number: int) -> int:
    return sum(1 for tile in tiles if tile.has(number))


@settings(max_examples=120, deadline=None)
@given(st.integers(0, 2**32), st.integers(0, 2**32))
def test_the_count_agrees_with_the_hands_the_player_cannot_see(seed: int, choices: int) -> None:
    rng = random.Random(choices)
    game = Game(seed=seed)
    while game.round_number == 1 and not game.is_over:
        rnd = game.current
        for seat in range(4):
            count = tile_count(game.view(seat))
            others = [s for s in range(4) if s != seat]
            for n in range(7):
                assert count["table"][n] == _showing(rnd.layout.tiles, n)
                assert count["hand"][n] == _showing(rnd.hand(seat), n)
                hidden = sum(_showing(rnd.hand(s), n) for s in others)
                assert count["hidden"][n] == hidden
                assert count["table"][n] + count["hand"][n] + hidden == _showing(ALL_TILES, n)
                for lacking in count["lacking"][n]:
                    assert lacking in others
                    assert _showing(rnd.hand(lacking), n) == 0, (seat, n, lacking)
        game.play(rng.choice(game.legal_moves()))


def test_a_knock_tells_every_other_seat_which_numbers_the_knocker_lacks() -> None:
    # A worked position: 6-6 opens, and West, holding no six, knocks.
    for seed in range(500):
        game = Game(seed=seed)
        rnd = game.current
        if rnd.turn != 0:
            continue
        six_six = next((t for t in rnd.hand(0) if str(t) == "6-6"), None)
        if six_six is None or any(t.has(6) for t in rnd.hand(1)):
            continue
        game.play(Move(six_six))
        assert game.legal_moves() == [PASS]
        game.play(PASS)
        for seat in (0, 2, 3):
            count = tile_count(game.view(seat))
            assert count["lacking"][6] == [1]
            assert all(not seats for n, seats in enumerate(count["lacking"]) if n != 6)
            assert count["table"][6] == 1
        # South holds the rest of its sixes; six of the seven tiles with a six are off the
        # table, and West holds none of them.
        south = tile_count(game.view(0))
        assert south["hidden"][6] == 6 - south["hand"][6]
        # West's own count never lists West.
        assert tile_count(game.view(1))["lacking"][6] == []
        return
    raise AssertionError("no deal where South opens with 6-6 and West has no six")


def test_a_snapshot_carries_the_viewers_count_and_none_while_no_hand_is_shown() -> None:
    session = Session()
    snap = session.new_game(seed=5, bots=[None, "greedy", "greedy", "greedy"])
    hand = snap["hand"]
    count = snap["count"]
    assert count is not None
    assert count["hand"] == [sum(str(n) in tile for tile in hand) for n in range(7)]
    # Four people at one screen: the pass screen shows first, and no count with it.
    snap = session.new_game(seed=5, bots=[None, None, None, None])
    assert snap["viewer"] is None and snap["count"] is None
    assert session.view(snap["turn"])["count"] is not None
