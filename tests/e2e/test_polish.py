"""The small faults a new player met on a phone, each checked as a player meets it.

A reload keeps the round's sum banner, the seats' last moves and the move line; the keyboard
is on the hand when the turn comes; the peg board tells a deduction as a step back; the score
sheet's settlement rows have their own column heads and its Download button is on a phone's
screen; every minus sign is U+2212; the speed box and the toolbar do not change while the
engine loads; the game-over line is said once; the round summary and the game-over dialog fold
down to show the final table; the tour's bubbles keep off what they point at; a placed tile
travels from its player's seat; the scores count up (and do not with animations off); in high
contrast the dimmed ends stay readable; the banners' look lives in the style sheet. Every page's
last screen is kept in ``test-artifacts/``.
"""

from __future__ import annotations

import itertools
import json
import re
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Locator, Page, Route, expect

from .conftest import BOOT_TIMEOUT_MS
from .playing import (
    GAME_OVER,
    HELD,
    HUMAN_TURN,
    LANGUAGE,
    PLAYABLE,
    SUMMARY,
    open_page,
    overlap,
    play_first_move,
    team_scores,
    wait_for_human_or,
)

pytestmark = pytest.mark.e2e

GAME = "?seed=2&speed=0&seats=human,greedy,greedy,greedy"
SHEET = "dialog[data-sheet]"
#: Team 0 goes below zero in this all-greedy game (found with seven_rocks.app.play).
NEGATIVE_GAME = "?seats=greedy,greedy,greedy,greedy&seed=47&speed=0"
#: A hyphen-minus used as a minus sign: "-15", but not the hyphen of a tile ("3-5").
HYPHEN_MINUS = re.compile(r"(?<![0-9])-[0-9]")
#: Rectangles of what is on the table (the tiles) and in South's hand.
TILE_RECTS = """(selector) => [...document.querySelectorAll(selector)].map((el) => {
  const r = (el.querySelector(".domino__body") ?? el).getBoundingClientRect();
  return { left: r.left, top: r.top, right: r.right, bottom: r.bottom };
})"""
RECT = """(el) => { const r = el.getBoundingClientRect();
  return { left: r.left, top: r.top, right: r.right, bottom: r.bottom }; }"""
RECTS = """(els) => els.map((el) => {
  const r = el.getBoundingClientRect();
  return { left: r.left, top: r.top, right: r.right, bottom: r.bottom };
}).filter((r) => r.right > r.left)"""
MIDDLE = """(el) => { const r = el.getBoundingClientRect();
  const x = r.left + r.width / 2, y = r.top + r.height / 2;
  return { left: x - 40, top: y - 20, right: x + 40, bottom: y + 20 }; }"""
NEXT_FRAME = "() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))"
#: The tour's bubble and what it points at, read at one moment.
BUBBLE_AND_SUBJECTS = """(selector) => {
  const box = (el) => { const r = el.getBoundingClientRect();
    return { left: r.left, top: r.top, right: r.right, bottom: r.bottom }; };
  return [box(document.querySelector('dialog[data-tour]')),
          [...document.querySelectorAll(selector)].map(box).filter((r) => r.right > r.left)];
}"""
PLACES = """() => [...document.querySelectorAll('.masthead, #toolbar > *')].map((e) => {
  const r = e.getBoundingClientRect();
  return [r.left, r.top, r.width, r.height];
})"""
#: Records, in the page, each tile put on the table (its animations' first transforms) and
#: every number the scoreboard shows beside the score it stands for.
WATCH_MOTION = """() => {
  const seen = { tiles: [], counts: [] };
  window.__seen = seen;
  new MutationObserver((records) => {
    for (const r of records) for (const el of r.addedNodes) {
      if (!el.dataset?.tile) continue;
      const starts = el.getAnimations().map((a) => a.effect.getKeyframes()[0].transform);
      seen.tiles.push({ tile: el.dataset.tile, starts });
    }
  }).observe(document.querySelector('#table [data-tiles]'), { childList: true });
  for (const el of document.querySelectorAll('[data-team-score]')) {
    const note = () => seen.counts.push([el.dataset.score, el.textContent]);
    // The callback runs in the task that set the new score: a count-up still shows the old
    // number then, whatever the frame rate; a jump already shows the new one.
    new MutationObserver(note).observe(el, {
      childList: true, characterData: true, subtree: true, attributeFilter: ['data-score'],
    });
  }
}"""
PREFS = "try { localStorage.setItem('seven-rocks:prefs', JSON.stringify({prefs})); } catch {}"


def next_round_or_turn(page: Page) -> str:
    """Play South's first playable tile until a round summary shows ("summary") or the game ends."""
    while True:
        found = wait_for_human_or(page, f"{SUMMARY}[open], {GAME_OVER}[open]", timeout=60)
        if found == "other":
            return "summary" if page.locator(f"{SUMMARY}[open]").count() else "over"
        play_first_move(page)


def open_round_review(page: Page) -> None:
    """Play round 1 of GAME to its summary and open the coach's review of it, analysed."""
    open_page(page, GAME)
    assert next_round_or_turn(page) == "summary"
    page.locator(f"{SUMMARY}[open] [data-action='review']").tap()
    page.wait_for_selector(REVIEW_DONE, timeout=60_000)


def open_sheet(page: Page) -> None:
    page.keyboard.press("s")
    expect(page.locator(SHEET)).to_be_visible()


# ------------------------------------------------------------------------ a reload
def test_a_reload_keeps_the_sum_the_seats_last_moves_and_the_move_line(page: Page) -> None:
    open_page(page, GAME)
    wait_for_human_or(page, GAME_OVER)
    play_first_move(page)
    assert wait_for_human_or(page, GAME_OVER) == "turn"
    shown = {
        "sum": page.inner_text("#sum"),
        "status": [page.inner_text(f"[data-seat='{s}'] .seat__status") for s in (1, 2, 3)],
        "line": page.locator("#announce li").last.inner_text(),
    }
    assert "=" in shown["sum"], f"no sum banner before the reload: {shown['sum']!r}"
    assert any(status.startswith("played") for status in shown["status"]), shown
    # Once the page has stored the engine's game (a state, polled), it comes back to it.
    saved = page.evaluate("window.sevenRocks.engine.call('save')")
    for _ in range(200):
        stored = page.evaluate("localStorage.getItem('seven-rocks:save')")
        if stored and json.loads(stored) == saved:
            break
        page.wait_for_timeout(50)
    else:
        pytest.fail("the game was never saved")
    page.reload()
    page.wait_for_selector("body[data-game='ready']", state="attached", timeout=BOOT_TIMEOUT_MS)
    expect(page.locator("#sum")).to_have_text(shown["sum"])
    for seat, status in zip((1, 2, 3), shown["status"], strict=True):
        expect(page.locator(f"[data-seat='{seat}'] .seat__status")).to_have_text(status)
    expect(page.locator("#announce li").last).to_have_text(shown["line"])


# ----------------------------------------------------------------------- the keyboard
def test_the_keyboard_is_on_the_hand_when_the_turn_comes_after_a_round_summary(
    page: Page,
) -> None:
    open_page(page, GAME)
    assert wait_for_human_or(page, GAME_OVER) == "turn"
    expect(page.locator(f"{PLAYABLE}:focus")).to_have_count(1)  # the first turn, no Tab pressed
    assert next_round_or_turn(page) == "summary", "the game ended in its first round"
    page.keyboard.press("Enter")  # "Next round" has the focus
    expect(page.locator(f"{SUMMARY}[open]")).to_have_count(0)
    assert wait_for_human_or(page, GAME_OVER) == "turn"
    # Not a single Tab: the turn itself put the keyboard on a playable tile.
    expect(page.locator(f"{PLAYABLE}:focus")).to_have_count(1)


# ----------------------------------------------------------------- the score sheet
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
    open_page(page, GAME)
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
    """At 740x360 the four buttons took two rows at the sheet's foot and left a strip of the
    sheet above them; one row leaves the peg board and the scores room."""
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


#: Toolbar action -> the sheet it opens, and the buttons that must be there to tap at once.
SHEETS = {
    "rules": ("rules", ["close-dialog"]),
    "settings": ("settings", ["close-dialog"]),
    "stats": ("stats", ["close-panel"]),
    "new-game": ("new-game", ["cancel", "start"]),
}


@pytest.mark.parametrize("size", ["360x740", "740x360"])
@pytest.mark.parametrize("action", list(SHEETS))
def test_on_a_phone_every_sheets_buttons_are_there_to_tap_as_it_opens(
    viewport_page: Callable[..., Page], size: str, action: str
) -> None:
    """A phone has no Escape key: a sheet's Close (the new game's Start) is there to tap."""
    hook, needed = SHEETS[action]
    page = viewport_page(size)
    open_page(page, GAME)
    page.locator("#menu-button").tap()
    page.locator(f"#toolbar [data-action='{action}']").tap()
    dialog = page.locator(f"dialog[data-{hook}]")
    expect(dialog).to_be_visible()
    for name in needed:
        buttons = dialog.locator(f"[data-action='{name}']")
        expect(buttons.first).to_be_visible()
        tappable = [i for i in range(buttons.count()) if buttons.nth(i).evaluate(TAPPABLE)]
        assert tappable, f"{name} of the {action} sheet cannot be tapped as it opens"
    dialog.locator(f"[data-action='{needed[0]}']").last.tap()
    expect(dialog).to_have_count(0)


LABEL_OFFSETS = """(buttons) => buttons.map((button) => {
    const box = button.getBoundingClientRect();
    const range = document.createRange();
    range.selectNodeContents(button);
    const text = range.getBoundingClientRect();
    return [button.dataset.action, (text.top + text.bottom) / 2 - (box.top + box.bottom) / 2];
})"""


@pytest.mark.parametrize("size", ["360x740", "740x360"])
def test_the_phone_menus_labels_sit_in_the_middle_of_their_buttons(
    viewport_page: Callable[..., Page], size: str
) -> None:
    page = viewport_page(size)
    open_page(page, GAME)
    page.locator("#menu-button").tap()
    buttons = page.locator("#toolbar > .button")
    expect(buttons.first).to_be_visible()
    offsets = buttons.evaluate_all(LABEL_OFFSETS)
    assert len(offsets) >= 5, offsets
    off_centre = [(action, round(dy, 1)) for action, dy in offsets if abs(dy) > 2]
    assert not off_centre, f"labels off their buttons' middle (px): {off_centre}"


# ------------------------------------------------------------------- minus signs
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


# ------------------------------------------------------------------ while loading
def test_the_speed_box_and_the_toolbar_stay_put_while_the_engine_loads(
    viewport_page: Callable[..., Page],
) -> None:
    page = viewport_page("1920x1080", phone=False)
    held: list[Route] = []
    released: list[bool] = []

    def hold(route: Route) -> None:  # the engine waits until we let it load
        if released:
            route.continue_()
        else:
            held.append(route)

    page.route("**/seven_rocks.zip", hold)
    page.goto("/?seats=human,greedy,greedy,greedy&seed=3&speed=fast")
    page.wait_for_selector("#board:not([hidden])")
    for _ in range(400):
        if held:
            break
        page.wait_for_timeout(25)
    assert held, "the engine was never requested"
    speed = page.locator("#speed")
    assert speed.evaluate("s => s.selectedOptions[0].textContent") == "Fast"
    loading = page.evaluate(PLACES)
    released.append(True)
    for route in held:
        route.continue_()
    page.wait_for_selector("body[data-game='ready']", state="attached", timeout=BOOT_TIMEOUT_MS)
    expect(page.locator("[data-action='new-game']")).to_be_enabled()
    assert page.evaluate(PLACES) == loading, "the header or its toolbar moved when the engine came"
    assert speed.evaluate("s => s.selectedOptions[0].textContent") == "Fast"


# ------------------------------------------------------------------ the game's end
def test_the_game_over_line_is_said_once_and_both_end_dialogs_fold_to_show_the_table(
    viewport_page: Callable[..., Page],
) -> None:
    page = viewport_page("390x844")
    page.goto("/?seats=greedy,greedy,greedy,greedy&seed=7&speed=800")
    page.wait_for_selector("body[data-game='ready']", state="attached", timeout=BOOT_TIMEOUT_MS)
    # The bots alone: a round summary closes by itself; catch one and fold it.
    summary = page.locator(f"{SUMMARY}[open]")
    expect(summary).to_be_visible(timeout=120_000)
    check_folds(page, summary)
    page.locator(f"{SUMMARY} [data-next-round]").click()
    page.goto("/?seats=greedy,greedy,greedy,greedy&seed=7&speed=0")
    over = page.locator(f"{GAME_OVER}[open]")
    expect(over).to_be_visible(timeout=120_000)
    won = page.locator("#announce li").last.inner_text()
    assert " win " in won, won
    board = page.inner_text("#board") + page.inner_text("#app")
    assert board.count(won) == 1, f"the game's end is said {board.count(won)} times on the board"
    check_folds(page, over)


def check_folds(page: Page, dialog: Any) -> None:
    """Fold `dialog`: the table's tiles show, nothing of the dialog over them, no dim."""
    fold = dialog.locator("[data-action='fold']")
    expect(fold).to_have_attribute("aria-expanded", "true")
    fold.tap()
    expect(fold).to_have_attribute("aria-expanded", "false")
    expect(dialog.locator(".dialog__detail")).to_be_hidden()
    box = dialog.evaluate(RECT)
    tiles = page.evaluate(TILE_RECTS, "#table [data-tile]")
    assert tiles, "no table under the dialog"
    covered = [t for t in tiles if overlap(t, box)]
    assert not covered, f"{len(covered)} of {len(tiles)} table tiles under the folded dialog"
    size = page.viewport_size or {"width": 0, "height": 0}
    assert all(t["bottom"] <= size["height"] and t["top"] >= 0 for t in tiles)
    backdrop = dialog.evaluate("d => getComputedStyle(d, '::backdrop').backgroundColor")
    assert backdrop in ("rgba(0, 0, 0, 0)", "transparent"), backdrop
    fold.tap()
    expect(dialog.locator(".dialog__detail")).to_be_visible()


# ------------------------------------------------------------------- a turned table
#: Where the prompt is, and the seat captions it must keep clear of (all inside the screen).
PROMPT_PLACE = """() => {
  const box = (el) => { const r = el.getBoundingClientRect();
    return { left: r.left, top: r.top, right: r.right, bottom: r.bottom }; };
  const prompt = document.querySelector("#prompt");
  const heads = [...document.querySelectorAll(".seat:not(.seat--south) .seat__head")]
    .filter((el) => el.getClientRects().length)
    .map((el) => ({ seat: el.closest(".seat").dataset.seat, ...box(el) }));
  return {
    text: prompt.textContent,
    seat: prompt.closest(".seat")?.dataset.position ?? null,
    prompt: box(prompt),
    hand: box(document.querySelector(".seat--south [data-hand]")),
    heads,
  };
}"""


@pytest.mark.parametrize("size", ["360x740", "740x360"])
def test_the_prompt_stays_with_the_hand_when_the_table_turns(
    viewport_page: Callable[..., Page], size: str
) -> None:
    """Two people pass the phone: at North's turn the table turns, and North's prompt is
    under North's hand, not among the captions at the top (where it pushed them off screen)."""
    seen_and_portuguese = (  # the longer captions; no tour over the table
        "try { localStorage.setItem('seven-rocks:tour', 'seen');"
        " localStorage.setItem('seven-rocks:lang', 'pt-BR'); } catch {}"
    )
    page = viewport_page(size, init=seen_and_portuguese)
    page.goto("/?seed=9&speed=0&seats=human,greedy,human,greedy")
    page.wait_for_selector("body[data-game='ready']", state="attached", timeout=BOOT_TIMEOUT_MS)
    north_turn = "#board[data-bottom='2'][data-human-turn]"
    for _ in range(30):
        if page.locator(north_turn).count():
            break
        ready = page.locator("[data-pass-device] [data-pass-ready]")
        if ready.count():
            seat = page.get_attribute("[data-pass-device]", "data-seat")
            ready.tap()
            # The screen goes once the engine has the seat's view: wait, or it is tapped twice.
            expect(page.locator(f"[data-pass-device][data-seat='{seat}']")).to_have_count(0)
        elif page.locator(f"#board[data-bottom='0'] {PLAYABLE}").count():
            play_first_move(page)
        page.wait_for_selector(
            f"{north_turn}, [data-pass-device], #board[data-bottom='0'] {PLAYABLE}",
            state="attached",
            timeout=30_000,
        )
    else:
        pytest.fail("North's turn never came")
    place = page.evaluate(PROMPT_PLACE)
    width = (page.viewport_size or {"width": 0})["width"]
    assert place["text"], "no prompt at North's turn"
    assert place["seat"] == "south", f"the prompt is with the seat at the {place['seat']}"
    assert place["prompt"]["top"] >= place["hand"]["top"], (place["prompt"], place["hand"])
    for head in place["heads"]:
        assert head["left"] >= 0 and head["right"] <= width, f"caption off screen: {head}"
        assert not overlap(head, place["prompt"]), f"the prompt covers seat {head['seat']}"


# ------------------------------------------------------------------ the round summary
#: Per row of the summary's table: the bottom edge of each of its cells.
CELL_BOTTOMS = """() => [...document.querySelectorAll("[data-summary-seat]")].map((row) =>
  [...row.cells].map((cell) => cell.getBoundingClientRect().bottom))"""


def test_the_round_summarys_rows_line_up(viewport_page: Callable[..., Page]) -> None:
    """Every cell of a row ends on the row's line: the tiles' cell stayed a table cell."""
    page = viewport_page("360x740")
    open_page(page, GAME)
    assert next_round_or_turn(page) == "summary"
    rows = page.evaluate(CELL_BOTTOMS)
    assert len(rows) == 4, rows
    for row in rows:
        assert max(row) - min(row) < 0.5, f"a row's cells end at {row}"


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


@pytest.mark.parametrize("lang", ["pt-BR", "en"])
@pytest.mark.parametrize(
    ("size", "text"), [("360x740", ""), ("277x569", ""), ("390x844", "130%"), ("320x568", "130%")]
)
def test_the_round_summary_fits_a_phone_and_says_which_figure_is_the_score(
    viewport_page: Callable[..., Page], lang: str, size: str, text: str
) -> None:
    """At 360 px the Portuguese heads ("Arredondado", "Descontado") pushed the hands' table
    wider than the sheet, cutting off the deductions; and each team's line showed two bare
    figures ("−10" and "60"), the deduction and the score, with nothing saying which is which.
    At 277 px (a 360 px phone with larger system text), or 390 px with the text at 130%,
    four columns cannot fit: the tiles go under each player's name, and no column head runs
    into another. At 320 px with 130% text (246 px), "Descontado" alone was 12 px wider than
    its column and the hands' table scrolled sideways: the head is now "Desconto"."""
    page = viewport_page(size, init=LANGUAGE.replace("{lang}", lang))
    open_page(page, GAME)
    if text:
        page.evaluate(f"document.documentElement.style.fontSize = '{text}'")
    assert next_round_or_turn(page) == "summary"
    assert all(extra <= 0 for extra in page.evaluate(SUMMARY_OVERFLOW)), "a table is cut off"
    heads = page.evaluate(HEAD_BOXES)
    for a, b in itertools.pairwise(heads):
        assert a["right"] <= b["left"] + 0.5, f"{a['text']!r} runs into {b['text']!r}: {heads}"
    summary = page.locator(f"{SUMMARY}[open]")
    # Every column head is there for a screen reader, the tiles' one too where it is not drawn.
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


#: The lines the first tile name in a seat's caption is drawn on (1: it is not broken).
TILE_NAME_LINES = """(el) => {
  const text = el.firstChild, at = text ? text.data.search(/[0-6]/) : -1;
  if (at < 0) return 0;
  const range = document.createRange();
  range.setStart(text, at);
  range.setEnd(text, at + 3);
  return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
}"""


def test_a_side_seats_last_tile_keeps_its_name_on_one_line(
    viewport_page: Callable[..., Page],
) -> None:
    """West's caption is a narrow column on a phone: "jogou 0-6" broke at the hyphen, "0-"
    on one line and "6" under it."""
    page = viewport_page("360x740", init=LANGUAGE.replace("{lang}", "pt-BR"))
    open_page(page, "?seed=5&speed=0&seats=human,greedy,greedy,greedy")
    status = page.locator("[data-seat='1'] .seat__status")
    checked = []
    while wait_for_human_or(page, f"{SUMMARY}[open]") == "turn":
        if status.get_attribute("data-kind") == "play":
            checked.append(status.inner_text())
            assert status.evaluate(TILE_NAME_LINES) == 1, checked[-1]
        play_first_move(page)
    assert checked, "West never played"


#: Where South's tiles, the prompt and the table are (css px).
HAND_ROW = """() => {
  const tiles = [...document.querySelectorAll("[data-hand='0'] [data-tile]")]
    .map((el) => el.getBoundingClientRect());
  const prompt = document.querySelector(".prompt").getBoundingClientRect();
  const table = document.querySelector(".table-area").getBoundingClientRect();
  return {
    left: Math.min(...tiles.map((r) => r.left)), right: Math.max(...tiles.map((r) => r.right)),
    prompt: { left: prompt.left, right: prompt.right, width: prompt.width },
    table: table.height,
  };
}"""


@pytest.mark.parametrize("size", ["569x277", "740x360"])
def test_a_phone_on_its_side_zoomed_for_larger_text_keeps_the_hand_and_the_table(
    viewport_page: Callable[..., Page], size: str
) -> None:
    """A 360 px phone set to larger text (Chrome zooms the page with the system's font size)
    is about 569x277 on its side. Seven tiles at a fixed 4.6rem and the prompt beside them
    were wider than that: the row, centred, cut the first tile off the left edge, the prompt
    was squeezed to a word a line and grew so tall that the table shrank to a sliver."""
    page = viewport_page(size, init=LANGUAGE.replace("{lang}", "pt-BR"))
    open_page(page, "?seed=5&speed=0")
    page.locator(PLAYABLE).nth(1).tap()  # 5-6, with two places: the longest prompt
    expect(page.locator("[data-target]").first).to_be_visible()
    row = page.evaluate(HAND_ROW)
    width = page.viewport_size["width"] if page.viewport_size else 0
    assert row["left"] >= 0 and row["right"] <= width, f"a tile is off the screen: {row}"
    assert row["right"] <= row["prompt"]["left"] and row["prompt"]["right"] <= width, row
    assert row["prompt"]["width"] >= 120, f"the prompt is squeezed: {row}"
    assert row["table"] >= 100, f"the table is a sliver: {row}"


#: How the layout sits on its table: the share of the area's width and height its tiles
#: span (0 to 1), and whether it runs the same way as the area (wider than tall on a wide
#: table, taller than wide on a tall one).
LAYOUT_FILL = """(svg) => {
  const area = svg.getBoundingClientRect();
  const tiles = [...svg.querySelectorAll("[data-tile]")]
    .map((el) => el.getBoundingClientRect()).filter((r) => r.width > 0);
  if (!tiles.length) return { fill: 0, sameWay: false };
  const across = Math.max(...tiles.map((r) => r.right)) - Math.min(...tiles.map((r) => r.left));
  const down = Math.max(...tiles.map((r) => r.bottom)) - Math.min(...tiles.map((r) => r.top));
  return {
    fill: Math.max(across / area.width, down / area.height),
    sameWay: (across >= down) === (area.width >= area.height),
  };
}"""


def test_turning_a_phone_mid_round_lays_the_table_out_for_its_new_shape(
    viewport_page: Callable[..., Page],
) -> None:
    """Turned on its side mid-round, the table's area settled after the window's resize
    event, and the layout stayed fitted to a passing shape: a third of the felt's width,
    tiles too small to read, until the next move."""
    page = viewport_page("360x740")
    open_page(page, "?seed=5&speed=0")
    for _ in range(3):
        play_first_move(page)
    page.wait_for_selector(PLAYABLE)
    turn_and_check_the_fill(page, page.locator("#table"))


def turn_and_check_the_fill(page: Page, table: Any) -> None:
    """Turn the phone three ways; each time the layout must come to fill its table."""
    for width, height in ((740, 360), (360, 740), (844, 390)):
        page.set_viewport_size({"width": width, "height": height})
        deadline = time.monotonic() + 10
        while (seen := table.evaluate(LAYOUT_FILL))["fill"] < 0.6 or not seen["sameWay"]:
            assert time.monotonic() < deadline, f"at {width}x{height} the layout: {seen}"
            page.wait_for_timeout(100)


def test_turning_a_phone_during_a_review_lays_its_board_out_again(
    viewport_page: Callable[..., Page],
) -> None:
    """The coach's board, like the game's table, kept the view fitted to the old shape."""
    page = viewport_page("360x740")
    open_round_review(page)
    page.locator("[data-review-step='next']").tap()
    turn_and_check_the_fill(page, page.locator("[data-review-table]"))


def test_turning_a_phone_during_a_replay_lays_its_table_out_again(
    viewport_page: Callable[..., Page],
) -> None:
    """The replay viewer's table, like the game's, kept the view fitted to the old shape."""
    page = viewport_page("360x740")
    open_page(page, GAME)
    for _ in range(3):
        play_first_move(page)
    page.locator("#menu-button").tap()
    page.locator("#toolbar [data-action='sheet']").tap()
    page.locator(f"{SHEET} [data-action='replay-game']").tap()
    replay = page.locator("dialog[data-replay]")
    for _ in range(20):  # a layout long enough to run one way
        replay.locator("[data-replay-step='next']").tap()
    turn_and_check_the_fill(page, replay.locator("[data-replay-table]"))


def test_a_hint_on_a_short_phone_on_its_side_keeps_the_hand_on_screen(
    viewport_page: Callable[..., Page],
) -> None:
    """At 569x277 an open hint's whole text counted towards the board's least height, so
    the board grew past the screen and South's hand went below its edge."""
    page = viewport_page("569x277", init=LANGUAGE.replace("{lang}", "pt-BR"))
    open_page(page, "?seed=5&speed=0")
    # South's turn: before it, on a loaded machine, the tap came while the bots still played.
    assert wait_for_human_or(page, SUMMARY) == "turn"
    page.locator("[data-action='hint']").first.tap()
    expect(page.locator("[data-hint][data-state='shown']")).to_be_visible()
    row = page.evaluate(HAND_ROW)
    tiles = page.locator("[data-hand='0'] [data-tile]").evaluate_all(RECTS)
    height = page.viewport_size["height"] if page.viewport_size else 0
    assert max(tile["bottom"] for tile in tiles) <= height, f"the hand is below the edge: {tiles}"
    assert row["table"] >= 80, f"the table is a sliver: {row}"


#: Is a field that takes typing focused (on a phone that pops the keyboard up)?
TYPING_FOCUSED = """() => {
  const el = document.activeElement;
  const clicks = ["checkbox", "radio", "button", "submit", "range"];
  return Boolean(el && (el.matches("textarea, [contenteditable]") ||
    (el.matches("input") && !clicks.includes(el.type))));
}"""


def test_on_a_phone_a_new_game_opens_without_calling_up_the_keyboard(
    viewport_page: Callable[..., Page],
) -> None:
    """The new game sheet focused its first field, South's name: on a phone that pops the
    keyboard up over half the sheet as it opens, before the player has chosen to type."""
    page = viewport_page("360x740")
    open_page(page, GAME)
    page.locator("#menu-button").tap()
    page.locator("[data-action='new-game']").tap()
    dialog = page.locator("dialog[data-new-game]")
    expect(dialog).to_be_visible()
    expect(dialog.locator("[data-action='start']")).to_be_focused()
    assert not page.evaluate(TYPING_FOCUSED)
    dialog.locator("input[name='name0']").tap()  # the name is still there to type, on a tap
    assert page.evaluate(TYPING_FOCUSED)


#: The move line's latest sentence: is any of it cut off, and how many lines does it take?
MOVE_LINE = """(el) => {
  const style = getComputedStyle(el);
  const r = el.getBoundingClientRect();
  return {
    cut: el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1,
    lines: r.height / parseFloat(style.lineHeight),
    right: r.right,
  };
}"""


@pytest.mark.parametrize("size", ["320x568", "360x640"])
def test_on_a_small_phone_a_long_move_line_shows_whole_in_two_lines(
    viewport_page: Callable[..., Page], size: str
) -> None:
    """The move line is the one place that says what the last move was and what it scored:
    on a small phone a long sentence ("..., ends 3 + 6 + 12 = 21, no points") wraps to a
    second line, whole, rather than being cut."""
    page = viewport_page(size)
    open_page(page, "?seed=5&speed=0&seats=human,greedy,greedy,greedy")
    line = page.locator("#announce li").last
    width = page.viewport_size["width"] if page.viewport_size else 0
    wrapped = []
    while wait_for_human_or(page, f"{SUMMARY}[open]") == "turn":
        shown = line.evaluate(MOVE_LINE)
        text = line.inner_text()
        assert shown["right"] <= width, f"the move line runs off the screen: {shown}"
        assert not shown["cut"], f"the move line is cut: {text!r}"
        assert shown["lines"] <= 2.3, f"the move line takes {shown['lines']:.1f} lines: {text!r}"
        if shown["lines"] > 1.5:
            wrapped.append(text)
        play_first_move(page)
    assert wrapped, "no move line was long enough to need two lines"


#: Can a tap land on the element's middle (on screen, nothing over it, not scrolled away)?
TAPPABLE = """(el) => {
  const r = el.getBoundingClientRect();
  const x = (r.left + r.right) / 2, y = (r.top + r.bottom) / 2;
  if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) return false;
  const top = document.elementFromPoint(x, y);
  return Boolean(top && (el === top || el.contains(top)));
}"""


@pytest.mark.parametrize("size", ["740x360", "360x740"])
def test_the_round_summary_opens_at_its_title_with_next_round_in_reach(
    viewport_page: Callable[..., Page], size: str
) -> None:
    """On a phone on its side the summary opened scrolled to its button, its title above the
    edge: both the title and "Next round" must be seen as it opens."""
    page = viewport_page(size)
    open_page(page, GAME)
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
    """On a phone on its side the teams' scores came below the hands, under the edge of a
    sheet that opens at its title: the one figure a player wants needed a scroll."""
    page = viewport_page(size, init=LANGUAGE.replace("{lang}", "pt-BR"))
    open_page(page, GAME)
    assert next_round_or_turn(page) == "summary"
    summary = page.locator(f"{SUMMARY}[open]")
    expect(summary.locator("[data-next-round]")).to_be_focused()
    for team in (0, 1):
        score = summary.locator(f"[data-summary-score='{team}']")
        assert score.evaluate(TAPPABLE), f"team {team}'s score is out of sight"


# ------------------------------------------------------------------ the replay viewer
#: The replay's parts that must each be on screen and clear of one another.
REPLAY_PARTS = """() => {
  const parts = [...document.querySelectorAll(
    ".replay__seat, .replay__table, .replay__caption p, .replay__controls, .replay__head")]
    .filter((el) => el.textContent.trim() || el.matches(".replay__table"))
    .map((el) => {
      const r = el.getBoundingClientRect();
      const seat = el.dataset.replaySeat;
      const name = seat != null ? `seat ${seat}` : el.className || Object.keys(el.dataset)[0];
      return { name, left: r.left, top: r.top, right: r.right, bottom: r.bottom };
    });
  return { parts, width: innerWidth, height: innerHeight };
}"""


@pytest.mark.parametrize("size", ["360x740", "740x360", "844x390"])
def test_the_replay_viewer_fits_a_phone_without_overlaps(
    viewport_page: Callable[..., Page], size: str
) -> None:
    """On a phone on its side the West column ran over the caption and the South hand over
    the key list; every part of the viewer must be on screen and clear of the others."""
    page = viewport_page(size)
    open_page(page, GAME)
    for _ in range(3):
        if wait_for_human_or(page, f"{SUMMARY}[open]") != "turn":
            break
        play_first_move(page)
    page.locator("#menu-button").tap()
    page.locator("#toolbar [data-action='sheet']").tap()
    page.locator(f"{SHEET} [data-action='replay-game']").tap()
    replay = page.locator("dialog[data-replay]")
    expect(replay).to_be_visible()
    for _ in range(6):  # hands of several sizes, a caption and a sum
        replay.locator("[data-replay-step='next']").tap()
    expect(replay.locator("[data-replay-sum]")).not_to_be_empty()
    found = page.evaluate(REPLAY_PARTS)
    parts = found["parts"]
    assert len(parts) >= 7, parts
    for part in parts:
        assert part["left"] >= 0 and part["top"] >= 0, f"{part['name']} is off screen: {part}"
        assert part["right"] <= found["width"] and part["bottom"] <= found["height"], part
    clashes = [
        (a["name"], b["name"]) for i, a in enumerate(parts) for b in parts[i + 1 :] if overlap(a, b)
    ]
    assert not clashes, f"parts of the replay overlap: {clashes}"


# ------------------------------------------------------------------------- the hint
def test_a_hint_longer_than_its_panel_fades_out_until_read_to_the_end(
    viewport_page: Callable[..., Page],
) -> None:
    """On a phone on its side the hint's panel holds two or three lines: the rest was cut
    mid-line with nothing to say the panel scrolls."""
    page = viewport_page("740x360", init=LANGUAGE.replace("{lang}", "pt-BR"))
    open_page(page, "?seed=5&speed=0&seats=human,greedy,greedy,greedy")
    for _ in range(3):
        assert wait_for_human_or(page, f"{SUMMARY}[open]") == "turn"
        play_first_move(page)
    assert wait_for_human_or(page, f"{SUMMARY}[open]") == "turn"
    page.locator("[data-action='hint']:visible").first.tap()
    panel = page.locator("[data-hint][data-state='shown']")
    expect(panel).to_be_visible(timeout=30_000)
    overflow = panel.evaluate("(el) => el.scrollHeight - el.clientHeight")
    assert overflow > 10, "this hint fits its panel: choose another position"
    expect(panel).to_have_attribute("data-more", "below")
    panel.hover()
    page.mouse.wheel(0, overflow + 50)
    expect(panel).not_to_have_attribute("data-more", "below")
    page.mouse.wheel(0, -40)
    expect(panel).to_have_attribute("data-more", "below")


# ------------------------------------------------------------------------ the coach
REVIEW_DONE = "dialog[data-review-panel] [data-review][data-review-state='done']"
#: The review's parts that must be on screen together and clear of one another.
REVIEW_PARTS = """() => Object.fromEntries(["[data-review-table]", "[data-review-caption]",
  ".review__steps", "[data-review-list]"].map((s) => {
    const r = document.querySelector(s).getBoundingClientRect();
    return [s, { top: r.top, bottom: r.bottom, left: r.left, right: r.right }];
  }))"""
#: Is the move being shown in the part of the list that can be seen (all of it, or its top
#: if it is taller than that part)?
CURRENT_IN_SIGHT = """() => {
  const item = document.querySelector("[data-review-move][aria-current='true']");
  const list = document.querySelector("[data-review-list]").getBoundingClientRect();
  const r = item.getBoundingClientRect();
  const top = Math.max(0, list.top) - 1, bottom = Math.min(innerHeight, list.bottom) + 1;
  return r.top >= top && (r.bottom <= bottom || r.top <= top + 2);
}"""


@pytest.mark.parametrize("size", ["740x360", "844x390", "360x740"])
def test_stepping_through_a_review_on_a_phone_keeps_the_table_and_next_in_sight(
    viewport_page: Callable[..., Page], size: str
) -> None:
    """On a phone on its side the review was one column: the caption, the reasons and Next
    were below the edge under the table. Upright, tapping Next scrolled the panel to the move
    in the list, taking the table being stepped through off the screen."""
    page = viewport_page(size, init=LANGUAGE.replace("{lang}", "pt-BR"))
    open_round_review(page)
    table = page.locator("[data-review-table]")
    next_step = page.locator("[data-review-step='next']")
    top = table.evaluate(RECT)["top"]
    landscape = size.startswith(("740", "844"))
    if landscape:
        parts = page.evaluate(REVIEW_PARTS)
        for name, box in parts.items():
            assert box["bottom"] <= int(size.split("x")[1]) + 0.5, f"{name} is below the edge"
        names = list(parts)
        for i, a in enumerate(names):
            for b in names[i + 1 :]:
                assert not overlap(parts[a], parts[b]), f"{a} and {b} overlap"
    for _ in range(4):
        number = page.get_attribute("[data-review-move][aria-current='true']", "data-number")
        assert next_step.evaluate(TAPPABLE), "Next is out of reach"
        next_step.tap()
        current = page.locator("[data-review-move][aria-current='true']")
        expect(current).not_to_have_attribute("data-number", number or "")
        move = current.get_attribute("data-number")
        expect(page.locator("[data-review-board]")).to_have_attribute("data-number", move or "")
        assert abs(table.evaluate(RECT)["top"] - top) < 1, "the table moved as Next was tapped"
        assert table.evaluate(TAPPABLE), "the table went out of sight"
        if landscape:
            assert page.evaluate(CURRENT_IN_SIGHT), "the move shown is not in sight in the list"


#: Where the move's caption text is drawn, and the steps and the move's box it must fit in.
CAPTION_FIT = """() => {
  const range = document.createRange();
  range.selectNodeContents(document.querySelector("[data-review-caption]"));
  const text = range.getBoundingClientRect();
  const steps = document.querySelector(".review__steps").getBoundingClientRect();
  const move = document.querySelector(".review__move").getBoundingClientRect();
  const summary = document.createRange();
  summary.selectNodeContents(document.querySelector("[data-review-summary]"));
  const main = document.querySelector(".review__main").getBoundingClientRect();
  return { text: text.bottom, steps: steps.top, move: move.bottom, words: range.toString(),
           summary: summary.getBoundingClientRect().bottom, main: main.top };
}"""


@pytest.mark.parametrize("size", ["569x277", "740x360"])
def test_the_reviews_caption_is_read_whole_on_a_phone_on_its_side(
    viewport_page: Callable[..., Page], size: str
) -> None:
    """At 569x277 (a 360 px phone with larger text, on its side) the head, the game's
    two-line summary and the list left the move's caption a strip: its verdict ran under
    Previous and Next. Every caption stepped through is drawn above the steps, in its box,
    and the game's summary (one line there) above the board."""
    page = viewport_page(size, init=LANGUAGE.replace("{lang}", "pt-BR"))
    open_round_review(page)
    next_step = page.locator("[data-review-step='next']")
    for _ in range(4):
        fit = page.evaluate(CAPTION_FIT)
        assert fit["text"] <= fit["steps"] + 0.5, f"the caption runs under the steps: {fit}"
        assert fit["text"] <= fit["move"] + 0.5, f"the caption is cut off: {fit}"
        assert fit["summary"] <= fit["main"] + 0.5, f"the game's summary runs under: {fit}"
        if next_step.is_disabled():
            break
        number = page.get_attribute("[data-review-move][aria-current='true']", "data-number")
        next_step.tap()
        expect(page.locator("[data-review-move][aria-current='true']")).not_to_have_attribute(
            "data-number", number or ""
        )
    # The move's reasons are there to read too (at 569x277 they had no room at all): brought
    # into view, each is inside the move's box, and Previous and Next stay in it.
    reasons = page.locator("[data-review-reasons] li")
    assert reasons.count() > 0
    for index in range(reasons.count()):
        reasons.nth(index).scroll_into_view_if_needed()
        box = page.locator(".review__move").evaluate(RECT)
        reason = reasons.nth(index).evaluate(RECT)
        steps = page.locator(".review__steps").evaluate(RECT)
        assert reason["bottom"] > reason["top"] and box["top"] - 0.5 <= reason["top"], (reason, box)
        assert reason["bottom"] <= box["bottom"] + 0.5, (reason, box)
        assert box["top"] - 0.5 <= steps["top"] and steps["bottom"] <= box["bottom"] + 0.5


@pytest.mark.parametrize("size", ["626x313", "569x277", "320x568"])
def test_the_reviews_best_and_played_keep_to_one_row_on_a_small_phone(
    viewport_page: Callable[..., Page], size: str
) -> None:
    """On a phone on its side zoomed for larger text, "Melhor jogada" and "Jogada feita"
    wrapped into two rows and took a row's height from the table beside the move. On a
    320 px phone upright they wrapped too, and with the game's four-line summary they
    pushed the move's caption under Previous and Next."""
    page = viewport_page(size, init=LANGUAGE.replace("{lang}", "pt-BR"))
    open_round_review(page)
    toggles = page.locator(".review__toggle .button")
    expect(toggles).to_have_count(2)
    tops = {round(box["top"]) for box in toggles.evaluate_all(RECTS)}
    assert len(tops) == 1, f"Best and Played take {len(tops)} rows"
    if size == "320x568":
        caption = page.locator(".review__caption").evaluate(RECT)
        steps = page.locator(".review__steps").evaluate(RECT)
        assert caption["bottom"] <= steps["top"] + 0.5, "the move's caption is under the steps"


def test_the_arrow_keys_step_through_a_review_with_the_focus_on_the_move(page: Page) -> None:
    open_page(page, GAME)
    assert next_round_or_turn(page) == "summary"
    page.click(f"{SUMMARY}[open] [data-action='review']")
    page.wait_for_selector(REVIEW_DONE, timeout=60_000)
    first = page.get_attribute("[data-review-move][aria-current='true']", "data-index")
    page.keyboard.press("ArrowRight")
    current = page.locator(f"[data-review-move][data-index='{int(first or 0) + 1}']")
    expect(current).to_have_attribute("aria-current", "true")
    expect(current).to_be_focused()
    assert page.evaluate(CURRENT_IN_SIGHT)


def test_enter_on_next_to_the_last_move_keeps_the_focus_in_the_review(page: Page) -> None:
    """A tap or Enter on Next stays on Next; at the last move Next is disabled, and the
    focus must not fall out of the panel (Escape and the arrows would stop working)."""
    open_page(page, GAME)
    assert next_round_or_turn(page) == "summary"
    page.click(f"{SUMMARY}[open] [data-action='review']")
    page.wait_for_selector(REVIEW_DONE, timeout=60_000)
    next_step = page.locator("[data-review-step='next']")
    next_step.focus()
    moves = page.locator("[data-review-move]").count()
    for _ in range(moves):
        if next_step.is_disabled():
            break
        page.keyboard.press("Enter")
    expect(next_step).to_be_disabled()
    expect(page.locator("[data-review-step='prev']")).to_be_focused()
    page.keyboard.press("ArrowLeft")
    expect(page.locator("[data-review-move][aria-current='true']")).to_have_attribute(
        "data-index", str(moves - 2)
    )


# ------------------------------------------------------------------------ the tour
@pytest.mark.parametrize(
    ("viewport", "lang"),
    [
        ("390x844", "en"),
        ("844x390", "en"),
        ("740x360", "en"),
        ("640x360", "en"),
        ("569x277", "en"),
        ("569x277", "pt-BR"),
        ("1920x1080", "en"),
        ("1024x768", "pt-BR"),
    ],
)
def test_the_tours_bubbles_point_at_things_without_covering_them(
    viewport_page: Callable[..., Page], viewport: str, lang: str
) -> None:
    """On a phone on its side 360 px tall, the bubble about the table covered the table's
    first tiles: too tall for above or below them, too wide for beside them. It now takes
    another width (narrower beside them, wider and shorter above them) where it must. At
    569x277 (that phone with larger text) even the wide one was too tall: there its buttons
    go beside the title. Every bubble stays on the screen."""
    page = viewport_page(
        viewport, phone=viewport != "1920x1080", init=LANGUAGE.replace("{lang}", lang)
    )
    page.goto("/?speed=0")  # a first visit: the tour starts by itself
    page.wait_for_selector("body[data-game='ready']", state="attached", timeout=BOOT_TIMEOUT_MS)
    tour = page.locator("dialog[data-tour]")
    expect(tour).to_be_visible()
    subjects = {
        "hand": "[data-hand='0'] [data-tile]",
        "table": "#table [data-tile]",
        "scores": "#scores",
        "hint": "[data-action='hint']:visible",
    }
    if not page.locator(subjects["hint"]).count():
        subjects["hint"] = "#menu-button"  # folded into the menu: the bubble points there
    # The bots wait while the tour shows: measure once the game loop is parked behind it (or
    # it is South's turn to open) and the next frame has passed.
    page.wait_for_selector(f"{HELD}, {HUMAN_TURN}", state="attached", timeout=30_000)
    for step, selector in subjects.items():
        expect(tour).to_have_attribute("data-step", step)
        page.evaluate(NEXT_FRAME)
        # (":visible" is Playwright's; the page's own query keeps what has a size)
        bubble, rects = page.evaluate(BUBBLE_AND_SUBJECTS, selector.removesuffix(":visible"))
        if step == "table" and not rects:  # nothing played yet: the middle, where it will go
            rects = [page.locator("#table").evaluate(MIDDLE)]
        assert rects, f"nothing to point at for {step}"
        covered = [r for r in rects if overlap(r, bubble)]
        assert not covered, f"the {step} bubble covers {len(covered)} of what it points at"
        width, height = map(int, viewport.split("x"))
        inside = bubble["left"] >= 0 and bubble["top"] >= 0
        assert inside and bubble["right"] <= width and bubble["bottom"] <= height, bubble
        assert tour.get_attribute("data-side") in ("below", "above", "left", "right")
        tour.locator("[data-tour-action='next']").click()
    expect(tour).to_have_count(0)


def replay_the_tour(page: Page) -> Locator:
    """Take the tour again from the rules (in the phone's menu where the toolbar folds), with
    taps: these pages are phones."""
    if page.locator("#menu-button").is_visible():
        page.locator("#menu-button").tap()
    page.locator("[data-action='rules']:visible").tap()
    page.locator("[data-action='replay-tour']").tap()
    return page.locator("dialog[data-tour]")


@pytest.mark.parametrize("viewport", ["390x844", "360x640"])
def test_the_tour_taken_again_mid_round_points_at_the_hand_from_beside_it(
    viewport_page: Callable[..., Page], viewport: str
) -> None:
    """Mid-round the table fills the screen above the hand: the hand's bubble kept off its
    tiles by going to the top, 400 px from the hand, its arrow pointing at the table."""
    page = viewport_page(viewport)
    open_page(page, GAME)
    for _ in range(3):
        assert wait_for_human_or(page, SUMMARY) == "turn"
        play_first_move(page)
    assert wait_for_human_or(page, SUMMARY) == "turn"
    tour = replay_the_tour(page)
    expect(tour).to_have_attribute("data-step", "hand")
    page.evaluate(NEXT_FRAME)
    bubble, tiles = page.evaluate(BUBBLE_AND_SUBJECTS, "[data-hand='0'] [data-tile]")
    assert not any(overlap(tile, bubble) for tile in tiles), "the bubble covers the hand"
    assert not overlap(page.locator(".masthead").evaluate(RECT), bubble), "it covers the header"
    assert tour.get_attribute("data-side") == "above"
    away = min(tile["top"] for tile in tiles) - bubble["bottom"]
    assert away < 48, f"the bubble ends {away:.0f} px above the hand"


@pytest.mark.parametrize("viewport", ["390x844", "360x740"])
def test_a_tile_picked_while_the_tour_is_open_can_be_played_where_it_is_lit(
    viewport_page: Callable[..., Page], viewport: str
) -> None:
    """The bubble about the hand sat above it, over the table's lower part: a player who
    picked a tile while it was open found one of its lit places under the bubble, and the
    tap went to the bubble. The bubble now keeps off lit places."""
    page = viewport_page(viewport)
    open_page(page, GAME)
    assert wait_for_human_or(page, SUMMARY) == "turn"
    tour = replay_the_tour(page)
    expect(tour).to_have_attribute("data-step", "hand")
    page.locator("[data-hand='0'] [data-tile='3-4']").tap()  # two places on this table
    expect(page.locator("#table [data-target]")).to_have_count(2)
    # The bubble moves at a frame after the draw (a loaded machine's frames come late):
    # wait for it to have settled off the lit places, and fail if it never does.
    deadline = time.monotonic() + 5
    while True:
        page.evaluate(NEXT_FRAME)
        bubble, lit = page.evaluate(BUBBLE_AND_SUBJECTS, "#table [data-target]")
        covered = [r for r in lit if overlap(r, bubble)]
        if not covered or time.monotonic() > deadline:
            break
    assert not covered, f"the bubble covers {len(covered)} of the {len(lit)} lit places"
    expect(tour).to_be_visible()
    page.locator("#table [data-target]").last.tap()  # a person's tap: fails if covered
    expect(page.locator("[data-hand='0'] [data-tile='3-4']")).to_have_count(0)


# Each of the tour's buttons: how many lines its label takes, and whether it lies inside the bubble.
TOUR_BUTTONS = """(tour) => { const box = tour.getBoundingClientRect();
  return [...tour.querySelectorAll('[data-tour-action]')].map((b) => {
    const range = document.createRange(); range.selectNodeContents(b);
    const r = b.getBoundingClientRect();
    return { label: b.textContent, lines: range.getClientRects().length,
             inside: r.left >= box.left - 0.5 && r.right <= box.right + 0.5 }; }); }"""


@pytest.mark.parametrize("text_size", ["100%", "130%"])
def test_the_tours_buttons_each_keep_their_label_on_one_line_inside_the_bubble(
    viewport_page: Callable[..., Page], text_size: str
) -> None:
    """On a 360 px phone in Portuguese "Vamos jogar" broke in two; with the phone's text at
    130% the three buttons ran out of the bubble, "Pular" cut off at its left edge."""
    page = viewport_page("360x640", init=LANGUAGE.replace("{lang}", "pt-BR"))
    open_page(page, GAME)
    assert wait_for_human_or(page, SUMMARY) == "turn"
    page.evaluate(f"document.documentElement.style.fontSize = '{text_size}'")
    tour = replay_the_tour(page)
    for step in ("hand", "table", "scores", "hint"):
        expect(tour).to_have_attribute("data-step", step)
        for button in tour.evaluate(TOUR_BUTTONS):
            assert button["lines"] == 1, f"{button['label']!r} takes {button['lines']} lines"
            assert button["inside"], f"{button['label']!r} runs out of the bubble"
        tour.locator("[data-tour-action='next']").tap()
    expect(tour).to_have_count(0)


@pytest.mark.parametrize("viewport", ["740x360", "844x390", "390x844"])
def test_the_tours_bubbles_keep_off_the_header_unless_they_point_into_it(
    viewport_page: Callable[..., Page], viewport: str
) -> None:
    """On a phone on its side the table's bubble sat over the header, where the first visit's
    "works offline" banner shows too, and the banner hid the bubble's first lines. A fixed
    deal (the first visit's is random, and a table that fills the screen leaves the bubble
    nowhere else), at South's first turn, as early in a round as a first visit's tour."""
    page = viewport_page(viewport)
    open_page(page, GAME)
    assert wait_for_human_or(page, SUMMARY) == "turn"
    tour = replay_the_tour(page)
    for step in ("hand", "table", "scores", "hint"):
        expect(tour).to_have_attribute("data-step", step)
        if step in ("hand", "table"):  # the scores and the hint (or menu) are in the header
            header = page.locator(".masthead").evaluate(RECT)
            assert not overlap(tour.evaluate(RECT), header), f"the {step} bubble covers the header"
        tour.locator("[data-tour-action='next']").click()
    expect(tour).to_have_count(0)


# ------------------------------------------------------------------------ motion
def watch_motion(page: Page, tiles: int) -> dict[str, Any]:
    """Watch the bots play until `tiles` tiles and a score change were seen; what was seen."""
    page.goto("/?seats=greedy,greedy,greedy,greedy&seed=7&speed=800")
    page.wait_for_selector("body[data-game='ready']", state="attached", timeout=BOOT_TIMEOUT_MS)
    page.evaluate(WATCH_MOTION)
    for _ in range(600):
        seen: dict[str, Any] = page.evaluate("window.__seen")
        if len(seen["tiles"]) >= tiles and seen["counts"]:
            return seen
        page.wait_for_timeout(50)
    pytest.fail(f"the bots did not place {tiles} tiles and score within 30 s")


def test_a_placed_tile_travels_from_its_seat_and_the_score_counts_up(
    viewport_page: Callable[..., Page],
) -> None:
    page = viewport_page("390x844")
    seen = watch_motion(page, 3)
    # Every new tile starts away from its place (at its seat), turned and enlarged.
    for tile in seen["tiles"]:
        assert tile["starts"] and "scale(1.2)" in tile["starts"][0], tile
    # The score shown went through numbers other than the score it stands for.
    between = [count for count in seen["counts"] if count[0] != count[1]]
    assert between, f"the score jumped straight to its value: {seen['counts']}"
    # And the count ends on the score.
    # A function, not an expression: Playwright evaluates an expression again at every poll
    # with eval, which the page's CSP refuses (a function is compiled once, as it starts).
    page.wait_for_function(
        "() => [...document.querySelectorAll('[data-team-score]')]"
        ".every((e) => e.textContent.replace('\u2212', '-') === e.dataset.score)"
    )


def test_with_animations_off_nothing_travels_or_counts(viewport_page: Callable[..., Page]) -> None:
    page = viewport_page("390x844", init=PREFS.replace("{prefs}", "{ animations: false }"))
    seen = watch_motion(page, 3)
    expect(page.locator("html")).to_have_attribute("data-motion", "off")
    assert all(not tile["starts"] for tile in seen["tiles"]), "a tile moved with animations off"
    assert all(score == text for score, text in seen["counts"]), seen["counts"]


# ------------------------------------------------------------ high contrast, banners
def test_in_high_contrast_the_dimmed_ends_stay_readable(page: Page) -> None:
    page.add_init_script(PREFS.replace("{prefs}", "{ theme: 'contrast' }"))
    open_page(page, GAME)
    assert wait_for_human_or(page, GAME_OVER) == "turn"
    expect(page.locator("html")).to_have_attribute("data-theme", "contrast")
    # A tile with several places lights them, and the ends are dimmed meanwhile.
    several = """Object.entries(window.sevenRocks.controller.snap.legal)
      .filter(([, places]) => places.length > 1).map(([tile]) => tile)"""
    for _ in range(7):
        choices = page.evaluate(several)
        if choices:
            page.locator(f"{PLAYABLE}[data-tile='{choices[0]}']").click()
            break
        play_first_move(page)
        assert wait_for_human_or(page, f"{GAME_OVER}, {SUMMARY}") == "turn"
    else:
        pytest.fail("no tile with several places came in a round: choose another seed")
    expect(page.locator(".layout--choosing")).to_have_count(1)
    opacity = page.locator("#table .end").first.evaluate("e => Number(getComputedStyle(e).opacity)")
    assert opacity >= 0.6, f"the dimmed ends are at opacity {opacity}"


def test_the_banners_look_comes_from_the_style_sheet(page: Page) -> None:
    """update.js builds its banners with classes only; their place is the style sheet's."""
    open_page(page, GAME)
    page.evaluate(
        """async () => {
          const box = document.createElement('div');
          box.className = 'update-offer';
          box.dataset.probe = '';
          box.textContent = 'probe';
          document.body.append(box);
        }"""
    )
    probe = page.locator("[data-probe]")
    style = probe.evaluate(
        """(e) => { const s = getComputedStyle(e);
          return [s.position, s.top, s.pointerEvents, e.getAttribute('style')]; }"""
    )
    assert style[0] == "fixed" and style[2] == "none" and style[3] is None, style
    web = Path(__file__).resolve().parents[2] / "web"
    assert ".style" not in (web / "js" / "update.js").read_text(), "update.js styles banners itself"
    assert "!important" not in (web / "css" / "notices.css").read_text()
