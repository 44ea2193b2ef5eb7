"""Offline play, installability, sub-path hosting and clean updates, in Chromium.

Each test serves a site of its own (so it can stop the server, or rebuild the folder it
serves) and opens it in a fresh guarded context with service workers allowed: any request
outside that origin, any console error and any uncaught page error still fail the test.
"""

from __future__ import annotations

import json
import re
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Locator, Page, Playwright, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from seven_rocks.site.build import SNAPSHOT, build
from seven_rocks.site.serve import serving
from tests.support.chromium import CHROMIUM, TEST_ARGS

from .conftest import (
    BOOT_TIMEOUT_MS,
    ENGINE_SETTLED,
    Guard,
    finish_context,
    watch_context,
)
from .playing import (
    GREEDY_GAME,
    HAND,
    PLAYABLE,
    POLL_MS,
    SUMMARY,
    layout_tiles,
    open_page,
    overlap,
    play_first_move,
    poll,
    team_scores,
    wait_for_human_or,
)

pytestmark = pytest.mark.e2e

GuardedContext = Callable[[str], tuple[BrowserContext, Guard]]
ROOT = Path(__file__).resolve().parents[2]
#: A game where South is a person and the bots answer instantly: a move is one click away.
ONE_HUMAN = "?seats=human,bot,bot,bot&speed=0&seed=7"
OFFLINE_NOTICE = "[data-offline-ready]"


def _wait_ready(page: Page) -> None:
    page.wait_for_selector(ENGINE_SETTLED, state="attached", timeout=BOOT_TIMEOUT_MS)
    state = page.evaluate("document.body.dataset.engine")
    assert state == "ready", f"engine {state}: {page.inner_text('body')[:500]}"


def _wait_offline_ready(page: Page) -> None:
    """Every file is precached and the service worker controls the page."""
    page.wait_for_selector("body[data-offline='ready']", state="attached", timeout=60_000)
    try:
        page.wait_for_function(
            "() => navigator.serviceWorker.controller !== null", polling=POLL_MS, timeout=30_000
        )
    except PlaywrightTimeout:
        raise AssertionError("the service worker never took control") from None


def _replace_served(path: Path, data: bytes) -> None:
    """Put other bytes in a served file, and drop its compressed copies (which the server
    would otherwise send instead)."""
    path.write_bytes(data)
    for suffix in (".br", ".gz"):
        path.with_name(path.name + suffix).unlink(missing_ok=True)


def _visit_until_cached(context: BrowserContext) -> Page:
    """A first visit to the site's root, kept open until the service worker has it all."""
    page = context.new_page()
    page.goto("/")
    _wait_ready(page)
    _wait_offline_ready(page)
    return page


def _python_start(page: Page) -> str:
    """How the worker's Python started: "snapshot" (restored) or "start-up" (ordinary)."""
    start: str = page.evaluate("document.body.dataset.pythonStart")
    return start


def _open_game(page: Page) -> str:
    """Open a one-human game in ``page``; returns how the worker's Python started."""
    page.goto(ONE_HUMAN)
    _wait_ready(page)
    return _python_start(page)


def _play_one_move(page: Page) -> None:
    """Play one tile from South's hand through the UI and see the hand shrink."""
    page.locator(PLAYABLE).first.wait_for(timeout=60_000)
    before = page.locator(HAND).count()
    play_first_move(page)
    assert page.locator(HAND).count() < before


def _position(page: Page) -> tuple[list[str], list[str], list[int]]:
    """Where the game is: the tiles on the table, South's hand, the scores."""
    hand = page.locator("[data-hand='0'] [data-tile]")
    tiles = [hand.nth(i).get_attribute("data-tile") or "" for i in range(hand.count())]
    return layout_tiles(page), tiles, team_scores(page)


def _served_copy(site: Path, tmp_path: Path, sub_path: str = "") -> tuple[Path, Path]:
    """A copy of the built site under ``tmp_path/www/<sub_path>``; returns (www, site)."""
    www = tmp_path / "www"
    target = www / sub_path if sub_path else www
    shutil.copytree(site, target)
    return www, target


def _play_to_the_summary(page: Page) -> Locator:
    """Play South's first playable tile each turn until the round summary opens; return it."""
    while wait_for_human_or(page, f"{SUMMARY}[open]") == "turn":
        play_first_move(page)
    return page.locator(f"{SUMMARY}[open]")


def test_plays_offline_after_one_visit(
    site: Path, tmp_path: Path, guarded_context: GuardedContext
) -> None:
    """Once every file is kept, the player is told the game now works offline: in the next
    round summary, where play pauses (never as a banner in the middle of a round, over a
    phone's scores, Hint and menu)."""
    www, _ = _served_copy(site, tmp_path)
    with serving(www) as url:
        context, _ = guarded_context(url)
        page = context.new_page()
        page.goto(ONE_HUMAN)
        _wait_ready(page)
        _wait_offline_ready(page)
        # A first visit starts Python the ordinary way: the snapshot is not on the device yet.
        assert _python_start(page) == "start-up"
        # Kept, but not said in the middle of the round.
        page.wait_for_selector("body[data-offline-note='due']", state="attached")
        assert page.locator(SUMMARY).count() == 0, "the round ended before the install"
        assert page.locator(OFFLINE_NOTICE).count() == 0, "said in the middle of a round"
        summary = _play_to_the_summary(page)
        expect(summary.locator(OFFLINE_NOTICE)).to_contain_text("works offline")
        summary.locator("[data-next-round]").click()
        # Said once: not in the next round's summary, nor in a later visit's.
        summary = _play_to_the_summary(page)
        expect(summary.locator(OFFLINE_NOTICE)).to_have_count(0)
        summary.locator("[data-next-round]").click()
        page.wait_for_selector(SUMMARY, state="detached")
        play_first_move(page)  # mid-round, mid-game
        assert wait_for_human_or(page, SUMMARY) == "turn"
        mid_game = _position(page)
    # The server is gone, and the browser is offline as well.
    context.set_offline(True)
    # From the cache, Python is restored from the build's memory snapshot, and the reload
    # goes on with the game where it was.
    assert _open_game(page) == "snapshot"
    assert wait_for_human_or(page, SUMMARY) == "turn"
    assert _position(page) == mid_game
    _play_one_move(page)
    # A new tab, offline, boots from the cache too.
    second = context.new_page()
    assert _open_game(second) == "snapshot"
    expect(_play_to_the_summary(second).locator(OFFLINE_NOTICE)).to_have_count(0)
    # A part loaded on first use comes from the cache with its style sheet: the rule book
    # opens at its own width (rules.css), not as wide as its text.
    second.locator(f"{SUMMARY} [data-next-round]").click()
    second.locator("[data-action='rules']").click()
    rules = second.locator("dialog[data-rules]")
    expect(rules).to_be_visible()
    box, width = rules.bounding_box(), second.evaluate("innerWidth")
    assert box is not None and box["width"] == pytest.approx(min(960, width - 16), abs=1)
    # Its worked examples come from the engine's rest (rest.zip, which the game never
    # imports): the service worker kept it, and a Python restored from the snapshot imports it.
    expect(rules).to_have_attribute("data-examples", "drawn", timeout=20_000)


def test_the_offline_note_not_said_in_a_visit_is_said_in_the_next(
    site: Path, tmp_path: Path, guarded_context: GuardedContext
) -> None:
    """A first visit that ends before its first round is over: the note is said in the next
    visit's first summary (that visit is served by the service worker from its start, so
    nothing announces an install any more), and only then."""
    www, _ = _served_copy(site, tmp_path)
    with serving(www) as url:
        context, _ = guarded_context(url)
        first = context.new_page()
        first.goto(ONE_HUMAN)
        _wait_ready(first)
        _wait_offline_ready(first)
        first.wait_for_selector("body[data-offline-note='due']", state="attached")
        first.close()
        page = context.new_page()
        page.goto(ONE_HUMAN)
        _wait_ready(page)
        assert page.evaluate("Boolean(navigator.serviceWorker.controller)")
        summary = _play_to_the_summary(page)
        expect(summary.locator(OFFLINE_NOTICE)).to_contain_text("works offline")


def test_starts_without_a_snapshot_when_the_build_has_none(
    tmp_path: Path, guarded_context: GuardedContext
) -> None:
    # The loader asks for the snapshot, gets a 404 and starts Python the ordinary way.
    site = build(tmp_path / "plain", compress=False, snapshot=False)
    assert not (site / SNAPSHOT).exists()
    with serving(site) as url:
        context, _ = guarded_context(url)
        page = _visit_until_cached(context)
        assert _open_game(page) == "start-up"
        _play_one_move(page)


def test_the_snapshot_is_optional_for_offline_play(
    site: Path, tmp_path: Path, guarded_context: GuardedContext
) -> None:
    # A snapshot that cannot be kept (here: bytes that do not match the build's digest; in
    # the field: a storage quota too small for 31 MB) must not cost the player offline play.
    www, served = _served_copy(site, tmp_path)
    _replace_served(served / SNAPSHOT, b"not the snapshot the build made")
    with serving(www) as url:
        context, guard = guarded_context(url)
        page = _visit_until_cached(context)
        cached: list[str] = page.evaluate(
            """(async () => {
                const cache = await caches.open((await caches.keys())[0]);
                return (await cache.keys()).map((request) => request.url);
            })()"""
        )
        assert url + "seven_rocks.zip" in cached
        assert url + SNAPSHOT not in cached
        # The worker answers for it (the server would send 200 and the bad bytes): the page
        # does without it rather than download it again on every boot.
        # Chromium logs that 404 (our own probe's) as a console error: expected here only.
        with page.expect_console_message(lambda m: "status of 404" in m.text, timeout=10_000):
            assert page.evaluate(f"fetch('{SNAPSHOT}').then((r) => r.status)") == 404
        assert any("status of 404" in e for e in guard.console_errors)
        guard.console_errors[:] = [e for e in guard.console_errors if "status of 404" not in e]
    context.set_offline(True)
    assert _open_game(page) == "start-up"
    _play_one_move(page)


def test_an_unbuilt_service_worker_never_installs(
    site: Path, tmp_path: Path, guarded_context: GuardedContext
) -> None:
    # web/sw.js as written lists no files (the build fills them in). Served as is (a copy
    # uploaded by hand, or caught in the middle of a build) it must not take over the page
    # with an empty cache; the game itself still plays from the network.
    www, served = _served_copy(site, tmp_path)
    _replace_served(served / "sw.js", (ROOT / "web" / "sw.js").read_bytes())
    with serving(www) as url:
        context, _ = guarded_context(url)
        fetched: list[str] = []
        context.on("requestfinished", lambda r: fetched.append(r.url.removeprefix(url)))
        page = context.new_page()
        # The page does try to install it...
        with context.expect_event(
            "requestfinished", lambda r: r.url.removeprefix(url) == "sw.js", timeout=30_000
        ):
            page.goto(ONE_HUMAN)
            _wait_ready(page)
        # ...and the failed install leaves no registration behind (a waiting or active one
        # would mean it installed).
        state = poll(
            page,
            """async () => { const r = await navigator.serviceWorker.getRegistration();
              return !r ? "none" : r.installing ? false : r.waiting ? "waiting"
                : r.active ? "active" : false; }""",
            what="the service worker is still installing",
        )
        assert state == "none", f"the unbuilt service worker got to {state}"
        assert page.evaluate("navigator.serviceWorker.controller") is None
        assert _cache_names(page) == []
        _play_one_move(page)


def test_works_from_a_sub_path(site: Path, tmp_path: Path, guarded_context: GuardedContext) -> None:
    www, _ = _served_copy(site, tmp_path, "some/path")
    with serving(www) as root_url:
        url = root_url + "some/path/"
        context, _ = guarded_context(url)
        requested: list[str] = []
        context.on("request", lambda request: requested.append(request.url))
        page = context.new_page()
        page.goto(url + ONE_HUMAN)
        _wait_ready(page)
        _wait_offline_ready(page)
        scope = page.evaluate("navigator.serviceWorker.ready.then(r => r.scope)")
        assert scope == url
        _play_one_move(page)
        # Nothing was asked of the server outside the sub-path: not by the page, not by the
        # engine's worker (Pyodide, the engine zip), not by the service worker.
        assert any(request.endswith("pyodide.asm.wasm") for request in requested)
        assert any(request.endswith("seven_rocks.zip") for request in requested)
        outside = [r for r in requested if not r.startswith((url, f"blob:{root_url[:-1]}"))]
        assert outside == []
    context.set_offline(True)
    page.reload()
    _wait_ready(page)


def test_is_installable(site: Path, tmp_path: Path, playwright: Playwright) -> None:
    # A real (persistent) profile: Chromium never offers to install from an off-the-record
    # one, which is what ``browser.new_context()`` makes ("in-incognito").
    www, _ = _served_copy(site, tmp_path, "app")
    with serving(www) as root_url:
        url = root_url + "app/"
        guard = Guard(origin=url.removesuffix("app/").rstrip("/"))
        context = playwright.chromium.launch_persistent_context(
            tmp_path / "profile",
            executable_path=str(CHROMIUM),
            args=list(TEST_ARGS),
            headless=True,
            service_workers="allow",
        )
        watch_context(context, guard)
        try:
            page = context.pages[0] if context.pages else context.new_page()
            page.goto(url)
            _wait_ready(page)
            _wait_offline_ready(page)
            cdp = context.new_cdp_session(page)
            manifest: dict[str, Any] = cdp.send("Page.getAppManifest", {})
            assert manifest.get("errors", []) == []
            assert manifest["url"] == url + "manifest.webmanifest"
            data = json.loads(manifest["data"])
            assert (data["start_url"], data["scope"], data["display"]) == (
                "./",
                "./",
                "standalone",
            )
            assert {icon["sizes"] for icon in data["icons"]} >= {"192x192", "512x512"}
            if "parsed" in manifest:  # Chromium's resolution of the relative URLs
                assert manifest["parsed"]["scope"] == url
            installability = cdp.send("Page.getInstallabilityErrors", {})
            assert installability["installabilityErrors"] == []
        finally:
            finish_context(context, guard, "test_is_installable")


def _rebuild_with_change(out: Path, tmp_path: Path, marker: str) -> None:
    """Build into ``out`` again from a copy of the checkout whose stylesheet changed."""
    root = tmp_path / "checkout"
    if root.exists():
        shutil.rmtree(root)
    root.mkdir()
    (root / "node_modules").symlink_to(ROOT / "node_modules")
    (root / "seven_rocks").symlink_to(ROOT / "seven_rocks")
    shutil.copytree(ROOT / "web", root / "web")
    style = root / "web" / "css" / "base.css"
    # A rule, not a comment: the build minifies the CSS, and comments do not survive it.
    rule = f"\n:root {{ --build-marker: {json.dumps(marker)}; }}\n"
    style.write_text(style.read_text(encoding="utf-8") + rule, encoding="utf-8")
    build(out, root=root)


def _edges(element: Locator) -> dict[str, float]:
    """An element's box as its four edges (what ``overlap`` compares)."""
    box = element.bounding_box()
    assert box is not None, f"{element} is not drawn"
    return {
        "left": box["x"],
        "top": box["y"],
        "right": box["x"] + box["width"],
        "bottom": box["y"] + box["height"],
    }


def _cache_names(page: Page) -> list[str]:
    names: list[str] = page.evaluate("caches.keys()")
    return names


@pytest.mark.long
def test_a_new_build_is_offered_then_applied_whole(
    site: Path, tmp_path: Path, guarded_context: GuardedContext
) -> None:
    www, served = _served_copy(site, tmp_path)
    with serving(www) as url:
        context, _ = guarded_context(url)
        page = _visit_until_cached(context)
        (old_cache,) = _cache_names(page)
        assert page.locator("[data-update-offer]").count() == 0
        # A game under way on the old build.
        _open_game(page)
        play_first_move(page)
        assert wait_for_human_or(page, SUMMARY) == "turn"
        mid_game = _position(page)
        # A second tab on the old build.
        other = context.new_page()
        other.goto("/")
        _wait_ready(other)

        _rebuild_with_change(served, tmp_path, "new build")
        # The old worker still serves the old build; the browser finds the new worker.
        page.reload()
        _wait_ready(page)
        offer = page.locator("[data-update-offer]")
        offer.wait_for(timeout=60_000)
        assert "new version" in offer.inner_text().lower()
        # On a laptop it waits in a corner: the scores, the toolbar and the hand's tiles (the
        # hand's row spans the board; its tiles sit in its middle) stay in sight.
        tiles = page.locator("[data-hand='0'] [data-tile]")
        parts = [
            page.locator("[data-team-score='0']"),
            page.locator("[data-team-score='1']"),
            page.locator(".toolbar"),
            *(tiles.nth(i) for i in range(tiles.count())),
        ]
        assert len(parts) > 3
        for part in parts:
            assert not overlap(_edges(offer), _edges(part)), f"the offer covers {part}"
        # Until the player accepts, the page and its files are the old build's.
        assert "new build" not in page.evaluate("fetch('style.css').then(r => r.text())")
        assert old_cache in _cache_names(page)
        # The tour taken again hides the offer while its bubbles point into the header.
        page.locator("[data-action='rules']").click()
        page.locator("[data-action='replay-tour']").click()
        expect(page.locator("dialog[data-tour]")).to_be_visible()
        expect(offer).to_be_hidden()
        page.locator("dialog[data-tour] [data-tour-action='skip']").click()
        expect(offer).to_be_visible()

        page.locator("[data-action='update-reload']").click()
        page.wait_for_selector("[data-update-offer]", state="detached", timeout=30_000)
        _wait_ready(page)
        _wait_offline_ready(page)
        assert "new build" in page.evaluate("fetch('style.css').then(r => r.text())")
        # The game goes on under the new build where it was left.
        assert wait_for_human_or(page, SUMMARY) == "turn"
        assert _position(page) == mid_game
        (new_cache,) = _cache_names(page)  # the old version's cache is gone
        assert new_cache != old_cache

        # The other tab still runs the old build, and is now told so; its reload is whole.
        other.locator("[data-update-offer]").wait_for(timeout=30_000)
        other.locator("[data-action='update-reload']").click()
        other.wait_for_selector("[data-update-offer]", state="detached", timeout=30_000)
        _wait_ready(other)
        assert "new build" in other.evaluate("fetch('style.css').then(r => r.text())")

    # And the new build plays offline.
    context.set_offline(True)
    page.reload()
    _wait_ready(page)
    assert "new build" in page.evaluate("fetch('style.css').then(r => r.text())")


def test_the_banners_look_comes_from_the_style_sheet(page: Page) -> None:
    """update.js builds its banners with classes only; their place is the style sheet's."""
    open_page(page, GREEDY_GAME)
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
    update = (web / "js" / "shell" / "update.js").read_text()
    assert ".style" not in update, "update.js styles banners itself"
    sheets = "\n".join(path.read_text() for path in sorted(web.rglob("*.css")))
    rules = re.findall(r"[^{}]*\.update-offer[^{}]*\{[^}]*\}", sheets)
    assert rules, "no style sheet styles the update banner"
    assert not [rule for rule in rules if "!important" in rule], rules
