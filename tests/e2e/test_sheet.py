"""The score sheet and peg board agree with the scoreboard; ?seed= deals and can be shared."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from playwright.sync_api import BrowserContext, Locator, Page, expect

from .conftest import Guard
from .playing import (
    GAME_OVER,
    GREEDY_GAME,
    HAND,
    HELD,
    LANGUAGE,
    PREFS,
    RECT,
    RECTS,
    SHEET,
    TAPPABLE,
    call,
    open_page,
    open_sheet,
    overlap,
    poll,
    team_scores,
    wait_for_human_or,
)

pytestmark = pytest.mark.e2e


def attributes(scope: Locator, selector: str, name: str) -> list[str]:
    """``data-<name>`` of every element matching ``selector`` inside ``scope``."""
    found: list[str] = scope.locator(selector).evaluate_all(
        "(els, name) => els.map(e => e.dataset[name])", name
    )
    return found


def test_the_score_sheet_matches_the_scoreboard_after_a_round(page: Page) -> None:
    # 50 ms a move (animations off: the scores show at once) keeps round 2 on screen for a
    # second or more: at speed 0 the bots may finish it between two looks.
    page.add_init_script("localStorage.setItem('seven-rocks:prefs', '{\"animations\": false}')")
    open_page(page, "?seats=greedy,greedy,greedy,greedy&seed=7&speed=50")
    expect(page.locator("#board[data-round='2']")).to_be_attached(timeout=30_000)
    # S opens the sheet only over no other dialog: let round 1's summary close first.
    expect(page.locator("dialog[open]")).to_have_count(0)
    page.keyboard.press("s")  # the shortcut; the bots wait while the sheet is open
    sheet = page.locator(SHEET)
    expect(sheet).to_be_visible()
    # A bot's move already under way lands, then the game loop parks until the sheet closes.
    expect(page.locator(HELD)).to_be_attached()
    held = call(page, "state")["events_total"]
    page.evaluate("() => window.sevenRocks.controller.drawn()")  # and its scores are drawn
    scores = team_scores(page)
    record = call(page, "record")
    assert list(record["rounds"][-1].get("scores", scores)) == scores
    for team in (0, 1):
        expect(sheet.locator(f"[data-sheet-total='{team}']")).to_have_text(str(scores[team]))
        # The sheet's own arithmetic: every placement and deduction adds up to the total.
        cells = f"[data-sheet-row] .sheet__team--{team}"
        gained = sum(map(int, attributes(sheet, f"{cells}[data-points]", "points")))
        lost = sum(map(int, attributes(sheet, f"{cells}[data-deduction]", "deduction")))
        assert gained - lost == scores[team]
        # The front peg stands at the score.
        front = sheet.locator(f"[data-peg='{team}'][data-peg-role='front']")
        assert front.get_attribute("data-value") == str(scores[team])
    # Round 1 is settled on the sheet: four hands, a subtotal, the scores the record keeps.
    first = record["rounds"][0]
    assert sheet.locator("[data-sheet-row='deduction']").count() >= 4
    running = [
        int(
            sheet.locator("[data-sheet-row='running']")
            .first.locator(f"[data-round-score='{t}']")
            .inner_text()
        )
        for t in (0, 1)
    ]
    assert running == first["scores"]
    placed = sheet.locator("[data-sheet-row='placed']").first
    if placed.count():
        assert "=" in placed.locator(".sheet__ends").inner_text()
    # While it was open (all the reading above) the bots waited; S again closes it and the
    # game carries on.
    assert call(page, "state")["events_total"] == held
    expect(page.locator(HELD)).to_be_attached()
    page.keyboard.press("s")
    expect(sheet).to_have_count(0)
    poll(
        page,
        """async ([held, over]) => document.querySelector(over) !== null
          || (await window.sevenRocks.engine.call("state")).events_total > held""",
        [held, GAME_OVER],
        timeout=5,
        what="the bots did not carry on",
    )


def first_hand(page: Page, seed: int) -> list[str]:
    open_page(page, f"?seed={seed}&speed=0&seats=human,greedy,greedy,greedy")
    wait_for_human_or(page, GAME_OVER)
    tiles = page.locator(HAND).evaluate_all("els => els.map(e => e.dataset.tile)")
    assert len(tiles) == 7 and call(page, "state")["seed"] == seed
    return sorted(tiles)


def test_a_seed_deals_the_same_game_and_its_link_can_be_copied(
    page: Page,
    base_url: str,
    guarded_context: Callable[[str], tuple[BrowserContext, Guard]],
) -> None:
    other, _ = guarded_context(base_url)
    other_page = other.new_page()
    hand = first_hand(page, 4242)
    assert first_hand(other_page, 4242) == hand  # a fresh browser, the same deal
    assert first_hand(other_page, 4243) != hand  # another seed, another deal

    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.locator("[data-action='sheet']").click()
    sheet = page.locator(SHEET)
    expect(sheet.locator("[data-seed]")).to_have_text("4242")
    link = sheet.locator("[data-share-link]").input_value()
    assert link == base_url.rstrip("/") + "/?seed=4242"
    sheet.locator("[data-action='copy-link']").click()
    expect(sheet.locator("[data-copy-status]")).to_have_attribute("data-copied", "yes")
    assert page.evaluate("navigator.clipboard.readText()") == link


#: A phone's share sheet, as a stand-in that records what the page hands it.
SHARE_SHEET = """(() => {
  window.__shared = [];
  navigator.share = async (data) => { window.__shared.push(data); };
})();"""
#: A browser with no share sheet (most desktops).
NO_SHARE_SHEET = "delete Navigator.prototype.share; delete navigator.share;"


def open_sheet_on_a_phone(page: Page) -> Locator:
    open_page(page, "?seed=4242&speed=0&seats=human,greedy,greedy,greedy")
    assert wait_for_human_or(page, GAME_OVER) == "turn"
    page.locator("#menu-button").tap()
    page.locator("[data-action='sheet']:visible").tap()
    return page.locator(SHEET)


@pytest.mark.parametrize("lang", ["en", "pt-BR"])
def test_a_phone_shares_the_deals_link_through_its_share_sheet(
    viewport_page: Callable[..., Page], lang: str
) -> None:
    """On a phone a link is sent through the system's share sheet (a chat, a message), not
    copied and pasted by hand."""
    page = viewport_page("390x844", init=SHARE_SHEET + LANGUAGE.replace("{lang}", lang))
    sheet = open_sheet_on_a_phone(page)
    link = sheet.locator("[data-share-link]").input_value()
    sheet.locator("[data-action='share-link']").tap()
    page.wait_for_function("() => window.__shared.length === 1")
    shared = page.evaluate("window.__shared[0]")
    assert shared["url"] == link and link.endswith("/?seed=4242"), shared
    assert "4242" in shared["text"] and "Seven Rocks" in shared["text"], shared


def test_without_a_share_sheet_the_link_is_copied(viewport_page: Callable[..., Page]) -> None:
    page = viewport_page("390x844", init=NO_SHARE_SHEET)
    sheet = open_sheet_on_a_phone(page)
    expect(sheet.locator("[data-action='copy-link']")).to_be_visible()
    expect(sheet.locator("[data-action='share-link']")).to_have_count(0)


def test_the_sheet_tells_a_deduction_and_heads_the_settlement_rows_as_hands(page: Page) -> None:
    page.add_init_script(PREFS.replace("{prefs}", "{ animations: false }"))
    open_page(page, "?seats=greedy,greedy,greedy,greedy&seed=7&speed=50")
    expect(page.locator("#board[data-round='2']")).to_be_attached(timeout=30_000)
    # S opens the sheet only over no other dialog: let round 1's summary close first.
    expect(page.locator("dialog[open]")).to_have_count(0)
    open_sheet(page)
    sheet = page.locator(SHEET)
    # A deduction moved a team's score peg back: its other peg stands ahead of it.
    pegs = sheet.locator("[data-peg]").evaluate_all(
        "els => els.map(e => [Number(e.dataset.peg), e.dataset.pegRole, Number(e.dataset.value)])"
    )
    at = {(team, role): value for team, role, value in pegs}
    back_teams = [t for t in (0, 1) if at[(t, "front")] < at[(t, "back")]]
    assert back_teams, f"no team's pegs went back in round 1 ({at}): choose another seed"
    for team in back_teams:
        legend = sheet.locator(f".legend--{team}")
        expect(legend).to_contain_text(f"{at[(team, 'front')]}, down from {at[(team, 'back')]}")
        expect(legend).not_to_contain_text("front peg")
    # Each settlement row sits under heads of its own: hand and pips, not tile and ends.
    heads = sheet.locator("tr[data-sheet-row='deduction']").evaluate_all(
        """rows => rows.map((row) => {
          let r = row.previousElementSibling;
          while (r && !r.querySelector('th[scope=col]')) r = r.previousElementSibling;
          return r ? [...r.querySelectorAll('th')].map((th) => th.textContent.trim()) : null;
        })"""
    )
    assert heads, "no settlement rows on the sheet"
    for head in heads:
        assert head is not None and head[1] == "Tiles left" and head[2] == "Pips → rounded", head


def open_sheet_from_the_menu(page: Page) -> None:
    """Open the game, and at South's turn the score sheet, as a phone does: from the menu."""
    open_page(page, GREEDY_GAME)
    assert wait_for_human_or(page, GAME_OVER) == "turn"
    page.locator("#menu-button").tap()
    page.locator("[data-action='sheet']").tap()


def test_on_a_phone_the_sheets_download_is_on_screen(
    viewport_page: Callable[..., Page],
) -> None:
    page = viewport_page("360x740")
    open_sheet_from_the_menu(page)
    download = page.locator(f"{SHEET} [data-action='download-record']")
    expect(download).to_be_visible()
    box = download.evaluate(RECT)
    size = page.viewport_size or {"width": 0, "height": 0}
    assert box["bottom"] <= size["height"] and box["right"] <= size["width"], box
    # Nothing scrolled, nothing over it: a tap at its middle lands on it.
    middle = ((box["left"] + box["right"]) / 2, (box["top"] + box["bottom"]) / 2)
    assert (
        page.evaluate(
            "([x, y]) => document.elementFromPoint(x, y)?.closest('[data-action]')?.dataset.action",
            list(middle),
        )
        == "download-record"
    )


def test_on_a_phone_on_its_side_the_sheets_buttons_keep_to_one_row(
    viewport_page: Callable[..., Page],
) -> None:
    """At 740x360 the sheet's four buttons keep to one row at its foot, leaving the peg board
    and the scores the room above them; each can be tapped."""
    page = viewport_page("740x360")
    open_sheet_from_the_menu(page)
    buttons = page.locator(f"{SHEET} .dialog__actions .button")
    expect(buttons.first).to_be_visible()
    boxes = buttons.evaluate_all(RECTS)
    assert len(boxes) == 4, boxes
    tops = [round(box["top"]) for box in boxes]
    assert max(tops) - min(tops) <= 1, f"the buttons take more than one row: {tops}"
    assert all(box["right"] <= 740 for box in boxes), boxes
    assert all(buttons.nth(i).evaluate(TAPPABLE) for i in range(4))


#: Team 0 goes below zero in this all-greedy game (found with seven_rocks.app.play).
NEGATIVE_GAME = "?seats=greedy,greedy,greedy,greedy&seed=47&speed=0"


#: A hyphen-minus used as a minus sign: "-15", but not the hyphen of a tile ("3-5").
HYPHEN_MINUS = re.compile(r"(?<![0-9])-[0-9]")


def test_scores_below_zero_use_a_real_minus_sign_everywhere(page: Page) -> None:
    open_page(page, NEGATIVE_GAME)
    expect(page.locator(f"{GAME_OVER}[open]")).to_be_visible(timeout=60_000)
    page.locator(f"{GAME_OVER} [data-action='close']").click()
    open_sheet(page)
    scores = page.locator(f"{SHEET} [data-round-score]").all_inner_texts()
    assert any(text.startswith("\u2212") for text in scores), f"no score below zero: {scores}"
    texts = {
        "sheet": page.inner_text(SHEET),
        "log": " ".join(page.locator("#announce li").all_inner_texts()),
        "scoreboard": page.inner_text("#scores"),
    }
    for where, text in texts.items():
        assert not HYPHEN_MINUS.search(text), f"a hyphen as a minus sign in the {where}: {text!r}"


#: The rectangles of every run of text inside the element (each text node's, through a
#: range), for the text on screen: a folded part's text has no box, and the rows scrolling
#: behind the buttons held at the foot are not read there.
TEXT_RECTS = """(root) => {
  const foot = root.querySelector('.dialog__actions');
  const bar = foot.getBoundingClientRect();
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const found = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!node.textContent.trim()) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    const behind = !foot.contains(node);
    for (const r of range.getClientRects()) {
      if (behind && r.bottom > bar.top) continue;
      if (r.width > 0 && r.height > 0) {
        const text = node.textContent.trim();
        found.push({ text, left: r.left, top: r.top, right: r.right, bottom: r.bottom });
      }
    }
  }
  return found;
}"""
#: The elements in and including the dialog that scroll their content (and have some to).
SCROLLERS = """(dialog) => [dialog, ...dialog.querySelectorAll('*')].filter((el) => {
  const style = getComputedStyle(el);
  return ['auto', 'scroll'].includes(style.overflowY) && el.scrollHeight > el.clientHeight + 1;
}).map((el) => el.className || el.tagName)"""


@pytest.mark.parametrize("viewport", ["390x844", "360x740"])
@pytest.mark.parametrize("lang", ["en", "pt-BR"])
def test_on_a_phone_the_sheet_reads_at_a_glance_in_one_scroll(
    viewport_page: Callable[..., Page], viewport: str, lang: str
) -> None:
    """After a round is settled, the phone's sheet opens on the running scores; its rounds
    and settlements read in the dialog's one scroll, no line printed over another; the peg
    board is folded below them until asked for."""
    page = viewport_page(
        viewport,
        init=LANGUAGE.replace("{lang}", lang) + PREFS.replace("{prefs}", "{ animations: false }"),
    )
    open_page(page, "?seats=greedy,greedy,greedy,greedy&seed=7&speed=50")
    expect(page.locator("#board[data-round='2']")).to_be_attached(timeout=30_000)
    expect(page.locator("dialog[open]")).to_have_count(0)
    page.locator("#menu-button").tap()
    page.locator("[data-action='sheet']:visible").tap()
    sheet = page.locator(SHEET)
    expect(sheet).to_be_visible()
    expect(page.locator(HELD)).to_be_attached()
    page.evaluate("() => window.sevenRocks.controller.drawn()")
    expect(sheet.locator("tr[data-sheet-row='deduction']")).to_have_count(4)
    # The running scores, the scoreboard's, in view as it opens: on screen, nothing over them.
    scores = team_scores(page)
    for team in (0, 1):
        total = sheet.locator(f"[data-sheet-running='{team}']")
        expect(total).to_have_text(str(scores[team]))
        assert total.evaluate(TAPPABLE), f"team {team}'s total is not in view"
    # One scroll: the dialog's.
    scrollers = sheet.evaluate(SCROLLERS)
    assert len(scrollers) <= 1, f"nested scrolls: {scrollers}"
    # No two runs of text overlap, scrolled through from the head to the foot.
    step = sheet.evaluate("(d) => d.clientHeight")
    height = sheet.evaluate("(d) => d.scrollHeight")
    for top in range(0, height, max(1, step // 2)):
        sheet.evaluate("(d, top) => { d.scrollTop = top; }", top)
        boxes = sheet.evaluate(TEXT_RECTS)
        clashes = [
            (a["text"], b["text"])
            for i, a in enumerate(boxes)
            for b in boxes[i + 1 :]
            if overlap(a, b)
        ]
        assert not clashes, f"text printed over text at scroll {top}: {clashes[:5]}"
    # The peg board waits below the rounds, folded; a tap unfolds it.
    board = sheet.locator("[data-pegboard]")
    expect(board).to_be_hidden()
    sheet.locator("[data-pegboard-fold] summary").tap()
    expect(board).to_be_visible()
