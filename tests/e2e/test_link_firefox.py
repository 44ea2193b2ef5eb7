"""A host in Chromium and a guest in Firefox play a round together, each on their own page.

The host's page runs in Chromium (Playwright, in the private network of ``webrtc_fixtures``);
the guest's in Debian's ``firefox-esr``, driven over WebDriver BiDi by the engines' bridge
(``engines/firefox.py``) started inside the same namespace. The guest opens the invitation
link, the host types the guest's reply, and the round is played by clicks on both pages until
both show its summary. A missing Firefox fails, as the engines' smoke set does.

Firefox runs with its preferences as a player has them. It names its own address in the
reply by an mDNS name (``media.peerconnection.ice.obfuscate_host_addresses``, on by default:
``UUID.local``), which nothing in the namespace resolves; the pages connect all the same, as
two phones on one Wi-Fi do, because the host's offer carries Chromium's real addresses
(``WEBRTC_ARGS``): Firefox's connectivity checks reach them, and Chromium learns Firefox's
address from those checks (a peer-reflexive candidate). Nor is any other preference needed:
both addresses are the veth pair's (not loopback, which ``media.peerconnection.ice.loopback``
would allow), and the proxy's settings (``firefox.mjs``) leave UDP alone.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from playwright.sync_api import expect

from tests.e2e.engines.firefox import FIREFOX, FirefoxTab
from tests.e2e.engines.tab import poll, wait_for
from tests.e2e.engines.test_engines import LOADED
from tests.e2e.engines.visit import play_move
from tests.e2e.playing import HUMAN_TURN, PLAYABLE, play_first_move, wait_for_state
from tests.e2e.test_play_together import CONNECT_MS, card, host_game
from tests.support.webrtc_netns import WebRtcNetwork

if TYPE_CHECKING:  # the module itself is loaded as a plugin (below), once
    from tests.e2e.webrtc_fixtures import ContextFactory

pytestmark = pytest.mark.e2e
pytest_plugins = ["tests.e2e.webrtc_fixtures"]

#: The guest's seat (North, the host's partner).
SEAT = 2
GUEST_HAND = f"[data-hand='{SEAT}']"
GUEST_TURN = f"{HUMAN_TURN} {GUEST_HAND} .hand-tile--playable"
ROUND_OVER = "dialog[data-round-summary][open]"
#: The round's end, however long its turns take on two busy cores.
ROUND_S = 120
REPLY = """() => document.querySelector("[data-reply-code]")?.textContent.trim()"""


@pytest.fixture
def firefox_guest(webrtc_network: WebRtcNetwork, tmp_path: Path) -> Iterator[FirefoxTab]:
    """A fresh Firefox tab inside the test's network namespace."""
    if not FIREFOX.exists():
        pytest.fail(
            f"Firefox is not installed at {FIREFOX}: run `bash scripts/ensure-engines.sh`",
            pytrace=False,
        )
    tab = FirefoxTab(tmp_path / "profile", inside=webrtc_network.inside())
    try:
        yield tab
    finally:
        tab.close()


@pytest.mark.long
def test_a_chromium_host_and_a_firefox_guest_play_a_round(
    webrtc_context: ContextFactory, firefox_guest: FirefoxTab, webrtc_network: WebRtcNetwork
) -> None:
    host = host_game(webrtc_context(), "human,bot,remote,bot", seed=21)
    anchor = host.locator(f"{card(SEAT)} a[data-invite-link]")
    expect(anchor).to_be_visible(timeout=CONNECT_MS)
    href = anchor.get_attribute("href") or ""
    assert "#join=" in href

    guest = firefox_guest
    guest.goto(href)
    code = poll(guest, REPLY, what="the guest's page made no reply")
    host.locator(f"{card(SEAT)} [data-reply-input]").fill(str(code))
    host.locator(f"{card(SEAT)} [data-action=accept-reply]").click()
    wait_for(guest, "body[data-peer='connected']", timeout=CONNECT_MS / 1000)
    wait_for(guest, (f"#board[data-seat='{SEAT}']", f"{GUEST_HAND} [data-tile]"))
    expect(host.locator(f'[data-seat="{SEAT}"] .seat__name')).not_to_have_attribute("data-away", "")

    # Each plays at their turn on their own page until both show the round's summary. Each
    # page is asked where the round is; one that waits for the other (a bot's turn goes by
    # on its own) hands over to it.
    deadline = time.monotonic() + ROUND_S
    moves = {"host": 0, "guest": 0}
    while True:
        assert time.monotonic() < deadline, f"the round did not end: {moves}"
        on_host = wait_for_state(
            host, ROUND_OVER, (HUMAN_TURN, PLAYABLE), f"#board[data-turn='{SEAT}']"
        )
        if on_host == 1:
            play_first_move(host)
            moves["host"] += 1
            continue
        on_guest = wait_for(guest, ROUND_OVER, GUEST_TURN, "#board[data-turn='0']")
        if on_guest == 1:
            play_move(guest, GUEST_HAND)
            moves["guest"] += 1
        elif on_host == on_guest == 0:
            break
    assert moves["host"] and moves["guest"], moves
    expect(host.locator(f"{ROUND_OVER} [data-next-round]")).to_be_visible()
    wait_for(guest, f"{ROUND_OVER} [data-next-round]")

    found = guest.problems()
    found += [
        f"loaded from outside: {url}"
        for url in guest.evaluate(LOADED)
        if not url.startswith(webrtc_network.url)
    ]
    assert not found, "firefox: the guest's page misbehaved:\n" + "\n".join(found)
