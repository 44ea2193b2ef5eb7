"""The table holds still and fills its felt, turn after turn, as a player sees it.

A player's eye rests on the felt and the hand: while the computer players think, prompts
change and notices come and go, neither may move (the browser's own Layout Instability API
says whether anything on the page moved: each ``layout-shift`` entry is an element that
jumped, outside a transform). And the tiles are drawn as large as the felt allows: while
few are down, about as large as the hand's; once the line has grown, the layout spreads
over the felt rather than crowding into one part of it.

:data:`SHIFTS` is installed before the page's modules (with ``drawn.RECORDER``); a
:class:`Steady` is held against the page at every turn of a game (``test_drawn.py``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from playwright.sync_api import Page

#: Records every layout shift the browser reports (``window.__shifts``), each with what
#: moved, whether a resize of the window came just before it (a resize moves everything,
#: rightly) and whether the player's own tap did (``hadRecentInput``: the tiles left in the
#: hand close up after one is played, as the browser's own measure of shifts allows).
SHIFTS = """(() => {
  const shifts = [];
  let resized = -Infinity;
  window.__shifts = shifts;
  addEventListener("resize", () => { resized = performance.now(); });
  const name = (node) => {
    if (!node) return "?";
    const el = node.nodeType === 1 ? node : node.parentElement;
    if (!el) return node.nodeName;
    const cls = typeof el.className === "string" ? el.className.split(" ")[0] : "";
    return `${el.tagName.toLowerCase()}${el.id ? "#" + el.id : ""}${cls ? "." + cls : ""}`;
  };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      shifts.push({
        value: entry.value,
        at: Math.round(entry.startTime),
        resize: entry.startTime - resized < 1000,
        input: entry.hadRecentInput,
        moved: (entry.sources ?? []).map((s) => name(s.node)),
      });
    }
  }).observe({ type: "layout-shift", buffered: true });
})();"""

#: Where the felt, the hand and the tiles are now, and the shifts reported since the last
#: look (taken off the list).
LOOK = """() => {
  const box = (el) => {
    const b = el.getBoundingClientRect();
    return { left: b.left, top: b.top, right: b.right, bottom: b.bottom };
  };
  const long = (b) => Math.max(b.right - b.left, b.bottom - b.top);
  const felt = document.querySelector("#table").closest(".table-area");
  const hand = document.querySelector("[data-hand='0']");
  const bodies = document.querySelectorAll("#table [data-tiles] [data-tile] .domino__body");
  const tiles = [...bodies].map(box);
  const handTiles = [...hand.querySelectorAll("[data-tile]")].map((el) => long(box(el)));
  return {
    felt: box(felt),
    drawing: box(document.querySelector("#table")),
    hand: box(hand),
    tiles,
    handTile: handTiles.length ? Math.max(...handTiles) : null,
    shifts: window.__shifts.splice(0),
  };
}"""

Box = dict[str, float]

#: With at most this many tiles down on a phone upright, each is drawn at least ``NEAR_HAND``
#: of a hand tile's length.
FEW = 4
NEAR_HAND = 0.8
#: Once this many tiles are down, the layout spans at least ``SPREAD`` of the felt's width
#: or height.
MANY = 8
SPREAD = 0.6


def _moved(a: Box, b: Box) -> float:
    return max(abs(a[k] - b[k]) for k in ("left", "top", "right", "bottom"))


def _union(boxes: list[Box]) -> Box:
    return {
        "left": min(b["left"] for b in boxes),
        "top": min(b["top"] for b in boxes),
        "right": max(b["right"] for b in boxes),
        "bottom": max(b["bottom"] for b in boxes),
    }


@dataclass
class Steady:
    """What a game's turns have shown so far: the felt's and the hand's places, the sizes."""

    upright_phone: bool
    felt: Box | None = None
    hand: Box | None = None
    shifted: float = 0.0  # the layout shifts' sum, outside a resize
    few: list[float] = field(default_factory=list)  # table tile / hand tile, few tiles down
    spread: list[float] = field(default_factory=list)  # the layout's share of the felt

    def look(self, page: Page, where: str, summary: bool) -> list[str]:
        """What moved since the last look, or is drawn too small, now."""
        seen: dict[str, Any] = page.evaluate(LOOK)
        found: list[str] = []
        counted = [s for s in seen["shifts"] if not (s["resize"] or s["input"])]
        if self.felt is not None:  # the first look comes after the page's start
            value = sum(s["value"] for s in counted)
            self.shifted += value
            if value > 0:
                moved = sorted({m for s in counted for m in s["moved"]})
                found.append(f"{where}: the page shifted by {value:.4f} (moved: {moved})")
            for name, before, now in (
                ("felt", self.felt, seen["felt"]),
                ("hand", self.hand, seen["hand"]),
            ):
                if before is not None and _moved(before, now) > 0.5:
                    found.append(f"{where}: the {name} moved from {before} to {now}")
        self.felt, self.hand = seen["felt"], seen["hand"]
        tiles: list[Box] = seen["tiles"]
        if summary or not tiles:
            return found
        hand = seen["handTile"]
        if self.upright_phone and len(tiles) <= FEW and hand:
            shortest = min(max(t["right"] - t["left"], t["bottom"] - t["top"]) for t in tiles)
            self.few.append(shortest / hand)
            if shortest < NEAR_HAND * hand:
                found.append(
                    f"{where}: a table tile is {shortest:.1f} px long with {len(tiles)} down, "
                    f"a hand tile {hand:.1f} px (at least {NEAR_HAND:.0%} of it)"
                )
        if len(tiles) >= MANY:
            layout, felt = _union(tiles), seen["drawing"]
            share = max(
                (layout["right"] - layout["left"]) / (felt["right"] - felt["left"]),
                (layout["bottom"] - layout["top"]) / (felt["bottom"] - felt["top"]),
            )
            self.spread.append(share)
            if share < SPREAD:
                found.append(
                    f"{where}: {len(tiles)} tiles span {share:.0%} of the felt's width or "
                    f"height (at least {SPREAD:.0%})"
                )
        return found

    def figures(self) -> str:
        """The game's measures, for the report."""
        few = f"{min(self.few):.2f}" if self.few else "-"
        spread = f"{min(self.spread):.2f}" if self.spread else "-"
        return f"shifts {self.shifted:.4f}, few tiles / hand tile >= {few}, spread >= {spread}"
