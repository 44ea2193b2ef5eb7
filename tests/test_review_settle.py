"""The coach's verdicts hold: a mark clear of the lines stops the search early, a close one
gets more deals, and the same view always gets the same verdict."""

from __future__ import annotations

import pytest

from seven_rocks.app.review import BLUNDER_LOSS, MISTAKE_LOSS, Mark, mark_of
from seven_rocks.app.review import settle as st
from seven_rocks.app.review.paired import LEAST_SPREAD, PairedSearch, Tally
from seven_rocks.bots.master import BRISK, Analysis, Level, evaluate
from seven_rocks.engine.game import Game
from seven_rocks.engine.moves import Move
from seven_rocks.engine.view import PlayerView


def position(seed: int = 4, least: int = 2, after: int = 0) -> tuple[PlayerView, Move, Move]:
    """A view with at least ``least`` moves after ``after`` turns: the first legal and the
    last."""
    game = Game(seed=seed)
    for _ in range(after):
        game.play(game.legal_moves()[0])
    while len(game.legal_moves()) < least:
        game.play(game.legal_moves()[0])
    moves = game.legal_moves()
    return game.view(game.turn), moves[0], moves[-1]


class FakeSearch:
    """Stands for :class:`PairedSearch`: the rival's chance is ``gap`` above the played
    move's on average, ``gap + spread`` and ``gap - spread`` on alternate deals."""

    gap = 0.0
    spread = 0.0

    def __init__(self, view: PlayerView, played: Move, seed: int, level: Level) -> None:
        self.exact = False
        self.deals = 0
        self.seed = seed
        self.rival = Tally(view.legal_moves()[0], 0)
        self.mine = Tally(played, 1)

    @property
    def rivals(self) -> list[Tally]:
        return [self.rival]

    def run(self, deals: int) -> None:
        for _ in range(deals):
            sign = 1 if self.deals % 2 == 0 else -1
            gap = self.gap + sign * self.spread
            for t, chance in ((self.rival, 0.5 + gap), (self.mine, 0.5)):
                t.deals += 1
                t.chance += chance
                t.gap += chance - 0.5
                t.gap2 += (chance - 0.5) ** 2
            self.deals += 1

    def drop_beaten(self, z: float) -> None:
        pass

    def found(self) -> tuple[Analysis, ...]:
        both = (self.rival.analysis(), self.mine.analysis())
        return tuple(sorted(both, key=lambda a: -(a.chance or 0.0)))


def fake(monkeypatch: pytest.MonkeyPatch, gap: float, spread: float) -> st.Settled:
    view, _, played = position()
    monkeypatch.setattr(FakeSearch, "gap", gap)
    monkeypatch.setattr(FakeSearch, "spread", spread)
    monkeypatch.setattr(st, "PairedSearch", FakeSearch)
    return st.settle(view, played, "ab" * 32, "brisk")


FIRST, STEP, MOST = st.deal_counts(BRISK, exact=False)


@pytest.mark.parametrize(
    ("gap", "spread"),
    [(0.0, 0.0), (0.005, 0.05), (MISTAKE_LOSS + 0.02, 0.03), (BLUNDER_LOSS + 0.05, 0.1)],
)
def test_a_clear_verdict_stops_at_the_first_look(
    monkeypatch: pytest.MonkeyPatch, gap: float, spread: float
) -> None:
    settled = fake(monkeypatch, gap, spread)
    assert (settled.deals, settled.sure) == (FIRST, True)
    assert BRISK.samples / 2 > FIRST, "a clear mark costs a fraction of one pass"


@pytest.mark.parametrize("line", [MISTAKE_LOSS, BLUNDER_LOSS])
def test_a_verdict_on_a_line_gets_the_most_deals_and_is_not_sure(
    monkeypatch: pytest.MonkeyPatch, line: float
) -> None:
    settled = fake(monkeypatch, line + 0.001, 0.1)
    assert settled.deals == MOST and not settled.sure


def test_a_close_verdict_gets_more_deals_until_it_clears_the_line(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # 2 points of win% above the mistake line with a wide spread: too close at the first
    # look, clear once the standard error has shrunk below a point.
    settled = fake(monkeypatch, MISTAKE_LOSS + 0.02, 0.15)
    assert settled.sure and FIRST < settled.deals < MOST
    assert (settled.deals - FIRST) % STEP == 0
    assert mark_of(st.drop(settled.found, settled.found[1].move)) is Mark.MISTAKE
    # The same gap with half the spread settles sooner.
    assert fake(monkeypatch, MISTAKE_LOSS + 0.02, 0.075).deals < settled.deals


def test_clear_reads_every_line_and_every_rival() -> None:
    def rival(gap: float, deals: int = 400) -> Tally:
        t = Tally(Move.parse("pass"), -1, deals=deals)
        t.gap, t.gap2 = gap * deals, gap * gap * deals
        return t

    assert st.clear([rival(0.0), rival(0.01)])
    assert st.clear([rival(0.0), rival(MISTAKE_LOSS + 0.02)])  # a mistake, surely no blunder
    assert not st.clear([rival(0.0), rival(MISTAKE_LOSS)])  # on the line
    assert not st.clear([rival(BLUNDER_LOSS - 0.001)])
    assert st.clear([])  # no rival at all: nothing to lose
    # A gap seen equal on a few deals is not taken as sure: the spread has a floor.
    assert rival(0.0, 4).gap_error() == pytest.approx(LEAST_SPREAD / 2)
    assert not st.clear([rival(MISTAKE_LOSS - 0.02, 4)])


def test_the_first_deals_are_the_masters_own() -> None:
    """A search of one pass's deals finds what the master's pass finds, move for move."""
    view, _, played = position(seed=4, least=3)
    ours = PairedSearch(view, played, 1234, BRISK)
    assert not ours.exact
    ours.run(BRISK.samples)
    theirs = {a.move: a for a in evaluate(view, 1234, BRISK, chances=True)}
    found = ours.found()
    assert {a.move for a in found} == set(theirs)
    for a in found:
        assert a.samples == theirs[a.move].samples == BRISK.samples
        assert a.value == pytest.approx(theirs[a.move].value)
        assert a.chance == pytest.approx(theirs[a.move].chance)


def test_moves_beaten_by_the_played_one_or_a_rival_stop_being_searched() -> None:
    view, first, _ = position(seed=4, least=4)
    search = PairedSearch(view, first, 99, BRISK)
    search.run(60)
    rivals = search.rivals
    by_played = {t.move for t in rivals if t.mean_gap() + 1.5 * t.gap_error() < 0}
    by_rival = {
        t.move for t in rivals if any(search.beats(u, t, 1.5) for u in rivals if u is not t)
    }
    assert by_rival, "this position should hold a move clearly beaten by another rival"
    search.drop_beaten(1.5)
    search.run(20)
    assert {t.move for t in search.rivals} == {t.move for t in rivals} - by_played - by_rival
    assert search.played.deals == 80 and all(t.deals == 80 for t in search.rivals)
    assert all(a.samples == 60 for a in search.found() if a.move in by_played | by_rival)


def test_the_same_view_gets_the_same_verdict_and_another_seed_other_deals() -> None:
    view, _, played = position(seed=7, least=2, after=12)
    a = st.settle(view, played, "12" * 32, "brisk")
    b = st.settle(view, played, "12" * 32, "brisk")
    assert a == b
    assert st.settle(view, played, "34" * 32, "brisk").found != a.found


def test_search_seeds_come_from_the_view_alone() -> None:
    digest = "0123456789abcdef" * 4
    assert st.pass_seed(digest, 0) == int(digest[:15], 16)
    assert len({st.pass_seed(digest, k) for k in range(8)}) == 8
    assert st.pass_seed(digest, 3) == st.pass_seed(digest, 3)
