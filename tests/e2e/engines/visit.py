"""A player's visit in any engine's tab: boot, a round played by clicks with what is drawn
held against the worker's geometry (``drawn.py``'s checks), the summary, the coach, the rules.
"""

from __future__ import annotations

import time
from typing import Any

from ..conftest import ENGINE_SETTLED
from ..drawn import MEASURE, QUIET, RECORDER, SHOWS, problems_in
from ..playing import POLL_MS, REVIEW_DONE, SUMMARY
from .tab import Tab, click_when_there, poll, wait_for

#: A slow engine's first boot on a loaded machine (WebKit's has taken a minute).
BOOT_TIMEOUT_S = 150
#: ``drawn.RECORDER`` installed once the page has booted (WebDriver classic has no script
#: that runs before the page's): the hook is set again so its setter wraps the engine; the
#: computer players run free (no gate), so the page is looked at when it waits for South.
RECORD_AFTER_BOOT = (
    "() => { const hook = window.sevenRocks; "
    + RECORDER
    + " window.sevenRocks = hook; window.__drawn.gated = false; }"
)
#: ``drawn.SHOWS`` once nothing animates either: "human", "summary", "over" or null.
STILL = f"""async () => {{
  const shows = ({SHOWS})();
  if (shows === null || shows === "bot") return null;
  return (await ({QUIET})()) && ({SHOWS})() === shows ? shows : null;
}}"""
LIT = "#table [data-target]"
#: Where a lit place takes a tap (WebDriver clicks an element's own box; a group has none).
LIT_HIT = f"{LIT} .target__hit"


def boot(tab: Tab) -> None:
    """Wait until the engine has started and the game's table is drawn."""
    poll(
        tab,
        f"() => Boolean(document.querySelector({ENGINE_SETTLED!r}))",
        timeout=BOOT_TIMEOUT_S,
        what="the engine did not start",
    )
    state = tab.evaluate("() => document.body.dataset.engine")
    assert state == "ready", f"{tab.engine}: engine {state}: " + tab.evaluate(
        "() => document.body.innerText.slice(0, 500)"
    )
    wait_for(tab, "body[data-game='ready']")


def still(tab: Tab, timeout: float = 60) -> str:
    """Wait until the page is at rest; what it shows (see :data:`STILL`)."""
    return str(poll(tab, STILL, timeout=timeout, what="the page did not come to rest"))


#: A tile body's stroke, in screen px.
STROKE = """() => {
  const body = document.querySelector("#table .domino__body");
  const m = body.getScreenCTM();
  return parseFloat(getComputedStyle(body).strokeWidth) * Math.hypot(m.a, m.b);
}"""


def look(tab: Tab, where: str) -> list[str]:
    """What the screen shows differently from the worker's latest snapshot (``drawn.py``).

    Gecko's box of an SVG shape holds its stroke (Blink's and WebKit's hold its fill only,
    which ``drawn.py`` measures): there the tiles' boxes are taken in by half a stroke on
    each side, which leaves their centres where they were."""
    seen = tab.evaluate(MEASURE)
    if tab.engine == "firefox" and seen["tiles"]:
        half = tab.evaluate(STROKE) / 2
        for box in seen["tiles"].values():
            box.update(
                left=box["left"] + half,
                top=box["top"] + half,
                right=box["right"] - half,
                bottom=box["bottom"] - half,
            )
    snap = tab.evaluate("() => window.__drawn.snap")
    by_seat = tab.evaluate("() => window.__drawn.bySeat")
    faults = problems_in(seen, snap, None, {int(seat): tile for seat, tile in by_seat.items()})
    return [f"{tab.engine} {where}: {fault}" for fault in faults]


def play_move(tab: Tab, hand: str = "[data-hand='0']") -> None:
    """Tap the first playable tile of ``hand`` (South's, or a guest's own seat's), then its
    first lit place while it has several."""
    playable = f"{hand} .hand-tile--playable"
    tile: str = tab.evaluate(f"() => document.querySelector({playable!r}).dataset.tile")
    gone = f"!#board {hand} [data-tile='{tile}']"
    click_when_there(tab, f"{playable}[data-tile='{tile}']")
    deadline = time.monotonic() + 30
    while wait_for(tab, gone, LIT, timeout=30):
        click_when_there(tab, LIT_HIT)
        wait_for(tab, gone, f"!{LIT}", timeout=30)
        assert time.monotonic() < deadline, f"{tab.engine}: {tile} was not played"


def play_round(tab: Tab, looks: int = 3) -> list[str]:
    """Play South's moves by clicks until the round's summary shows; the drawn table is
    held against the worker's at South's turns after the first (by then every seat has
    moved since the recorder went in, so it knows each seat's latest tile), ``looks`` of
    them, and under the summary. The faults found."""
    tab.evaluate(RECORD_AFTER_BOOT)
    faults: list[str] = []
    turn = 0
    while (shown := still(tab)) == "human":
        if 0 < turn <= looks:
            faults += look(tab, f"South's turn {turn}")
        turn += 1
        play_move(tab)
    assert shown == "summary", f"{tab.engine}: the round ended on {shown!r}"
    return faults + look(tab, "under the round's summary")


def open_the_coach(tab: Tab) -> None:
    """From the round's summary, the coach's review of the round, analysed; then closed."""
    click_when_there(tab, f"{SUMMARY}[open] [data-action='review']")
    wait_for(tab, REVIEW_DONE, timeout=90)
    click_when_there(tab, "dialog[data-review-panel] [data-action='close-panel']")
    wait_for(tab, "!dialog[data-review-panel]")


def next_round(tab: Tab) -> None:
    """From the round's summary, on to the next round."""
    click_when_there(tab, f"{SUMMARY}[open] [data-next-round]")
    wait_for(tab, f"!{SUMMARY}[open]")


def open_the_rules(tab: Tab) -> Any:
    """The rule book from the toolbar, its worked examples drawn; then closed. The number
    of worked examples drawn."""
    click_when_there(tab, "[data-action='rules']:not([disabled])")
    wait_for(tab, "dialog[data-rules][data-examples='drawn']", timeout=30)
    drawn = "dialog[data-rules] figure[data-example] [data-tile]"
    count = tab.evaluate(f"() => document.querySelectorAll({drawn!r}).length")
    click_when_there(tab, "dialog[data-rules] [data-action='close-dialog']")
    wait_for(tab, "!dialog[data-rules]")
    return count


#: Where the page is, and whether the rule book is open there.
AT_RULES = "() => [location.href, Boolean(document.querySelector('dialog[data-rules]'))]"


def back_closes_the_rules(tab: Tab) -> None:
    """The rule book open, going back (Safari's back swipe) closes it and the game stays."""
    address = tab.evaluate("() => location.href")
    click_when_there(tab, "[data-action='rules']:not([disabled])")
    wait_for(tab, "dialog[data-rules][open]")
    # Going back once this script has returned, and then short looks from here rather than
    # one wait in the page: were the page to leave, no script may be running in it (the
    # driver would wait for its answer for ever).
    tab.evaluate("() => { setTimeout(() => history.back()); }")
    deadline = time.monotonic() + 30
    while tab.evaluate(AT_RULES) == [address, True]:
        assert time.monotonic() < deadline, f"{tab.engine}: going back left the rule book open"
        time.sleep(POLL_MS / 1000)
    assert tab.evaluate(AT_RULES) == [address, False], f"{tab.engine}: going back left the game"
    wait_for(tab, "body[data-game='ready'] [data-hand='0'] [data-tile]")
