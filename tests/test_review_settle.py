"""The coach's verdicts hold: a drop close to a line is searched again until it is clear."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from seven_rocks.app.review import BLUNDER_LOSS, MISTAKE_LOSS, Mark, mark_of
from seven_rocks.app.review import settle as st
from seven_rocks.bots.master import Analysis
from seven_rocks.engine.game import Game
from seven_rocks.engine.moves import Move
from seven_rocks.engine.view import PlayerView


def position() -> tuple[PlayerView, Move, Move]:
    """A view with at least two moves: the first legal and the last."""
    game = Game(seed=4)
    while len(game.legal_moves()) < 2:
        game.play(game.legal_moves()[0])
    moves = game.legal_moves()
    return game.view(game.turn), moves[0], moves[-1]


def fake_search(
    monkeypatch: pytest.MonkeyPatch, drops: Sequence[float]
) -> tuple[list[int], Move, Move, PlayerView]:
    """Replace the master's search: pass k finds the played move ``drops[k]`` below the best;
    returns the seeds it was called with."""
    view, best, played = position()
    seeds: list[int] = []

    def search(view: PlayerView, seed: int, level: Any, *, chances: bool = False) -> list[Analysis]:
        assert chances
        d = drops[min(len(seeds), len(drops) - 1)]
        seeds.append(seed)
        return [Analysis(best, 3.0, 150, 0.5), Analysis(played, -3.0, 150, 0.5 - d)]

    monkeypatch.setattr(st, "evaluate", search)
    return seeds, best, played, view


@pytest.mark.parametrize("far", [0.0, 0.005, MISTAKE_LOSS + 0.02, BLUNDER_LOSS + 0.05])
def test_a_clear_verdict_gets_one_pass(monkeypatch: pytest.MonkeyPatch, far: float) -> None:
    seeds, _, played, view = fake_search(monkeypatch, [far])
    settled = st.settle(view, played, "ab" * 32, "brisk")
    assert (settled.passes, settled.sure, len(seeds)) == (1, True, 1)
    assert st.drop(settled.found, played) == pytest.approx(far)


@pytest.mark.parametrize("line", [MISTAKE_LOSS, BLUNDER_LOSS])
def test_a_verdict_on_a_line_gets_the_most_search_and_is_not_sure(
    monkeypatch: pytest.MonkeyPatch, line: float
) -> None:
    seeds, _, played, view = fake_search(monkeypatch, [line + 0.001])
    settled = st.settle(view, played, "cd" * 32, "brisk")
    assert settled.passes == len(seeds) == st.MOST_PASSES and not settled.sure
    assert len(set(seeds)) == st.MOST_PASSES, "every pass searches fresh deals"
    assert settled.of(played).samples == 150 * st.MOST_PASSES


def test_a_close_verdict_is_searched_until_the_pooled_drop_clears_the_line(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Close at first; the next passes find the move clearly worse, and the pooled mean
    # leaves the band.
    first = MISTAKE_LOSS - 0.005
    _, best, played, view = fake_search(monkeypatch, [first, 0.06])
    settled = st.settle(view, played, "ef" * 32, "brisk")
    assert settled.sure and 1 < settled.passes < st.MOST_PASSES
    pooled = (first + 0.06 * (settled.passes - 1)) / settled.passes
    assert st.drop(settled.found, played) == pytest.approx(pooled)
    assert mark_of(pooled) is Mark.MISTAKE
    assert settled.found[0].move == best


def test_the_band_narrows_as_passes_add_up() -> None:
    assert st.close(MISTAKE_LOSS + st.CLOSE * 0.9, 1)
    assert not st.close(MISTAKE_LOSS + st.CLOSE * 0.9, 4)
    assert not st.close(0.0, 1) and not st.close(1.0, 1)


def test_passes_are_seeded_from_the_view_alone() -> None:
    digest = "0123456789abcdef" * 4
    assert st.pass_seed(digest, 0) == int(digest[:15], 16)
    assert len({st.pass_seed(digest, k) for k in range(st.MOST_PASSES)}) == st.MOST_PASSES
    assert st.pass_seed(digest, 3) == st.pass_seed(digest, 3)
