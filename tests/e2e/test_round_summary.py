"""The round summary on a phone: its rows line up, it fits the screen in both languages and
at larger text sizes, says which figure is the score, and opens with its title, the scores
and Next round in sight."""

from __future__ import annotations

import itertools
from collections.abc import Callable

import pytest
from playwright.sync_api import Locator, Page, expect

from .playing import (
    GREEDY_GAME,
    LANGUAGE,
    NEXT_FRAME,
    SUMMARY,
    TAPPABLE,
    next_round_or_turn,
    open_page,
    team_scores,
)

pytestmark = pytest.mark.e2e


#: Per row of the summary's table: the bottom edge of each of its cells.
CELL_BOTTOMS = """() => [...document.querySelectorAll("[data-summary-seat]")].map((row) =>
  [...row.cells].map((cell) => cell.getBoundingClientRect().bottom))"""


#: For each of the summary's tables: how much wider it is than the room it has.
SUMMARY_OVERFLOW = """() => [...document.querySelectorAll(".summary-wrap, .summary--teams")]
  .map((el) => el.scrollWidth - el.clientWidth)"""


#: The hands' table's column heads that are shown, with where their text is drawn (a Range
#: over it: text overflowing a narrow cell is drawn beyond the cell's box).
HEAD_BOXES = """() => [...document.querySelectorAll(".summary-wrap thead th")]
  .filter((th) => th.getBoundingClientRect().width > 1)
  .map((th) => { const range = document.createRange(); range.selectNodeContents(th);
    const r = range.getBoundingClientRect();
    return { text: th.textContent, left: r.left, right: r.right }; })"""


#: Phones the summary must fit, each with its text size: 277 px wide is a 360 px phone with
#: larger system text; 390 px and 320 px with the text at 130%.
PHONE_SIZES = [("360x740", ""), ("277x569", ""), ("390x844", "130%"), ("320x568", "130%")]


@pytest.mark.parametrize("lang", ["pt-BR", "en"])
def test_the_round_summary_fits_each_phone_and_says_which_figure_is_the_score(
    viewport_page: Callable[..., Page], lang: str
) -> None:
    """The hands' table fits a phone's width with the Portuguese heads too, and each team's
    line says which figure is the deduction and which the score. Where four columns cannot
    fit (277 px, or 390 px and 320 px with the text at 130%) the tiles go under each
    player's name, no column head runs into another, and every head is still there for a
    screen reader. Where they fit, every cell of a row ends on the row's line (the tiles'
    cell stayed a table cell). One summary, the phone's window and text size changed under
    it, as a phone turned or its text size set while the summary is open would."""
    page = viewport_page(PHONE_SIZES[0][0], init=LANGUAGE.replace("{lang}", lang))
    open_page(page, GREEDY_GAME)
    assert next_round_or_turn(page) == "summary"
    summary = page.locator(f"{SUMMARY}[open]")
    for size, text in PHONE_SIZES:
        width, height = map(int, size.split("x"))
        page.set_viewport_size({"width": width, "height": height})
        page.evaluate(f"document.documentElement.style.fontSize = '{text}'")
        page.evaluate(NEXT_FRAME)
        where = f"at {size}{' with the text at ' + text if text else ''}"
        overflow = page.evaluate(SUMMARY_OVERFLOW)
        assert all(extra <= 0 for extra in overflow), f"a table is cut off {where}"
        heads = page.evaluate(HEAD_BOXES)
        for a, b in itertools.pairwise(heads):
            assert a["right"] <= b["left"] + 0.5, f"{a['text']!r} runs into {b['text']!r} {where}"
        if not text and width >= 360:
            rows = page.evaluate(CELL_BOTTOMS)
            assert len(rows) == 4, rows
            for row in rows:
                assert max(row) - min(row) < 0.5, f"a row's cells end at {row} {where}"
        check_heads_and_scores(page, summary, lang)


def check_heads_and_scores(page: Page, summary: Locator, lang: str) -> None:
    """Every column head is there for a screen reader (the tiles' one too where it is not
    drawn), and each team's deduction and score are the right figures."""
    hands = summary.locator(".summary-wrap .summary")
    tiles_head = "Peças na mão" if lang == "pt-BR" else "Tiles left"
    expect(hands.get_by_role("columnheader", name=tiles_head)).to_have_count(1)
    teams = summary.locator(".summary--teams")
    heads = [text.strip() for text in teams.locator("thead th").all_inner_texts()]
    assert heads[1:] == (["Desconto", "Placar"] if lang == "pt-BR" else ["Deducted", "Score"])
    for team in (0, 1):
        row = teams.locator(f"[data-summary-team='{team}']")
        players = [
            summary.locator(f"[data-summary-seat='{seat}'] [data-deduction]")
            for seat in (team, team + 2)
        ]
        lost = sum(int(cell.inner_text().replace("−", "")) for cell in players)
        assert int(row.locator("[data-team-deduction]").inner_text().replace("−", "")) == lost
    scores = [
        int(text.replace("−", "-"))
        for text in teams.locator("[data-summary-score]").all_inner_texts()
    ]
    assert scores == team_scores(page)


@pytest.mark.parametrize("size", ["740x360", "360x740"])
def test_the_round_summary_opens_at_its_title_with_next_round_in_reach(
    viewport_page: Callable[..., Page], size: str
) -> None:
    """Upright and on its side, the summary opens with both its title and the focused "Next
    round" in sight."""
    page = viewport_page(size)
    open_page(page, GREEDY_GAME)
    assert next_round_or_turn(page) == "summary"
    summary = page.locator(f"{SUMMARY}[open]")
    title = summary.locator(".dialog__head h2")
    next_round = summary.locator("[data-next-round]")
    expect(next_round).to_be_focused()
    assert title.evaluate(TAPPABLE), "the summary's title is out of sight"
    assert next_round.evaluate(TAPPABLE), "Next round is out of reach"


@pytest.mark.parametrize("size", ["740x360", "844x390", "360x740"])
def test_the_round_summary_shows_the_scores_as_it_opens(
    viewport_page: Callable[..., Page], size: str
) -> None:
    """The teams' scores, the one figure a player wants, are in sight as the summary opens
    at its title, on a phone on its side too."""
    page = viewport_page(size, init=LANGUAGE.replace("{lang}", "pt-BR"))
    open_page(page, GREEDY_GAME)
    assert next_round_or_turn(page) == "summary"
    summary = page.locator(f"{SUMMARY}[open]")
    expect(summary.locator("[data-next-round]")).to_be_focused()
    for team in (0, 1):
        score = summary.locator(f"[data-summary-score='{team}']")
        assert score.evaluate(TAPPABLE), f"team {team}'s score is out of sight"
