"""The computer players: they never peek, they always play legally, the search's
simulator follows the rules, and the deal sampler respects what passes revealed."""

from __future__ import annotations

import ast
import dataclasses
import itertools
import random
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from seven_rocks.app.hints import hint_facts
from seven_rocks.bots import BOTS, PRESETS, Bot, make_bot
from seven_rocks.bots.master import LEVELS, MasterBot
from seven_rocks.bots.playout import Sim, move_index
from seven_rocks.bots.sampling import DealSampler, InferredDeals, PlayModel
from seven_rocks.engine.game import Game
from seven_rocks.engine.kernel import M_TILE, End
from seven_rocks.engine.moves import PASS, Move
from seven_rocks.engine.round import Round, deal_hands
from seven_rocks.engine.tiles import ALL_TILES, SUIT_MASKS, Tile, mask_of, tiles_of
from seven_rocks.engine.view import PlayerView
from seven_rocks.research import RESEARCH_BOTS, OracleBot
from seven_rocks.research.tournament import decide
from seven_rocks.research.variants import VARIANTS, Variant, VariantBot

BOT_DIR = Path(__file__).resolve().parent.parent / "seven_rocks" / "bots"


def fair_factories() -> dict[str, Callable[[int | None], Bot]]:
    """Every fair bot, the search at a small budget so the tests stay quick."""
    out: dict[str, Callable[[int | None], Bot]] = {}
    for name, cls in BOTS.items():
        if cls is MasterBot:
            out[name] = lambda seed: master(seed, samples=12)
        else:
            out[name] = cls
    out["master-quick"] = lambda seed: master(seed, "quick", samples=12)
    small = {"samples": 12, "extend": 48}
    for name, variant in VARIANTS.items():
        smaller = dataclasses.replace(variant.level, samples=small["samples"])
        sized = dataclasses.replace(
            variant, level=smaller, extend=small["extend"] * bool(variant.extend)
        )
        out[name] = partial(VariantBot, variant=sized)
    tree = Variant(dataclasses.replace(LEVELS["default"], samples=12), tree=True)
    out["master-tree"] = lambda seed: VariantBot(seed, tree)
    return out


def master(seed: int | None, level: str = "default", **changes: Any) -> MasterBot:
    """The master at ``level`` with ``changes`` to its settings (a smaller budget, mostly)."""
    return MasterBot(seed, dataclasses.replace(LEVELS[level], **changes))


def random_position(seed: int, stop_fraction: float) -> tuple[Round, int]:
    """A round partway through (random-ish play, passes included) and the seat to move."""
    rng = random.Random(seed)
    tiles = list(ALL_TILES)
    rng.shuffle(tiles)
    rnd = Round(
        deal_hands(tiles), rng.randrange(4), scores=(rng.randrange(0, 240), rng.randrange(0, 240))
    )
    budget = int(stop_fraction * 40)
    for _ in range(budget):
        moves = rnd.legal_moves()
        rnd.push(moves[rng.randrange(len(moves))])
        if rnd.end is not None:
            rnd.pop()
            break
    return rnd, rnd.turn


def shuffled_twin(rnd: Round, seat: int, rng: random.Random) -> Round | None:
    """Another full state giving ``seat`` the same view: the unseen tiles redealt among
    the other hands, sizes and every pass's voids respected (plain rejection sampling,
    independent of the bots' sampler).  ``None`` if no different deal was found."""
    view = PlayerView.of_round(rnd, seat)
    voids = view.void_masks()
    others = [s for s in range(4) if s != seat]
    unseen = [t for s in others for t in rnd.hand(s)]
    for _ in range(400):
        rng.shuffle(unseen)
        hands: list[list[Tile]] = [[], [], [], []]
        hands[seat] = list(rnd.hand(seat))
        start = 0
        for s in others:
            size = rnd.hand_sizes()[s]
            hands[s] = unseen[start : start + size]
            start += size
        if any(mask_of(hands[s]) & voids[s] for s in others):
            continue
        if all(mask_of(hands[s]) == rnd.hand_mask(s) for s in others):
            continue
        return Round.from_position(
            rnd.layout,
            hands,
            rnd.turn,
            history=[(t.seat, t.move, t.points) for t in rnd.turns],
            passes_in_a_row=rnd.passes_in_a_row,
            scores=rnd.scores,
            target=rnd.target,
            opener=rnd.opener,
        )
    return None


def same_public_view(a: PlayerView, b: PlayerView) -> bool:
    return (
        a.hand == b.hand
        and a.layout.moves == b.layout.moves
        and a.turns == b.turns
        and a.hand_sizes == b.hand_sizes
        and a.scores == b.scores
        and a.turn == b.turn
        and a.passes_in_a_row == b.passes_in_a_row
        and a.opener == b.opener
        and a.voids() == b.voids()
        and a.unseen_tiles() == b.unseen_tiles()
    )


# ------------------------------------------------------------------ fairness
def twin_pairs(count: int) -> list[tuple[PlayerView, PlayerView]]:
    pairs: list[tuple[PlayerView, PlayerView]] = []
    rng = random.Random(2024)
    seed = 0
    while len(pairs) < count:
        seed += 1
        rnd, seat = random_position(seed, rng.random())
        if len(rnd.legal_moves()) < 2:
            continue
        twin = shuffled_twin(rnd, seat, rng)
        if twin is None:
            continue
        first, second = PlayerView.of_round(rnd, seat), PlayerView.of_round(twin, seat)
        assert same_public_view(first, second)
        assert any(rnd.hand_mask(s) != twin.hand_mask(s) for s in range(4))
        pairs.append((first, second))
    return pairs


TWINS = twin_pairs(60)


@pytest.mark.parametrize("name", sorted(fair_factories()))
def test_fair_bots_choose_the_same_move_when_only_hidden_hands_differ(name: str) -> None:
    factory = fair_factories()[name]
    for index, (first, second) in enumerate(TWINS):
        move_a = factory(index).choose(first)
        move_b = factory(index).choose(second)
        assert move_a is move_b, f"{name} peeked: {move_a} vs {move_b} on pair {index}"
        assert move_a in first.legal_moves()


@pytest.mark.parametrize("name", ["expert", "master"])
def test_reasons_are_the_same_for_twins_and_say_something(name: str) -> None:
    factory = fair_factories()[name]
    for index, (first, second) in enumerate(TWINS[:10]):
        move = factory(index).choose(first)
        facts_a = hint_facts(first, move)
        facts_b = hint_facts(second, move)
        assert facts_a == facts_b
        assert facts_a["kind"] in {"pass", "open", "play"}


def test_halving_plays_the_better_half_on() -> None:
    """Each move's verdict is the plain search's over the deals it got: all of them see
    the first quarter, the better half (by then) the second, and the better half of those
    the rest; the deals and playout seeds do not depend on which moves are still in."""
    view = next(
        v
        for v, _ in TWINS
        if sum(v.hand_sizes) > 12 and len({a.move for a in master(0, samples=1).analyse(v)}) >= 5
    )

    def plain(deals: int) -> dict[Move, float]:
        bot = master(7, "brisk", samples=deals, halving=False)
        return {a.move: a.value for a in bot.analyse(view)}

    halved = master(7, "brisk", samples=40, halving=True).analyse(view)
    searched = {a.move: a for a in halved}
    after = {deals: plain(deals) for deals in (10, 20, 40)}
    first_cut = sorted(after[10], key=lambda m: -after[10][m])[: max(2, (len(after[10]) + 1) // 2)]
    second_cut = sorted(first_cut, key=lambda m: -after[20][m])[: max(2, (len(first_cut) + 1) // 2)]
    for move, analysis in searched.items():
        deals = 40 if move in second_cut else 20 if move in first_cut else 10
        assert analysis.samples == deals, move
        assert analysis.value == pytest.approx(after[deals][move])
    assert halved[0].move == max(second_cut, key=lambda m: after[40][m])
    assert [a.samples for a in halved] == sorted((a.samples for a in halved), reverse=True)


def test_halving_never_cuts_before_a_deal_is_searched() -> None:
    """With fewer than four deals a quarter is none: no move is cut before its first deal."""
    view = next(v for v, _ in TWINS if sum(v.hand_sizes) > 12 and len(v.legal_moves()) >= 3)
    for deals in (1, 2, 3):
        analysis = master(5, samples=deals, halving=True).analyse(view)
        assert min(a.samples for a in analysis) >= 1


def test_a_fair_bot_works_from_a_bare_view() -> None:
    """A view built by hand, with no round or game behind it anywhere."""
    rnd, seat = random_position(99, 0.5)
    base = PlayerView.of_round(rnd, seat)
    hand_only = PlayerView(
        seat=seat,
        hand=base.hand,
        layout=base.layout.copy(),
        turn=base.turn,
        hand_sizes=base.hand_sizes,
        scores=base.scores,
        target=base.target,
        round_number=1,
        opener=base.opener,
        passes_in_a_row=base.passes_in_a_row,
        turns=base.turns,
    )
    del rnd
    for name, factory in fair_factories().items():
        move = factory(1).choose(hand_only)
        assert move in hand_only.legal_moves(), name


def test_bot_modules_import_neither_round_nor_game() -> None:
    for path in BOT_DIR.glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                module = node.module or ""
                assert not module.endswith(("round", "game", "research", "tournament")), (
                    f"{path.name} imports {module}"
                )
            elif isinstance(node, ast.Import):
                for alias in node.names:
                    assert "round" not in alias.name
                    assert "game" not in alias.name


# --------------------------------------------------------------- sampling
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10_000), st.floats(0.0, 1.0), st.integers(0, 2**31))
def test_sampled_deals_respect_sizes_and_voids(seed: int, fraction: float, rng_seed: int) -> None:
    rnd, seat = random_position(seed, fraction)
    view = PlayerView.of_round(rnd, seat)
    voids = view.void_masks()
    unseen = mask_of(view.unseen_tiles())
    sampler = DealSampler(view)
    rng = random.Random(rng_seed)
    for _ in range(20):
        hands = sampler.sample(rng)
        assert hands[seat] == mask_of(view.hand)
        assert [h.bit_count() for h in hands] == list(view.hand_sizes)
        others = [s for s in range(4) if s != seat]
        union = 0
        for s in others:
            assert not hands[s] & voids[s], f"seat {s} was given a number it showed it lacks"
            assert not union & hands[s]
            union |= hands[s]
        assert union == unseen


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10_000), st.floats(0.3, 1.0), st.integers(0, 2**31))
def test_inferred_deals_respect_voids_too(seed: int, fraction: float, rng_seed: int) -> None:
    rnd, seat = random_position(seed, fraction)
    view = PlayerView.of_round(rnd, seat)
    voids = view.void_masks()
    rng = random.Random(rng_seed)
    model = PlayModel(view)
    deals = InferredDeals(DealSampler(view), model, rng, 30)
    for _ in range(10):
        hands = deals.sample(rng)
        assert [h.bit_count() for h in hands] == list(view.hand_sizes)
        assert all(not hands[s] & voids[s] for s in range(4) if s != seat)
        assert model.weight(hands) > 0


def test_play_model_prefers_deals_that_explain_passed_up_points() -> None:
    """Seat 1 answered 5-5 with 1-5 (11 on the ends: no points).  A deal in which it
    also held 0-5, which would have scored 10, explains that play worse."""
    rnd = Round(
        [
            [Tile(5, 5), Tile(0, 1), Tile(0, 2), Tile(0, 3), Tile(0, 4), Tile(1, 1), Tile(1, 2)],
            [Tile(1, 5), Tile(1, 3), Tile(1, 4), Tile(2, 2), Tile(2, 3), Tile(2, 4), Tile(3, 3)],
            [Tile(2, 5), Tile(3, 4), Tile(4, 4), Tile(0, 0), Tile(0, 6), Tile(1, 6), Tile(2, 6)],
            [Tile(3, 5), Tile(4, 5), Tile(0, 5), Tile(5, 6), Tile(3, 6), Tile(4, 6), Tile(6, 6)],
        ],
        opener=0,
    )
    rnd.play("5-5")  # 10 for seat 0
    rnd.play("1-5@5-5:line_a")  # seat 1: 10 + 1 = 11, scores nothing
    view = PlayerView.of_round(rnd, 2)
    model = PlayModel(view, beta=0.3, noise=0.05)
    actual = [rnd.hand_mask(s) for s in range(4)]
    # Swap seat 1's 1-3 for seat 3's 0-5 (0-5 on 5-5 would have scored 10 at once).
    swapped = actual[:]
    swapped[1] = swapped[1] & ~Tile(1, 3).mask | Tile(0, 5).mask
    swapped[3] = swapped[3] & ~Tile(0, 5).mask | Tile(1, 3).mask
    assert model.weight(swapped) < model.weight(actual)


@pytest.mark.parametrize(
    ("other", "habit"),
    [(Tile(1, 6), {"shed": 0.5}), (Tile(1, 1), {"double": 2.0})],
    ids=["heavier tile", "double"],
)
def test_play_model_habits_doubt_deals_where_a_tile_to_shed_was_kept(
    other: Tile, habit: dict[str, float]
) -> None:
    """Seat 1 answered 0-1 with 1-2 (ends 0 + 2: no points).  A deal in which it also
    held 1-6 (ends 0 + 6, as pointless, 7 pips to shed instead of 3) or 1-1 (a double,
    ends 0 + 2) explains that play worse once the model knows the shedding habit than
    on points alone, where the alternative was merely one more legal move."""
    rnd = Round(
        [
            [Tile(0, 1), Tile(0, 2), Tile(0, 3), Tile(0, 4), Tile(0, 5), Tile(0, 6), Tile(0, 0)],
            [Tile(1, 2), Tile(2, 2), Tile(2, 3), Tile(2, 4), Tile(2, 5), Tile(2, 6), Tile(3, 3)],
            [Tile(1, 3), Tile(1, 4), Tile(1, 5), Tile(1, 6), Tile(3, 4), Tile(3, 5), Tile(3, 6)],
            [Tile(1, 1), Tile(4, 4), Tile(4, 5), Tile(4, 6), Tile(5, 5), Tile(5, 6), Tile(6, 6)],
        ],
        opener=0,
    )
    rnd.play("0-1")
    rnd.play("1-2@0-1:high")
    view = PlayerView.of_round(rnd, 0)
    actual = [rnd.hand_mask(s) for s in range(4)]
    holder = next(s for s in range(4) if actual[s] & other.mask)
    kept = actual[:]
    kept[1] = kept[1] & ~Tile(2, 2).mask | other.mask
    kept[holder] = kept[holder] & ~other.mask | Tile(2, 2).mask

    def odds(model: PlayModel) -> float:
        return model.weight(kept) / model.weight(actual)

    points_only = odds(PlayModel(view, beta=1.0))
    assert 0.0 < odds(PlayModel(view, beta=1.0, **habit)) < 0.5 * points_only < 1.0


def test_play_model_with_no_habits_is_the_points_model_bit_for_bit() -> None:
    """``shed`` and ``double`` at 0 leave every weight exactly as before (the default
    master's choices, and so its golden records, depend on them)."""
    for seed in range(6):
        rnd, seat = random_position(300 + seed, 0.6)
        view = PlayerView.of_round(rnd, seat)
        plain = PlayModel(view, beta=0.15)
        zero = PlayModel(view, beta=0.15, shed=0.0, double=0.0)
        sampler = DealSampler(view)
        rng = random.Random(seed)
        for _ in range(20):
            hands = sampler.sample(rng)
            assert zero.weight(hands) == plain.weight(hands)


def positions_with_passes() -> list[tuple[Round, int]]:
    out = []
    for seed in range(400):
        rnd, seat = random_position(seed, 1.0)
        view = PlayerView.of_round(rnd, seat)
        if any(view.voids()[s] for s in range(4) if s != seat) and len(view.unseen_tiles()) <= 10:
            out.append((rnd, seat))
        if len(out) >= 8:
            break
    return out


def test_sampler_counts_and_draws_deals_uniformly() -> None:
    positions = positions_with_passes()
    assert positions
    for rnd, seat in positions:
        view = PlayerView.of_round(rnd, seat)
        voids = view.void_masks()
        others = [s for s in range(4) if s != seat]
        unseen = list(view.unseen_tiles())
        sizes = [view.hand_sizes[s] for s in others]
        consistent = set()
        for labels in itertools.product(range(3), repeat=len(unseen)):
            if [labels.count(i) for i in range(3)] != sizes:
                continue
            masks = [0, 0, 0]
            for tile, label in zip(unseen, labels, strict=True):
                masks[label] |= tile.mask
            if any(masks[i] & voids[s] for i, s in enumerate(others)):
                continue
            consistent.add(tuple(masks))
        sampler = DealSampler(view)
        assert sampler.deal_count == len(consistent)
        assert (tuple(rnd.hand_mask(s) for s in others)) in consistent
        if len(consistent) > 40:
            continue
        rng = random.Random(5)
        counts: dict[tuple[int, ...], int] = {}
        draws = 300 * len(consistent)
        for _ in range(draws):
            hands = sampler.sample(rng)
            key = tuple(hands[s] for s in others)
            assert key in consistent
            counts[key] = counts.get(key, 0) + 1
        # Uniform: every deal drawn, none far from its share.
        assert len(counts) == len(consistent)
        assert max(counts.values()) < 1.5 * 300
        assert min(counts.values()) > 0.5 * 300


# --------------------------------------------------------------- simulator
def test_simulator_follows_the_engine_rules() -> None:
    rng = random.Random(3)
    for _ in range(300):
        tiles = list(ALL_TILES)
        rng.shuffle(tiles)
        rnd = Round(
            deal_hands(tiles), rng.randrange(4), scores=(rng.randrange(250), rng.randrange(250))
        )
        sim = Sim.from_round_state(
            rnd.layout, [rnd.hand_mask(s) for s in range(4)], rnd.turn, 0, rnd.scores, rnd.target
        )
        while rnd.end is None:
            legal = rnd.legal_moves()
            assert sorted(move_index(m) for m in legal if m is not PASS) == sorted(sim.legal())
            move = legal[rng.randrange(len(legal))]
            if move is not PASS:
                assert sim.sum_after(move.index) == rnd.layout.copy().place(move)
            assert sim.push(move_index(move)) == rnd.push(move)
            assert sim.sum == rnd.layout.ends_sum
            assert sim.hands == [rnd.hand_mask(s) for s in range(4)]
            if rng.random() < 0.15:
                rnd.pop()
                sim.pop()
        assert sim.end is rnd.end
        net = rnd.result()
        assert sim.margin(0) == net[0] - net[1]


def test_playouts_end_rounds_and_keep_tiles() -> None:
    rng = random.Random(8)
    for seed in range(50):
        rnd, _ = random_position(seed, 0.3)
        sim = Sim.from_round_state(
            rnd.layout,
            [rnd.hand_mask(s) for s in range(4)],
            rnd.turn,
            rnd.passes_in_a_row,
            rnd.scores,
            rnd.target,
        )
        before = sum(h.bit_count() for h in sim.hands)
        sim.playout(rng, epsilon=0.2)
        assert isinstance(sim.end, End)
        assert sum(h.bit_count() for h in sim.hands) <= before


# ----------------------------------------------------------- legal play
def test_every_bot_always_plays_a_legal_move() -> None:
    factories = fair_factories()
    names = sorted(factories)
    rng = random.Random(11)
    for game_number in range(6):
        seats = [rng.choice(names) for _ in range(4)]
        game = Game(seed=game_number, seats=seats, target=150)
        bots = [factories[name](game_number * 4 + s) for s, name in enumerate(seats)]
        while not game.is_over:
            seat = game.turn
            view = game.view(seat)
            move = bots[seat].choose(view)
            assert move in view.legal_moves(), f"{seats[seat]} played {move}"
            game.play(move, seat)


def test_oracle_plays_legally_through_the_explicit_channel_only() -> None:
    game = Game(seed=4, target=120)
    oracle = OracleBot(1, dataclasses.replace(LEVELS["default"], samples=8))
    greedy = make_bot("greedy", 2)
    view = game.view(game.turn)
    with pytest.raises(TypeError):
        oracle.choose(view)
    while not game.is_over:
        seat = game.turn
        bot = oracle if seat % 2 == 0 else greedy
        move = decide(bot, game)
        assert move in game.view(seat).legal_moves()
        game.play(move, seat)


def test_oracle_is_research_only() -> None:
    assert "oracle" not in BOTS
    assert "oracle" not in PRESETS
    assert all(cls.fair for cls in BOTS.values())
    assert all(factory(0).fair for factory in PRESETS.values())
    assert RESEARCH_BOTS["oracle"] is OracleBot
    assert OracleBot.fair is False


def test_ladder_order_and_levels() -> None:
    assert list(BOTS) == ["random", "greedy", "expert", "master"]
    assert set(PRESETS) == {"master-quick", "master-brisk", "master-default", "master-strong"}
    with pytest.raises(ValueError, match="unknown level"):
        MasterBot(0, level="godlike")


def test_master_is_deterministic_for_a_seed() -> None:
    for first, _ in TWINS[:10]:
        assert master(3, samples=16).choose(first) is master(3, samples=16).choose(first)


def test_branch_twins_get_the_same_verdict() -> None:
    """Both spinner branches free: a tile on either is the same move, searched once."""
    rnd = Round(
        [
            [Tile(5, 5), Tile(0, 1), Tile(0, 2), Tile(0, 3), Tile(0, 4), Tile(1, 1), Tile(1, 2)],
            [Tile(0, 5), Tile(1, 3), Tile(1, 4), Tile(2, 2), Tile(2, 3), Tile(2, 4), Tile(3, 3)],
            [Tile(2, 5), Tile(3, 4), Tile(4, 4), Tile(0, 0), Tile(0, 6), Tile(1, 6), Tile(2, 6)],
            [Tile(3, 5), Tile(4, 5), Tile(1, 5), Tile(5, 6), Tile(3, 6), Tile(4, 6), Tile(6, 6)],
        ],
        opener=0,
    )
    for text in ("5-5", "0-5@5-5:line_a", "2-5@5-5:line_b"):
        rnd.play(text)
    view = PlayerView.of_round(rnd, 3)
    analysis = {str(a.move): a for a in master(0, samples=10).analyse(view)}
    a, b = analysis["3-5@5-5:branch_a"], analysis["3-5@5-5:branch_b"]
    assert a.value == b.value
    assert a.samples == b.samples
    assert len(analysis) == len(view.legal_moves())


def test_master_time_limit_caps_the_search() -> None:
    first = next(v for v, _ in TWINS if sum(v.hand_sizes) > 16)
    analysis = MasterBot(
        0, dataclasses.replace(LEVELS["default"], samples=10**6), time_limit=0.05
    ).analyse(first)
    assert 0 < analysis[0].samples < 10**6


def test_exact_endgame_matches_brute_force() -> None:
    """With few tiles left the master solves the sampled deal exactly: check the solver
    against plain minimax on the engine's own Round."""
    from seven_rocks.bots.outcome import outcome_value, solve

    def minimax(rnd: Round, team: int) -> float:
        if rnd.end is not None:
            sim = Sim.from_round_state(
                rnd.layout,
                [rnd.hand_mask(s) for s in range(4)],
                rnd.turn,
                rnd.passes_in_a_row,
                rnd.scores_before,
                rnd.target,
            )
            sim.points = list(rnd.points)
            sim.end = rnd.end
            return outcome_value(sim, team)
        values = []
        for move in rnd.legal_moves():
            rnd.push(move)
            values.append(minimax(rnd, team))
            rnd.pop()
        return max(values) if (rnd.turn & 1) == team else min(values)

    checked = 0
    for seed in range(200):
        rnd, seat = random_position(seed, 1.0)
        if sum(rnd.hand_sizes()) > 9:
            continue
        start = Round.from_position(
            rnd.layout,
            [rnd.hand(s) for s in range(4)],
            rnd.turn,
            passes_in_a_row=rnd.passes_in_a_row,
            scores=rnd.scores,
            target=rnd.target,
        )
        sim = Sim.from_round_state(
            rnd.layout,
            [rnd.hand_mask(s) for s in range(4)],
            rnd.turn,
            rnd.passes_in_a_row,
            rnd.scores,
            rnd.target,
        )
        team = seat & 1
        assert solve(sim, team, -1e9, 1e9) == minimax(start, team)
        checked += 1
    assert checked >= 5


def test_tiles_of_voids_never_in_sampled_hands_after_real_passes() -> None:
    """Positions from real greedy games, where passes happen naturally."""
    rng = random.Random(1)
    seen_void = False
    for seed in range(40):
        game = Game(seed=seed)
        bots = [make_bot("greedy", s) for s in range(4)]
        while game.round_number == 1 and not game.is_over:
            seat = game.turn
            view = game.view(seat)
            voids = view.void_masks()
            if any(voids):
                seen_void = True
                hands = DealSampler(view).sample(rng)
                for s in range(4):
                    if s != seat:
                        assert not hands[s] & voids[s]
                        for tile in tiles_of(hands[s]):
                            assert not any(tile.mask & SUIT_MASKS[n] for n in view.voids()[s])
            game.play(bots[seat].choose(view), seat)
    assert seen_void


def reference_wary_choice(sim: Sim, moves: list[int], wary: float) -> list[int]:
    """The wary rollout policy computed the slow way (place, list the reply, undo):
    every move whose key is the best."""
    keys = {}
    nxt = (sim.turn + 1) & 3
    for mi in moves:
        s1 = sim.sum_after(mi)
        snapshot = sim.snapshot()
        sim.push(mi)
        reply = 0
        sim.turn = nxt
        for mj in sim.legal():
            s2 = sim.sum_after(mj)
            if s2 % 5 == 0:
                reply = max(reply, s2)
        sim.restore(snapshot)
        sim.undo.clear()
        keys[mi] = (
            (s1 if s1 % 5 == 0 else 0)
            - wary * reply
            + 0.01 * (32 * ALL_TILES[M_TILE[mi]].is_double + ALL_TILES[M_TILE[mi]].pips)
        )
    best = max(keys.values())
    return [mi for mi, key in keys.items() if key == best]


def test_wary_rollout_policy_matches_its_definition() -> None:
    rng = random.Random(21)
    checked = 0
    for seed in range(300):
        rnd, _ = random_position(seed, rng.random())
        if not rnd.layout:
            continue
        sim = Sim.from_round_state(
            rnd.layout,
            [rnd.hand_mask(s) for s in range(4)],
            rnd.turn,
            rnd.passes_in_a_row,
            rnd.scores,
            rnd.target,
        )
        moves = sim.legal()
        if len(moves) < 2:
            continue
        assert sim.wary_move(moves, random.Random(0), 0.5) in reference_wary_choice(sim, moves, 0.5)
        checked += 1
    assert checked > 100
