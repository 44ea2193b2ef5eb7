"""A player's view holds what that seat may know, and no path leads from it to a hidden hand."""

from __future__ import annotations

import gc
import types

import pytest

from seven_rocks import Game, PlayerView, Round


def _reachable(root: object) -> list[object]:
    """Every object reachable from ``root`` through references, except modules, classes and
    functions (shared program text, not game state)."""
    seen: set[int] = set()
    stack = [root]
    found = []
    while stack:
        obj = stack.pop()
        if id(obj) in seen or isinstance(
            obj, types.ModuleType | type | types.FunctionType | types.BuiltinFunctionType
        ):
            continue
        seen.add(id(obj))
        found.append(obj)
        stack.extend(gc.get_referents(obj))
    return found


def _played_game(seed: int, moves: int) -> Game:
    game = Game(seed=seed)
    for _ in range(moves):
        game.play(game.legal_moves()[-1])
    return game


def test_no_round_or_game_is_reachable_from_a_view() -> None:
    game = _played_game(seed=17, moves=60)  # into the second round: settlements in history
    for seat in range(4):
        objects = _reachable(game.view(seat))
        assert not any(isinstance(o, Round | Game) for o in objects)
        # No container anywhere in the view holds exactly another seat's current hand.
        for other in range(4):
            if other == seat:
                continue
            hidden = set(game.hand(other))
            if len(hidden) < 2:
                continue
            for obj in objects:
                if isinstance(obj, tuple | list | set | frozenset) and set(obj) == hidden:
                    raise AssertionError(f"seat {other}'s hand is reachable from seat {seat}")
            assert game.current.hand_mask(other) not in [
                o for o in objects if isinstance(o, int) and o.bit_count() == len(hidden)
            ]


def test_view_contents() -> None:
    game = _played_game(seed=3, moves=5)
    view = game.view(1)
    assert view.hand == game.hand(1)
    assert view.hand_sizes == game.current.hand_sizes()
    assert view.turns == game.current.turns
    assert view.scores == game.scores
    assert sorted(view.unseen_tiles()) == sorted(t for s in (0, 2, 3) for t in game.hand(s))
    assert view.layout is not game.current.layout
    assert view.layout.moves == game.current.layout.moves


def test_voids_come_from_passes() -> None:
    # Find a game where somebody passes, and check the inference against the truth.
    for seed in range(200):
        game = Game(seed=seed)
        while game.round_number == 1 and not game.is_over:
            moves = game.legal_moves()
            game.play(moves[0])
            turns = game.current.turns if game.round_number == 1 else game.rounds[0].turns
            if turns and turns[-1].move.tile is None and game.round_number == 1:
                view = PlayerView.of(game, (turns[-1].seat + 1) % 4)
                passer = turns[-1].seat
                voids = view.voids()[passer]
                assert voids, "a pass proves a void"
                assert not any(t.has(n) for t in game.hand(passer) for n in voids)
                return
    raise AssertionError("no pass found in 200 games")


def test_a_view_is_read_only_and_its_history_is_the_games_events_then() -> None:
    game = Game(seed=8)
    views = []
    while not game.is_over and game.round_number < 3:
        views.append((game.view(game.turn), tuple(game.events), game.hand(game.turn)))
        game.play(game.legal_moves()[0])
    assert game.round_number == 3  # views from three rounds, the game played on after each
    for view, events, hand in views:
        assert view.history == events and view.hand == hand
        with pytest.raises(AttributeError):
            view.hand = ()  # type: ignore[misc]
        with pytest.raises(AttributeError):
            view.scores = (0, 0)  # type: ignore[misc]
