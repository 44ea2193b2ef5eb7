"""Pass-and-play on one device: two people (South and North) against bots, and four people,
each for a whole game. A watcher inside the page checks every change of the DOM: no person's
tile is face up while the pass screen shows or during someone else's turn (the round
summary, which reveals all hands, excepted)."""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from seven_rocks.app.names import parse_seat_label
from seven_rocks.engine.events import Passed, Placed, RoundStarted
from seven_rocks.engine.game import Game
from seven_rocks.engine.record import from_record

from .conftest import ARTIFACTS, BOOT_TIMEOUT_MS
from .playing import (
    GAME_OVER,
    NEXT_FRAME,
    SUMMARY,
    call,
    open_page,
    overlap,
    play_first_move,
    team_scores,
    wait_for_state,
)
from .playing import PLAYABLE as SOUTH_PLAYABLE

pytestmark = pytest.mark.e2e

PASS = "[data-pass-device]"
PLAYABLE = "[data-face='up'] .hand-tile--playable"

#: Runs in the page: after every DOM change (before it can be painted), each person's hand
#: must be all backs unless it is that person's confirmed turn (no pass screen up) or a round
#: summary reveals every hand. Violations are kept in window.__pnp.
WATCH = """(people) => {
  const board = document.querySelector('#board');
  const state = { checks: 0, passScreens: 0, faceUp: 0, violations: [] };
  window.__pnp = state;
  let lastPass = null;
  const check = () => {
    state.checks += 1;
    const pass = document.querySelector('[data-pass-device]');
    if (pass && pass !== lastPass) state.passScreens += 1;
    lastPass = pass;
    if (document.querySelector('dialog[data-round-summary]')) return;
    const turn = board.dataset.turn;
    for (const seat of people) {
      const tiles = [...document.querySelectorAll(`[data-hand="${seat}"] [data-tile]`)];
      const open = tiles.filter((el) => el.dataset.tile !== 'hidden');
      if (!open.length) continue;
      state.faceUp += 1;
      if (pass || turn !== String(seat)) {
        state.violations.push(`seat ${seat} face up (${open.map((el) => el.dataset.tile)})` +
          ` on turn ${turn}${pass ? ' with the pass screen for ' + pass.dataset.seat : ''}`);
      }
    }
  };
  const all = { subtree: true, childList: true, attributes: true };
  new MutationObserver(check).observe(document.body, all);
  check();
}"""


def _watch(page: Page, people: list[int]) -> None:
    page.evaluate(WATCH, people)


def _watched(page: Page) -> dict[str, object]:
    state: dict[str, object] = page.evaluate("window.__pnp")
    assert state["violations"] == [], state["violations"]
    return state


def _take_device(page: Page, people: list[int], *, keyboard: bool) -> int:
    """Tap the pass screen (or press Enter on its focused button); returns the seat."""
    screen = page.locator(PASS)
    seat = int(screen.get_attribute("data-seat") or "-1")
    assert seat in people
    button = screen.locator("[data-pass-ready]")
    expect(button).to_be_focused()
    if keyboard:
        page.keyboard.press("Enter")
    else:
        button.click()
    # Gone (a person who must knock does so at once, and the next pass screen may follow).
    expect(page.locator(f"{PASS}[data-seat='{seat}']")).to_have_count(0)
    return seat


def _play_game(
    page: Page,
    people: list[int],
    *,
    shots: dict[str, Path] | None = None,
    reload_after: int | None = None,
) -> int:
    """Play to the end; returns how many times the device was passed."""
    taken = 0
    focused = 0
    reloaded = False
    deadline = time.monotonic() + 900
    while True:
        left = deadline - time.monotonic()
        assert left > 0, "the game did not end in time"
        shows = wait_for_state(
            page, GAME_OVER, SUMMARY, PASS, ("#board[data-human-turn]", PLAYABLE), timeout=left
        )
        if shows == 0:
            assert focused > taken // 2  # most taps led straight to a move with the keyboard
            return taken
        if shows == 1:
            page.locator(f"{SUMMARY} [data-next-round]").click()
            continue
        if shows == 2:
            seat = int(page.locator(PASS).get_attribute("data-seat") or "-1")
            if shots and "pass" in shots and seat == 2:
                page.screenshot(path=shots.pop("pass"))
            _watched(page)
            _take_device(page, people, keyboard=taken % 2 == 1)
            taken += 1
            # The hand shows, and the keyboard is on it (unless the person had to knock).
            # Wait for the page to settle on one of the two first: on a loaded machine the
            # turn's mark may come a frame after the pass screen has gone.
            page.wait_for_function(
                """(seat) => {
                  const board = document.querySelector("#board");
                  return board?.hasAttribute("data-human-turn")
                    || board?.dataset.turn !== String(seat)
                    || document.querySelector("dialog[open]") !== null;
                }""",
                arg=seat,
                timeout=30_000,
            )
            if page.locator("#board[data-human-turn]").count():
                expect(page.locator(f"[data-hand='{seat}'][data-face='up']")).to_have_count(1)
                expect(page.locator(f"[data-hand='{seat}'] [data-tile]:focus")).to_have_count(1)
                focused += 1
            if reload_after is not None and taken >= reload_after and not reloaded:
                return -taken
            continue
        seat = int(page.get_attribute("#board", "data-turn") or "-1")
        if shots and "turned" in shots and seat == 2:
            board = page.locator("#board")
            expect(board).to_have_attribute("data-bottom", "2")
            assert "seat--south" in (page.get_attribute(".seat[data-seat='2']", "class") or "")
            page.screenshot(path=shots.pop("turned"))
        play_first_move(page, hand="[data-face='up']")


def _check_end(page: Page) -> None:
    expect(page.locator(GAME_OVER)).to_be_visible()
    game = from_record(call(page, "record"))
    assert game.is_over and max(game.scores) >= 250
    assert team_scores(page) == list(game.scores)


@pytest.mark.long
def test_two_people_against_bots(page: Page, capsys: pytest.CaptureFixture[str]) -> None:
    people = [0, 2]
    open_page(page, "?speed=instant")
    page.locator("[data-action='skip-tour']").click()  # a first visit's guided hand
    # The New game dialog: North becomes a person; both name themselves.
    page.click("[data-action='new-game']")
    dialog = page.locator("dialog[data-new-game]")
    dialog.locator("[data-seat-level='2']").select_option("human")
    dialog.locator("[data-seat-level='1']").select_option("greedy")
    dialog.locator("[data-seat-level='3']").select_option("greedy")
    expect(dialog.locator("[data-seat-name='1']")).to_be_hidden()
    dialog.locator("[data-seat-name='0']").fill("Ana")
    dialog.locator("[data-seat-name='2']").fill("Bia")
    dialog.locator("input[name='seed']").fill("12")
    dialog.locator("[data-action='start']").click()
    expect(page.locator(PASS)).to_have_count(1)
    _watch(page, people)
    expect(page.locator(".seat[data-seat='2'] .seat__name")).to_have_text("Bia · North")
    # The partnership is the people at the table, by the names they gave.
    expect(page.locator("[data-team='0'] .team__name")).to_have_text("Ana & Bia")
    expect(page.locator("[data-team='1'] .team__name")).to_have_text("West & East")
    # The log's last line says who has the device once they take it, not "Pass to ...".
    log = page.locator("#announce li").last
    first = int(page.get_attribute(PASS, "data-seat") or "-1")
    passed_to = {0: "Ana (South)", 2: "Bia (North)"}[first]
    expect(log).to_have_text(f"Pass to {passed_to} — tap when ready")
    expect(log).to_be_hidden()  # the pass screen says it; not a second time under it
    page.locator(f"{PASS} [data-pass-ready]").click()
    expect(log).to_have_text(f"{passed_to} has the device.")
    expect(log).to_be_visible()
    # Part of the game, then a reload: names and the mixed seats come back, at a pass screen.
    assert _play_game(page, people, reload_after=5) < 0
    page.reload()
    page.wait_for_selector("body[data-game='ready']", state="attached", timeout=90_000)
    _watch(page, people)
    expect(page.locator(PASS)).to_have_count(1)
    expect(page.locator(".seat[data-seat='0'] .seat__name")).to_have_text("Ana · South")
    expect(page.locator(".seat[data-seat='2'] .seat__name")).to_have_text("Bia · North")
    for seat in people:  # a reload shows nobody's tiles
        shown = page.locator(f"[data-hand='{seat}'] [data-tile]:not([data-tile='hidden'])")
        assert shown.count() == 0
    ARTIFACTS.mkdir(exist_ok=True)
    shots = {
        "pass": ARTIFACTS / "pass-and-play-two-people-pass-screen.png",
        "turned": ARTIFACTS / "pass-and-play-two-people-north-turn-table-turned.png",
    }
    taken = _play_game(page, people, shots=shots)
    assert shots == {}, f"not taken: {list(shots)}"
    _check_end(page)
    state = _watched(page)
    assert state["faceUp"] and state["passScreens"]  # the watcher saw both kinds of moments
    seats = [parse_seat_label(s) for s in call(page, "record")["seats"]]
    assert seats == [(None, "Ana"), ("greedy", None), (None, "Bia"), ("greedy", None)]
    # The names are remembered for the next game.
    page.locator(f"{GAME_OVER} [data-action='new-game']").click()
    new = page.locator("dialog[data-new-game]")
    expect(new.locator("[data-seat-name='2']")).to_have_value("Bia")
    expect(new.locator("[data-seat-level='2']")).to_have_value("human")
    with capsys.disabled():
        print(f"\n[e2e] two people: {taken} passes after the reload; {state}", file=sys.stderr)


@pytest.mark.long
def test_four_people(page: Page, capsys: pytest.CaptureFixture[str]) -> None:
    people = [0, 1, 2, 3]
    # Each person plays their first playable tile, which scores little, so most seeds deal
    # long games. Seed 817 deals a whole game of 5 rounds, 126 turns, to that play: the
    # shortest of seeds 1-1499 (found with the engine playing the first legal move of the
    # first tile in hand order, what the page's DOM order gives).
    open_page(page, "?seats=human,human,human,human&seed=817&speed=instant")
    expect(page.locator(PASS)).to_have_count(1)
    _watch(page, people)
    taken = _play_game(page, people)
    _check_end(page)
    state = _watched(page)
    game = from_record(call(page, "record"))
    turns = sum(len(rnd.turns) for rnd in game.rounds)
    assert taken >= turns - len(game.rounds)  # every turn but a round's opening may pass
    with capsys.disabled():
        print(f"\n[e2e] four people: {turns} turns, {taken} passes; {state}", file=sys.stderr)


PORTUGUESE = "try { localStorage.setItem('seven-rocks:lang', 'pt-BR'); } catch {}"
#: The pass screen and what is in it, as rectangles.
PASS_PARTS = """() => Object.fromEntries(
  [["screen", "[data-pass-device]"], ["title", "[data-pass-title]"], ["note", "[data-pass-note]"],
   ["ready", "[data-pass-ready]"]].map(([name, sel]) => {
    const r = document.querySelector(sel).getBoundingClientRect();
    return [name, { top: r.top, bottom: r.bottom }];
  }))"""


def test_the_pass_screen_fits_a_short_phone_on_its_side(
    viewport_page: Callable[..., Page],
) -> None:
    """At 569x277 (a 360 px phone zoomed for larger text, on its side) the pass screen's title,
    sized by the width alone, took three lines: its top went under the header, cut off. It
    fits there, and as the phone turns to 740x360 and upright."""
    page = viewport_page("569x277", init=PORTUGUESE)
    open_page(page, "?seats=human,greedy,human,greedy&seed=3&speed=0")
    page.wait_for_selector(PASS)  # the round's first person is asked for the device
    for width, height in ((569, 277), (740, 360), (360, 740)):
        page.set_viewport_size({"width": width, "height": height})
        page.evaluate(NEXT_FRAME)
        parts = page.evaluate(PASS_PARTS)
        screen = parts.pop("screen")
        assert screen["top"] >= 0 and screen["bottom"] <= height, (width, screen)
        for name, box in parts.items():
            assert screen["top"] <= box["top"] and box["bottom"] <= screen["bottom"], (
                f"at {width}x{height} the {name} is cut off: {box} in {screen}"
            )


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
    under North's hand, not among the captions at the top, which stay on the screen."""
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
        elif page.locator(f"#board[data-bottom='0'] {SOUTH_PLAYABLE}").count():
            play_first_move(page)
        page.wait_for_selector(
            f"{north_turn}, [data-pass-device], #board[data-bottom='0'] {SOUTH_PLAYABLE}",
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


def _missed(game: Game, seat: int) -> list[Placed | Passed]:
    """The moves since ``seat`` last moved in the current round (the whole round so far when
    it has not), from the engine's record: what the person taking the device missed."""
    moves: list[Placed | Passed] = []
    for event in reversed(game.events):
        if isinstance(event, RoundStarted):
            break
        if isinstance(event, Placed | Passed):
            if event.seat == seat:
                break
            moves.append(event)
    return moves[::-1]


def test_the_pass_screen_lists_what_the_person_missed(
    viewport_page: Callable[..., Page],
) -> None:
    """Two people and two bots on one phone: each time the device is handed over, the pass
    screen lists every move since the person's last turn, each with its seat, its tile (or
    knock) and its points, as the record has them; the person reads it before their tiles."""
    page = viewport_page("390x844")
    open_page(page, "?seats=human,greedy,human,greedy&seed=3&speed=0")
    names = {0: "South", 1: "West", 2: "North", 3: "East"}
    checked = 0
    while checked < 4:
        page.wait_for_selector(PASS)
        seat = int(page.locator(PASS).get_attribute("data-seat") or "-1")
        missed = _missed(from_record(call(page, "record")), seat)
        lines = page.locator(f"{PASS} [data-pass-missed] li").all_inner_texts()
        assert len(lines) == len(missed), (lines, missed)
        for line, move in zip(lines, missed, strict=True):
            assert line.startswith(names[move.seat]), (line, move)
            if isinstance(move, Placed):
                assert str(move.move.tile) in line.replace("\u2011", "-"), (line, move)
                assert ("+" + str(move.points) if move.points else "no points") in line
            else:
                assert "knocks" in line, (line, move)
        if missed:
            expect(page.locator(f"{PASS} [data-pass-missed]")).to_be_visible()
            checked += 1
        _take_device(page, [0, 2], keyboard=False)
        if wait_for_state(page, "#board[data-human-turn]", PASS, SUMMARY) == 0:
            play_first_move(page, hand="[data-face='up']")
        elif page.locator(SUMMARY).count():
            page.locator(f"{SUMMARY} [data-next-round]").click()
