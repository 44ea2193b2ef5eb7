"""Nothing a user opens breaks the engine, a dead engine comes back with the game, two tabs
never overwrite each other's game in silence, and long records show their progress
(the browser's part)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Error, Page, Route, expect

from seven_rocks.engine.game import Game
from seven_rocks.engine.record import to_record

from .conftest import Guard
from .playing import (
    GAME_OVER,
    HAND,
    PLAYABLE,
    SAVE_KEY,
    call,
    open_page,
    play_first_move,
    wait_for_human_or,
    wait_saved,
)
from .test_records import drop_file

pytestmark = pytest.mark.e2e

GAME = "?seed=2&speed=0&seats=human,greedy,random,greedy"
REPLAY = "dialog[data-replay]"
LOADING = "dialog[data-replay-loading]"
RESTARTED = "[data-notice='warning']:has-text('restarted')"
ELSEWHERE = "[data-notice][data-elsewhere]"


def stored_save(page: Page) -> Any:
    raw = page.evaluate(f"localStorage.getItem('{SAVE_KEY}')")
    return None if raw is None else json.loads(raw)


def played(page: Page) -> None:
    """South plays a move and the bots answer, until South may move again (or the game ends)."""
    wait_for_human_or(page, GAME_OVER)
    play_first_move(page)
    wait_for_human_or(page, GAME_OVER)


def nested(depth: int) -> str:
    return "[" * depth + "]" * depth


# -------------------------------------------------------------- 1. deep records
def test_a_deeply_nested_record_is_one_sentence_and_the_game_plays_on(page: Page) -> None:
    open_page(page, GAME)
    wait_for_human_or(page, GAME_OVER)
    valid = to_record(Game(seed=3))
    inside = json.dumps({**valid, "notes": json.loads(nested(50))}).replace(
        '"notes": ' + nested(50), '"notes": ' + nested(3000)
    )
    for text, name in (
        (nested(3000), "deep.json"),
        (nested(100_000), "deeper.json"),
        (inside, "inside.json"),
    ):
        page.evaluate("document.querySelectorAll('[data-notice]').forEach(n => n.remove())")
        drop_file(page, text, name)
        notice = page.locator("[data-notice='error']")
        expect(notice).to_have_count(1)
        said = notice.inner_text().removesuffix("×").strip()
        assert said == f"{name} is not a game record: its lists and objects nest more than 64 deep."
        expect(page.locator(REPLAY)).to_have_count(0)

    # The page's own calls are measured too, and the engine answers afterwards.
    refused = page.evaluate(
        """() => window.sevenRocks.engine
            .call("replay_load", {record: JSON.parse("[".repeat(3000) + "]".repeat(3000))})
            .then(() => "answered", (error) => `${error.type}: ${error.message}`)"""
    )
    assert refused.startswith("RequestError: lists and objects nest more than 64 deep")
    assert call(page, "ping")["pong"] is True
    moves = len(call(page, "record")["rounds"][0]["moves"])
    played(page)
    assert len(call(page, "record")["rounds"][0]["moves"]) > moves


# -------------------------------------------------------------- 1. self-healing
#: Appended to the served worker.py: a request naming this method kills Pyodide for good the
#: way a hostile record did (its parser overflows the stack), skipping every guard.
CRASH = """

_served = handle


def handle(request_json):
    if '"crash-for-test"' in request_json:
        json.loads("[" * 100_000 + "]" * 100_000)
    return _served(request_json)
"""


def serve_crashing_worker(context: BrowserContext) -> None:
    def fulfil(route: Route) -> None:
        try:
            response = route.fetch()
            route.fulfill(response=response, body=response.text() + CRASH)
        except Error as error:
            # The test is over and its context closed while a late fetch of worker.py (the
            # service worker's precache) was under way: nothing is left to serve it to.
            if "disposed" not in str(error) and "closed" not in str(error):
                raise

    context.route("**/worker.py", fulfil)


@pytest.mark.first_visit  # the engine's file is served changed: no installed copy of it
def test_a_dead_engine_comes_back_with_the_saved_game_and_says_so_once(
    page: Page, guard: Guard
) -> None:
    serve_crashing_worker(page.context)
    open_page(page, GAME)
    played(page)
    saved = wait_saved(page)
    before = call(page, "state")

    # The engine dies with this call; the page reloads into a new worker and the save.
    with page.expect_navigation(timeout=30_000):
        page.evaluate("() => { window.sevenRocks.engine.call('crash-for-test').catch(() => {}); }")
    page.wait_for_selector("body[data-game='ready']", state="attached", timeout=90_000)
    expect(page.locator(RESTARTED)).to_have_count(1)
    expect(page.locator("[data-notice]")).to_have_count(1)  # said once, nothing else
    after = call(page, "state")
    for key in ("hand", "scores", "bots", "round", "turn", "seed", "events_total"):
        assert after[key] == before[key], key
    assert call(page, "save") == saved

    played(page)  # the restored game plays on
    assert call(page, "state")["events_total"] > before["events_total"]
    wait_saved(page)
    expect(page.locator(RESTARTED)).to_have_count(1)
    expect(page.locator("[data-notice='error']")).to_have_count(0)
    # The fatal error was this test's doing: Pyodide reports it on the console.
    fatal = [e for e in guard.console_errors if "fatal" in e.lower() or "call stack" in e]
    assert fatal, "Pyodide did not fail"
    guard.console_errors[:] = [
        e
        for e in guard.console_errors
        if e not in fatal and "Pyodide" not in e and "wasm-function" not in e
    ]


# --------------------------------------------------------------------- 3. tabs
def test_the_stale_tab_is_told_and_never_overwrites_the_newer_game(page: Page) -> None:
    first = page
    open_page(first, GAME)
    played(first)
    wait_saved(first)

    second = first.context.new_page()
    open_page(second, GAME)  # resumes the same game
    expect(first.locator(ELSEWHERE)).to_have_count(1)
    expect(first.locator(ELSEWHERE)).to_contain_text("another tab")
    expect(first.locator(f"{ELSEWHERE} [data-action='take-over']")).to_be_visible()
    expect(first.locator(PLAYABLE)).to_have_count(0)  # no move here while it plays there
    expect(second.locator(ELSEWHERE)).to_have_count(0)

    played(second)
    newer = wait_saved(second)
    # The stale tab is hidden and left: it writes nothing over the newer game.
    first.evaluate("dispatchEvent(new PageTransitionEvent('pagehide'))")
    first.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
    assert call(first, "save") != newer
    assert stored_save(first) == newer

    # Taking over continues the newer game here, and now the other tab is told.
    first.locator(f"{ELSEWHERE} [data-action='take-over']").click()
    expect(first.locator(ELSEWHERE)).to_have_count(0)
    expect(second.locator(ELSEWHERE)).to_have_count(1)
    assert call(first, "save") == newer
    hand = second.locator(HAND).evaluate_all("els => els.map(e => e.dataset.tile)")
    wait_for_human_or(first, GAME_OVER)
    assert first.locator(HAND).evaluate_all("els => els.map(e => e.dataset.tile)") == hand
    played(first)
    assert stored_save(first) == wait_saved(first) != newer


def test_the_save_is_written_when_the_page_is_left(page: Page) -> None:
    open_page(page, GAME)
    played(page)
    saved = wait_saved(page)
    # As if the browser had been killed before the write after the move landed.
    page.evaluate(f"localStorage.removeItem('{SAVE_KEY}')")
    page.evaluate("dispatchEvent(new PageTransitionEvent('pagehide'))")
    assert stored_save(page) == saved


# ------------------------------------------------------------ 2. long records
def long_record(rounds: int) -> dict[str, Any]:
    """A game to a target never reached, stopped a few moves into its round ``rounds``."""
    game = Game(seed=1, target=10**9)
    while len(game.rounds) < rounds or len(game.current.turns) < 3:
        game.play(game.legal_moves()[0])
    record = to_record(game)
    assert len(record["rounds"]) == rounds
    return record


def test_a_long_record_shows_its_progress_and_opens(page: Page) -> None:
    open_page(page, GAME)
    wait_for_human_or(page, GAME_OVER)
    rounds = 1000  # several slices of the replay even on a fast machine
    # Every value the bar takes is recorded in the page as it is set, so a busy machine
    # cannot make the test miss the intermediate ones between two reads from here.
    page.evaluate(
        """() => {
            window.__progressSeen = [];
            const record = () => {
                const bar = document.querySelector("progress[data-replay-progress]");
                if (!bar) return;
                const text = bar.parentElement.querySelector("[data-replay-progress-text]");
                window.__progressSeen.push([bar.value, bar.max, text ? text.textContent : ""]);
            };
            new MutationObserver(record).observe(document.body, {
                subtree: true, childList: true, characterData: true, attributes: true,
                attributeFilter: ["value", "max", "aria-valuetext"],
            });
        }"""
    )
    drop_file(page, json.dumps(long_record(rounds)), "long.json")
    expect(page.locator(f"{LOADING} progress[data-replay-progress]")).to_be_visible(timeout=30_000)
    replay = page.locator(REPLAY)
    expect(replay).to_be_visible(timeout=120_000)
    readings = page.evaluate("window.__progressSeen")
    during = [(v, text) for v, maximum, text in readings if maximum == rounds and 0 < v < rounds]
    assert len({v for v, _ in during}) >= 2, f"progress seen: {readings}"
    for value, text in during:
        assert text == f"Checking the record: round {int(value)} of {rounds}", text
    expect(replay.locator("[data-replay-round] option")).to_have_count(rounds)
    replay.locator("[data-replay-round]").select_option(str(rounds - 1))
    expect(replay).to_have_attribute("data-round", str(rounds))
    expect(replay.locator("[data-replay-position]")).to_contain_text(f"Round {rounds} of {rounds}")
    replay.locator("[data-replay-step='next']").click()
    expect(replay).to_have_attribute("data-move", "1")
    replay.locator("[data-action='close-panel']").first.click()
    expect(replay).to_have_count(0)
    played(page)


# ------------------------------------------------------------ 6. long sessions
def live_objects(page: Page, prototype: str) -> int:
    """How many objects with `prototype` (an expression: "Promise.prototype") the page holds
    now, after a garbage collection: the DevTools protocol's `queryObjects` finds them all,
    whether in the document or only referenced from a script."""
    cdp = page.context.new_cdp_session(page)
    try:
        cdp.send("HeapProfiler.enable")
        cdp.send("HeapProfiler.collectGarbage")
        proto = cdp.send("Runtime.evaluate", {"expression": prototype})["result"]
        found = cdp.send("Runtime.queryObjects", {"prototypeObjectId": proto["objectId"]})
        length = cdp.send(
            "Runtime.callFunctionOn",
            {
                "objectId": found["objects"]["objectId"],
                "functionDeclaration": "function () { return this.length; }",
                "returnByValue": True,
            },
        )
        return int(length["result"]["value"])
    finally:
        cdp.detach()


def test_the_engines_answers_leave_nothing_behind_in_a_long_session(page: Page) -> None:
    """Each call to the engine raced its answer against a promise that settles only if the
    engine dies, and every race left its reaction on that promise for the page's life: about
    480 promises and their closures per game, held for as long as the tab stayed open (a
    phone left on the game all evening). Hundreds of calls now leave the count as it was."""
    open_page(page, GAME)
    assert wait_for_human_or(page, GAME_OVER) == "turn"
    call(page, "ping")
    before = live_objects(page, "Promise.prototype")
    page.evaluate(
        "async () => { for (let i = 0; i < 400; i++) await window.sevenRocks.engine.call('ping'); }"
    )
    after = live_objects(page, "Promise.prototype")
    assert after - before < 40, f"400 calls to the engine left {after - before} more promises alive"


def test_the_rules_and_the_tour_are_let_go_once_closed(page: Page) -> None:
    """The rules dialog and the tour each asked to hear of a change of language and never
    stopped listening, so every opening kept its dialog (the rules with all their worked
    examples drawn) for the page's life."""
    open_page(page, GAME)
    assert wait_for_human_or(page, GAME_OVER) == "turn"
    rules = page.locator("dialog[data-rules]")
    tour = page.locator("dialog[data-tour]")
    before = live_objects(page, "HTMLDialogElement.prototype")
    for _ in range(4):
        page.keyboard.press("?")
        expect(rules.locator("[data-example]").first).to_be_visible()
        rules.locator("[data-action='replay-tour']").click()
        expect(rules).to_have_count(0)
        expect(tour).to_be_visible()
        tour.locator("[data-tour-action='skip']").click()
        expect(tour).to_have_count(0)
    after = live_objects(page, "HTMLDialogElement.prototype")
    assert after <= before, f"4 openings of the rules and the tour left {after - before} dialogs"
