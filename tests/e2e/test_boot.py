"""The site boots in Chromium: the engine worker starts from the site's own files and answers."""

from __future__ import annotations

import io
import os
import re
import shutil
import time
import urllib.request
import zipfile
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Route, expect

import seven_rocks
from seven_rocks.site.build import BROWSER_PACKAGES, zip_engine
from tests.support.chromium import WARM_UP_SCRIPT

from .conftest import BOOT_TIMEOUT_MS, ENGINE_SETTLED, Guard
from .playing import call, open_page, play_first_move

pytestmark = [pytest.mark.e2e, pytest.mark.first_visit]

#: How many scratch moves the page asks for (web/js/game/warm-engine.js), read from the source.
_WARM_SOURCE = (Path(__file__).parents[2] / "web" / "js" / "game" / "warm-engine.js").read_text()
WARM_UP_MOVES = int(re.findall(r"WARM_UP_MOVES = (\d+);", _WARM_SOURCE)[0])


def test_cold_boot_reaches_ready_and_stays_quiet(
    guarded_context: Callable[[str], tuple[BrowserContext, Guard]],
    base_url: str,
    capsys: pytest.CaptureFixture[str],
) -> None:
    # A first visit as a player makes it, the service worker installing the offline copy.
    context, guard = guarded_context(base_url)
    page = context.new_page()
    start = time.perf_counter()
    page.goto("/")
    page.wait_for_selector(ENGINE_SETTLED, state="attached", timeout=BOOT_TIMEOUT_MS)
    elapsed = time.perf_counter() - start
    assert page.inner_text("#status") == "Ready"
    assert page.inner_text("h1") == "Seven Rocks"
    # A successful boot logs nothing at all (not even warnings or debug lines).
    assert guard.console_messages == []
    with capsys.disabled():
        print(f"\n[e2e] cold boot to data-engine=ready: {elapsed:.2f} s")


def test_pyscript_plugins_the_game_does_not_use_are_never_downloaded(
    page: Page, open_game: Callable[[], float]
) -> None:
    requested: list[str] = []
    page.on("request", lambda request: requested.append(request.url.rsplit("/", 1)[-1]))
    open_game()
    assert any(name.startswith("core-") for name in requested), requested  # PyScript did load
    unused = ("py-editor", "py-game", "py-terminal", "donkey", "deprecations-manager")
    assert [name for name in requested if name.startswith(unused)] == []


def test_a_context_of_the_test_browser_holds_the_tests_pages_alone(
    browser: Browser, context: BrowserContext
) -> None:
    # Each context opens a window, and a window's own pop-ups would be pages of their own,
    # each a renderer process starting for nothing (tests/support/chromium.py).
    page = context.new_page()
    own = context.new_cdp_session(page).send("Target.getTargetInfo")["targetInfo"]
    session = browser.new_browser_cdp_session()
    # Read until the list settles: on a loaded machine a new page's target may still be
    # getting its first address; a pop-up page, once there, stays for the window's life.
    deadline = time.monotonic() + 10
    while True:
        targets = session.send("Target.getTargets")["targetInfos"]
        # Not every target belongs to a context (the browser's own ones carry no id).
        mine = [
            (t["type"], t["url"])
            for t in targets
            if t.get("browserContextId") == own["browserContextId"]
        ]
        if mine == [("page", page.url)] or time.monotonic() > deadline:
            break
        page.wait_for_timeout(100)
    assert mine == [("page", page.url)]


def test_the_worker_answers_with_its_python_and_version_and_rejects_what_it_lacks(
    ready_page: Page,
) -> None:
    reply = call(ready_page, "ping")
    assert reply["pong"] is True
    assert reply["python"].startswith("3.")
    assert call(ready_page, "version") == {"version": seven_rocks.__version__}
    error = ready_page.evaluate(
        """() => window.sevenRocks.engine.call("no-such-method", {}).then(
            () => null,
            (e) => ({name: e.name, type: e.type, message: e.message}),
        )"""
    )
    assert error is not None, "an unknown method must reject"
    assert error["name"] == "EngineError"
    assert error["type"]
    assert "no-such-method" in error["message"]


def test_server_sends_the_types_browsers_insist_on(site: Path, base_url: str) -> None:
    expected = {
        "": "text/html",
        "app.js": "text/javascript",
        "pyodide/pyodide.mjs": "text/javascript",
        "pyodide/pyodide.asm.wasm": "application/wasm",
        "pyodide/pyodide-lock.json": "application/json",
        "seven_rocks.zip": "application/zip",
        "worker.py": "text/plain",
    }
    for path, content_type in expected.items():
        with urllib.request.urlopen(base_url + path) as response:
            assert response.headers["Content-Type"].split(";")[0] == content_type, path
            assert response.headers["Cache-Control"] == "no-cache", path


def test_engine_zip_is_deterministic(tmp_path: Path) -> None:
    # Zip a frozen copy of the package twice: same sources, same bytes.
    package = tmp_path / "seven_rocks"
    shutil.copytree(Path(seven_rocks.__file__).parent, package)
    first = zip_engine(package, tmp_path / "first.zip").read_bytes()
    os.utime(package / "__init__.py", (0, 0))  # timestamps must not leak into the zip
    second = zip_engine(package, tmp_path / "second.zip").read_bytes()
    assert first == second


def test_engine_zip_holds_only_what_the_browser_imports(site: Path) -> None:
    with zipfile.ZipFile(site / "seven_rocks.zip") as archive:
        names = archive.namelist()
    assert "seven_rocks/__init__.pyc" in names
    assert names == sorted(names)
    packages = {name.split("/")[1] for name in names if name.count("/") > 1}
    assert packages == set(BROWSER_PACKAGES)
    # Bytecode only (compiled by the shipped Pyodide): a first visit compiles none of it.
    assert all(name.endswith(".pyc") for name in names)


def test_a_broken_engine_is_reported_readably(page: Page) -> None:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr("seven_rocks/__init__.py", "raise ImportError('half-built engine')\n")
    page.route(
        "**/seven_rocks.zip",
        lambda route: route.fulfill(body=buffer.getvalue(), content_type="application/zip"),
    )
    page.goto("/")
    page.wait_for_selector("body:not([data-engine='loading'])", state="attached", timeout=90_000)
    assert page.evaluate("document.body.dataset.engine") == "error"
    status = page.inner_text("#status")
    assert "ImportError: half-built engine" in status
    assert "Traceback" not in status


def test_the_table_shows_before_python_is_ready(ready_page: Page) -> None:
    """The face-down table is drawn from JavaScript while the worker boots, not after."""
    marks = ready_page.evaluate(
        """() => Object.fromEntries(performance.getEntriesByType("mark")
              .map((m) => [m.name, m.startTime]))"""
    )
    assert marks["seven-rocks:table-visible"] < marks["seven-rocks:engine-ready"]
    assert ready_page.locator("#board").is_visible()


WATCH_WARMUP = """
window.__warmup = [];
new MutationObserver((changes) => {
  for (const change of changes) {
    for (const node of change.addedNodes) {
      if (node.classList?.contains("table--warmup")) window.__warmup.push({ node, removed: false });
    }
    for (const node of change.removedNodes) {
      const seen = window.__warmup.find((w) => w.node === node);
      if (seen) {
        seen.removed = true;
        seen.tiles = node.querySelectorAll("[data-tile]").length;
        seen.ends = node.querySelectorAll("[data-end]").length;
      }
    }
  }
}).observe(document, { childList: true, subtree: true });
"""


def test_the_renderer_is_warmed_off_screen_and_leaves_nothing_behind(page: Page) -> None:
    """While the engine boots a throwaway table is drawn off screen (so the first real move
    does not run the renderer cold), then removed: never seen, never in the way."""
    page.add_init_script(WATCH_WARMUP)
    page.goto("/?seats=human,greedy,greedy,greedy&seed=4")
    page.wait_for_selector("body[data-game='ready']", state="attached", timeout=BOOT_TIMEOUT_MS)
    page.wait_for_function("() => window.__warmup.length === 1 && window.__warmup[0].removed")
    drawn = page.evaluate("() => ({ tiles: __warmup[0].tiles, ends: __warmup[0].ends })")
    assert drawn["tiles"] >= 2 and drawn["ends"] >= 1, drawn
    assert page.locator(".table--warmup").count() == 0
    # South opens this deal: the real table is still empty, nothing of the warm-up leaked in.
    assert page.locator("#table [data-tile]").count() == 0


def test_the_engine_warms_up_on_a_scratch_game_that_leaves_the_game_alone(page: Page) -> None:
    """Once the table shows, the page asks the worker for scratch moves (so that the browser's
    WebAssembly compiler does its work before the person's first move, not during it): all of
    them when nobody touches the page, and the game on the table is not changed by them."""
    page.add_init_script(WARM_UP_SCRIPT)  # as players have it
    open_page(page, "?seats=human,greedy,greedy,greedy&seed=4")
    before = call(page, "save")
    page.wait_for_selector("body[data-warm-up='done']", state="attached", timeout=60_000)
    # The worker made every scratch move the page asked for: this one is the next.
    assert call(page, "warm_up") == {"moves": WARM_UP_MOVES + 1}
    assert call(page, "save") == before
    assert page.locator("#table [data-tile]").count() == 0  # South opens seed 4's deal
    tile = play_first_move(page)
    page.wait_for_selector(f"#table [data-tile='{tile}']", timeout=10_000)


def test_a_browser_held_to_the_baseline_tier_gets_no_scratch_moves(page: Page) -> None:
    """The tests' Chromium runs WebAssembly in V8's baseline tier alone and says so to every
    page (tests/support/chromium.py): there the warm-up, which exists for the optimising
    tier, asks for nothing."""
    open_page(page, "?seats=human,greedy,greedy,greedy&seed=4")
    page.wait_for_selector("body[data-warm-up='done']", state="attached", timeout=60_000)
    assert call(page, "warm_up") == {"moves": 1}  # the test's own is the first


#: Presses a key in South's hand the moment the warm-up starts. From the page, because a
#: key pressed by Playwright can come after every scratch move is made (the page's "load"
#: event, which ``goto`` waits for, may come after the engine is ready on a loaded machine).
KEY_WHEN_WARMING = """
new MutationObserver((_, observer) => {
  if (document.body.dataset.warmUp !== "running") return;
  observer.disconnect();
  const hand = document.querySelector("[data-hand='0']");
  hand.dispatchEvent(new KeyboardEvent("keydown", { key: "Shift", bubbles: true }));
}).observe(document, {
  attributes: true, subtree: true, attributeFilter: ["data-warm-up"],
});
"""


def test_the_persons_first_input_stops_the_warm_up_and_play_goes_on(page: Page) -> None:
    """The person's first touch or key on the board ends the warm-up at once (their move then
    waits for one scratch move at most, never for the whole warm-up), and the game plays on."""
    page.add_init_script(WARM_UP_SCRIPT)
    page.add_init_script(KEY_WHEN_WARMING)
    page.goto("/?seats=human,greedy,greedy,greedy&seed=4")
    stopped = "body[data-warm-up='stopped']"
    page.wait_for_selector(stopped, state="attached", timeout=BOOT_TIMEOUT_MS)
    made = call(page, "warm_up")["moves"] - 1
    assert made <= 1  # at most the one under way when the key came
    tile = play_first_move(page)
    page.wait_for_selector(f"#table [data-tile='{tile}']", timeout=10_000)
    # Nothing asked for more scratch moves after the key: the next one is the test's own.
    assert call(page, "warm_up")["moves"] == made + 2


PLACES = """() => [...document.querySelectorAll('.masthead, #toolbar > *')].map((e) => {
  const r = e.getBoundingClientRect();
  return [r.left, r.top, r.width, r.height];
})"""


def test_the_speed_box_and_the_toolbar_stay_put_while_the_engine_loads(
    viewport_page: Callable[..., Page],
) -> None:
    page = viewport_page("1920x1080", phone=False, visit="first")  # the engine downloads
    held: list[Route] = []
    released: list[bool] = []

    def hold(route: Route) -> None:  # the engine waits until we let it load
        if released:
            route.continue_()
        else:
            held.append(route)

    page.route("**/seven_rocks.zip", hold)
    with page.expect_request("**/seven_rocks.zip", timeout=10_000):
        page.goto("/?seats=human,greedy,greedy,greedy&seed=3&speed=fast")
        page.wait_for_selector("#board:not([hidden])")
    page.evaluate("0")  # a round trip to the page: the route's handler has run
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
