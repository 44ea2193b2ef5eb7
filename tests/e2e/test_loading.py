"""Loading that tells the truth: the page speaks the reader's language from its first paint,
its progress moves from navigation to a game on the table (the download, then Python's start
and the engine's), never names the download once it is over, and a slow start's notice says
what is happening now."""

from __future__ import annotations

import itertools
import json
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page, Route, expect

from .conftest import BOOT_TIMEOUT_MS, Guard, _slug, finish_context, watch_context
from .playing import HeldRequests

pytestmark = pytest.mark.e2e

WEB = Path(__file__).resolve().parents[2] / "web"
#: A phone on 4G, as benchmarks/network.py emulates it: 9 Mbit/s down, 60 ms round trip.
FOUR_G = {
    "offline": False,
    "latency": 60,
    "downloadThroughput": 9e6 / 8,
    "uploadThroughput": 1.5e6 / 8,
}

#: Before the page's first frame: at every frame, what the loading shows (the bar's value
#: and words, the status line), kept with the frame's time whenever it changes, until a game
#: is on the table; and what the first frame that has the status line shows.
WATCH_LOADING = """
(() => {
  const seen = (window.__loading = {first: null, changes: [], playable: -1});
  const shown = (el) => !!el && el.getClientRects().length > 0
    && getComputedStyle(el).visibility !== "hidden";
  let last = "";
  const frame = (now) => {
    const status = document.getElementById("status");
    if (status && !seen.first) {
      const header = document.querySelector(".masthead");
      seen.first = {
        status: status.innerText.trim(),
        header: shown(header) ? header.innerText.trim() : "",
        lang: document.documentElement.lang,
      };
    }
    const bar = document.getElementById("download");
    if (bar) {
      const state = JSON.stringify([
        shown(bar) ? bar.getAttribute("aria-valuenow") : null,
        shown(bar) ? bar.innerText.trim() : null,
        status ? status.innerText.trim() : null,
      ]);
      if (state !== last) {
        last = state;
        seen.changes.push([now, ...JSON.parse(state)]);
      }
    }
    if (document.body?.dataset.game === "ready") seen.playable = now;
    else requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
})();
"""


def _catalogue(lang: str) -> dict[str, str]:
    data: dict[str, str] = json.loads((WEB / "i18n" / f"{lang}.json").read_text("utf-8"))
    return data


def _words(key: str, lang: str = "en") -> str:
    """A catalogue text's words before its first placeholder ("Downloading the game:")."""
    return _catalogue(lang)[key].split("{", 1)[0].strip()


@pytest.fixture
def open_context(
    new_context: Any, guard: Guard, request: pytest.FixtureRequest
) -> Iterator[Callable[..., BrowserContext]]:
    """Fresh, guarded contexts made with the given options (a browser's locale)."""
    made: list[BrowserContext] = []

    def make(**options: Any) -> BrowserContext:
        ctx: BrowserContext = new_context(**options)
        watch_context(ctx, guard)
        made.append(ctx)
        return ctx

    yield make
    for ctx in made:
        finish_context(ctx, guard, _slug(request.node.nodeid), request.node)


def _visit_on_4g(context: BrowserContext) -> Page:
    page = context.new_page()
    page.add_init_script(WATCH_LOADING)
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", FOUR_G)
    page.goto("/?seats=human,bot,bot,bot&speed=0")
    page.wait_for_selector("body[data-game='ready']", state="attached", timeout=BOOT_TIMEOUT_MS)
    return page


@pytest.mark.parametrize(("locale", "lang"), [("pt-BR", "pt-BR"), ("en-US", "en")])
def test_the_first_paint_is_in_the_browsers_language(
    open_context: Callable[..., BrowserContext], locale: str, lang: str
) -> None:
    page = _visit_on_4g(open_context(locale=locale))
    first = page.evaluate("window.__loading.first")
    assert first["lang"] == lang
    assert first["status"] == _catalogue(lang)["boot.loading"]
    # The header's markup is English: a Portuguese reader's first frame shows none of it.
    english_only = {"New game", "Hint", "Score sheet", "You & North"}
    if lang != "en":
        assert not any(word in first["header"] for word in english_only), first["header"]


def test_the_progress_moves_from_navigation_to_playable_and_drops_the_download_once_over(
    context: BrowserContext,
) -> None:
    page = _visit_on_4g(context)
    seen = page.evaluate("window.__loading")
    changes: list[list[Any]] = seen["changes"]
    assert changes, "the loading was never seen"
    times = [0.0] + [change[0] for change in changes] + [seen["playable"]]
    gaps = [(later - earlier, earlier) for earlier, later in itertools.pairwise(times)]
    still, since = max(gaps)
    assert still <= 1000, f"the loading stood still for {still:.0f} ms from {since:.0f} ms"
    # The start-up is shown by name after the download: Python's, then the engine's.
    words = [change[2] or "" for change in changes]
    for key in ("boot.download", "boot.python", "boot.engine"):
        assert any(text.startswith(_words(key)) for text in words), (key, words)
    # Once the last of the boot's big downloads has arrived, nothing says "downloading".
    ended: float = page.evaluate(
        """() => Math.max(...performance.getEntriesByType("resource")
            .filter((e) => /pyodide\\.asm\\.wasm|stdlib-cut\\.zip|seven_rocks\\.zip/.test(e.name))
            .map((e) => e.responseEnd))"""
    )
    downloading = _words("boot.download")
    late = [c for c in changes if c[0] > ended + 250 and downloading in f"{c[2]} {c[3]}"]
    assert not late, f"the download ended at {ended:.0f} ms, yet later: {late[:3]}"


@pytest.mark.long
def test_a_slow_start_says_what_is_happening_now(context: BrowserContext) -> None:
    """The engine's files held back: after a while the notice names the engine's loading,
    not a download that is over; let through, the game starts."""
    engine = HeldRequests(context, "**/seven_rocks.zip")
    page = context.new_page()
    page.goto("/")
    notice = _catalogue("en")["boot.slow_engine"]
    expect(page.locator("#status")).to_have_text(notice, timeout=BOOT_TIMEOUT_MS)
    assert page.evaluate("document.body.dataset.bootStage") == "engine"
    assert page.locator("[data-download-text]").inner_text().startswith(_words("boot.engine"))
    engine.release()
    page.wait_for_selector("body[data-game='ready']", state="attached", timeout=BOOT_TIMEOUT_MS)


def test_a_boot_that_still_makes_progress_is_never_given_up(context: BrowserContext) -> None:
    """The page's clock runs 200 s while the downloads come in bit by bit (the runtime's
    library after 100 s, the WebAssembly after 200 s): a boot that keeps getting on is not
    given up at any fixed time; it is given up only after two minutes with no progress."""
    held: dict[str, list[Route]] = {"stdlib-cut.zip": [], "pyodide.asm.wasm": []}
    let_through: set[str] = set()

    def hold(route: Route) -> None:
        name = route.request.url.rsplit("/", 1)[-1]
        if name in let_through:
            route.fallback()
        else:
            held[name].append(route)

    def release(name: str) -> None:
        let_through.add(name)
        for route in held[name]:
            route.fallback()

    for name in held:
        context.route(f"**/pyodide/{name}", hold)
    page = context.new_page()
    page.clock.install()
    # The page's own early downloads are held (they start once the table shows).
    with page.expect_request("**/pyodide/pyodide.asm.wasm", timeout=30_000):
        page.goto("/")
    page.evaluate("0")  # a round trip: the route handlers have run
    assert all(held.values()), {name: len(routes) for name, routes in held.items()}
    page.clock.fast_forward(100_000)
    expect(page.locator("body")).to_have_attribute("data-engine", "loading")
    release("stdlib-cut.zip")
    # Its bytes count: the bar passes a tenth of the way.
    bar = page.locator("#download")
    expect(bar).to_have_attribute("aria-valuenow", re.compile(r"^([1-9]\d|100)(\.\d)?$"))
    page.clock.fast_forward(100_000)
    expect(page.locator("body")).to_have_attribute("data-engine", "loading")
    release("pyodide.asm.wasm")
    page.wait_for_selector("body[data-game='ready']", state="attached", timeout=BOOT_TIMEOUT_MS)
