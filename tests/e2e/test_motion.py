"""Motion: a placed tile travels from its player's seat and the scores count up to their new
value; with animations off in the settings nothing travels or counts."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from .conftest import BOOT_TIMEOUT_MS
from .playing import (
    POLL_MS,
    PREFS,
)

pytestmark = pytest.mark.e2e


#: Records, in the page, each tile put on the table (its animations' first transforms) and
#: every number the scoreboard shows beside the score it stands for.
WATCH_MOTION = """() => {
  const seen = { tiles: [], counts: [] };
  window.__seen = seen;
  new MutationObserver((records) => {
    for (const r of records) for (const el of r.addedNodes) {
      if (!el.dataset?.tile) continue;
      const starts = el.getAnimations().map((a) => a.effect.getKeyframes()[0].transform);
      seen.tiles.push({ tile: el.dataset.tile, starts });
    }
  }).observe(document.querySelector('#table [data-tiles]'), { childList: true });
  for (const el of document.querySelectorAll('[data-team-score]')) {
    const note = () => seen.counts.push([el.dataset.score, el.textContent]);
    // The callback runs in the task that set the new score: a count-up still shows the old
    // number then, whatever the frame rate; a jump already shows the new one.
    new MutationObserver(note).observe(el, {
      childList: true, characterData: true, subtree: true, attributeFilter: ['data-score'],
    });
  }
}"""


def watch_motion(page: Page, tiles: int) -> dict[str, Any]:
    """Watch the bots play until `tiles` tiles and a score change were seen; what was seen."""
    page.goto("/?seats=greedy,greedy,greedy,greedy&seed=7&speed=800")
    page.wait_for_selector("body[data-game='ready']", state="attached", timeout=BOOT_TIMEOUT_MS)
    page.evaluate(WATCH_MOTION)
    try:
        seen: dict[str, Any] = page.wait_for_function(
            """(tiles) => { const seen = window.__seen;
              return seen.tiles.length >= tiles && seen.counts.length > 0 ? seen : false; }""",
            arg=tiles,
            polling=POLL_MS,
            timeout=30_000,
        ).json_value()
    except PlaywrightTimeout:
        pytest.fail(f"the bots did not place {tiles} tiles and score within 30 s")
    return seen


def test_a_placed_tile_travels_from_its_seat_and_the_score_counts_up(
    viewport_page: Callable[..., Page],
) -> None:
    page = viewport_page("390x844")
    seen = watch_motion(page, 3)
    # Every new tile starts away from its place (at its seat), turned and enlarged.
    for tile in seen["tiles"]:
        assert tile["starts"] and "scale(1.2)" in tile["starts"][0], tile
    # The score shown went through numbers other than the score it stands for.
    between = [count for count in seen["counts"] if count[0] != count[1]]
    assert between, f"the score jumped straight to its value: {seen['counts']}"
    # And the count ends on the score.
    # A function, not an expression: Playwright evaluates an expression again at every poll
    # with eval, which the page's CSP refuses (a function is compiled once, as it starts).
    page.wait_for_function(
        "() => [...document.querySelectorAll('[data-team-score]')]"
        ".every((e) => e.textContent.replace('\u2212', '-') === e.dataset.score)"
    )


def test_with_animations_off_nothing_travels_or_counts(viewport_page: Callable[..., Page]) -> None:
    page = viewport_page("390x844", init=PREFS.replace("{prefs}", "{ animations: false }"))
    seen = watch_motion(page, 3)
    expect(page.locator("html")).to_have_attribute("data-motion", "off")
    assert all(not tile["starts"] for tile in seen["tiles"]), "a tile moved with animations off"
    assert all(score == text for score, text in seen["counts"]), seen["counts"]
