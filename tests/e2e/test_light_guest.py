"""A guest's phone downloads the page only: no Python runtime, engine or snapshot while it
joins and plays, no download bar on its table, the page kept to open offline; the engine
comes when the person asks for a game of their own, with its progress shown.

The guest's page is opened through a counting relay (``tests.support.counting_relay``) in
front of the site's server, in the WebRTC tests' private network: what leaves the server for
the guest's phone is counted on the wire, compressed as it travels, its service worker's
downloads included. The relay is an origin of its own, so the guest's phone is on its first
visit (nothing of the site in its caches). The host's page is opened from the server itself.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Request, expect

from tests.e2e.conftest import BOOT_TIMEOUT_MS, Guard, finish_context, watch_context
from tests.e2e.playing import GAME_OVER, play_first_move
from tests.e2e.test_link_waiting import TAKEN
from tests.e2e.test_play_together import SUMMARY, host_game, join, play_round
from tests.support.counting_relay import CountingRelay
from tests.support.webrtc_netns import WebRtcNetwork

if TYPE_CHECKING:  # the module itself is loaded as a plugin (below), once
    from tests.e2e.webrtc_fixtures import ContextFactory

pytestmark = pytest.mark.e2e
pytest_plugins = ["tests.e2e.webrtc_fixtures"]

CONNECT_MS = 30_000
#: What a guest's phone may download, all told, while it joins and plays a round.
GUEST_BUDGET = 400_000
#: The engine's files: the Python runtime, PyScript, the engine's zips and the snapshot.
ENGINE_PATHS = ("/pyodide/", "/pyscript/", "/seven_rocks.zip", "/rest.zip", "/worker.py")
#: Every stage the boot's bar names (``body[data-boot-stage]``, boot.js), in order.
RECORD_STAGES = """(() => {
  window.__stages = [];
  const note = (stage) => stage && window.__stages.at(-1) !== stage && window.__stages.push(stage);
  new MutationObserver((records) => {
    for (const record of records) note(record.oldValue);
    note(document.body.dataset.bootStage);
  }).observe(document, {
    attributes: true, attributeFilter: ["data-boot-stage"], attributeOldValue: true, subtree: true,
  });
})()"""
#: A guest's phone and the paths of the engine's files it requested, in order.
GuestPhone = tuple[BrowserContext, list[str]]


@pytest.fixture
def relay(webrtc_network: WebRtcNetwork, tmp_path: Path) -> Iterator[CountingRelay]:
    started = CountingRelay(webrtc_network, tmp_path)
    yield started
    started.close()


@pytest.fixture
def guest_phone(
    webrtc_browser: Browser, relay: CountingRelay, request: pytest.FixtureRequest
) -> Iterator[GuestPhone]:
    """A phone on its first visit to the site through the relay, its service worker allowed;
    with the paths of the engine's files it requested, in order."""
    context = webrtc_browser.new_context(
        base_url=relay.url,
        viewport={"width": 390, "height": 844},
        device_scale_factor=2,
        is_mobile=True,
        has_touch=True,
        service_workers="allow",
    )
    guard = Guard(origin=relay.url)
    watch_context(context, guard)
    engine: list[str] = []

    def asked(req: Request) -> None:
        path = urlsplit(req.url).path
        if path.startswith(ENGINE_PATHS):
            engine.append(path)

    context.on("request", asked)
    yield context, engine
    finish_context(context, guard, f"{request.node.name}-guest", request.node)


def seated(
    webrtc_context: ContextFactory, relay: CountingRelay, phone: BrowserContext
) -> tuple[Page, Page]:
    """A host's game with North on another phone, and North's page opened through the relay
    and connected, its hand on the table: the host's page and North's."""
    host = host_game(webrtc_context(), "human,bot,remote,bot", seed=21)
    return host, join(host, phone, 2, relay.through)


def test_a_guest_s_phone_downloads_the_page_only_while_it_joins_and_plays_a_round(
    webrtc_context: ContextFactory, relay: CountingRelay, guest_phone: GuestPhone
) -> None:
    phone, engine = guest_phone
    host, guest = seated(webrtc_context, relay, phone)
    play_round({0: host, 2: guest})
    guest.locator(SUMMARY).click()
    # The round played, the phone has downloaded no more than the page's worth...
    assert relay.sent() <= GUEST_BUDGET, f"the guest's phone downloaded {relay.sent():,} bytes"
    # ...nor once the page is kept for playing offline (the light service worker's precache
    # done), and nothing of the engine.
    expect(guest.locator("body")).to_have_attribute("data-offline", "page", timeout=CONNECT_MS)
    assert engine == []
    sent = relay.sent()
    print(f"guest's phone: {sent:,} bytes from the server")
    assert sent <= GUEST_BUDGET, f"the guest's phone downloaded {sent:,} bytes"


def test_no_download_bar_shows_on_a_guest_s_table_and_its_page_opens_offline(
    webrtc_context: ContextFactory, relay: CountingRelay, guest_phone: GuestPhone
) -> None:
    phone, _ = guest_phone
    _, guest = seated(webrtc_context, relay, phone)
    expect(guest.locator("[data-notice]", has_text="Waiting for the host's table")).to_have_count(0)
    expect(guest.locator("#download")).to_be_hidden()
    expect(guest.locator("body")).to_have_attribute("data-offline", "page", timeout=CONNECT_MS)
    expect(guest.locator("#download")).to_be_hidden()
    expect(guest.locator("[role=progressbar]:visible")).to_have_count(0)

    # Offline, the phone still opens the invitation's page (from its light copy), which says
    # at once that this invitation was used here.
    phone.set_offline(True)
    guest.reload()
    expect(guest.locator("[data-reply-step]")).to_have_text(TAKEN, timeout=CONNECT_MS)


def test_a_game_of_the_guest_s_own_downloads_the_engine_then_with_its_progress(
    webrtc_context: ContextFactory, relay: CountingRelay, guest_phone: GuestPhone
) -> None:
    phone, engine = guest_phone
    _, guest = seated(webrtc_context, relay, phone)
    expect(guest.locator("body")).to_have_attribute("data-offline", "page", timeout=CONNECT_MS)
    assert engine == []

    phone.add_init_script(RECORD_STAGES)
    guest.locator(".menu-button").click()  # a phone's toolbar is in its menu
    with phone.expect_page() as opened:
        guest.locator("[data-action='own-game']").click()
    own = opened.value
    # The engine downloads now, its progress on the new tab's bar through the stages of any
    # first visit: the download, Python's start, the engine's.
    bar = own.locator("#download")
    expect(bar).to_be_visible(timeout=CONNECT_MS)
    own.wait_for_selector("body[data-game='ready']", state="attached", timeout=BOOT_TIMEOUT_MS)
    assert own.evaluate("window.__stages") == ["download", "python", "engine"]
    expect(bar).to_be_hidden()
    assert "/pyodide/pyodide.asm.wasm" in engine and "/seven_rocks.zip" in engine
    # The whole game is kept for offline play from now on, and the host's table plays on.
    expect(own.locator("body")).to_have_attribute("data-offline", "ready", timeout=BOOT_TIMEOUT_MS)
    expect(guest.locator("body")).to_have_attribute("data-peer", "connected")
    expect(guest.locator("[data-update-offer]")).to_have_count(0)


@pytest.mark.long
def test_the_coach_after_the_game_downloads_the_engine_then_with_its_progress(
    webrtc_context: ContextFactory, relay: CountingRelay, guest_phone: GuestPhone
) -> None:
    phone, engine = guest_phone
    host = host_game(webrtc_context(), "bot,bot,remote,bot", seed=21)
    guest = join(host, phone, 2, relay.through)
    deadline = time.monotonic() + 240
    while not guest.locator(GAME_OVER).count():  # North plays its first playable tile
        assert time.monotonic() < deadline, "the game did not end"
        playable = guest.locator("#board[data-human-turn] [data-hand='2'] .hand-tile--playable")
        if guest.locator(SUMMARY).count():
            guest.locator(SUMMARY).click()
        elif playable.count() and not guest.locator("dialog[open]").count():
            play_first_move(guest, "[data-hand='2']")
        else:
            guest.wait_for_timeout(100)
    host.locator(f"{GAME_OVER} [data-action=close]").click()  # the game's record goes out
    assert engine == []
    # The host deals the next game (the friend's notice says so): the friend's last dialog
    # offers none of its own.
    over = guest.locator(GAME_OVER)
    expect(guest.locator("[data-notice]", has_text="The host may start another")).to_be_visible()
    for action in ("new-game", "same-deal", "play-again"):
        expect(over.locator(f"[data-action={action}]")).to_have_count(0)
    expect(over.locator("[data-action=close]")).to_be_visible()

    # The coach asked for: the engine downloads and starts, its bar in the game's last dialog.
    guest.evaluate(RECORD_STAGES)
    guest.locator(f"{GAME_OVER} [data-action=review]").click()
    expect(guest.locator(f"{GAME_OVER} #download")).to_be_visible(timeout=CONNECT_MS)
    review = guest.locator("dialog[data-review-panel] [data-review]")
    expect(review).to_have_attribute("data-review-state", "done", timeout=BOOT_TIMEOUT_MS)
    assert guest.evaluate("window.__stages") == ["download", "python", "engine"]
    assert "/pyodide/pyodide.asm.wasm" in engine and "/seven_rocks.zip" in engine
    expect(guest.locator("#download")).to_be_hidden()
