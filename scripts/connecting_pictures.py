"""Take the pictures of playing with a friend (``docs/connecting/``), and time each step.

Two phones (390x844, touch, scale 2) in Chromium inside the private network of the browser
tests (``tests.support.webrtc_netns``; root needed), both pages in one language, run once in
English and once in Portuguese. The host starts a game with a friend at North from the New
game sheet, as a person does; the friend opens the invitation, types a name and makes the
reply; the host types it in and connects; both play to the friend's first turn; the host
leaves. Each step's picture goes to ``OUT`` (default ``docs/connecting/flow``) as
``NN-step-LANG.png`` (in CSS pixels), and each step's time (the people's own time left out)
is printed::

    .venv/bin/python scripts/connecting_pictures.py              # builds the site
    .venv/bin/python scripts/connecting_pictures.py --site dist --out /tmp/pictures
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Browser, BrowserContext, Page, expect, sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.support.chromium import TEST_ARGS  # noqa: E402
from tests.support.webrtc_netns import network_serving  # noqa: E402

FRIEND = 2
NAME = {"en": "Bia", "pt-BR": "Bia"}
CARD = f'[data-invite][data-seat="{FRIEND}"]'
WAIT_MS = 60_000
#: A deal where South opens and the friend plays third: the table has tiles at their turn.
DEAL = 21
LANGUAGE = "try { localStorage.setItem('seven-rocks:lang', '{lang}'); } catch {}"


def phone(browser: Browser, url: str, lang: str) -> BrowserContext:
    """A phone of its own: a fresh context, its page in ``lang``."""
    context = browser.new_context(
        base_url=url,
        viewport={"width": 390, "height": 844},
        device_scale_factor=2,
        is_mobile=True,
        has_touch=True,
        locale=lang,
    )
    context.add_init_script(LANGUAGE.replace("{lang}", lang))
    return context


class Steps:
    """Pictures and times of one language's run."""

    def __init__(self, out: Path, lang: str) -> None:
        self.out = out
        self.lang = lang
        self.number = 0
        self.started = time.monotonic()

    def picture(self, page: Page, step: str) -> None:
        self.number += 1
        path = self.out / f"{self.number:02d}-{step}-{self.lang}.png"
        page.screenshot(path=str(path), scale="css", animations="disabled", caret="hide")

    def timed(self, what: str, action: Callable[[], None]) -> None:
        began = time.monotonic()
        action()
        print(f"  {self.lang:5}  {what:44} {time.monotonic() - began:6.2f} s")


def run(browser: Browser, url: str, out: Path, lang: str) -> None:
    steps = Steps(out, lang)
    host = phone(browser, url, lang).new_page()

    def ready() -> None:
        host.goto("/")
        host.wait_for_selector("body[data-game='ready']", state="attached", timeout=WAIT_MS * 2)

    steps.timed("host's page ready (a first visit)", ready)
    host.locator("#menu-button").tap()
    host.locator("[data-action='new-game']").tap()
    sheet = host.locator("dialog[data-new-game]")
    expect(sheet).to_be_visible()
    sheet.locator(f"[data-seat-level='{FRIEND}']").select_option("remote")
    steps.picture(host, "host-new-game")
    sheet.locator("input[name='seed']").fill(str(DEAL))  # the same pictures every run

    def invitation() -> None:
        sheet.locator("[data-action='start']").tap()
        expect(host.locator(f"{CARD} a[data-invite-link]")).to_be_visible(timeout=WAIT_MS)

    steps.timed("New game to the invitation on screen", invitation)
    steps.picture(host, "host-invitation")

    href = host.locator(f"{CARD} a[data-invite-link]").get_attribute("href") or ""
    guest = phone(browser, url, lang).new_page()
    code = guest.locator("[data-reply-code]")

    def reply() -> None:
        guest.goto(href)
        expect(code).not_to_have_text("", timeout=WAIT_MS)

    steps.timed("invitation opened to the reply on screen", reply)
    guest.locator("[data-guest-name]").fill(NAME[lang])
    steps.picture(guest, "guest-reply")

    def connect() -> None:
        host.locator(f"{CARD} [data-reply-input]").fill(code.inner_text())
        host.locator(f"{CARD} [data-action=accept-reply]").tap()
        expect(guest.locator("body")).to_have_attribute("data-peer", "connected", timeout=WAIT_MS)
        expect(guest.locator(f'[data-hand="{FRIEND}"] [data-tile]').first).to_be_visible(
            timeout=WAIT_MS
        )

    steps.timed("reply typed in to the guest's tiles", connect)
    expect(host.locator("dialog[open]")).to_have_count(0, timeout=WAIT_MS)
    steps.picture(host, "host-table")
    steps.picture(guest, "guest-table")

    def friends_turn() -> None:
        board = host.locator("#board")
        deadline = time.monotonic() + WAIT_MS / 1000
        while board.get_attribute("data-turn") != str(FRIEND):
            assert time.monotonic() < deadline, "the friend's turn never came"
            playable = host.locator("[data-hand='0'] .hand-tile--playable")
            if board.get_attribute("data-turn") == "0" and playable.count():
                playable.first.tap()
                target = host.locator("[data-target]")
                if target.count():
                    target.first.tap()
            host.wait_for_timeout(100)
        expect(guest.locator(f"[data-hand='{FRIEND}'] .hand-tile--playable").first).to_be_visible(
            timeout=WAIT_MS
        )

    steps.timed("the table played round to the friend", friends_turn)
    steps.picture(host, "host-friend-to-play")
    steps.picture(guest, "guest-to-play")
    host.context.close()
    expect(guest.locator("body")).to_have_attribute("data-peer", "lost", timeout=WAIT_MS)
    steps.picture(guest, "guest-host-left")
    guest.context.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--site", type=Path, help="a built site (default: build one)")
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "connecting" / "flow")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    with network_serving(args.site) as network, sync_playwright() as playwright:
        browser = playwright.chromium.launch(**network.launch_args(TEST_ARGS))
        for lang in ("en", "pt-BR"):
            run(browser, network.url, args.out, lang)
        browser.close()
    print(f"pictures in {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
