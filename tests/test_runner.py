"""The one game runner, the one bot registry and the one statistics tally."""

from __future__ import annotations

import json
import random

import pytest

from seven_rocks.app.runner import NoBotToMoveError, Runner, Step, bot_seed, play_game
from seven_rocks.bots import BOTS, bot_factory, bot_names, make_bot
from seven_rocks.engine.game import Game
from seven_rocks.engine.moves import Move
from seven_rocks.engine.record import dumps, loads, to_record
from seven_rocks.engine.round import End
from seven_rocks.engine.view import PlayerView
from seven_rocks.research import OracleBot
from seven_rocks.research.stats import GameFacts, Samples, Tally
from seven_rocks.research.tournament import decision


def _greedy(game_seed: int) -> list[object]:
    return [make_bot("greedy", bot_seed(game_seed, s)).choose for s in range(4)]


# ------------------------------------------------------------------- runner
def test_run_plays_the_same_game_as_a_hand_written_loop() -> None:
    bots = [make_bot("random", bot_seed(9, s)) for s in range(4)]
    by_hand = Game(seed=9)
    while not by_hand.is_over:
        seat = by_hand.turn
        by_hand.play(bots[seat].choose(by_hand.view(seat)), seat)
    again = [make_bot("random", bot_seed(9, s)) for s in range(4)]
    ran = Runner(Game(seed=9), [b.choose for b in again]).run()
    assert dumps(ran) == dumps(by_hand)


def test_each_decision_sees_only_its_own_seat_on_its_turn() -> None:
    seen: list[tuple[int, int]] = []

    def watcher(seat: int):  # type: ignore[no-untyped-def]
        bot = make_bot("greedy", seat)

        def decide(view: PlayerView) -> Move:
            seen.append((seat, view.seat))
            assert view.is_my_turn
            return bot.choose(view)

        return decide

    Runner(Game(seed=2), [watcher(s) for s in range(4)]).run()
    assert seen and all(asked == shown for asked, shown in seen)
    assert {asked for asked, _ in seen} == {0, 1, 2, 3}


def test_run_stops_where_a_person_must_move_and_step_refuses_there() -> None:
    bots = [None, *(make_bot("random", s).choose for s in range(1, 4))]
    game = Game(seed=6)
    runner = Runner(game, bots)
    person_moves = 0
    for _ in range(40):  # a person's move, then the bots' until the person's turn again
        runner.run()
        if game.is_over:
            break
        assert game.turn == 0 and runner.waiting_for_person and not runner.bot_to_move
        with pytest.raises(NoBotToMoveError, match="person"):
            runner.step()
        game.play(game.legal_moves()[0], 0)
        person_moves += 1
    assert person_moves == 40


def test_step_makes_exactly_one_decision_and_reports_it() -> None:
    game = Game(seed=3)
    runner = Runner(game, _greedy(3), timed=True)  # type: ignore[arg-type]
    seat, before = game.turn, len(game.current.turns)
    step = runner.step()
    assert step.seat == seat and len(game.current.turns) == before + 1
    assert game.current.turns[-1] == (step.seat, step.move, step.points)
    assert step.cpu >= 0 and step.wall >= 0
    assert [len(t) for t in runner.cpu] == [int(s == seat) for s in range(4)]


def test_step_on_a_finished_game_refuses() -> None:
    runner = Runner(Game(seed=1, target=20), _greedy(1))  # type: ignore[arg-type]
    runner.run()
    with pytest.raises(NoBotToMoveError, match="over"):
        runner.step()


def test_timing_collects_one_figure_per_decision_per_seat() -> None:
    game = Game(seed=4)
    runner = Runner(game, _greedy(4), timed=True)  # type: ignore[arg-type]
    runner.run()
    moves = [0, 0, 0, 0]
    for rnd in game.rounds:
        for turn in rnd.turns:
            moves[turn.seat] += 1
    assert [len(t) for t in runner.cpu] == moves == [len(t) for t in runner.wall]


def test_untimed_runs_collect_nothing() -> None:
    runner = Runner(Game(seed=4), _greedy(4))  # type: ignore[arg-type]
    runner.run()
    assert runner.cpu == [[], [], [], []] and runner.wall == [[], [], [], []]


def test_observers_are_told_every_step_in_order() -> None:
    told: list[Step] = []
    game = Game(seed=5)
    Runner(game, _greedy(5), observers=[lambda g, s: told.append(s)]).run()  # type: ignore[arg-type]
    played = [(t.seat, t.move, t.points) for rnd in game.rounds for t in rnd.turns]
    assert [(s.seat, s.move, s.points) for s in told] == played


def test_a_runner_needs_four_seats() -> None:
    with pytest.raises(ValueError, match="4 seats"):
        Runner(Game(seed=1), [None, None])


def test_play_game_names_the_seats_after_the_bots() -> None:
    game = play_game([make_bot("greedy", s) for s in range(4)], 8, target=100)
    assert game.is_over and game.seats == ("greedy",) * 4 and max(game.scores) >= 100


# ----------------------------------------------------------------- registry
def test_the_tiers_nest_in_ladder_order() -> None:
    offered = bot_names("offered")
    fair = bot_names("fair")
    research = bot_names("research")
    assert offered == list(BOTS) == ["random", "greedy", "expert", "master"]
    assert fair[: len(offered)] == offered and "master-quick" in fair and "oracle" not in fair
    assert research[: len(fair)] == fair and "oracle" in research


@pytest.mark.parametrize(
    ("name", "tier"), [("master-quick", "offered"), ("oracle", "fair"), ("wizard", "research")]
)
def test_names_outside_a_tier_are_one_line_errors(name: str, tier: str) -> None:
    with pytest.raises(ValueError, match=f"unknown bot '{name}'") as caught:
        bot_factory(name, tier)  # type: ignore[arg-type]
    assert "\n" not in str(caught.value)


def test_a_name_and_a_seed_make_the_same_bot_every_time() -> None:
    view = Game(seed=12).view(Game(seed=12).turn)
    for name in bot_names("fair"):
        if name.startswith("master"):
            continue  # a search: the same, but slow here
        assert make_bot(name, 3).choose(view) is make_bot(name, 3).choose(view)


def test_research_bots_get_the_hands_only_through_their_decision() -> None:
    bot = make_bot("oracle", 1, "research")
    assert isinstance(bot, OracleBot) and not bot.fair
    game = Game(seed=2, target=60)
    decide = decision(bot, game)
    move = decide(game.view(game.turn))
    assert move in game.legal_moves()
    fair = make_bot("greedy", 1)
    assert decision(fair, game) == fair.choose


# -------------------------------------------------------------------- stats
def _tally_from_records(lines: list[str]) -> dict[str, int]:
    """The tally's figures computed from the JSON records alone (not from the engine)."""
    out = {"games": 0, "wins0": 0, "rounds": 0, "dominoes": 0, "blocks": 0, "points0": 0}
    out["dominoes0"] = 0
    for line in lines:
        record = json.loads(line)
        out["games"] += 1
        out["wins0"] += record["winner"] == 0
        for rnd in record["rounds"]:
            out["rounds"] += 1
            out["dominoes"] += rnd["end"] == "domino"
            out["dominoes0"] += rnd["end"] == "domino" and rnd["moves"][-1]["seat"] % 2 == 0
            out["blocks"] += rnd["end"] == "blocked"
            out["points0"] += sum(m.get("points", 0) for m in rnd["moves"] if m["seat"] % 2 == 0)
    return out


def test_the_tally_agrees_with_the_records() -> None:
    tally = Tally()
    lines = []
    for seed in range(12):
        game = play_game([make_bot("random", bot_seed(seed, s)) for s in range(4)], seed)
        lines.append(dumps(game))
        tally.add(GameFacts.of(game))
    expected = _tally_from_records(lines)
    assert (tally.games, tally.a_wins, tally.rounds) == (
        expected["games"],
        expected["wins0"],
        expected["rounds"],
    )
    assert (tally.dominoes, tally.a_dominoes, tally.blocks, tally.a_points) == (
        expected["dominoes"],
        expected["dominoes0"],
        expected["blocks"],
        expected["points0"],
    )
    assert tally.target_ends == tally.games  # every finished game ends on the target


def test_tallying_from_the_other_side_swaps_a_and_b() -> None:
    game = play_game([make_bot("greedy", s) for s in range(4)], 21)
    facts = GameFacts.of(game)
    as_zero, as_one = Tally(), Tally()
    as_zero.add(facts, 0)
    as_one.add(facts, 1)
    assert (as_zero.a_wins, as_zero.b_wins) == (as_one.b_wins, as_one.a_wins)
    assert as_zero.margin_total == -as_one.margin_total != 0
    assert (as_zero.a_net, as_zero.a_dominoes) == (as_one.b_net, as_one.b_dominoes)
    domino_rounds = sum(r.end is End.DOMINO for r in game.rounds)
    assert as_zero.a_dominoes + as_zero.b_dominoes == domino_rounds


def test_an_unfinished_game_has_no_facts() -> None:
    with pytest.raises(ValueError, match="finished"):
        GameFacts.of(Game(seed=1))


def test_samples_are_exact_below_the_limit_and_bounded_above_it() -> None:
    exact = Samples(limit=1000)
    exact.extend(float(x) for x in range(101))
    assert exact.summary() == {"median": 50.0, "p95": 95.0, "decisions": 101}
    bounded = Samples(limit=500)
    bounded.extend(x / 100_000 for x in range(100_001))
    summary = bounded.summary()
    assert len(bounded.values) == 500 and summary["decisions"] == 100_001
    assert 0.4 < summary["median"] < 0.6 and 0.9 < summary["p95"] <= 1.0


# ------------------------------------------------------------- record writer
def test_dumps_writes_exactly_what_json_would() -> None:
    rng = random.Random(7)
    names = [['a"b', "é☃", "x\\y", "\x1b]0;t"], ["random"] * 4]
    for seed in range(120):
        game = Game(seed=seed, seats=names[seed % 2], target=rng.choice([1, 30, 250, 600]))
        for _ in range(rng.randrange(700)):
            if game.is_over:
                break
            moves = game.legal_moves()
            game.play(moves[int(rng.random() * len(moves))])
        text = dumps(game)
        assert text == json.dumps(to_record(game), separators=(",", ":"))
        assert dumps(loads(text)) == text


# ------------------------------------------------------------------ session
def test_the_worker_session_steps_through_the_same_game_as_the_runner() -> None:
    from seven_rocks.app.session import Session

    session = Session()
    snap = session.new_game(seed=31, bots=["random", "greedy", "random", "greedy"], target=120)
    steps = 0
    while not snap["over"]:
        snap = session.step()
        assert snap["think_ms"] >= 0
        steps += 1
    names = ["random", "greedy", "random", "greedy"]
    bots = [make_bot(name, bot_seed(31, s)) for s, name in enumerate(names)]
    alone = play_game(bots, 31, target=120)
    assert session.game is not None and dumps(session.game) == dumps(alone)
    assert steps == sum(len(rnd.turns) for rnd in alone.rounds)
