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
from playwright.sync_api import BrowserContext, Page, expect

from tests.e2e.conftest import BOOT_TIMEOUT_MS
from tests.e2e.playing import play_first_move
from tests.e2e.test_play_together import CONNECT_MS, card, join
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


def inside_viewport(page: Page, selector: str) -> dict[str, float]:
    """How far ``selector``'s box reaches past each edge of the viewport (0: inside)."""
    out: dict[str, float] = page.evaluate(
        """(selector) => {
          const box = document.querySelector(selector).getBoundingClientRect();
          return {left: Math.max(0, -box.left), top: Math.max(0, -box.top),
                  right: Math.max(0, box.right - innerWidth),
                  bottom: Math.max(0, box.bottom - innerHeight)};
        }""",
        selector,
    )
    return out


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


def join_named(host: Page, phone: BrowserContext, seat: int, name: str) -> Page:
    """A friend opens the invitation for ``seat``, types their name and joins."""
    anchor = host.locator(f"{card(seat)} a[data-invite-link]")
    expect(anchor).to_be_visible(timeout=CONNECT_MS)
    guest = phone.new_page()
    guest.goto(anchor.get_attribute("href") or "")
    guest.get_by_label("Your name at the table").fill(name)
    code = guest.locator("[data-reply-code]")
    expect(code).not_to_have_text("", timeout=CONNECT_MS)
    host.locator(f"{card(seat)} [data-reply-input]").fill(code.inner_text())
    host.locator(f"{card(seat)} [data-action=accept-reply]").click()
    expect(guest.locator(f'[data-hand="{seat}"] [data-tile]').first).to_be_visible(
        timeout=CONNECT_MS
    )
    return guest


def test_the_seat_buttons_keep_west_and_east_on_a_phone_s_screen(
    webrtc_context: ContextFactory,
) -> None:
    """Two named friends at West and East go away; their seats offer both buttons, and every
    seat's box and button stays on the screen of a 390x844 and a 360x740 phone."""
    host = host_page(webrtc_context().new_page(), "human,remote,bot,remote")
    friends = webrtc_context()
    guests = [
        join_named(host, friends, 1, "Maria Eduarda"),
        join_named(host, friends, 3, "Bartholomew"),
    ]
    expect(host.locator("dialog[open]")).to_have_count(0, timeout=CONNECT_MS)
    for guest in guests:
        guest.close()
    expect(host.locator(".seat__name[data-away]")).to_have_count(2, timeout=CONNECT_MS)
    play_until_turn_of(host, 1)
    host.clock.fast_forward(TURN_OFFER_MS + 1000)
    for width, height in ((390, 844), (360, 740)):
        host.set_viewport_size({"width": width, "height": height})
        for seat in (1, 3):
            for action in ("invite", "stand-in"):
                button = host.locator(f'[data-guest-action="{action}"][data-seat="{seat}"]')
                expect(button).to_be_visible()
                assert (
                    inside_viewport(host, f'{card_of(seat)} [data-guest-action="{action}"]') == FITS
                )
            assert inside_viewport(host, card_of(seat)) == FITS, (width, seat)
        assert inside_viewport(host, card_of(2)) == FITS, width


FITS = {"left": 0, "top": 0, "right": 0, "bottom": 0}


def card_of(seat: int) -> str:
    """The seat's section on the board."""
    return f'.seat[data-seat="{seat}"]'
