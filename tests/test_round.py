"""Turns, illegal moves, passes, the end of a round, settlement and the target."""

from __future__ import annotations

import pytest

from seven_rocks import (
    PASS,
    End,
    Game,
    IllegalPassError,
    InvalidMoveError,
    InvalidTileError,
    Layout,
    Move,
    NotYourTurnError,
    NumbersDontMatchError,
    PointNotOpenError,
    Round,
    RoundOverError,
    RoundSettled,
    Tile,
    TileNotInHandError,
    round_to_five,
)
from seven_rocks.engine.events import GameWon
from tests.helpers import hands_from, snapshot

# Seat 0 holds 1-4 and 1-1; the rest of the set is spread so that play is forced.
DEAL = hands_from(
    "1-4 1-1 0-0 0-1 0-2 0-3 0-4 | 4-4 3-4 0-5 0-6 1-2 1-3 1-5 | "
    "1-6 2-2 2-3 2-4 2-5 2-6 3-3 | 3-5 3-6 4-5 4-6 5-5 5-6 6-6"
)


@pytest.mark.parametrize(
    ("pips", "rounded"),
    [
        (0, 0),
        (1, 0),
        (2, 0),
        (3, 5),
        (4, 5),
        (5, 5),
        (6, 5),
        (7, 5),
        (8, 10),
        (9, 10),
        (10, 10),
        (11, 10),
        (12, 10),
        (13, 15),
        (14, 15),
        (47, 45),
        (48, 50),
    ],
)
def test_rounding_to_five(pips: int, rounded: int) -> None:
    assert round_to_five(pips) == rounded


def test_turns_go_clockwise_from_the_opener() -> None:
    rnd = Round(DEAL, opener=0)
    rnd.play("1-4")
    assert rnd.turn == 1
    rnd.play("4-4@1-4:high")
    assert rnd.turn == 2


ILLEGAL = [
    # (moves before, offending move, seat or None, error, words the message must contain)
    ([], "4-4", None, TileNotInHandError, ["4-4", "seat 0"]),
    (["1-4"], "1-1@1-4:low", None, TileNotInHandError, ["1-1", "1-4:low"]),
    (["1-4"], "4-4@1-4:high", 2, NotYourTurnError, ["4-4", "seat 1"]),
    (["1-4"], "0-5", None, PointNotOpenError, ["0-5", "open"]),
    (["1-4", "4-4@1-4:high"], "2-4@1-4:high", None, PointNotOpenError, ["2-4", "1-4:high"]),
    (["1-4"], "pass", None, IllegalPassError, ["seat 1", "4-4@1-4:high"]),
]


@pytest.mark.parametrize(("before", "move", "seat", "error", "words"), ILLEGAL)
def test_illegal_moves_raise_precisely_and_change_nothing(
    before: list[str], move: str, seat: int | None, error: type[Exception], words: list[str]
) -> None:
    rnd = Round(DEAL, opener=0)
    for m in before:
        rnd.play(m)
    state = snapshot(rnd)
    with pytest.raises(error) as caught:
        rnd.play(move, seat)
    for word in words:
        assert word in str(caught.value)
    assert snapshot(rnd) == state
    assert not rnd.is_legal(Move.parse(move)) or seat is not None


def test_numbers_that_dont_match_are_rejected_by_name() -> None:
    with pytest.raises(NumbersDontMatchError, match=r"3-5 cannot attach to 1-1:branch_a"):
        Move.parse("3-5@1-1:branch_a")


@pytest.mark.parametrize("text", ["²-1", "1-²", "٣-5", "3-", "1-100", "x" * 10_000, " - "])
def test_text_that_names_no_tile_is_one_short_sentence(text: str) -> None:
    # "²" passes str.isdigit and then int() refused it; "٣" int() took as 3.
    with pytest.raises(InvalidTileError) as caught:
        Tile.parse(text)
    message = str(caught.value)
    assert message.startswith("invalid tile '") and message.endswith("written like '3-5'")
    assert len(message) < 100


def test_a_bad_move_quotes_at_most_forty_characters_of_it() -> None:
    game = Game(seed=5)
    before = snapshot(game.current)
    for text in ("7" * 5000 + "-1", "1-2@" + "1" * 5000 + ":line_a"):
        with pytest.raises(InvalidMoveError) as caught:
            game.play(text)
        assert "'" + "1" * 41 not in str(caught.value) and len(str(caught.value)) < 200
        assert "7" * 41 not in str(caught.value)
    assert snapshot(game.current) == before


def test_a_game_rejects_illegal_moves_and_stays_playable() -> None:
    game = Game(seed=5)
    before = (game.scores, game.turn, game.current.layout.moves, len(game.events))
    stranger = next(t for t in game.hand((game.turn + 1) % 4))
    with pytest.raises(TileNotInHandError):
        game.play(Move(stranger))
    assert (game.scores, game.turn, game.current.layout.moves, len(game.events)) == before
    game.play(game.legal_moves()[0])


def test_four_passes_in_a_row_block_the_round_and_every_hand_is_settled() -> None:
    # Only 0s are open and nobody holds a 0: four knocks end the round with no winner.
    rnd = Round.from_position(
        layout=_layout("0-0"), hands=hands_from("1-1 | 2-2 | 3-3 | 4-4 6-6"), turn=1
    )
    for seat in (1, 2, 3):
        assert rnd.legal_moves() == [PASS]
        rnd.play(PASS, seat)
        assert rnd.end is None
    rnd.play(PASS, 0)
    assert rnd.end is End.BLOCKED
    assert rnd.legal_moves() == []
    # 2 -> 0, 4 -> 5, 6 -> 5, 20 -> 20: each hand rounded on its own.
    assert rnd.deductions() == (0, 5, 5, 20)
    assert rnd.result() == (-5, -25)
    with pytest.raises(RoundOverError):
        rnd.play(PASS)


def test_a_placement_resets_the_pass_count() -> None:
    rnd = Round.from_position(
        layout=_layout("0-0"), hands=hands_from("0-1 | 2-2 | 3-3 | 4-4"), turn=1
    )
    for _ in range(3):
        rnd.play(PASS)
    assert rnd.passes_in_a_row == 3
    rnd.play("0-1@0-0:line_a")
    assert rnd.passes_in_a_row == 0 and rnd.end is End.DOMINO


def test_partners_hands_are_rounded_separately() -> None:
    # Partners each left with 1-2 (3 pips): 5 + 5 = 10, not round(6) = 5.
    rnd = Round.from_position(
        layout=_layout("6-6"),
        hands=hands_from("1-2 | 5-5 | 0-3 | 6-5"),
        turn=3,
    )
    rnd.play("5-6@6-6:line_a")
    assert rnd.end is End.DOMINO
    assert rnd.deductions() == (5, 10, 5, 0)
    points = rnd.points
    assert rnd.result() == (points[0] - 10, points[1] - 10)


def _layout(*moves: str) -> Layout:
    layout = Layout()
    for m in moves:
        layout.place(Move.parse(m))
    return layout


def test_the_domino_player_opens_the_next_round() -> None:
    game = Game(seed=21)
    while game.round_number == 1:
        game.play(game.legal_moves()[0])
    first = game.rounds[0]
    if first.end is End.DOMINO:
        assert game.current.opener == first.turns[-1].seat
    settled = [e for e in game.events if isinstance(e, RoundSettled)]
    assert len(settled) == 1 and settled[0].round == 1


def test_reaching_the_target_wins_at_once_without_settlement() -> None:
    # Target 5: the opener's 1-4 (4 + 1 = 5) wins the game on the spot.
    game = Game(target=5, deals=[(DEAL, 0)])
    game.play("1-4")
    assert game.is_over and game.winner == 0 and game.scores == (5, 0)
    assert game.current.end is End.TARGET and game.current.deductions() is None
    assert isinstance(game.events[-1], GameWon)
    assert not any(isinstance(e, RoundSettled) for e in game.events)
    with pytest.raises(RoundOverError):
        game.play("4-4@1-4:high")


def test_last_tile_reaching_the_target_is_a_win_not_a_settlement() -> None:
    rnd = Round.from_position(
        layout=_layout("6-6"),
        hands=hands_from("5-6 | 0-0 | 0-1 | 0-2"),
        turn=0,
        scores=(240, 0),
        target=250,
    )
    # 5-6 on 6-6: spinner still terminal (12) + 5 = 17: no points, plain domino.
    rnd.play("5-6@6-6:line_a")
    assert rnd.end is End.DOMINO
    rnd.pop()
    rnd2 = Round.from_position(
        layout=_layout("4-4"),
        hands=hands_from("2-4 | 0-0 | 0-1 | 0-2"),
        turn=0,
        scores=(240, 0),
        target=250,
    )
    # 2-4 on 4-4: 8 + 2 = 10 → 250: the target, not a domino.
    assert rnd2.play("2-4@4-4:line_a") == 10
    assert rnd2.end is End.TARGET and rnd2.deductions() is None


def test_scores_may_go_below_zero() -> None:
    rnd = Round.from_position(
        layout=_layout("0-0"),
        hands=hands_from("0-1 | 6-6 5-5 | 0-2 | 4-4"),
        turn=0,
        scores=(0, 0),
    )
    rnd.play("0-1@0-0:line_a")
    assert rnd.end is End.DOMINO
    # 6-6 5-5 = 22 -> 20 and 4-4 = 8 -> 10: team 1 loses 30 from nothing.
    assert rnd.result() == (0, -30)


def test_push_and_pop_restore_everything() -> None:
    rnd = Round(DEAL, opener=0)
    states = [snapshot(rnd)]
    moves = []
    while rnd.end is None:
        move = rnd.legal_moves()[-1]
        rnd.push(move)
        moves.append(move)
        states.append(snapshot(rnd))
    for state in reversed(states[:-1]):
        rnd.pop()
        assert snapshot(rnd) == state
