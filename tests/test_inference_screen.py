"""``benchmarks/inference.py``, the inference screen: what it calls placing a hidden tile
right, and that the true hands it scores against are the game's own."""

from __future__ import annotations

import argparse
import random

import pytest

from seven_rocks.bots.sampling import DealSampler, PlayModel, view_hand_mask
from tests.support.benchmarks import load_benchmark

screen = load_benchmark("inference")


def test_a_deal_places_right_the_tiles_it_gives_their_true_holders() -> None:
    truth = [0b111, 0b111000, 0b111000000, 0b111000000000]
    assert screen.placed_share(truth, truth, 0) == 1.0
    # Seats 1 and 3 swap one tile each: 2 of the 9 hidden tiles are misplaced.
    swapped = truth[:]
    swapped[1] = truth[1] ^ 0b1000 ^ 0b1000000000
    swapped[3] = truth[3] ^ 0b1000000000 ^ 0b1000
    assert screen.placed_share(swapped, truth, 0) == pytest.approx(7 / 9)
    # The viewer's own hand does not count: from seat 1, only seat 3's tile is misplaced.
    assert screen.placed_share(swapped, truth, 1) == pytest.approx(8 / 9)


def test_the_true_hands_are_the_games_and_agree_with_each_view() -> None:
    truth: list[list[int]] = []
    views = screen.positions(6, 7000, "greedy", truth)
    assert len(truth) == len(views) == 6
    for view, hands in zip(views, truth, strict=True):
        assert hands[view.seat] == view_hand_mask(view)
        assert [h.bit_count() for h in hands] == list(view.hand_sizes)
        voids = view.void_masks()
        assert all(not hands[s] & voids[s] for s in range(4))


def test_locate_scores_every_model_on_the_same_uniform_deals() -> None:
    truth: list[list[int]] = []
    view = screen.positions(1, 7001, "expert", truth)[0]
    models = [(0.0, 0.0, 0.0), (1.0, 0.5, 2.0)]
    (uniform, uniform_effective), (habits, habits_effective) = screen.locate(
        view, truth[0], models, 60, 3
    )
    # Recomputed here from the same draws.
    sampler = DealSampler(view)
    rng = random.Random(3)
    drawn = [sampler.sample(rng) for _ in range(60)]
    shares = [screen.placed_share(d, truth[0], view.seat) for d in drawn]
    assert uniform == pytest.approx(sum(shares) / 60)
    assert uniform_effective == pytest.approx(1.0)
    model = PlayModel(view, beta=1.0, shed=0.5, double=2.0)
    weights = [model.weight(d) for d in drawn]
    weighted = sum(w * s for w, s in zip(weights, shares, strict=True))
    assert habits == pytest.approx(weighted / sum(weights))
    assert 0.0 < habits_effective <= 1.0


def test_a_model_is_read_as_beta_then_the_habits() -> None:
    assert screen.parse_model("0.15") == (0.15, 0.0, 0.0)
    assert screen.parse_model("1,0.5,2") == (1.0, 0.5, 2.0)
    with pytest.raises(argparse.ArgumentTypeError, match="BETA"):
        screen.parse_model("1,2,3,4")
