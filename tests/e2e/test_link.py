"""Two phones connect with no server: the invitation, the reply, a reply link opened on the
host's phone, a damaged code, a guest who goes away and rejoins, and nothing leaving the site.

Both pages run in Chromium inside a private network (``webrtc_fixtures``). The host's page
opens its invitations through ``sevenRocksLink.invite`` (the page's hook for tests, as
``sevenRocks`` is for the engine); everything after that is clicks, typing and pages opened
as a person would.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from tests.e2e.conftest import BOOT_TIMEOUT_MS
from tests.e2e.webrtc_fixtures import ContextFactory

pytestmark = pytest.mark.e2e
pytest_plugins = ["tests.e2e.webrtc_fixtures"]

#: The host page's card for North, the seat these tests invite.
CARD = '[data-invite][data-seat="2"]'
#: The host's page has its first game on the table.
GAME_READY = "body[data-game='ready']"
#: The sentence for a code that is not one, or not whole.
CORRUPT = "This is not a Seven Rocks code, or part of it is missing: copy it again, whole."
#: Generous for two pages of a two-core machine that also boot their engines meanwhile.
CONNECT_MS = 30_000


def open_invitations(context: BrowserContext) -> Page:
    """The host's page, its first game on the table (which closes any dialog open before
    it), with the invitation for North open."""
    page = context.new_page()
    page.goto("/")
    page.wait_for_selector(GAME_READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    invite_north(page)
    return page


def invite_north(page: Page) -> None:
    """Open the invitation for North on the host's ``page``; ``body[data-invited]`` says
    "all" once North is connected."""
    page.evaluate(
        """() => {
            delete document.body.dataset.invited;
            sevenRocksLink.invite([2]).then(
                () => { document.body.dataset.invited = "all"; },
                (error) => { document.body.dataset.invited = error.name; });
        }"""
    )
    expect(page.locator(f"{CARD} a[data-invite-link]")).to_be_visible()


def accept(host: Page, code: str) -> None:
    """The host pastes the reply ``code`` and connects."""
    host.locator(f"{CARD} [data-reply-input]").fill(code)
    host.locator(f"{CARD} [data-action=accept-reply]").click()


def join(context: BrowserContext, host: Page) -> tuple[Page, str]:
    """A guest's page opened from the host's invitation link: the page and its reply code."""
    href = host.locator(f"{CARD} a[data-invite-link]").get_attribute("href")
    assert href and "#join=" in href
    guest = context.new_page()
    guest.goto(href)
    code = guest.locator("[data-reply-code]")
    expect(code).not_to_have_text("")
    return guest, code.inner_text()


def test_a_guest_joins_by_link_and_typed_reply(webrtc_context: ContextFactory) -> None:
    host = open_invitations(webrtc_context())
    guest, code = join(webrtc_context(), host)
    expect(guest.locator("body")).to_have_attribute("data-peer", "connecting")
    expect(guest.locator("#reply-title")).to_have_text("Joining the table as North")
    assert len(code) <= 140, f"a reply code of {len(code)} characters"

    host.locator(f"{CARD} [data-reply-input]").press_sequentially(code)
    host.locator(f"{CARD} [data-action=accept-reply]").click()
    expect(guest.locator("body")).to_have_attribute("data-peer", "connected", timeout=CONNECT_MS)
    expect(host.locator("body")).to_have_attribute("data-invited", "all")
    expect(host.locator("body")).to_have_attribute("data-link-seat-2", "connected")

    # Game texts go both ways, whatever they start with; the link's heartbeats never show.
    guest.evaluate(
        "() => sevenRocksGuest.onMessage((text) => sevenRocksGuest.send(`echo ${text}`))"
    )
    for text in ('{"move": "3-5"}', "~not a frame"):
        assert host.evaluate(f"() => sevenRocksLink.send(2, {text!r})")
    expect(host.locator("body")).to_have_attribute("data-link-received", "2")
    received = host.evaluate("() => sevenRocksLink.received.map((m) => [m.seat, m.text])")
    assert received == [[2, 'echo {"move": "3-5"}'], [2, "echo ~not a frame"]]


def test_a_reply_link_opened_on_the_hosts_phone_reaches_the_open_game(
    webrtc_context: ContextFactory,
) -> None:
    phone = webrtc_context()
    host = open_invitations(phone)
    guest, code = join(webrtc_context(), host)

    # The guest sent the reply link; the host taps it: a new tab of the same browser.
    tab = phone.new_page()
    tab.goto(f"/#reply={code}")
    expect(tab.locator("[data-reply-tab]")).to_have_attribute("data-relay", "taken")
    expect(tab.locator("[data-relay-state]")).to_have_text(
        "Your game took the reply: North is connecting. You can close this tab."
    )
    expect(host.locator(f"{CARD} [data-invite-error]")).to_have_text(
        "The reply arrived from another tab."
    )
    expect(guest.locator("body")).to_have_attribute("data-peer", "connected", timeout=CONNECT_MS)
    expect(host.locator("body")).to_have_attribute("data-invited", "all")


def test_damaged_and_misplaced_codes_get_one_readable_sentence(
    webrtc_context: ContextFactory,
) -> None:
    host = open_invitations(webrtc_context())
    guest, code = join(webrtc_context(), host)
    invitation = host.locator(f"{CARD} a[data-invite-link]").get_attribute("href") or ""
    box = host.locator(f"{CARD} [data-reply-input]")
    error = host.locator(f"{CARD} [data-invite-error]")
    damaged = code[:30] + ("B" if code[30] == "A" else "A") + code[31:]
    cases = {
        "": "Paste or type the code first.",
        "hello, this is not a code": "This is not a Seven Rocks code, or part of it is missing: "
        "copy it again, whole.",
        code[
            :-10
        ]: "This is not a Seven Rocks code, or part of it is missing: copy it again, whole.",
        damaged: "This is not a Seven Rocks code, or part of it is missing: copy it again, whole.",
        invitation: "This is an invitation, not a reply: send it to a guest, and paste here "
        "what their phone shows.",
    }
    for text, sentence in cases.items():
        box.fill(text)
        host.locator(f"{CARD} [data-action=accept-reply]").click()
        expect(error).to_have_text(sentence)
    expect(host.locator(CARD)).to_have_attribute("data-state", "waiting")

    # The right code still works after all that.
    box.fill(code)
    box.press("Enter")
    expect(guest.locator("body")).to_have_attribute("data-peer", "connected", timeout=CONNECT_MS)

    # An invitation link cut short opens a guest page that says so.
    cut = webrtc_context().new_page()
    cut.goto(invitation[:-20])
    expect(cut.locator("[data-reply-step]")).to_have_text(CORRUPT)
    expect(cut.locator("body")).to_have_attribute("data-peer", "lost")


def test_a_guest_away_then_gone_rejoins_with_a_fresh_invitation(
    webrtc_context: ContextFactory,
) -> None:
    host = open_invitations(webrtc_context())
    guest_phone = webrtc_context()
    guest, code = join(guest_phone, host)
    accept(host, code)
    expect(host.locator("body")).to_have_attribute(
        "data-link-seat-2", "connected", timeout=CONNECT_MS
    )

    # The guest's phone sleeps: its page is frozen and its heartbeats stop.
    cdp = guest_phone.new_cdp_session(guest)
    cdp.send("Page.setWebLifecycleState", {"state": "frozen"})
    expect(host.locator("body")).to_have_attribute("data-link-seat-2", "away")
    cdp.send("Page.setWebLifecycleState", {"state": "active"})
    expect(host.locator("body")).to_have_attribute("data-link-seat-2", "connected")

    # The guest's page is closed: the seat is lost, and a fresh invitation brings them back.
    guest.close()
    expect(host.locator("body")).to_have_attribute("data-link-seat-2", "lost", timeout=CONNECT_MS)
    invite_north(host)
    expect(host.locator(CARD)).to_have_attribute("data-state", "waiting")
    back, fresh = join(guest_phone, host)
    assert fresh != code
    accept(host, fresh)
    expect(back.locator("body")).to_have_attribute("data-peer", "connected", timeout=CONNECT_MS)
    expect(host.locator("body")).to_have_attribute("data-invited", "all")

    # The old reply answers an invitation that is no longer open.
    invite_north(host)
    accept(host, code)
    expect(host.locator(f"{CARD} [data-invite-error]")).to_have_text(
        "This reply answers an invitation that is no longer open: send a fresh invitation."
    )
