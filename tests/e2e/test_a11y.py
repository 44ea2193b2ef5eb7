"""An automated accessibility audit (axe-core, from node_modules: no network) of the game
page and its dialogs, in the light, dark and high-contrast themes: no serious or critical
violations."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any, Literal

import pytest
from playwright.sync_api import Browser, Page, expect

from .conftest import BOOT_TIMEOUT_MS, Guard, _origin, _slug, finish_context, watch_context
from .playing import GAME_OVER, SUMMARY, play_first_move, wait_for_human_or

pytestmark = pytest.mark.e2e

AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"
THEMES = ("light", "dark", "contrast")
AUDIT = """async () => {
  const result = await axe.run(document, { resultTypes: ["violations"] });
  return result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.slice(0, 5).map((n) => `${n.target.join(" ")} :: ${n.failureSummary}`),
    }));
}"""


@pytest.fixture
def audited_page(browser: Browser, base_url: str, request: pytest.FixtureRequest) -> Iterator[Page]:
    """A guarded page whose CSP lets the test inject axe (the page itself is unchanged)."""
    assert AXE.is_file(), "run `npm ci`: axe-core is a devDependency"
    guard = Guard(origin=_origin(base_url))
    ctx = browser.new_context(
        base_url=base_url, bypass_csp=True, viewport={"width": 1280, "height": 800}
    )
    watch_context(ctx, guard)
    yield ctx.new_page()
    finish_context(ctx, guard, _slug(request.node.nodeid), request.node)


def _audit(page: Page, where: str, found: dict[str, Any]) -> None:
    if not page.evaluate("typeof axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    # Audit settled states: a fading "+5" badge caught mid-animation is not a state to judge.
    page.evaluate("document.documentElement.dataset.motion = 'off'")
    for theme in THEMES:
        page.evaluate(f"document.documentElement.dataset.theme = '{theme}'")  # themes are pure CSS
        violations = page.evaluate(AUDIT)
        if violations:
            found[f"{where} ({theme})"] = violations


def test_no_serious_or_critical_axe_violations(audited_page: Page) -> None:
    page = audited_page
    page.goto("/?seed=2&speed=0&seats=human,greedy,greedy,greedy")
    page.wait_for_selector("body[data-game='ready']", state="attached", timeout=BOOT_TIMEOUT_MS)
    wait_for_human_or(page, GAME_OVER)
    found: dict[str, Any] = {}
    _audit(page, "the game page", found)

    page.click("[data-action='new-game']")
    expect(page.locator("dialog[data-new-game]")).to_be_visible()
    _audit(page, "the new-game dialog", found)
    page.keyboard.press("Escape")

    page.click("[data-action='rules']")
    expect(page.locator("dialog[data-rules]")).to_have_attribute(
        "data-examples", "drawn", timeout=20_000
    )
    _audit(page, "the rules dialog", found)
    page.keyboard.press("Escape")

    page.click("[data-action='settings']")
    expect(page.locator("dialog[data-settings]")).to_be_visible()
    _audit(page, "the settings dialog", found)
    page.locator("dialog[data-settings] input[data-pref='tile_count']").check()
    page.keyboard.press("Escape")
    expect(page.locator("[data-tile-count]")).to_be_visible()
    _audit(page, "the game page with the tile count", found)

    page.click("[data-action='hint']")
    expect(page.locator("[data-hint][data-state='shown']")).to_be_visible(timeout=30_000)
    _audit(page, "the game page with a hint", found)

    while wait_for_human_or(page, SUMMARY) == "turn":
        play_first_move(page)
    expect(page.locator(SUMMARY)).to_be_visible()
    _audit(page, "the round summary", found)
    assert found == {}, found


#: The header's two progress bars: each track's and fill's painted colours and border.
BARS = """() => {
  const canvas = document.createElement("div");
  canvas.style.backgroundColor = "Canvas";  // the colour the system paints the page with
  document.body.append(canvas);
  const page = getComputedStyle(canvas).backgroundColor;
  canvas.remove();
  return [0, 1].map((team) => {
    const track = document.querySelector(`[data-team="${team}"] .team__bar`);
    const t = getComputedStyle(track), f = getComputedStyle(track.querySelector(".team__fill"));
    return { page, track: t.backgroundColor, border: t.borderTopWidth,
             borderStyle: t.borderTopStyle, fill: f.backgroundColor, stripes: f.backgroundImage };
  });
}"""


def test_the_progress_bars_survive_the_systems_forced_colours(page: Page) -> None:
    """Windows' contrast themes force every background to the page's colour: the teams'
    progress towards 250 vanished from the header (track and fill both painted Canvas).
    Under forced colours the track is outlined and the fill painted Highlight, team 1's
    still striped, so the bars say the same as in the ordinary themes, dark or light."""
    page.emulate_media(forced_colors="active", color_scheme="dark")
    page.goto("/?seed=5&speed=0")
    page.wait_for_selector("body[data-game='ready']", state="attached", timeout=BOOT_TIMEOUT_MS)
    schemes: tuple[Literal["dark", "light"], ...] = ("dark", "light")
    for scheme in schemes:
        page.emulate_media(forced_colors="active", color_scheme=scheme)
        assert page.evaluate("matchMedia('(forced-colors: active)').matches")
        assert page.evaluate(f"matchMedia('(prefers-color-scheme: {scheme})').matches")
        bars = page.evaluate(BARS)
        for team, bar in enumerate(bars):
            assert bar["fill"] != bar["page"], f"{scheme}: team {team}'s fill is the page's: {bar}"
            assert bar["border"] != "0px" and bar["borderStyle"] == "solid", f"no outline: {bar}"
        assert bars[1]["stripes"] != "none", f"{scheme}: team 1's fill lost its stripes"
