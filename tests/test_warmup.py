"""The worker's boot-time warm-up (``seven_rocks.app.warmup``): a whole throwaway round that
runs the page's own paths (a person's ``play`` and the bots' ``step``) and touches nothing else."""

from __future__ import annotations

import pytest

from seven_rocks.app import warmup
from seven_rocks.app.session import Session
from seven_rocks.engine.game import Game


@pytest.mark.parametrize("seed", range(8))
def test_the_warm_up_plays_a_whole_round_through_the_pages_paths(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls = {"play": 0, "step": 0}
    sessions: list[Session] = []
    real_play, real_step, real_new_game = Session.play, Session.step, Session.new_game

    def new_game(self: Session, *args: object, **kwargs: object) -> object:
        sessions.append(self)
        return real_new_game(self, *args, **kwargs)  # type: ignore[arg-type]

    def play(self: Session, *args: object, **kwargs: object) -> object:
        calls["play"] += 1
        return real_play(self, *args, **kwargs)  # type: ignore[arg-type]

    def step(self: Session, *args: object, **kwargs: object) -> object:
        calls["step"] += 1
        return real_step(self, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(Session, "new_game", new_game)
    monkeypatch.setattr(Session, "play", play)
    monkeypatch.setattr(Session, "step", step)

    moves = warmup.warm_up(seed)

    assert calls["play"] > 0 and calls["step"] > 0  # the person's side and the bots' side
    assert moves == calls["play"] + calls["step"]
    [session] = sessions
    game = session.game
    assert game is not None
    # The first round was played to its end, not cut off by the limit.
    assert moves < warmup.LIMIT
    assert game.is_over or game.round_number == 2
    assert len(game.rounds[0].turns) == moves


def test_the_warm_up_leaves_the_game_being_played_alone() -> None:
    live = Session()
    before = live.new_game(seed=11, bots=(None, "expert", "expert", "expert"))
    warmup.warm_up()
    assert live.snapshot() == before
    fresh = Game(seed=11)
    assert live.game is not None and live.game.current.hand(0) == fresh.current.hand(0)
