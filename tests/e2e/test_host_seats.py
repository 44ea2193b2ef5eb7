"""The host's seats for friends on other devices, as a person reads them on a phone.

A remote seat's caption says what the host can know: the friend's turn, the friend away, a bot
playing for them; never a "thinking" the host cannot see. The seat's buttons ("New invitation",
"Let a bot play") fit beside the caption: West and East stay on a phone's screen. The pages run
in the private network of ``webrtc_fixtures``.
"""

from __future__ import annotations

import re
import time

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import BOOT_TIMEOUT_MS
from tests.e2e.playing import play_first_move
from tests.e2e.test_play_together import CONNECT_MS, join
from tests.e2e.webrtc_fixtures import ContextFactory

pytestmark = pytest.mark.e2e
pytest_plugins = ["tests.e2e.webrtc_fixtures"]

#: A turn left unplayed this long offers the host a bot for the seat (web/js/host/guests.js).
TURN_OFFER_MS = 60_000


def host_page(page: Page, seats: str) -> Page:
    """The host's page with a new game of ``seats``, its clock one the test may move on (it
    runs meanwhile)."""
    page.clock.install()
    page.goto(f"/?seats={seats}&seed=21&speed=instant")
    page.wait_for_selector("body[data-game='ready']", state="attached", timeout=BOOT_TIMEOUT_MS)
    return page


def play_until_turn_of(host: Page, seat: int) -> None:
    """The host plays its own turns (the bots theirs) until ``seat`` is to play."""
    deadline = time.monotonic() + CONNECT_MS / 1000
    board = host.locator("#board")
    while board.get_attribute("data-turn") != str(seat):
        assert time.monotonic() < deadline, f"seat {seat}'s turn never came"
        if host.locator("#board[data-human-turn] [data-hand='0'] .hand-tile--playable").count():
            play_first_move(host)
        host.wait_for_timeout(100)


def test_an_away_friend_s_turn_reads_their_turn_never_thinking(
    webrtc_context: ContextFactory,
) -> None:
    host = host_page(webrtc_context().new_page(), "human,remote,bot,bot")
    guest = join(host, webrtc_context(), 1)
    expect(host.locator("dialog[open]")).to_have_count(0, timeout=CONNECT_MS)
    guest.close()
    west = host.locator('.seat[data-seat="1"]')
    expect(west.locator(".seat__name[data-away]")).to_have_count(1, timeout=CONNECT_MS)
    play_until_turn_of(host, 1)
    expect(west.locator("[data-guest-mark]")).to_contain_text("away")
    expect(west.locator(".seat__status")).to_have_text("to play")
    expect(west).not_to_have_class(re.compile(r"seat--thinking"))
    expect(host.locator("#board")).not_to_have_attribute("data-thinking", re.compile(r"."))
    # The host lets a bot play: now a bot thinks for them, and the caption says so.
    host.clock.fast_forward(TURN_OFFER_MS + 1000)
    host.locator('[data-guest-action="stand-in"][data-seat="1"]').click()
    expect(west.locator("[data-guest-mark]")).to_contain_text("a bot plays")
    expect(host.locator("#board")).not_to_have_attribute("data-turn", "1", timeout=CONNECT_MS)
