"""A guest's phone downloads the page only: no Python runtime, engine or snapshot while it
joins and plays, no download bar on its table; the engine comes when the person asks for a
game of their own, with its progress shown.

The guest's page is opened through a counting relay (``tests.support.counting_relay``) in
front of the site's server, in the WebRTC tests' private network: what leaves the server for
the guest's phone is counted on the wire, compressed as it travels, its service worker's
downloads included. The relay is an origin of its own, so the guest's phone is on its first
visit (nothing of the site in its caches). The host's page is opened from the server itself.
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Request, expect

from tests.e2e.conftest import BOOT_TIMEOUT_MS, Guard, finish_context, watch_context
from tests.e2e.test_play_together import SUMMARY, card, host_game, play_round
from tests.support.counting_relay import RELAYING
from tests.support.webrtc_netns import WebRtcNetwork

if TYPE_CHECKING:  # the module itself is loaded as a plugin (below), once
    from tests.e2e.webrtc_fixtures import ContextFactory

pytestmark = pytest.mark.e2e
pytest_plugins = ["tests.e2e.webrtc_fixtures"]

CONNECT_MS = 30_000
#: What a guest's phone may download, all told, while it joins and plays a round.
GUEST_BUDGET = 400_000
#: The engine's files: the Python runtime, PyScript, the engine's zips and the snapshot.
ENGINE_PATHS = ("/pyodide/", "/pyscript/", "/seven_rocks.zip", "/coach.zip", "/worker.py")
ROOT = Path(__file__).resolve().parents[2]


class Relay:
    """The counting relay running in the network namespace: its URL and the bytes counted."""

    def __init__(self, network: WebRtcNetwork, folder: Path) -> None:
        self.file = folder / "sent"
        port = str(urlsplit(network.url).port)
        self.process = network.namespace.popen(
            [sys.executable, "-m", "tests.support.counting_relay", port, str(self.file)],
            stdout=subprocess.PIPE,
            cwd=ROOT,
        )
        assert self.process.stdout is not None
        line = self.process.stdout.readline()
        assert line.startswith(RELAYING), f"the relay did not start: {line!r}"
        self.url = line.removeprefix(RELAYING).strip()

    def sent(self) -> int:
        """The bytes the server has sent through the relay so far."""
        return int(self.file.read_text(encoding="utf-8"))

    def close(self) -> None:
        self.process.terminate()
        self.process.wait(timeout=10)


@pytest.fixture
def relay(webrtc_network: WebRtcNetwork, tmp_path: Path) -> Iterator[Relay]:
    started = Relay(webrtc_network, tmp_path)
    yield started
    started.close()


@pytest.fixture
def guest_phone(
    webrtc_browser: Browser, relay: Relay, request: pytest.FixtureRequest
) -> Iterator[tuple[BrowserContext, list[str]]]:
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


def join_through(relay: Relay, host: Page, phone: BrowserContext, seat: int) -> Page:
    """The guest opens the host's invitation for ``seat`` through the relay, the host types
    the guest's reply, and the guest's table shows its hand."""
    anchor = host.locator(f"{card(seat)} a[data-invite-link]")
    expect(anchor).to_be_visible(timeout=CONNECT_MS)
    href = anchor.get_attribute("href") or ""
    assert "#join=" in href
    guest = phone.new_page()
    parts = urlsplit(href)
    guest.goto(f"{relay.url}{parts.path}#{parts.fragment}")
    code = guest.locator("[data-reply-code]")
    expect(code).not_to_have_text("", timeout=CONNECT_MS)
    host.locator(f"{card(seat)} [data-reply-input]").fill(code.inner_text())
    host.locator(f"{card(seat)} [data-action=accept-reply]").click()
    expect(guest.locator("body")).to_have_attribute("data-peer", "connected", timeout=CONNECT_MS)
    expect(guest.locator(f'#board[data-seat="{seat}"]')).to_be_visible()
    expect(guest.locator(f'[data-hand="{seat}"] [data-tile]').first).to_be_visible()
    return guest


def test_a_guest_s_phone_downloads_the_page_only_while_it_joins_and_plays_a_round(
    webrtc_context: ContextFactory, relay: Relay, guest_phone: tuple[BrowserContext, list[str]]
) -> None:
    phone, engine = guest_phone
    host = host_game(webrtc_context(), "human,bot,remote,bot", seed=21)
    guest = join_through(relay, host, phone, 2)
    play_round({0: host, 2: guest})
    guest.locator(SUMMARY).click()
    assert relay.sent() <= GUEST_BUDGET, f"the guest's phone downloaded {relay.sent():,} bytes"
    # The page is kept for playing offline (the light service worker's precache is done),
    # and with it too the phone fetched nothing of the engine, nor more than the page's worth.
    expect(guest.locator("body")).to_have_attribute("data-offline", "page", timeout=CONNECT_MS)
    assert engine == []
    sent = relay.sent()
    print(f"guest's phone: {sent:,} bytes from the server")
    assert sent <= GUEST_BUDGET, f"the guest's phone downloaded {sent:,} bytes"


def test_no_download_bar_shows_on_a_guest_s_table(
    webrtc_context: ContextFactory, relay: Relay, guest_phone: tuple[BrowserContext, list[str]]
) -> None:
    phone, _ = guest_phone
    host = host_game(webrtc_context(), "human,bot,remote,bot", seed=21)
    guest = join_through(relay, host, phone, 2)
    expect(guest.locator("[data-notice]", has_text="Waiting for the host's table")).to_have_count(0)
    expect(guest.locator("#download")).to_be_hidden()
    expect(guest.locator("body")).to_have_attribute("data-offline", "page", timeout=CONNECT_MS)
    expect(guest.locator("#download")).to_be_hidden()
    expect(guest.locator("[role=progressbar]:visible")).to_have_count(0)


def test_a_game_of_the_guest_s_own_downloads_the_engine_then_with_its_progress(
    webrtc_context: ContextFactory, relay: Relay, guest_phone: tuple[BrowserContext, list[str]]
) -> None:
    phone, engine = guest_phone
    host = host_game(webrtc_context(), "human,bot,remote,bot", seed=21)
    guest = join_through(relay, host, phone, 2)
    expect(guest.locator("body")).to_have_attribute("data-offline", "page", timeout=CONNECT_MS)
    assert engine == []

    guest.locator(".menu-button").click()  # a phone's toolbar is in its menu
    with phone.expect_page() as opened:
        guest.locator("[data-action='own-game']").click()
    own = opened.value
    # The engine downloads now, its progress on the new tab's bar, as on any first visit.
    bar = own.locator("#download")
    expect(bar).to_be_visible(timeout=CONNECT_MS)
    expect(bar).to_contain_text("Downloading the game", timeout=CONNECT_MS)
    own.wait_for_selector("body[data-game='ready']", state="attached", timeout=BOOT_TIMEOUT_MS)
    expect(bar).to_be_hidden()
    assert "/pyodide/pyodide.asm.wasm" in engine and "/seven_rocks.zip" in engine
    # The whole game is kept for offline play from now on, and the host's table plays on.
    expect(own.locator("body")).to_have_attribute("data-offline", "ready", timeout=BOOT_TIMEOUT_MS)
    expect(guest.locator("body")).to_have_attribute("data-peer", "connected")
    expect(guest.locator("[data-update-offer]")).to_have_count(0)
