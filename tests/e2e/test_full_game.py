"""A whole game plays itself in the browser, and the page's scores match the engine's record."""

from __future__ import annotations

import sys

import pytest
from playwright.sync_api import Page, expect

from seven_rocks.engine.record import from_record

from .playing import GAME_OVER, HUMAN_TURN, call, number, open_page, team_scores

pytestmark = pytest.mark.e2e


def test_four_bots_play_a_whole_game_to_a_winner(
    page: Page, capsys: pytest.CaptureFixture[str]
) -> None:
    open_page(page, "?seats=greedy,random,greedy,random&seed=7&speed=0")
    over = page.locator(GAME_OVER)
    expect(over).to_be_visible(timeout=90_000)
    record = call(page, "record")
    game = from_record(record)
    assert game.is_over and game.winner is not None
    shown = team_scores(page)
    assert shown == list(game.scores)
    assert max(shown) >= 250
    finals = [int(over.locator(f"[data-final-score='{t}']").inner_text()) for t in (0, 1)]
    assert finals == list(game.scores)
    assert over.locator(f"[data-winner='{game.winner}']").count() == 1
    # Round by round, as the engine kept it: each team's net for the round and its score after.
    recap = over.locator("[data-over-rounds] tbody tr")
    expect(recap).to_have_count(len(game.rounds))
    afters = [later.scores_before for later in game.rounds[1:]] + [game.scores]
    for index, (rnd, after) in enumerate(zip(game.rounds, afters, strict=True)):
        row = recap.nth(index)
        assert row.get_attribute("data-over-round") == str(index + 1)
        for team in (0, 1):
            net = number(row.locator(f"[data-round-net='{team}']").inner_text())
            total = number(row.locator(f"[data-round-total='{team}']").inner_text())
            assert (net, total) == (after[team] - rnd.scores_before[team], after[team]), index
    expect(page.locator("#board")).to_have_attribute("data-game-over", "")
    # "New game" starts over.
    over.locator("[data-action='new-game']").click()
    dialog = page.locator("dialog[data-new-game]")
    expect(dialog).to_be_visible()
    dialog.locator("[data-action='start']").click()
    # South is always a person in the dialog: the new game waits for South within its first
    # round, and the page shows that game's scores (a bot may well have scored already).
    expect(page.locator("#board")).not_to_have_attribute("data-game-over", "")
    page.wait_for_selector(HUMAN_TURN, state="attached", timeout=30_000)
    fresh = from_record(call(page, "record"))
    assert len(fresh.rounds) == 1 and not fresh.is_over
    assert team_scores(page) == list(fresh.scores)
    with capsys.disabled():
        print(f"\n[e2e] bots' game: {len(game.rounds)} rounds, {game.scores}", file=sys.stderr)


#: The scoreboard as each game dialog is put on the page, read in that same task.
SCORES_AS_DIALOGS_OPEN = """(() => {
  window.__scoresAsOpened = [];
  new MutationObserver((changes) => {
    for (const change of changes) {
      for (const node of change.addedNodes) {
        if (node.nodeName !== "DIALOG" || !("gameOver" in node.dataset)) continue;
        const scores = [...document.querySelectorAll("[data-team-score]")];
        window.__scoresAsOpened.push(scores.map((el) => el.textContent.replace("\u2212", "-")));
      }
    }
  }).observe(document, { childList: true, subtree: true });
})();"""


def test_the_final_scores_are_on_the_page_as_the_game_over_dialog_opens(page: Page) -> None:
    """The page drew the game's last snapshot at the next frame but opened the dialog at once:
    until that frame the page under the dialog held the scores before the last points, and a
    test reading it then (a loaded machine's frame comes late) saw 210 for 255."""
    page.add_init_script(SCORES_AS_DIALOGS_OPEN)
    open_page(page, "?seats=greedy,random,greedy,random&seed=7&speed=0")
    over = page.locator(GAME_OVER)
    expect(over).to_be_visible(timeout=90_000)
    finals = [
        over.locator(f"[data-final-score='{t}']").inner_text().replace("\u2212", "-")
        for t in (0, 1)
    ]
    assert page.evaluate("window.__scoresAsOpened") == [finals]
