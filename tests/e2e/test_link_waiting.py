"""A guest's reply waits for the host: taken minutes after it was made, carried through a
"chat" (copied out of the guest's phone and typed into the host's later), or made again by a
reloaded page, it connects; an invitation this phone joined with already says so at once.

Pages run in Chromium inside a private network (``webrtc_fixtures``), each phone a context of
its own. The chat's two minutes pass on the guest page's own clock (Playwright's ``clock``:
the page's timers jump ahead, the browser's connection keeps real time); the five minutes are
real, long enough for the browser's DTLS handshake to give up (Chromium does after about 3.7
minutes) and the page to make its connection again with the reply's certificate and
credentials: ``make slow`` runs it; ``make test`` has the same remaking of a connection over a
stand-in browser connection (``tests/js/link-guest.test.mjs``) and the chat's two minutes.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.test_link import CONNECT_MS, STATE_MS, card, invite, open_host, paste

if TYPE_CHECKING:
    from tests.e2e.webrtc_fixtures import ContextFactory

pytestmark = pytest.mark.e2e
pytest_plugins = ["tests.e2e.webrtc_fixtures"]

#: What the guest reads while the reply waits, nothing being wrong.
WAITING = "Waiting for the host to take your reply. No hurry: it keeps while this page stays open."
#: What a page opened again from an invitation this phone joined with says.
TAKEN = (
    "This invitation has been used on this phone already: "
    "ask the host for a new invitation for your seat."
)


def reply_of(guest: Page) -> str:
    """The reply the guest's page shows, once it is made."""
    code = guest.locator("[data-reply-code]")
    expect(code).not_to_have_text("", timeout=STATE_MS)
    return code.inner_text()


def host_and_guest(webrtc_context: ContextFactory, *, clock: bool = False) -> tuple[Page, Page]:
    """The host's page with its invitation for North, and North's page opened from it (its
    clock Playwright's when ``clock``)."""
    host = open_host(webrtc_context())
    invite(host, 2)
    href = host.locator(f"{card(2)} a[data-invite-link]").get_attribute("href")
    assert href and "#join=" in href
    guest = webrtc_context().new_page()
    if clock:
        guest.clock.install()
    guest.goto(href)
    return host, guest


def connects(host: Page, guest: Page, text: str) -> None:
    """The host types the reply ``text``: both pages are connected."""
    paste(host, 2, text)
    expect(guest.locator("body")).to_have_attribute("data-peer", "connected", timeout=CONNECT_MS)
    expect(host.locator("body")).to_have_attribute("data-link-seat-2", "connected")


def test_a_reply_carried_through_a_chat_connects_two_minutes_later(
    webrtc_context: ContextFactory,
) -> None:
    host, guest = host_and_guest(webrtc_context, clock=True)
    text = reply_of(guest)  # copied out of the guest's phone into the chat
    guest.clock.fast_forward("02:00")
    guest.clock.fast_forward("00:30")  # the timers due in the first jump have run
    expect(guest.locator("[data-peer-state]")).to_have_text(WAITING)
    expect(guest.locator("body")).to_have_attribute("data-peer", "connecting")
    connects(host, guest, text)  # typed into the host's phone from the chat


@pytest.mark.slow
@pytest.mark.exhaustive
def test_a_reply_taken_five_minutes_after_it_was_made_connects(
    webrtc_context: ContextFactory,
) -> None:
    host, guest = host_and_guest(webrtc_context)
    text = reply_of(guest)
    made = time.monotonic()
    states: set[str] = set()
    while time.monotonic() - made < 300:  # the host is busy for five minutes
        states.add(guest.locator("body").get_attribute("data-peer") or "")
        host.wait_for_timeout(5_000)
    assert states == {"connecting"}, states
    expect(guest.locator("[data-peer-state]")).to_have_text(WAITING)
    connects(host, guest, text)


def test_a_reloaded_invitation_connects_while_its_seat_is_open_and_is_taken_after(
    webrtc_context: ContextFactory,
) -> None:
    host, guest = host_and_guest(webrtc_context)
    first = reply_of(guest)
    guest.reload()  # a phone reloading a tab in the background
    second = reply_of(guest)
    assert second != first
    connects(host, guest, second)

    guest.reload()  # the seat is taken now: this phone's page says so at once
    expect(guest.locator("[data-reply-step]")).to_have_text(TAKEN, timeout=STATE_MS)
    expect(guest.locator("body")).to_have_attribute("data-peer", "lost")
    expect(guest.locator("[data-reply-code]")).to_have_text("")
    expect(host.locator("body")).to_have_attribute("data-link-seat-2", "lost", timeout=CONNECT_MS)
