"""The host's joining steps on a phone upright: the invitation's QR code, its link and buttons,
the reply box, Connect and "Scan the reply" are all on the screen together, no scrolling, on
the small phones people hold (360x740, 390x844), and an error line shows beside the reply box.

Each phone is a context of its own (mobile emulation, touch, scale 2) in the private network
of ``webrtc_fixtures``; the host's page opens its invitation through ``sevenRocksLink``.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.conftest import Guard, finish_context, watch_context
from tests.e2e.test_link import STATE_MS, card, invite, open_host

if TYPE_CHECKING:
    from tests.support.webrtc_netns import WebRtcNetwork

pytestmark = pytest.mark.e2e
pytest_plugins = ["tests.e2e.webrtc_fixtures"]

#: Everything the host touches or reads to let a friend in, in one card.
STEPS = (
    "[data-say=step1]",
    "[data-qr] svg, [data-qr] canvas, [data-qr] img",
    "a[data-invite-link]",
    "[data-action=copy-invite]",
    "[data-say=step2]",
    "[data-reply-input]",
    "[data-action=accept-reply]",
    "[data-action=scan-reply]",
)


@pytest.fixture(params=[(360, 740), (390, 844)], ids=["360x740", "390x844"])
def phone_host(
    request: pytest.FixtureRequest, webrtc_browser: Browser, webrtc_network: WebRtcNetwork
) -> Iterator[Page]:
    """The host's page on a phone of that size, its invitation for North open."""
    width, height = request.param
    context = webrtc_browser.new_context(
        base_url=webrtc_network.url,
        viewport={"width": width, "height": height},
        is_mobile=True,
        has_touch=True,
        device_scale_factor=2,
        service_workers="block",
    )
    guard = Guard(origin=webrtc_network.url)
    watch_context(context, guard)
    host = open_host(context)
    invite(host, 2)
    yield host
    finish_context(context, guard, request.node.name, request.node)


def test_the_host_s_joining_steps_are_on_one_screen(phone_host: Page) -> None:
    host = phone_host
    for selector in STEPS:
        element = host.locator(f"{card(2)} :is({selector})").first
        expect(element).to_be_visible(timeout=STATE_MS)
        expect(element).to_be_in_viewport(ratio=1.0)
    assert host.locator("[data-invitations]").evaluate("(dialog) => dialog.scrollTop") == 0

    host.locator(f"{card(2)} [data-reply-input]").fill("not a code")
    host.locator(f"{card(2)} [data-action=accept-reply]").click()
    error = host.locator(f"{card(2)} [data-invite-error]")
    expect(error).not_to_have_text("", timeout=STATE_MS)
    expect(error).to_be_in_viewport(ratio=1.0)
