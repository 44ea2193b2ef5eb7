"""The host scans a guest's reply with the camera: the guest's QR code, as its page draws it,
filmed by Chromium's fake camera, read by the page's scanner (jsQR here: this Chromium has no
BarcodeDetector), and the two phones connect.

Slow (``make slow``): the host's phone is a browser of its own, started with the fake camera
fed from a video file made from a screenshot of the guest's code.
"""

from __future__ import annotations

from collections.abc import Iterator
from io import BytesIO
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from PIL import Image
from playwright.sync_api import Browser, Playwright, expect

from tests.e2e.conftest import BOOT_TIMEOUT_MS, Guard, finish_context, watch_context
from tests.support.chromium import TEST_ARGS
from tests.support.webrtc_netns import WebRtcNetwork

if TYPE_CHECKING:  # the module itself is loaded as a plugin (below), once
    from tests.e2e.webrtc_fixtures import ContextFactory

pytestmark = [pytest.mark.e2e, pytest.mark.slow]
pytest_plugins = ["tests.e2e.webrtc_fixtures"]

CARD = '[data-invite][data-seat="2"]'
#: The fake camera's picture, in pixels (even: the video's colour planes are halved).
FRAME = (640, 480)


def y4m(png: bytes, path: Path) -> None:
    """Write ``png`` centred on a grey frame as a short YUV4MPEG2 video at ``path``."""
    frame = Image.new("RGB", FRAME, (128, 128, 128))
    picture = Image.open(BytesIO(png)).convert("RGB")
    picture.thumbnail((FRAME[1] - 40, FRAME[1] - 40))
    frame.paste(picture, ((FRAME[0] - picture.width) // 2, (FRAME[1] - picture.height) // 2))
    y, cb, cr = frame.convert("YCbCr").split()
    half = (FRAME[0] // 2, FRAME[1] // 2)
    planes = y.tobytes() + cb.resize(half).tobytes() + cr.resize(half).tobytes()
    header = f"YUV4MPEG2 W{FRAME[0]} H{FRAME[1]} F10:1 Ip A1:1 C420jpeg\n".encode()
    path.write_bytes(header + b"".join(b"FRAME\n" + planes for _ in range(10)))


@pytest.fixture
def camera_video(tmp_path: Path) -> Path:
    """Where the fake camera's video will be (written once the code to film is known)."""
    return tmp_path / "camera.y4m"


@pytest.fixture
def camera_browser(
    playwright: Playwright, webrtc_network: WebRtcNetwork, camera_video: Path
) -> Iterator[Browser]:
    """A Chromium in the private network whose camera films ``camera_video``."""
    options = webrtc_network.launch_args(TEST_ARGS)
    options["args"] = [
        *options["args"],
        "--use-fake-ui-for-media-stream",
        "--use-fake-device-for-media-stream",
        f"--use-file-for-fake-video-capture={camera_video}",
    ]
    browser = playwright.chromium.launch(**options)
    yield browser
    browser.close()


def test_the_host_scans_the_guests_reply_with_the_camera(
    camera_browser: Browser,
    camera_video: Path,
    webrtc_network: WebRtcNetwork,
    webrtc_context: ContextFactory,
    request: pytest.FixtureRequest,
) -> None:
    phone = camera_browser.new_context(
        base_url=webrtc_network.url, viewport={"width": 390, "height": 844}, has_touch=True
    )
    guard = Guard(origin=webrtc_network.url)
    watch_context(phone, guard)
    try:
        host = phone.new_page()
        host.goto("/")
        host.wait_for_selector("body[data-game='ready']", state="attached", timeout=BOOT_TIMEOUT_MS)
        host.evaluate("() => { sevenRocksLink.invite([2]); }")
        link = host.locator(f"{CARD} a[data-invite-link]")
        expect(link).to_be_visible()
        href = link.get_attribute("href") or ""
        guest = webrtc_context().new_page()
        guest.goto(href)
        expect(guest.locator("[data-reply-code]")).not_to_have_text("")
        y4m(guest.locator("[data-qr] svg").screenshot(), camera_video)

        host.locator(f"{CARD} [data-action=scan-reply]").click()
        expect(host.locator("[data-scanner] video")).to_be_visible()
        expect(guest.locator("body")).to_have_attribute("data-peer", "connected", timeout=30_000)
        expect(host.locator("[data-scanner]")).to_have_count(0)
        expect(host.locator("body")).to_have_attribute("data-link-seat-2", "connected")
    finally:
        finish_context(phone, guard, f"{request.node.name}-camera", request.node)
