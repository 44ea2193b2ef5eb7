"""The research variants of the master's search: importance weights, racing the last two
moves, tree search, and the named yardsticks the tournaments play."""

from __future__ import annotations

import dataclasses
import itertools
import random
from typing import Any

import pytest

from seven_rocks.bots import BOTS, PRESETS, bot_factory, make_bot
from seven_rocks.bots.master import LEVELS, Level
from seven_rocks.bots.sampling import DealSampler, PlayModel
from seven_rocks.engine.game import Game
from seven_rocks.engine.view import PlayerView
from seven_rocks.research import RESEARCH_BOTS
from seven_rocks.research.variants import (
    INFERRED_1000,
    UNIFORM_150,
    VARIANT_BOTS,
    WEIGHTED_1000,
    PairedRace,
    Variant,
    VariantBot,
)
from tests.test_bots import TWINS


def weighted(**changes: Any) -> Variant:
    """``master-1000-weighted``'s variant with ``changes`` to its level."""
    level = dataclasses.replace(WEIGHTED_1000.level, **changes)
    return dataclasses.replace(WEIGHTED_1000, level=level)


@pytest.mark.parametrize(
    ("weigh", "halving", "extend"),
    [(0.0, False, 0), (0.15, False, 0), (0.15, True, 0), (0.15, True, 48)],
)
def test_search_analysis_does_not_depend_on_hidden_hands(
    weigh: float, halving: bool, extend: int
) -> None:
    for index, (first, second) in enumerate(TWINS[:15]):
        variant = Variant(Level(12, 12, halving=halving), weigh=weigh, extend=extend)
        a = VariantBot(index, variant).analyse(first)
        b = VariantBot(index, variant).analyse(second)
        assert [(x.move, x.value, x.samples) for x in a] == [
            (x.move, x.value, x.samples) for x in b
        ]


@pytest.mark.parametrize(
    ("weights", "differences", "clear"),
    [
        ([1, 1, 1, 1], [3, 3, 3, 3], True),  # always ahead by the same amount
        ([1, 1, 1, 1], [0, 0, 0, 0], True),  # two moves that never differ: nothing to race
        ([1, 1, 1, 1], [5, -5, 5, -5], False),  # a mean of 0 with any noise
        ([1, 1, 1, 1], [4, -2, 4, -2], False),  # mean 1, SD 3 over 4 deals: SE 1.5
        ([1] * 34, [4, -2] * 17, False),  # the same over 34 deals: 2 SE = 1.03
        ([1] * 36, [4, -2] * 18, True),  # over 36: 2 SE = 1, the mean: clear
        ([2, 2, 2, 2], [4, -2, 4, -2], False),  # the weights' scale changes nothing
    ],
)
def test_race_is_clear_once_the_mean_difference_spans_two_standard_errors(
    weights: list[float], differences: list[float], clear: bool
) -> None:
    race = PairedRace(0)
    for weight, difference in zip(weights, differences, strict=True):
        race.add(weight, difference)
    assert race.clear() is clear


def test_racing_stops_when_the_last_two_are_apart_and_goes_on_when_close() -> None:
    """The last two moves stop at a check (every quarter of the deals from half of them on)
    once they are apart, else go past the level's deals up to ``extend``; either way their
    verdicts are the plain search's over the deals they got (the same deals and playout
    seeds), and the other moves are the halving's."""
    views = [v for v, _ in TWINS if sum(v.hand_sizes) > 12 and len(v.legal_moves()) >= 2]
    finals = []
    for view in views[:12]:
        raced = VariantBot(7, dataclasses.replace(weighted(samples=40), extend=160)).analyse(view)
        halved = VariantBot(7, weighted(samples=40)).analyse(view)
        deals = raced[0].samples
        assert raced[1].samples == deals and deals in range(20, 161, 10)
        plain = {
            a.move: a.value
            for a in VariantBot(7, weighted(samples=deals, halving=False)).analyse(view)
        }
        for a in raced[:2]:
            assert a.value == pytest.approx(plain[a.move])
        assert {a.move for a in raced[:2]} == {a.move for a in halved[:2]}
        assert [(a.move, a.samples) for a in raced[2:]] == [(a.move, a.samples) for a in halved[2:]]
        finals.append(deals)
    assert min(finals) < 40 < max(finals), finals  # both ways happen on these positions


def late_view_with_informative_plays() -> PlayerView:
    """A view with few tiles left (the search solves each deal exactly, no playout
    randomness) in which the other seats' plays tell deals apart."""
    for seed in range(200):
        game = Game(seed=seed)
        greedy = [make_bot("greedy", s) for s in range(4)]
        while not game.is_over and game.round_number == 1:
            view = game.view(game.turn)
            if (
                sum(view.hand_sizes) <= 9
                and len(view.legal_moves()) >= 2
                and PlayModel(view, beta=0.15).informative
            ):
                return view
            game.play(greedy[game.turn].choose(view), game.turn)
    raise AssertionError("no late position found")


def test_weighted_search_is_the_play_models_weighted_mean() -> None:
    """Two deals, searched alternately: with ``weigh`` the verdict is their values
    averaged in proportion to the play model's likelihoods, not a plain mean."""
    view = late_view_with_informative_plays()
    model = PlayModel(view, beta=0.15)
    sampler = DealSampler(view)
    rng = random.Random(5)
    first = sampler.sample(rng)
    second = next(
        d
        for d in (sampler.sample(rng) for _ in range(500))
        if model.weight(d) != model.weight(first)
    )
    w1, w2 = model.weight(first), model.weight(second)

    def values(deals: list[list[int]], weigh: float) -> dict[str, float]:
        turn = itertools.cycle(deals)
        level = dataclasses.replace(WEIGHTED_1000.level, samples=32, exact_tiles=10)
        bot = VariantBot(0, Variant(level, weigh=weigh))
        return {str(a.move): a.value for a in bot.analyse(view, lambda _r: next(turn)[:])}

    v1, v2 = values([first], 0.15), values([second], 0.15)
    weighted = values([first, second], 0.15)
    plain = values([first, second], 0.0)
    assert any(v1[m] != v2[m] for m in v1)
    for m in v1:
        assert weighted[m] == pytest.approx((w1 * v1[m] + w2 * v2[m]) / (w1 + w2))
        assert plain[m] == pytest.approx((v1[m] + v2[m]) / 2)


def test_variants_are_fair_yardsticks_not_offered() -> None:
    for name, factory in VARIANT_BOTS.items():
        assert name not in BOTS and name not in PRESETS
        assert RESEARCH_BOTS[name] is factory
        assert bot_factory(name, "research") is factory
        assert factory(0).fair


def test_names_in_stored_records_read_as_their_variant() -> None:
    """The golden tournament records seat ``master-v1`` and ``master-h1000``."""
    assert bot_factory("master-v1", "research") is VARIANT_BOTS["master-150-uniform"]
    assert bot_factory("master-h1000", "research") is VARIANT_BOTS["master-1000-weighted"]
    with pytest.raises(ValueError, match="unknown bot"):
        bot_factory("master-v1")


def test_the_inferred_variant_plays_the_default_level() -> None:
    assert INFERRED_1000.level == LEVELS["default"]
    assert UNIFORM_150.level == LEVELS["brisk"]


def test_ismcts_is_deterministic_and_fair() -> None:
    for index, (first, second) in enumerate(TWINS[:10]):
        tree = Variant(dataclasses.replace(LEVELS["default"], samples=20), tree=True)
        a = VariantBot(index, tree).analyse(first)
        b = VariantBot(index, tree).analyse(second)
        assert [(x.move, x.samples) for x in a] == [(x.move, x.samples) for x in b]
