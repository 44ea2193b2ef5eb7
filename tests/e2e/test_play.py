"""Playing in the browser: the table, a move by mouse and by keyboard, the knock, a round."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from .conftest import ARTIFACTS
from .playing import (
    GAME_OVER,
    HAND,
    HUMAN_TURN,
    PLAYABLE,
    SUMMARY,
    call,
    layout_tiles,
    open_page,
    play_first_move,
    played_moves,
    team_scores,
    wait_for_human_or,
)

pytestmark = pytest.mark.e2e

#: Seeds found with the greedy bots (see tests/test_session.py for the engine side):
#: with seed 2 South's first turn offers a tile with two places; with seed 20 South has
#: nothing to play on its first turn and must knock.
CHOICE_SEED = 2
KNOCK_SEED = 20
FAST = "seats=human,greedy,greedy,greedy"


def test_the_page_boots_and_the_table_shows(page: Page) -> None:
    open_page(page, f"?seed={CHOICE_SEED}&speed=0&{FAST}")
    expect(page.locator("[data-layout]")).to_be_attached()
    wait_for_human_or(page, GAME_OVER)
    state = call(page, "state")
    assert page.locator(HAND).count() == len(state["hand"])
    for seat in (1, 2, 3):
        hidden = page.locator(f"[data-hand='{seat}'] [data-tile='hidden']")
        assert hidden.count() == state["hand_sizes"][seat]
    assert layout_tiles(page) == [t["tile"] for t in state["table"]["tiles"]]
    for tile in state["table"]["tiles"]:
        expect(page.locator(f"[data-layout] [data-tile='{tile['tile']}']")).to_be_visible()
    # Whose turn it is shows in words, not only in colour.
    expect(page.locator("[data-seat='0'] .seat__status")).to_have_text("Your turn")
    assert team_scores(page) == state["scores"]
    # The scoring ends are on the table as filled numbers.
    assert page.locator("[data-layout] [data-end]").count() == len(state["table"]["ends"])


def test_a_move_by_clicking_a_tile_and_a_target(page: Page) -> None:
    open_page(page, f"?seed={CHOICE_SEED}&speed=0&{FAST}")
    wait_for_human_or(page, GAME_OVER)
    state = call(page, "state")
    tile, targets = next((t, ts) for t, ts in state["legal"].items() if len(ts) > 1)
    page.click(f"{HAND}[data-tile='{tile}']")
    lit = page.locator("[data-target]")
    expect(lit).to_have_count(len(targets))
    assert sorted(lit.evaluate_all("els => els.map(e => e.dataset.target)")) == sorted(targets)
    expect(page.locator(f"{HAND}[data-tile='{tile}']")).to_have_attribute("aria-pressed", "true")
    # Tiles that fit nowhere are dimmed.
    for other in state["hand"]:
        locator = page.locator(f"{HAND}[data-tile='{other}']")
        if other not in state["legal"]:
            expect(locator).to_have_class("hand-tile hand-tile--dim")
    page.click(f"[data-target='{targets[-1]}']")
    expect(page.locator(f"{HAND}[data-tile='{tile}']")).to_have_count(0)
    expect(page.locator(f"[data-layout] [data-tile='{tile}']")).to_be_visible()
    assert f"{tile}@{targets[-1]}" in played_moves(page)[0]
    expect(page.locator("[data-seat='0']")).to_have_attribute("data-last-action", "play")


def test_keyboard_only_move(page: Page) -> None:
    open_page(page, f"?seed={CHOICE_SEED}&speed=0&{FAST}")
    wait_for_human_or(page, GAME_OVER)
    state = call(page, "state")
    tile, targets = next((t, ts) for t, ts in state["legal"].items() if len(ts) > 1)
    # Tab into the hand, then arrows to the tile.
    for _ in range(20):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.closest('[data-hand=\"0\"]') !== null"):
            break
    else:
        raise AssertionError("Tab never reached the hand")
    for _ in range(len(state["hand"])):
        if page.evaluate("document.activeElement.dataset.tile") == tile:
            break
        page.keyboard.press("ArrowRight")
    assert page.evaluate("document.activeElement.dataset.tile") == tile
    page.keyboard.press("Enter")
    # Focus moves to the first lit target; arrows choose, Escape cancels, Enter plays.
    expect(page.locator("[data-target]")).to_have_count(len(targets))
    assert page.evaluate("document.activeElement.dataset.target") == targets[0]
    page.keyboard.press("Escape")
    expect(page.locator("[data-target]")).to_have_count(0)
    assert page.evaluate("document.activeElement.dataset.tile") == tile
    page.keyboard.press("Enter")
    page.keyboard.press("ArrowRight")
    chosen = page.evaluate("document.activeElement.dataset.target")
    assert chosen == targets[1]
    page.keyboard.press("Enter")
    expect(page.locator(f"{HAND}[data-tile='{tile}']")).to_have_count(0)
    expect(page.locator(f"[data-layout] [data-tile='{tile}']")).to_be_visible()
    assert f"{tile}@{chosen}" in played_moves(page)[0]


#: Watches, from the page's start, for the board's knock: when it shows, whether the prompt
#: and South's status say so in the same change (read as it happens, not at some later
#: frame: the knock is on screen for 0.7 s, and a loaded machine's frames can miss it).
WATCH_KNOCK = """(() => {
  window.__knock = null;
  new MutationObserver(() => {
    const board = document.querySelector("#board");
    if (window.__knock || !board?.hasAttribute("data-knocking")) return;
    window.__knock = {
      prompt: document.querySelector("#prompt").textContent.trim(),
      status: document.querySelector("[data-seat='0'] .seat__status").textContent.trim(),
    };
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-knocking"] });
})();"""


def test_south_knocks_visibly_when_nothing_fits(page: Page) -> None:
    page.add_init_script(WATCH_KNOCK)
    # A readable pace, so the knock stays on screen long enough to be seen.
    open_page(page, f"?seed={KNOCK_SEED}&speed=300&{FAST}")
    try:
        knock = page.wait_for_function("() => window.__knock", timeout=20_000).json_value()
    except PlaywrightTimeout:
        raise AssertionError("South never knocked") from None
    assert knock == {"prompt": "You have no tile that fits: you knock (pass).", "status": "Knock!"}
    expect(page.locator("[data-seat='0']")).to_have_attribute("data-last-action", "pass")
    # The engine recorded the pass, and the announcement says so.
    log = page.locator("#announce li", has_text="South knocks (passes)")
    expect(log).to_have_count(1, timeout=10_000)
    assert "pass" in played_moves(page)[0]


def _team_names_are(page: Page, names: tuple[str, str]) -> None:
    for team, name in enumerate(names):
        expect(page.locator(f"[data-team='{team}'] .team__name")).to_have_text(name)


@pytest.mark.parametrize(
    ("seats", "names"),
    [
        ("greedy,human,greedy,greedy", ("South & North", "You & East")),
        ("greedy,greedy,greedy,greedy", ("South & North", "West & East")),
    ],
    ids=["you-west", "bots-only"],
)
def test_a_team_is_called_you_only_where_the_one_person_sits(
    page: Page, seats: str, names: tuple[str, str]
) -> None:
    open_page(page, f"?seed=3&speed=0&seats={seats}")
    _team_names_are(page, names)


def test_you_and_north_become_south_and_north_when_north_is_a_person_too(page: Page) -> None:
    """One person at South is "you"; seated beside a second person at North from the New
    game dialog, the two share the device and neither team is "you"."""
    open_page(page, "?seed=3&speed=0&seats=human,greedy,greedy,greedy")
    _team_names_are(page, ("You & North", "West & East"))
    page.locator("[data-action='new-game']:visible").first.click()
    dialog = page.locator("dialog[data-new-game]")
    expect(dialog).to_be_visible()
    dialog.locator("[data-seat-level='2']").select_option("human")
    dialog.locator("[data-action='start']").click()
    expect(dialog).to_have_count(0)
    _team_names_are(page, ("South & North", "West & East"))


def test_a_round_reaches_its_summary(page: Page) -> None:
    open_page(page, "?seed=5&speed=0&seats=human,random,random,random")
    for _ in range(10):
        if wait_for_human_or(page, SUMMARY) == "other":
            break
        play_first_move(page)
    summary = page.locator(SUMMARY)
    expect(summary).to_be_visible()
    assert summary.locator("[data-summary-seat]").count() == 4
    # Every revealed hand holds no tile that was played.
    played = {move.split("@")[0] for move in played_moves(page)[0]}
    for seat in range(4):
        row = summary.locator(f"[data-summary-seat='{seat}']")
        shown = row.locator("[data-tile]").evaluate_all("els => els.map(e => e.dataset.tile)")
        assert not set(shown) & played
        pips = int(row.locator("[data-pips]").inner_text().split("→")[0])
        assert pips == sum(int(n) for tile in shown for n in tile.split("-"))
    summary_scores = [
        int(summary.locator(f"[data-summary-score='{t}']").inner_text()) for t in (0, 1)
    ]
    assert summary_scores == team_scores(page)
    # The finished table stays under the summary.
    assert layout_tiles(page)
    page.click("[data-next-round]")
    expect(summary).to_have_count(0)
    expect(page.locator("#board")).to_have_attribute("data-round", "2")


def test_the_language_switch_changes_the_words_and_is_remembered(page: Page) -> None:
    open_page(page, f"?seed=3&speed=0&{FAST}")
    expect(page.locator("[data-action='new-game']")).to_have_text("New game")
    page.select_option("#language", "pt-BR")
    expect(page.locator("[data-action='new-game']")).to_have_text("Novo jogo")
    expect(page.locator("[data-seat='1'] .seat__name")).to_have_text("Oeste")
    expect(page.locator("[data-team='0'] .team__name")).to_have_text("Você e Norte")
    assert page.evaluate("document.documentElement.lang") == "pt-BR"
    page.reload()
    open_page(page, f"?seed=3&speed=0&{FAST}")
    expect(page.locator("[data-action='new-game']")).to_have_text("Novo jogo")
    page.select_option("#language", "en")
    expect(page.locator("[data-seat='1'] .seat__name")).to_have_text("West")


def test_bad_url_values_give_a_notice_and_a_normal_game(page: Page) -> None:
    open_page(page, "?seed=banana&seats=bot,bot&speed=fast!")
    # (A first visit may also say, in passing, that the game now works offline.)
    notices = page.locator("[data-notice='warning']")
    expect(notices).to_have_count(3)
    text = page.inner_text("#notices")
    assert "?seed=banana" in text and "?seats=bot,bot" in text and "?speed=fast!" in text
    assert "Traceback" not in page.inner_text("body")
    expect(page.locator("[data-seat='0'] .seat__level")).to_have_text("")  # a person at South
    expect(page.locator("[data-layout]")).to_be_attached()


def test_an_engine_refusal_is_a_readable_notice_and_the_game_goes_on(page: Page) -> None:
    open_page(page, f"?seed={CHOICE_SEED}&speed=0&{FAST}")
    wait_for_human_or(page, GAME_OVER)
    page.evaluate("window.sevenRocks.controller.request('play', {move: '6-6@0-0:branch_a'})")
    notice = page.locator("[data-notice='error']")
    expect(notice).to_have_count(1)
    assert notice.inner_text().startswith("The engine refused that:")
    assert "Traceback" not in notice.inner_text()
    page.click("[data-notice='error'] [data-action='dismiss']")
    expect(notice).to_have_count(0)
    play_first_move(page)


@pytest.mark.parametrize("size", [(360, 740), (1920, 1080)], ids=["phone", "desktop"])
def test_the_whole_layout_is_visible_on_phone_and_desktop(
    page: Page, size: tuple[int, int]
) -> None:
    width, height = size
    page.set_viewport_size({"width": width, "height": height})
    open_page(page, f"?seed=11&speed=0&{FAST}")
    for _ in range(4):
        if wait_for_human_or(page, f"{SUMMARY}, {GAME_OVER}") == "other":
            break
        play_first_move(page)
    if page.locator(HUMAN_TURN).count():
        page.locator(PLAYABLE).first.click()  # show the lit targets in the screenshot
    # The view box's tween (a Web Animation on the <svg>) has ended.
    page.wait_for_function("() => !document.getElementById('table').getAnimations().length")
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=Path(ARTIFACTS) / f"play-{width}x{height}.png")
    svg = page.locator("#table").bounding_box()
    assert svg is not None
    assert svg["x"] >= 0 and svg["x"] + svg["width"] <= width + 0.5
    tiles = page.locator("[data-layout] [data-tile]")
    assert tiles.count() >= 4
    boxes = tiles.evaluate_all(
        "els => els.map(e => { const r = e.getBoundingClientRect();"
        " return [r.left, r.top, r.right, r.bottom]; })"
    )
    for left, top, right, bottom in boxes:
        assert left >= svg["x"] - 0.5 and right <= svg["x"] + svg["width"] + 0.5
        assert top >= svg["y"] - 0.5 and bottom <= svg["y"] + svg["height"] + 0.5
        assert right - left >= 12, "a tile on the table is too small to read"
    # South's hand, the scores and the toolbar (on a phone, behind its menu button) fit the
    # screen too.
    phone = width <= 700
    if phone:
        page.locator("#menu-button").click()
        expect(page.locator("#menu-button")).to_have_attribute("aria-expanded", "true")
    for selector in (
        "[data-hand='0']",
        "[data-team-score='0']",
        "[data-team-score='1']",
        "[data-action='new-game']",
        *(["#menu-button"] if phone else []),
    ):
        box = page.locator(selector).bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width + 0.5, (
            selector
        )
        assert box["y"] + box["height"] <= height + 0.5, selector
    # No horizontal scrolling.
    assert page.evaluate("document.documentElement.scrollWidth") <= width
