"""Phones connect with no server: the invitation, the reply typed or opened as a link on the
host's phone, damaged and misplaced codes, a guest who goes away and rejoins, and nothing
leaving the site.

Every page runs in Chromium inside a private network (``webrtc_fixtures``), each phone a
context of its own; the guards fail a test on any request outside the site. The host's
page opens its invitations through ``sevenRocksLink.invite`` (the page's hook for tests, as
``sevenRocks`` is for the engine) once its first game is on the table, as the New game
dialog would; everything after that is clicks, typing and pages opened as a person would.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from tests.e2e.conftest import BOOT_TIMEOUT_MS

if TYPE_CHECKING:  # the module itself is loaded as a plugin (below), once
    from tests.e2e.webrtc_fixtures import ContextFactory

pytestmark = pytest.mark.e2e
pytest_plugins = ["tests.e2e.webrtc_fixtures"]

#: The host's page has its first game on the table.
GAME_READY = "body[data-game='ready']"
#: The sentence for a code that is not one, or not whole.
CORRUPT = "This is not a Seven Rocks code, or part of it is missing: copy it again, whole."
#: Generous for pages of a two-core machine that also boot their engines meanwhile: for
#: connecting, and for any other change of state.
CONNECT_MS = 30_000
STATE_MS = 15_000


def card(seat: int) -> str:
    """The host's invitation card for ``seat``."""
    return f'[data-invite][data-seat="{seat}"]'


def open_host(context: BrowserContext) -> Page:
    """The host's page with its first game on the table (the game's start closes any
    dialog open before it)."""
    page = context.new_page()
    page.goto("/")
    page.wait_for_selector(GAME_READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    return page


def invite(host: Page, *seats: int) -> None:
    """Open the invitations for ``seats``; ``body[data-invited]`` says "all" once every
    one is connected."""
    host.evaluate(
        """(seats) => {
            delete document.body.dataset.invited;
            sevenRocksLink.invite(seats).then(
                () => { document.body.dataset.invited = "all"; },
                (error) => { document.body.dataset.invited = error.name; });
        }""",
        list(seats),
    )
    for seat in seats:
        expect(host.locator(f"{card(seat)} a[data-invite-link]")).to_be_visible(timeout=STATE_MS)


def join(context: BrowserContext, host: Page, seat: int) -> tuple[Page, str]:
    """A guest's page opened from the invitation link for ``seat``: the page, its reply."""
    href = host.locator(f"{card(seat)} a[data-invite-link]").get_attribute("href")
    assert href and "#join=" in href
    guest = context.new_page()
    guest.goto(href)
    code = guest.locator("[data-reply-code]")
    expect(code).not_to_have_text("", timeout=STATE_MS)
    return guest, code.inner_text()


def paste(host: Page, seat: int, text: str) -> None:
    """The host pastes ``text`` into ``seat``'s reply box and presses Connect."""
    host.locator(f"{card(seat)} [data-reply-input]").fill(text)
    host.locator(f"{card(seat)} [data-action=accept-reply]").click()


def test_guests_join_by_typed_code_and_by_reply_link(webrtc_context: ContextFactory) -> None:
    phone = webrtc_context()
    host = open_host(phone)
    invite(host, 2, 3)
    north, code = join(webrtc_context(), host, 2)
    expect(north.locator("body")).to_have_attribute("data-peer", "connecting", timeout=STATE_MS)
    expect(north.locator("#reply-title")).to_have_text(
        "Joining the table as North", timeout=STATE_MS
    )
    assert len(code) <= 140, f"a reply code of {len(code)} characters"

    # Damaged and misplaced codes: one sentence each, and the seat still waits.
    error = host.locator(f"{card(2)} [data-invite-error]")
    invitation = host.locator(f"{card(2)} a[data-invite-link]").get_attribute("href") or ""
    damaged = code[:30] + ("B" if code[30] == "A" else "A") + code[31:]
    for text, sentence in {
        "": "Paste or type the code first.",
        "hello, this is not a code": CORRUPT,
        code[:-10]: CORRUPT,
        damaged: CORRUPT,
        invitation: "This is an invitation, not a reply: send it to a guest, and paste here "
        "what their phone shows.",
    }.items():
        paste(host, 2, text)
        expect(error).to_have_text(sentence, timeout=STATE_MS)
    expect(host.locator(card(2))).to_have_attribute("data-state", "waiting", timeout=STATE_MS)

    # North's reply, typed.
    box = host.locator(f"{card(2)} [data-reply-input]")
    box.fill("")
    box.press_sequentially(code)
    box.press("Enter")
    expect(north.locator("body")).to_have_attribute("data-peer", "connected", timeout=CONNECT_MS)
    expect(host.locator(card(2))).to_have_attribute("data-state", "connected", timeout=STATE_MS)
    # The reply screen gives way to the guest's game, which waits for the host's table.
    expect(north.locator("#notices")).to_contain_text(
        "Connected. Waiting for the host's table", timeout=STATE_MS
    )

    # East sent the reply link; the host taps it: a new tab of the host's browser hands it
    # to the open game and says so.
    east, east_code = join(webrtc_context(), host, 3)
    tab = phone.new_page()
    tab.goto(f"/#reply={east_code}")
    expect(tab.locator("[data-reply-tab]")).to_have_attribute(
        "data-relay", "taken", timeout=STATE_MS
    )
    expect(tab.locator("[data-relay-state]")).to_have_text(
        "Your game took the reply: East is connecting. You can close this tab.", timeout=STATE_MS
    )
    expect(east.locator("body")).to_have_attribute("data-peer", "connected", timeout=CONNECT_MS)
    expect(host.locator("body")).to_have_attribute("data-invited", "all", timeout=STATE_MS)

    # Game texts go both ways, whatever they start with; the link's heartbeats never show.
    north.evaluate("() => sevenRocksGuest.onMessage((t) => sevenRocksGuest.send(`echo ${t}`))")
    for text in ('{"move": "3-5"}', "~not a frame"):
        assert host.evaluate("([seat, text]) => sevenRocksLink.send(seat, text)", [2, text])
    # (Beside them, the guest's game has said it joined: the echoes are what is counted.)
    echoes = """() => sevenRocksLink.received.filter((m) => m.text.startsWith("echo "))
        .map((m) => [m.seat, m.text])"""
    host.wait_for_function(f"() => ({echoes})().length >= 2", timeout=STATE_MS)
    received = host.evaluate(echoes)
    assert received == [[2, 'echo {"move": "3-5"}'], [2, "echo ~not a frame"]]

    # An invitation link cut short opens a page that says so.
    cut = webrtc_context().new_page()
    cut.goto(invitation[:-20])
    expect(cut.locator("[data-reply-step]")).to_have_text(CORRUPT, timeout=STATE_MS)
    expect(cut.locator("body")).to_have_attribute("data-peer", "lost", timeout=STATE_MS)


def test_a_guest_away_then_gone_rejoins_with_a_fresh_invitation(
    webrtc_context: ContextFactory,
) -> None:
    host = open_host(webrtc_context())
    seat = host.locator("body")
    invite(host, 2)
    guest_phone = webrtc_context()
    guest, code = join(guest_phone, host, 2)
    paste(host, 2, code)
    expect(seat).to_have_attribute("data-link-seat-2", "connected", timeout=CONNECT_MS)

    # The guest switches apps: the browser hides the page (as it says when it does).
    hide = """(hidden) => {
        Object.defineProperty(document, "hidden", { configurable: true, get: () => hidden });
        document.dispatchEvent(new Event("visibilitychange"));
    }"""
    guest.evaluate(hide, True)
    expect(seat).to_have_attribute("data-link-seat-2", "away", timeout=STATE_MS)
    guest.evaluate(hide, False)
    expect(seat).to_have_attribute("data-link-seat-2", "connected", timeout=STATE_MS)

    # The guest's page is closed: the seat is lost; a fresh invitation brings them back.
    guest.close()
    expect(seat).to_have_attribute("data-link-seat-2", "lost", timeout=CONNECT_MS)
    invite(host, 2)
    expect(host.locator(card(2))).to_have_attribute("data-state", "waiting", timeout=STATE_MS)
    back, fresh = join(guest_phone, host, 2)
    assert fresh != code
    paste(host, 2, fresh)
    expect(back.locator("body")).to_have_attribute("data-peer", "connected", timeout=CONNECT_MS)
    expect(host.locator("body")).to_have_attribute("data-invited", "all", timeout=STATE_MS)

    # The first reply answers an invitation that is no longer open.
    invite(host, 2)
    paste(host, 2, code)
    expect(host.locator(f"{card(2)} [data-invite-error]")).to_have_text(
        "This reply answers an invitation that is no longer open: send a fresh invitation.",
        timeout=STATE_MS,
    )
