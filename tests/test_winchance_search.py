"""The master playing for the game: its search values each round's end by the chance to win.

That the search stays fair (the same move when only the hidden hands differ) and legal is
checked with every other bot in ``tests/test_bots.py``: ``master-1000-chances`` is one of the
research variants there.
"""

from __future__ import annotations

import dataclasses

from seven_rocks.bots import make_bot
from seven_rocks.bots.master import LEVELS, PLAY, MasterBot
from seven_rocks.bots.outcome import TIE_POINT, outcome_chance, outcome_value, outcome_win
from seven_rocks.bots.playout import Sim
from seven_rocks.engine.kernel import End
from seven_rocks.engine.moves import Move
from seven_rocks.engine.round import Round
from seven_rocks.engine.tiles import Tile
from seven_rocks.engine.view import PlayerView
from seven_rocks.research.variants import CHANCES_150, CHANCES_1000

#: Every deal solved exactly, on a small budget: the verdicts below are far apart.
ENDGAME = dataclasses.replace(
    LEVELS["default"], samples=64, exact_tiles=28, infer=0.0, halving=False
)


def position(
    hands: list[str], opener: int, scores: tuple[int, int], played: list[str]
) -> PlayerView:
    """The view of the seat to move after ``played`` (moves in their text form)."""
    dealt = [tuple(Tile.parse(t) for t in hand.split()) for hand in hands]
    rnd = Round(dealt, opener, scores=scores)
    for text in played:
        rnd.play(text)
    return PlayerView.of_round(rnd, rnd.turn)


#: South (team 0) at 240 of 250 with three tiles left: 2-4 on the 4 of 4-6 makes ten, and
#: the game, now; 2-6 on the 5 of 2-5 makes nothing now but sets up a bigger round that
#: reaches 250 later on every deal searched, so points prefer it.
REACH_NOW = position(
    [
        "3-4 2-6 0-6 2-4 3-6 4-5 6-6",
        "1-3 2-3 1-5 1-2 0-1 4-4 0-0",
        "3-3 0-5 1-4 2-2 2-5 5-6 0-2",
        "4-6 1-1 0-3 0-4 5-5 3-5 1-6",
    ],
    opener=3,
    scores=(240, 40),
    played=[
        "3-5",
        "3-4@3-5:low",
        "4-4@3-4:high",
        "5-6@3-5:high",
        "0-4@4-4:line_b",
        "3-6@5-6:high",
        "1-3@3-6:low",
        "1-4@4-4:branch_b",
        "1-1@1-3:low",
        "4-5@4-4:branch_a",
        "1-5@1-1:line_b",
        "0-5@1-5:high",
        "1-6@1-4:low",
        "0-6@0-4:low",
        "0-0@0-5:low",
        "2-5@4-5:high",
        "4-6@1-6:high",
    ],
)

#: East (team 1) behind at 190 to 205, thirteen tiles left: 1-2 on the 2 of 0-2 keeps the
#: most points, 4-4 on 4-5 gives some away but more often lets the team win the game.
BEHIND = position(
    [
        "0-5 2-2 2-3 5-5 1-5 1-4 0-2",
        "4-6 3-6 0-1 4-4 5-6 1-2 1-3",
        "3-3 3-4 1-1 1-6 0-3 6-6 0-0",
        "0-4 3-5 2-6 4-5 0-6 2-5 2-4",
    ],
    opener=2,
    scores=(205, 190),
    played=[
        "0-3",
        "3-5@0-3:high",
        "5-5@3-5:high",
        "5-6@5-5:line_b",
        "6-6@5-6:high",
        "2-5@5-5:branch_b",
        "2-2@2-5:low",
        "4-6@6-6:line_b",
        "3-4@4-6:low",
        "2-6@2-2:line_b",
        "0-2@0-3:low",
        "1-3@3-4:low",
        "1-1@1-3:low",
        "4-5@5-5:branch_a",
        "1-4@1-1:line_b",
    ],
)


def best(view: PlayerView, *, win: bool, seed: int = 0) -> Move:
    return MasterBot(seed, dataclasses.replace(ENDGAME, win=win)).analyse(view)[0].move


def test_playing_for_the_game_takes_the_target_when_points_prefer_a_bigger_round() -> None:
    reach = Move.parse("2-4@4-6:low")
    assert reach in REACH_NOW.legal_moves()
    assert best(REACH_NOW, win=False) == Move.parse("2-6@2-5:low")
    assert best(REACH_NOW, win=True) == reach


def test_playing_for_the_game_when_behind_gives_up_points_for_a_chance() -> None:
    by_points = MasterBot(0, ENDGAME).analyse(BEHIND)
    by_chance = MasterBot(0, dataclasses.replace(ENDGAME, win=True)).analyse(BEHIND)
    points = {a.move: a.value for a in by_points}
    chance = {a.move: a.value for a in by_chance}
    safe, risky = by_points[0].move, by_chance[0].move
    assert risky != safe
    # About 22 expected points fewer, about 3 points of win% more.
    assert points[risky] < points[safe] - 10
    assert chance[risky] > chance[safe] + 0.02


def test_the_choice_is_the_same_for_a_seed_and_legal() -> None:
    for view in (REACH_NOW, BEHIND):
        first = best(view, win=True, seed=7)
        assert first == best(view, win=True, seed=7)
        assert first in view.legal_moves()


def finished(scores: tuple[int, int]) -> Sim:
    """A round of a fixed deal played to its end by the first legal move each turn."""
    hands = [
        "3-4 2-6 0-6 2-4 3-6 4-5 6-6",
        "1-3 2-3 1-5 1-2 0-1 4-4 0-0",
        "3-3 0-5 1-4 2-2 2-5 5-6 0-2",
        "4-6 1-1 0-3 0-4 5-5 3-5 1-6",
    ]
    rnd = Round([tuple(Tile.parse(t) for t in h.split()) for h in hands], 0, scores=scores)
    sim = Sim.from_round_state(
        rnd.layout, [rnd.hand_mask(s) for s in range(4)], rnd.turn, 0, scores, rnd.target
    )
    while not sim.end:
        moves = sim.legal()
        sim.push(moves[0] if moves else -1)
    return sim


def test_a_round_end_is_worth_its_chance_and_a_game_won_sooner_more() -> None:
    early = finished((0, 0))
    assert early.end is not End.TARGET
    for team in (0, 1):
        tie = TIE_POINT * early.margin(team)
        assert outcome_win(early, team) == outcome_chance(early, team) + tie
    # The margin only breaks ties: it moves the value by far less than the table's step.
    assert abs(outcome_win(early, 0) - outcome_chance(early, 0)) < 0.5 / 255
    won = finished((245, 245))
    assert won.end is End.TARGET
    winner = 0 if outcome_value(won, 0) > 0 else 1
    left = sum(h.bit_count() for h in won.hands)
    assert left > 0
    assert outcome_win(won, winner) == 1.0 + TIE_POINT * left
    assert outcome_win(won, 1 - winner) == -TIE_POINT * left


def test_the_chances_variants_are_the_brisk_and_default_searches_playing_for_the_game() -> None:
    assert CHANCES_150.level == dataclasses.replace(LEVELS["brisk"], win=True)
    assert CHANCES_1000.level == dataclasses.replace(LEVELS["default"], win=True)


def test_the_master_and_its_hint_play_for_the_game_and_the_named_levels_for_points() -> None:
    """The master (and the hint, its search) plays the default's search for the game; the
    levels the coach, the puzzles and research name read their values as points."""
    master = make_bot("master", 1)
    assert isinstance(master, MasterBot) and master.level == PLAY == CHANCES_1000.level
    for name in LEVELS:
        preset = make_bot(f"master-{name}", 1)
        assert isinstance(preset, MasterBot) and not preset.level.win, name
