"""The phone is the table: whole games at phone, tablet and desktop sizes, checked at every turn.

At each turn of the person (South, tapping a random legal move; bots at ``speed=instant``)
the hand and every table tile must be *seen at once without scrolling*: each one's centre
inside the viewport and ``document.elementFromPoint`` there the tile itself, not a header,
dialog, banner or bubble.  Table tiles, hand tiles and lit targets must be big enough to read
and to tap (the phone's targets).  A failed test's last screen is kept in ``test-artifacts/``
(``test_a_whole_game_is_seen_and_tapped-<viewport>.png``).  ``benchmarks/phone.py`` prints
the same measurements as a table.
"""

from __future__ import annotations

import random
import statistics
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from .conftest import BOOT_TIMEOUT_MS, Guard, _origin, finish_context, watch_context
from .playing import HAND, POLL_MS, press, wait_for_state

pytestmark = [pytest.mark.e2e, pytest.mark.long]

PHONES = {"390x844", "360x740", "844x390", "740x360"}
LANDSCAPE = {"844x390", "740x360"}
#: (shortest, median) long side of the table's tiles, in CSS px, over a whole game.
TILE_FLOOR = {"390x844": (32, 40), "360x740": (30, 36), "844x390": (26, 32)}
HUMAN_TURN = "#board[data-human-turn]"
PLAYABLE = "[data-hand='0'] .hand-tile--playable"
SUMMARY_NEXT = "dialog[data-round-summary][open] [data-next-round]"
GAME_OVER = "dialog[data-game-over][open]"

#: What one turn looks like: sizes, and everything not seen (off screen or under something).
MEASURE = """() => {
  const problems = [];
  const seen = (el, rect, name) => {
    const x = rect.left + rect.width / 2;
    const y = rect.top + rect.height / 2;
    if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) {
      problems.push(`${name} is off screen at (${Math.round(x)}, ${Math.round(y)})`);
      return;
    }
    const top = document.elementFromPoint(x, y);
    if (!top || !el.contains(top)) {
      const owner = top?.closest("[class]") ?? top;
      const name2 = owner?.className?.baseVal ?? owner?.className;
      problems.push(`${name} is under ${owner?.tagName} ${name2}`);
    }
  };
  const table = [];
  for (const g of document.querySelectorAll("#table [data-tile]")) {
    const r = g.querySelector(".domino__body").getBoundingClientRect();
    table.push(Math.max(r.width, r.height));
    seen(g, r, `table tile ${g.dataset.tile}`);
  }
  const hand = [];
  for (const b of document.querySelectorAll("[data-hand='0'] [data-tile]")) {
    const r = b.getBoundingClientRect();
    hand.push(Math.min(r.width, r.height));
    seen(b, r, `hand tile ${b.dataset.tile}`);
  }
  const scrolled = scrollY || document.querySelector("main").scrollTop;
  if (scrolled) problems.push(`the page is scrolled by ${scrolled} px`);
  return { table, hand, problems };
}"""

TARGET_SIZES = """() => [...document.querySelectorAll("[data-target] .target__hit")].map((el) => {
  const r = el.getBoundingClientRect();
  return Math.min(r.width, r.height);
})"""


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


@pytest.mark.parametrize(
    "phone_page",
    ["390x844", "360x740", "844x390", "740x360", "768x1024", "1920x1080"],
    indirect=True,
)
def test_a_whole_game_is_seen_and_tapped(phone_page: tuple[Page, str]) -> None:
    page, viewport = phone_page
    phone = viewport in PHONES
    page.goto("/?seats=human,greedy,greedy,greedy&seed=5&speed=instant")
    page.wait_for_selector("body[data-game='ready']", state="attached", timeout=BOOT_TIMEOUT_MS)
    rng = random.Random(5)
    tiles: list[float] = []
    shortest: list[float] = []
    hand: list[float] = []
    targets: list[float] = []
    turns = 0
    while next_turn(page):
        seen: dict[str, Any] = page.evaluate(MEASURE)
        assert not seen["problems"], f"turn {turns + 1}: " + "; ".join(seen["problems"][:4])
        # The table's numbers are strokes (digits.js): SVG text would be laid out again at
        # every re-fit, the longest work of a move's frame on a slow phone.
        assert page.locator("#table text").count() == 0, "text on the table"
        assert page.locator("#table [data-end] .end__value[data-value]").count() == len(
            page.locator("#table [data-end]").all()
        )
        tiles += seen["table"]
        if seen["table"]:
            shortest.append(min(seen["table"]))
        hand += seen["hand"]
        turns += 1
        play(page, rng, phone, targets)
    assert turns >= 10, f"only {turns} turns: the game ended too early to show anything"
    tap = 36 if viewport in LANDSCAPE else 44
    assert min(hand) >= tap, f"a hand tile is {min(hand):.1f} px to tap"
    assert targets, "no tile with several places came up"
    assert min(targets) >= tap, f"a lit target is {min(targets):.1f} px to tap"
    if viewport in TILE_FLOOR:
        floor, middle = TILE_FLOOR[viewport]
        assert min(shortest) >= floor, f"a table tile was {min(shortest):.1f} px long"
        assert statistics.median(tiles) >= middle, f"median tile {statistics.median(tiles):.1f}"
