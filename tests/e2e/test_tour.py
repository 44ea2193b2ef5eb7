"""The first-game tour: it shows once and again on request, the computer players wait while
it shows, it keeps the keyboard; its bubbles each point at their subject without covering it
or the header, stay on the screen, keep their buttons on one line, and keep off the places a
picked tile lights."""

from __future__ import annotations

import time
from collections.abc import Callable

import pytest
from playwright.sync_api import Locator, Page, expect

from .conftest import BOOT_TIMEOUT_MS
from .drawn import wait_quiet
from .playing import (
    GREEDY_GAME,
    HELD,
    HUMAN_TURN,
    LANGUAGE,
    NEXT_FRAME,
    PLAYABLE,
    RECT,
    SUMMARY,
    open_page,
    overlap,
    play_first_move,
    wait_for_human_or,
)

pytestmark = pytest.mark.e2e


def test_a_first_visit_is_guided_and_the_tour_is_there_on_request(page: Page) -> None:
    """A first visit opens with the guided hand (test_guide.py), not the tour; once put
    away it does not come back; the tour's four cards are in the rules dialog."""
    open_page(page, "?speed=0")
    guide = page.locator("dialog[data-guide]")
    expect(guide).to_be_visible()
    expect(page.locator("dialog[data-tour]")).to_have_count(0)
    page.keyboard.press("Escape")
    expect(guide).to_have_count(0)
    expect(page.locator("[data-guide-target]")).to_have_count(0)
    page.reload()
    # The page decides on the guide in the task that marks the game ready (app.js), so it
    # is either there now or not coming.
    page.wait_for_selector("body[data-game='ready']", state="attached", timeout=60_000)
    expect(guide).to_have_count(0)
    # The tour, from the rules dialog, on request.
    page.click("[data-action='rules']")
    page.click("[data-action='replay-tour']")
    tour = page.locator("dialog[data-tour]")
    expect(tour).to_be_visible()
    expect(tour).to_have_attribute("data-step", "hand")
    expect(page.locator("[data-seat='0'][data-tour-target]")).to_have_count(1)
    page.keyboard.press("Enter")  # focus starts on Next
    expect(tour).to_have_attribute("data-step", "table")
    page.keyboard.press("Escape")
    expect(tour).to_have_count(0)
    expect(page.locator("dialog[data-rules]")).to_have_count(0)


def test_the_guide_keeps_the_focus_when_it_is_already_the_players_turn(page: Page) -> None:
    """The first table is drawn before the guide opens; when South is to play another deal
    (a game resumed on a first visit's address: the guide tells only who the partner is),
    the hand's focus (given a frame later) must not take the keyboard away from its Next."""
    open_page(page, "?seed=4&speed=0&seats=human,greedy,greedy,greedy")  # South opens: no guide
    expect(page.locator("[data-hand='0'] .hand-tile--playable").first).to_be_visible()
    page.wait_for_function("() => localStorage.getItem('seven-rocks:save') !== null")
    open_page(page, "?speed=0")  # the same game, resumed, on a plain first-visit address
    guide = page.locator("dialog[data-guide]")
    expect(guide).to_have_attribute("data-step", "partner")
    expect(page.locator("#board[data-human-turn]")).to_have_count(1)
    # Two frames: the hand's deferred focus has had its chance to run.
    page.evaluate("() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")
    expect(guide.locator("[data-guide-action='next']")).to_be_focused()
    page.keyboard.press("Enter")
    expect(guide).to_have_count(0)


MIDDLE = """(el) => { const r = el.getBoundingClientRect();
  const x = r.left + r.width / 2, y = r.top + r.height / 2;
  return { left: x - 40, top: y - 20, right: x + 40, bottom: y + 20 }; }"""


#: The tour's bubble and what it points at, read at one moment.
BUBBLE_AND_SUBJECTS = """(selector) => {
  const box = (el) => { const r = el.getBoundingClientRect();
    return { left: r.left, top: r.top, right: r.right, bottom: r.bottom }; };
  return [box(document.querySelector('dialog[data-tour]')),
          [...document.querySelectorAll(selector)].map(box).filter((r) => r.right > r.left)];
}"""


#: The tour's screens, each group on one page whose window is changed under the open tour
#: (a phone turned, a window resized): phones upright and on their side down to 569x277 (a
#: 360 px phone with larger text, where the buttons go beside the title), a tablet, a desktop.
TOUR_SCREENS = [
    (("390x844", "844x390", "740x360", "640x360", "569x277"), "en", True),
    (("569x277",), "pt-BR", True),
    (("1024x768",), "pt-BR", True),
    (("1920x1080",), "en", False),
]


@pytest.mark.parametrize(
    ("viewports", "lang", "phone"), TOUR_SCREENS, ids=["phones", "pt-small", "pt-tablet", "desk"]
)
def test_the_tours_bubbles_point_at_things_without_covering_them(
    viewport_page: Callable[..., Page], viewports: tuple[str, ...], lang: str, phone: bool
) -> None:
    """Each bubble stays on the screen and off what it points at, at every size. On a phone
    on its side 360 px tall, where the bubble about the table fits neither above, below nor
    beside the table's first tiles at its usual width, it takes another (narrower beside
    them, wider and shorter above them)."""
    page = viewport_page(viewports[0], phone=phone, init=LANGUAGE.replace("{lang}", lang))
    page.goto("/?speed=0")  # a first visit: the guided hand, put away; then the tour
    page.wait_for_selector("body[data-game='ready']", state="attached", timeout=BOOT_TIMEOUT_MS)
    page.locator("dialog[data-guide] [data-action='skip-tour']").click()
    page.evaluate("window.sevenRocks.tour.start()")
    tour = page.locator("dialog[data-tour]")
    expect(tour).to_be_visible()
    # The bots wait while the tour shows: measure once the game loop is parked behind it (or
    # it is South's turn to open) and the next frame has passed.
    page.wait_for_selector(f"{HELD}, {HUMAN_TURN}", state="attached", timeout=30_000)
    for step in ("hand", "table", "scores", "hint"):
        expect(tour).to_have_attribute("data-step", step)
        for viewport in viewports:
            width, height = map(int, viewport.split("x"))
            resize(page, width, height)
            check_bubble(page, tour, step, width, height)
        tour.locator("[data-tour-action='next']").click()
    expect(tour).to_have_count(0)


#: Armed before a resize: resolves at the game's next draw.
ARM_REDRAWN = """() => { window.__redrawn = new Promise((resolve) =>
  document.addEventListener("seven-rocks:rendered", () => resolve(true), { once: true })); }"""
REDRAWN = """() => Promise.race([
  window.__redrawn, new Promise((resolve) => setTimeout(() => resolve(false), 10000))])"""


def resize(page: Page, width: int, height: int) -> None:
    """Turn or resize the screen, and wait for the game to draw the table again: once a resize
    has settled the game lays the table out anew (after asking the engine), and the tour's
    bubble moves with what it points at."""
    if page.viewport_size == {"width": width, "height": height}:
        return
    page.evaluate(ARM_REDRAWN)
    page.set_viewport_size({"width": width, "height": height})
    assert page.evaluate(REDRAWN), f"the table was not drawn again at {width}x{height}"


def check_bubble(page: Page, tour: Locator, step: str, width: int, height: int) -> None:
    """The bubble of ``step`` is on the ``width`` x ``height`` screen and off its subject."""
    selector = {
        "hand": "[data-hand='0'] [data-tile]",
        "table": "#table [data-tile]",
        "scores": "#scores",
        "hint": "[data-action='hint']",
    }[step]
    page.evaluate(NEXT_FRAME)
    bubble, rects = settled(page, selector)
    if step == "hint" and not rects:  # folded into the menu: the bubble points there
        bubble, rects = settled(page, "#menu-button")
    if step == "table" and not rects:  # nothing played yet: the middle, where it will go
        rects = [page.locator("#table").evaluate(MIDDLE)]
    where = f"the {step} bubble at {width}x{height}"
    assert rects, f"nothing to point at for {where}"
    covered = [r for r in rects if overlap(r, bubble)]
    assert not covered, f"{where} covers {len(covered)} of what it points at"
    inside = bubble["left"] >= 0 and bubble["top"] >= 0
    assert inside and bubble["right"] <= width and bubble["bottom"] <= height, (where, bubble)
    assert tour.get_attribute("data-side") in ("below", "above", "left", "right")


def settled(page: Page, selector: str) -> tuple[dict[str, float], list[dict[str, float]]]:
    """The bubble and the shown matches of ``selector``, once two frames read them alike (a
    resize re-places the bubble at the next frame)."""
    seen = page.evaluate(BUBBLE_AND_SUBJECTS, selector)
    for _ in range(30):
        page.evaluate(NEXT_FRAME)
        again = page.evaluate(BUBBLE_AND_SUBJECTS, selector)
        if again == seen:
            return again[0], again[1]
        seen = again
    raise AssertionError(f"the tour's bubble never settled: {seen}")


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
    """Mid-round the table fills the screen above the hand: the hand's bubble sits just above
    the hand, off its tiles and off the header, not at the top of the screen."""
    page = viewport_page(viewport)
    open_page(page, GREEDY_GAME)
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


def test_the_hands_bubble_ends_placed_against_the_hand_at_rest(
    viewport_page: Callable[..., Page],
) -> None:
    """Opening the tour takes the keyboard from the hand's lifted tile, which eases back
    down: the bubble ends where the hand at rest puts it, whatever moment of the easing it
    was first placed at (a slow phone's is caught midway). Placed again from the page as
    it then is, it does not move."""
    page = viewport_page("390x844")
    open_page(page, "?seats=human,greedy,greedy,greedy&seed=4&speed=0")
    tiles = page.locator(f"{HUMAN_TURN} {PLAYABLE}")
    tiles.first.focus()
    wait_quiet(page)
    lifted, resting = (tiles.nth(i).evaluate(RECT)["top"] for i in (0, 1))
    assert lifted < resting - 2, "the focused tile is not lifted: nothing here would move"
    page.evaluate("window.sevenRocks.tour.start()")
    tour = page.locator("dialog[data-tour]")
    expect(tour).to_have_attribute("data-step", "hand")
    wait_quiet(page)
    placed = tour.evaluate(RECT)
    assert tiles.first.evaluate(RECT)["top"] == resting, "the tile did not come back down"
    page.evaluate("dispatchEvent(new Event('resize'))")  # the tour places its bubble anew
    page.evaluate(NEXT_FRAME)
    assert tour.evaluate(RECT) == placed, "the bubble was left where the lifted tile put it"


@pytest.mark.parametrize("viewport", ["390x844", "360x740"])
def test_a_tile_picked_while_the_tour_is_open_can_be_played_where_it_is_lit(
    viewport_page: Callable[..., Page], viewport: str
) -> None:
    """A player who picks a tile while the hand's bubble is open finds every lit place clear
    of the bubble, and a tap on one plays the tile there."""
    page = viewport_page(viewport)
    open_page(page, GREEDY_GAME)
    assert wait_for_human_or(page, SUMMARY) == "turn"
    tour = replay_the_tour(page)
    expect(tour).to_have_attribute("data-step", "hand")
    page.locator("[data-hand='0'] [data-tile='3-4']").tap()  # two places on this table
    expect(page.locator("#table [data-target]")).to_have_count(2)
    # The bubble moves at a frame after the draw (a loaded machine's frames come late):
    # wait for it to have settled off the lit places, and fail if it never does.
    deadline = time.monotonic() + 15
    while True:
        page.evaluate(NEXT_FRAME)
        bubble, lit = page.evaluate(BUBBLE_AND_SUBJECTS, "#table [data-target]")
        covered = [r for r in lit if overlap(r, bubble)]
        if not covered or time.monotonic() > deadline:
            break
    assert not covered, f"the bubble covers {len(covered)} of the {len(lit)} lit places"
    expect(tour).to_be_visible()
    expect(tour.locator("[data-tour-action='next']")).to_be_visible()  # folded, still there
    page.locator("#table [data-target]").last.tap()  # a person's tap: fails if covered
    expect(page.locator("[data-hand='0'] [data-tile='3-4']")).to_have_count(0)


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
    """On a 360 px phone in Portuguese, at the usual and at 130% text, each of the tour's
    buttons keeps its label on one line and lies inside the bubble."""
    page = viewport_page("360x640", init=LANGUAGE.replace("{lang}", "pt-BR"))
    open_page(page, GREEDY_GAME)
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


def test_the_tours_bubbles_keep_off_the_header_unless_they_point_into_it(
    viewport_page: Callable[..., Page],
) -> None:
    """The hand's and the table's bubbles keep off the header, where the first visit's "works
    offline" banner shows too, on a phone on its side and upright. A fixed deal (a first
    visit's is random, and a table that fills the screen leaves the bubble nowhere else),
    at South's first turn, as early in a round as a first visit's tour."""
    page = viewport_page("740x360", visit="installing")  # its offline note too
    open_page(page, GREEDY_GAME)
    assert wait_for_human_or(page, SUMMARY) == "turn"
    for width, height in ((740, 360), (844, 390), (390, 844)):
        page.set_viewport_size({"width": width, "height": height})
        page.evaluate(NEXT_FRAME)
        tour = replay_the_tour(page)
        for step in ("hand", "table", "scores", "hint"):
            expect(tour).to_have_attribute("data-step", step)
            if step in ("hand", "table"):  # the scores and the hint (or menu) are in the header
                header = page.locator(".masthead").evaluate(RECT)
                assert not overlap(tour.evaluate(RECT), header), (
                    f"at {width}x{height} the {step} bubble covers the header"
                )
            tour.locator("[data-tour-action='next']").click()
        expect(tour).to_have_count(0)
