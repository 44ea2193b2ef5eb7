"""Whole games at the sizes the turn-by-turn check of ``test_drawn.py`` does not play (a
short phone on its side, a tablet, a big desktop), checked at each of the person's turns as
that test checks its phones (``drawn.in_sight``): the hand and every table tile seen at
once without scrolling, each one's centre on screen with the tile itself drawn there (not a
header, dialog, banner or bubble), hand tiles and lit places big enough to tap. South taps
a random legal move; the bots play at ``speed=instant``. A failed test's last screen is kept
in ``test-artifacts/`` (``test_a_whole_game_is_seen_and_tapped-<viewport>.png``);
``benchmarks/phone.py`` prints the same measurements as a table.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, BrowserContext, Page
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from .conftest import BOOT_TIMEOUT_MS, Guard, _origin, finish_context, watch_context
from .drawn import TARGET_SIZES, Sizes, in_sight
from .playing import HAND, POLL_MS, press, wait_for_state

pytestmark = pytest.mark.e2e

PHONES = {"740x360"}
HUMAN_TURN = "#board[data-human-turn]"
PLAYABLE = "[data-hand='0'] .hand-tile--playable"
SUMMARY_NEXT = "dialog[data-round-summary][open] [data-next-round]"
GAME_OVER = "dialog[data-game-over][open]"


@pytest.fixture
def phone_page(
    browser: Browser, base_url: str, request: pytest.FixtureRequest
) -> Iterator[tuple[Page, str]]:
    """A guarded page at the test's viewport (phones: mobile, touch, device scale 2)."""
    viewport: str = request.param
    width, height = map(int, viewport.split("x"))
    phone = viewport in PHONES
    context: BrowserContext = browser.new_context(
        base_url=base_url,
        viewport={"width": width, "height": height},
        is_mobile=phone,
        has_touch=phone,
        device_scale_factor=2 if phone else 1,
    )
    guard = Guard(origin=_origin(base_url))
    watch_context(context, guard)
    yield context.new_page(), viewport
    finish_context(context, guard, f"test_a_whole_game_is_seen_and_tapped-{viewport}", request.node)


def next_turn(page: Page) -> bool:
    """Wait for South's turn (True), going on past round summaries, or the game's end."""
    while True:
        shows = wait_for_state(page, GAME_OVER, SUMMARY_NEXT, (HUMAN_TURN, PLAYABLE), timeout=60)
        if shows == 1:
            page.locator(SUMMARY_NEXT).first.click()
            continue
        return shows == 2


def play(page: Page, rng: random.Random, phone: bool, targets: list[float]) -> None:
    """Tap a random playable tile, then (when it has several places) a random lit target."""
    tiles = page.eval_on_selector_all(PLAYABLE, "els => els.map((e) => e.dataset.tile)")
    tile = rng.choice(tiles)
    count = page.locator(HAND).count()
    press(page, f"[data-hand='0'] [data-tile='{tile}']", phone)
    lit = page.eval_on_selector_all("[data-target]", "els => els.map((e) => e.dataset.target)")
    if lit:
        targets += page.evaluate(TARGET_SIZES)
        press(page, f"[data-target='{rng.choice(lit)}']", phone)
    # The tile has left the hand, or the round (or game) is over.
    try:
        page.wait_for_function(
            """([hand, count, over]) =>
              document.querySelectorAll(hand).length !== count || document.querySelector(over)""",
            arg=[HAND, count, f"{GAME_OVER}, {SUMMARY_NEXT}"],
            polling=POLL_MS,
            timeout=20_000,
        )
    except PlaywrightTimeout:
        raise AssertionError(f"{tile} was not played") from None


@pytest.mark.parametrize("phone_page", ["740x360", "768x1024", "1920x1080"], indirect=True)
def test_a_whole_game_is_seen_and_tapped(phone_page: tuple[Page, str]) -> None:
    page, viewport = phone_page
    phone = viewport in PHONES
    page.goto("/?seats=human,greedy,greedy,greedy&seed=5&speed=instant")
    page.wait_for_selector("body[data-game='ready']", state="attached", timeout=BOOT_TIMEOUT_MS)
    rng = random.Random(5)
    sizes = Sizes()
    turns = 0
    while next_turn(page):
        problems = in_sight(page, sizes)
        assert not problems, f"turn {turns + 1}: " + "; ".join(problems[:4])
        turns += 1
        play(page, rng, phone, sizes.targets)
    assert turns >= 10, f"only {turns} turns: the game ended too early to show anything"
    faults = sizes.floors(on_its_side=viewport == "740x360", tiles=None)
    assert not faults, "; ".join(faults)
