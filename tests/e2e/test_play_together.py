"""Friends at one table, each on their own phone: whole rounds played across devices.

The host's page deals and checks; each guest's page, opened from the host's invitation link
and connected by its typed reply, draws only what its seat may see and plays by taps. Every
text a guest's page receives on its data channel is recorded (an init script listens on the
channel beside the page), and none of them, nor the guest's screen, may show a tile of another
hand before the round ends. Pages run in Chromium inside a private network
(``webrtc_fixtures``); the bots play at speed instant.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from tests.e2e.conftest import BOOT_TIMEOUT_MS
from tests.e2e.playing import FASTEST_PACE, play_first_move
from tests.e2e.webrtc_fixtures import ContextFactory

pytestmark = pytest.mark.e2e
pytest_plugins = ["tests.e2e.webrtc_fixtures"]

CONNECT_MS = 30_000
#: How long a guest may take to find the host's page gone (see host_gone).
HOST_GONE_MS = 60_000
#: Every text the page's data channels receive, kept in ``window.__received``.
RECORD_CHANNEL = """(() => {
  window.__received = [];
  window.__sent = [];
  const make = RTCPeerConnection.prototype.createDataChannel;
  RTCPeerConnection.prototype.createDataChannel = function (...args) {
    const channel = make.apply(this, args);
    channel.addEventListener("message", (event) => window.__received.push(String(event.data)));
    const send = channel.send.bind(channel);
    channel.send = (data) => {
      window.__sent.push(String(data));
      send(data);
    };
    return channel;
  };
})()"""
TILE = re.compile(r"\b[0-6]-[0-6]\b")
SUMMARY = "[data-next-round]"


def card(seat: int) -> str:
    return f'[data-invite][data-seat="{seat}"]'


def host_game(context: BrowserContext, seats: str, seed: int) -> Page:
    """The host's page with a new game of ``seats``: its invitations open at once."""
    page = context.new_page()
    page.goto(f"/?seats={seats}&seed={seed}&speed=instant")
    page.wait_for_selector("body[data-game='ready']", state="attached", timeout=BOOT_TIMEOUT_MS)
    return page


def join(
    host: Page, context: BrowserContext, seat: int, address: Callable[[str], str] = str
) -> Page:
    """A guest opens the host's invitation for ``seat`` (at ``address(link)``), the host
    types the guest's reply, and the guest's page shows the table at its seat."""
    anchor = host.locator(f"{card(seat)} a[data-invite-link]")
    expect(anchor).to_be_visible(timeout=CONNECT_MS)
    href = anchor.get_attribute("href")
    assert href and "#join=" in href
    guest = context.new_page()
    guest.add_init_script(RECORD_CHANNEL)
    guest.add_init_script(FASTEST_PACE)  # the guest's turns come without the bots' pauses
    guest.goto(address(href))
    code = guest.locator("[data-reply-code]")
    expect(code).not_to_have_text("", timeout=CONNECT_MS)
    host.locator(f"{card(seat)} [data-reply-input]").fill(code.inner_text())
    host.locator(f"{card(seat)} [data-action=accept-reply]").click()
    expect(guest.locator("body")).to_have_attribute("data-peer", "connected", timeout=CONNECT_MS)
    expect(guest.locator(f'#board[data-seat="{seat}"]')).to_be_visible()
    expect(guest.locator(f'[data-hand="{seat}"] [data-tile]').first).to_be_visible()
    return guest


def hidden_elsewhere(page: Page, seat: int) -> list[str]:
    """The tiles of other hands the guest's screen shows face up: none, until the finished
    round is drawn with every hand revealed (read in the same moment)."""
    shown: list[str] = page.evaluate(
        """(seat) => document.querySelector("[data-hand][data-face='revealed']") ? [] :
          [...document.querySelectorAll("[data-hand] [data-tile]")]
            .filter((el) => el.closest("[data-hand]").dataset.hand !== String(seat))
            .map((el) => el.dataset.tile).filter((tile) => tile !== "hidden")""",
        seat,
    )
    return shown


def own_tiles(page: Page, seat: int) -> list[str]:
    """The tiles of ``seat``'s hand on its own page."""
    tiles: list[str] = page.locator(f'[data-hand="{seat}"] [data-tile]').evaluate_all(
        "(els) => els.map((el) => el.dataset.tile)"
    )
    return sorted(tiles)


def leaks(received: list[str]) -> list[str]:
    """Tiles of other hands named in the messages a guest received before the round ended:
    every tile a snapshot names must be the guest's own or already on the table."""
    found: list[str] = []
    placed: set[str] = set()
    for text in received:
        if not text.startswith("{"):  # the link's own heartbeats, never the game's
            assert TILE.search(text) is None, text
            continue
        message: dict[str, Any] = json.loads(text)
        if message.get("t") != "snap":
            assert TILE.search(text) is None, text
            continue
        snap = message["snap"]
        if any(event["type"] == "round_settled" for event in snap["events"]):
            break  # the round's end reveals every hand to everybody
        placed |= {str(e.get("tile")) for e in snap["events"] if e["type"] == "placed"}
        placed |= {str(tile["tile"]) for tile in snap["table"]["tiles"]}
        own = set(snap["hand"])
        found += [t for t in TILE.findall(text) if t not in own and t not in placed]
    return found


def play_round(pages: dict[int, Page], timeout: float = 60) -> None:
    """Each person plays a first playable tile at their turn, on their own page, until the
    round's summary shows on every page. The pages are looked at in turn, as players do."""
    deadline = time.monotonic() + timeout
    while not all(page.locator(SUMMARY).count() for page in pages.values()):
        assert time.monotonic() < deadline, "the round did not end"
        for seat, page in pages.items():
            if seat:
                assert hidden_elsewhere(page, seat) == []
            turn = page.locator("#board[data-human-turn]")
            playable = page.locator(f"[data-hand='{seat}'] .hand-tile--playable")
            if turn.count() and playable.count() and not page.locator("dialog[open]").count():
                play_first_move(page, f"[data-hand='{seat}']")


def test_a_host_and_a_guest_play_a_whole_round_with_two_bots(
    webrtc_context: ContextFactory,
) -> None:
    host = host_game(webrtc_context(), "human,bot,remote,bot", seed=21)
    guest = join(host, webrtc_context(), 2)
    expect(host.locator('[data-seat="2"] .seat__name')).not_to_have_attribute("data-away", "")
    play_round({0: host, 2: guest})
    received: list[str] = guest.evaluate("() => window.__received")
    assert received and json.loads(received[0])["t"] == "hello"
    assert leaks(received) == []
    assert [text for text in received if '"seed"' in text] == []  # nor the deal's seed
    # The guest's round summary is its own to close; the host's game goes on meanwhile.
    guest.locator(SUMMARY).click()
    expect(guest.locator(SUMMARY)).to_have_count(0)


@pytest.mark.long
def test_a_host_and_three_guests_one_hostile_one_dropping_and_back(
    webrtc_context: ContextFactory,
) -> None:
    host = host_game(webrtc_context(), "human,remote,remote,remote", seed=5)
    friends = webrtc_context()
    guests = {seat: join(host, friends, seat) for seat in (1, 2, 3)}
    expect(host.locator("dialog[open]")).to_have_count(0, timeout=CONNECT_MS)

    # West's phone is hostile: junk, a giant, an out-of-turn move, a move that is no move.
    west = guests[1]
    for text in ("{", "x" * 5000, '{"t":"move","move":"6-6@nowhere"}', '{"t":"move","move":"9-9"}'):
        west.evaluate("(text) => sevenRocksGuest.send(text)", text)
    expect(west.locator("[data-notice]").last).to_be_visible()
    host.wait_for_function(
        "() => sevenRocks.controller.snap.refused?.[1] === 4", timeout=CONNECT_MS
    )

    # East's page is closed mid-round: the host shows East away, and a fresh invitation
    # brings East back at the same seat with the same hand.
    hand_before = own_tiles(guests[3], 3)
    guests[3].close()
    away = host.locator('[data-seat="3"] .seat__name[data-away]')
    expect(away).to_have_count(1, timeout=CONNECT_MS)
    host.locator('[data-guest-action="invite"][data-seat="3"]').click()
    guests[3] = join(host, friends, 3)
    hand_after = own_tiles(guests[3], 3)
    assert hand_after == hand_before
    expect(away).to_have_count(0)

    play_round({0: host, **guests})
    refused = host.evaluate("() => sevenRocks.controller.snap.refused")
    assert refused[1] == 4 and refused[2] == refused[3] == 0
    for seat, page in guests.items():
        assert leaks(page.evaluate("() => window.__received")) == [], seat


@pytest.mark.long
def test_the_guest_s_status_lines_are_the_current_ones(webrtc_context: ContextFactory) -> None:
    """The guest reads no "waiting for the host's table" once it is there, the host's seat
    "to play" at the host's turn (never "thinking": the guest cannot see the host think), and
    no seat is thinking on its table once the host is gone, though a bot was thinking for it
    when the host went: here the host's page goes before its goodbye leaves it (a phone
    switched off), so the guest learns it only as its connection is lost
    (``test_link_status.py`` looks at every turn of a whole round)."""
    host = host_game(webrtc_context(), "human,bot,remote,bot", seed=21)
    guest = join(host, webrtc_context(), 2)
    expect(guest.locator("[data-notice]", has_text="Waiting for the host's table")).to_have_count(0)
    deadline = time.monotonic() + CONNECT_MS / 1000
    while guest.locator("#board").get_attribute("data-turn") != "0":  # South: the host
        assert time.monotonic() < deadline, "the host's turn never came"
        if guest.locator("#board[data-human-turn] [data-hand='2'] .hand-tile--playable").count():
            play_first_move(guest, "[data-hand='2']")
        guest.wait_for_timeout(100)
    south = guest.locator('#board .seat[data-seat="0"]')
    expect(south.locator(".seat__status")).to_have_attribute("data-kind", "turn")
    expect(south.locator(".seat__status")).to_have_text("to play")
    expect(guest.locator(".seat--thinking")).to_have_count(0)
    # The host plays, and its game holds before West's (a bot's) turn, as under an open
    # panel: the guest's page shows West thinking until the host is gone.
    host.evaluate("() => { sevenRocks.controller.pacer.hold('test'); }")
    play_first_move(host)
    expect(guest.locator('.seat--thinking[data-seat="1"]')).to_have_count(1, timeout=CONNECT_MS)
    host.evaluate("() => { RTCDataChannel.prototype.send = () => {}; }")  # not a word more
    host.close()
    assert host_gone(guest) == "lost"
    expect(
        guest.locator("[data-notice]", has_text="The connection to the host is lost")
    ).to_have_count(1)
    expect(guest.locator("#board")).not_to_have_attribute("data-thinking", re.compile(r"."))
    expect(guest.locator(".seat--thinking")).to_have_count(0)
    expect(guest.locator("#prompt")).to_have_text("This game is over: no more moves at this table.")


def host_gone(guest: Page) -> str:
    """Wait until the guest's table has ended after the host's page was closed, and say why.

    The host's page says goodbye as it goes ("host-left"), and the guest's table ends at
    once; a page that goes before its goodbye leaves it (a busy phone, a crash) is found
    gone when the guest's connection is lost, which WebRTC decides within half a minute."""
    ended = "body[data-table-ended='host-left'], body[data-table-ended='lost']"
    expect(guest.locator(ended)).to_have_count(1, timeout=HOST_GONE_MS)
    return guest.locator("body").get_attribute("data-table-ended") or ""


def test_the_host_leaving_at_the_guest_s_turn_leaves_no_move_to_make(
    webrtc_context: ContextFactory,
) -> None:
    """The host goes at the friend's turn: the guest's prompt says the game is over (not
    "choose a tile"), nothing stays picked or playable, and a tap on a tile sends nothing."""
    host = host_game(webrtc_context(), "human,bot,remote,bot", seed=21)
    guest = join(host, webrtc_context(), 2)
    playable = guest.locator("#board[data-human-turn] [data-hand='2'] .hand-tile--playable")
    deadline = time.monotonic() + CONNECT_MS / 1000
    while not playable.count():
        assert time.monotonic() < deadline, "the friend's turn never came"
        if host.locator("#board[data-human-turn] [data-hand='0'] .hand-tile--playable").count():
            play_first_move(host)
        guest.wait_for_timeout(100)
    expect(guest.locator("#prompt")).to_have_text(re.compile("^(Choose a tile|You open)"))
    host.close()
    host_gone(guest)
    expect(guest.locator("#prompt")).to_have_text("This game is over: no more moves at this table.")
    expect(guest.locator("[data-hand='2'] .hand-tile--playable")).to_have_count(0)
    expect(guest.locator("[data-hand='2'] .hand-tile--selected")).to_have_count(0)
    moves = "() => window.__sent.filter((text) => text.includes('\"move\"')).length"
    sent = guest.evaluate(moves)
    guest.locator("[data-hand='2'] [data-tile]").first.click()
    expect(guest.locator("[data-target]")).to_have_count(0)
    assert guest.evaluate(moves) == sent


def test_a_guest_s_name_typed_on_the_join_screen_is_the_seat_s_and_kept(
    webrtc_context: ContextFactory,
) -> None:
    host = host_game(webrtc_context(), "human,bot,remote,bot", seed=21)
    anchor = host.locator(f"{card(2)} a[data-invite-link]")
    expect(anchor).to_be_visible(timeout=CONNECT_MS)
    href = anchor.get_attribute("href") or ""
    phone = webrtc_context()
    guest = phone.new_page()
    guest.goto(href)
    guest.get_by_label("Your name at the table").fill("Bia")
    code = guest.locator("[data-reply-code]")
    expect(code).not_to_have_text("", timeout=CONNECT_MS)
    host.locator(f"{card(2)} [data-reply-input]").fill(code.inner_text())
    host.locator(f"{card(2)} [data-action=accept-reply]").click()
    expect(guest.locator('[data-hand="2"] [data-tile]').first).to_be_visible(timeout=CONNECT_MS)
    deadline = time.monotonic() + CONNECT_MS / 1000
    named = "async () => (await sevenRocks.engine.call('state', {})).names[2]"
    while host.evaluate(named) != "Bia":  # the host's game (and its record) names the seat
        assert time.monotonic() < deadline, "the host's game never named North"
        host.wait_for_timeout(200)
    again = phone.new_page()
    again.goto(href)  # the same phone, another invitation page: the name is remembered
    expect(again.get_by_label("Your name at the table")).to_have_value("Bia")
    # New game says in one line how a friend on their own phone joins.
    host.locator(".menu-button").click()  # a phone's toolbar is in its menu
    host.locator("[data-action='new-game']:visible").first.click()
    expect(host.locator("dialog[data-new-game] [data-friend-note]")).to_contain_text(
        "Friend on another device"
    )
