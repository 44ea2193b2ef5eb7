"""What a player sees, read from the screen and held against what the engine sent.

The table is a picture: a badge drawn on the wrong tile, or a move line cut mid-word, is
there in the DOM all the same, with the right numbers in the right attributes. So this
check does not ask the renderer what it meant to draw. It records every snapshot the worker
sends (an init script wraps ``window.sevenRocks.engine.call`` before the page's modules
run), and once nothing animates it reads where each tile, each counted end's badge and
each lit place *is* on the screen (``getBoundingClientRect``), fits the one scale and offset
that carries the worker's table units onto those pixels (from the tiles alone), and holds
every drawn thing against the worker's coordinates through that fit.

The computer players wait at a gate while the check looks (the wrapped ``step`` call), so
every turn of a game is seen as a player would see it, with the previous move's animations
run out.
"""

from __future__ import annotations

import math
import re
import statistics
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from playwright.sync_api import Page
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from .playing import POLL_MS, poll

#: Installed before the page's modules: records the worker's snapshots (with the attach points
#: played on in the round so far, ``__drawn.round``, and each seat's latest tile while it has
#: not moved again, ``__drawn.bySeat``) and, while
#: ``__drawn.gated``, holds each computer player's move until the test releases it.
RECORDER = """(() => {
  const drawn = { snap: null, gated: true, waiting: null, busy: 0, replies: {} };
  drawn.round = [];
  drawn.bySeat = {};
  drawn.log = []; // the latest calls and draws, for the report of a fault
  // Each snapshot the worker sends is numbered; a draw records the latest number it drew
  // after, so the page is drawn up to date only when the two agree.
  drawn.sent = 0;
  drawn.shown = 0;
  document.addEventListener("seven-rocks:rendered", () => {
    drawn.shown = drawn.sent;
    drawn.log = [...drawn.log.slice(-11), `draw ${Math.round(performance.now())}`];
  });
  window.__drawn = drawn;
  let value;
  Object.defineProperty(window, "sevenRocks", {
    configurable: true,
    get() { return value; },
    set(next) {
      value = next;
      const engine = next?.engine;
      if (!engine || engine.__drawn) return;
      const call = engine.call.bind(engine);
      engine.__drawn = true;
      engine.call = async (method, params) => {
        drawn.log = [...drawn.log.slice(-11), `${method} ${Math.round(performance.now())}`];
        if (method === "step" && drawn.gated) {
          await new Promise((release) => { drawn.waiting = release; });
        }
        // A call under way (a save aside, which changes nothing on screen) means the page
        // is about to change: it is not still.
        const counts = method !== "save";
        if (counts) drawn.busy += 1;
        let reply;
        try {
          reply = await call(method, params);
        } finally {
          if (counts) drawn.busy -= 1;
          drawn.replies[method] = (drawn.replies[method] ?? 0) + 1;
        }
        if (reply && typeof reply === "object" && reply.table) {
          drawn.snap = reply;
          drawn.sent += 1;
          for (const event of reply.events ?? []) {
            if (event.type === "round_started") { drawn.round = []; drawn.bySeat = {}; }
            if (event.type === "placed" && event.at) drawn.round.push(event.at);
            if (event.type === "placed") drawn.bySeat[event.seat] = event.tile;
            if (event.type === "passed") delete drawn.bySeat[event.seat];
          }
        }
        return reply;
      };
    },
  });
})();"""

#: Resolves to whether nothing moves on the page, after two animation frames (so a draw the
#: controller asked for has been made); animations that never end (a thinking pulse) do not
#: count as moving.
QUIET = """async () => {
  await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  return !document.getAnimations().some((a) => {
    if (a.playState !== "running" && a.playState !== "pending") return false;
    return a.effect?.getComputedTiming?.().iterations !== Infinity;
  });
}"""

#: What the page shows once it is still: "bot" (a computer player waits at the gate),
#: "human" (South may play), "summary", "over", or null (none of these yet).
SHOWS = """() => {
  if (document.querySelector("dialog[data-game-over][open]")) return "over";
  if (document.querySelector("dialog[data-round-summary][open]")) return "summary";
  if (window.__drawn.busy || window.__drawn.shown !== window.__drawn.sent) return null;
  if (window.__drawn.waiting) return "bot";
  const playable = "#board[data-human-turn] [data-hand='0'] .hand-tile--playable";
  if (document.querySelector(playable)) return "human";
  return null;
}"""

#: Let the computer player at the gate move.
RELEASE = """() => { const go = window.__drawn.waiting; window.__drawn.waiting = null; go?.(); }"""

#: Positions on the screen of what the table and the lines under it show.
MEASURE = """() => {
  const box = (el) => {
    const b = el.getBoundingClientRect();
    return { left: b.left, top: b.top, right: b.right, bottom: b.bottom };
  };
  const svg = document.querySelector("#table");
  const tiles = {};
  const marks = {};
  const root = getComputedStyle(document.documentElement);
  const teams = [0, 1].map((team) => {
    const probe = document.createElementNS("http://www.w3.org/2000/svg", "rect");
    probe.style.stroke = root.getPropertyValue(`--team${team}`);
    svg.append(probe);
    const colour = getComputedStyle(probe).stroke;
    probe.remove();
    return colour;
  });
  for (const el of svg.querySelectorAll("[data-tiles] [data-tile]")) {
    tiles[el.dataset.tile] = box(el.querySelector(".domino__body"));
    const mark = el.querySelector(".domino__by");
    const style = mark && getComputedStyle(mark);
    if (style && style.display !== "none" && style.visibility !== "hidden") {
      marks[el.dataset.tile] = { team: teams.indexOf(style.stroke), box: box(mark) };
    }
  }
  const ends = [...svg.querySelectorAll("[data-marks] [data-end]")].map((el) => ({
    end: el.dataset.end,
    value: Number(el.querySelector(".end__value")?.dataset.value),
    disc: box(el.querySelector(".end__disc")),
  }));
  const targets = [...svg.querySelectorAll("[data-marks] [data-target]")].map((el) => ({
    point: el.dataset.target,
    box: box(el.querySelector(".target__box")),
  }));
  const line = document.querySelector("#announce li:last-child");
  const shown = (el) => {
    if (!el) return null;
    const style = getComputedStyle(el);
    let clip = null; // the nearest box that cuts what overflows it
    for (let up = el.parentElement; up; up = up.parentElement) {
      const s = getComputedStyle(up);
      if (s.overflowX !== "visible" || s.overflowY !== "visible") { clip = box(up); break; }
    }
    return {
      text: el.textContent, rect: box(el), clip,
      scrollWidth: el.scrollWidth, clientWidth: el.clientWidth,
      scrollHeight: el.scrollHeight, clientHeight: el.clientHeight,
      lineHeight: parseFloat(style.lineHeight) || parseFloat(style.fontSize) * 1.2,
      visible: style.display !== "none" && style.visibility !== "hidden",
    };
  };
  return {
    felt: box(svg.parentElement),
    viewport: { left: 0, top: 0, right: innerWidth, bottom: innerHeight },
    tiles, ends, targets, marks,
    revealed: [...document.querySelectorAll("dialog[open] .mini-tile svg")].map(box),
    line: shown(line),
    sum: document.querySelector("#sum")?.textContent ?? "",
    summary: Boolean(document.querySelector("dialog[data-round-summary][open]")),
    // For the report of a fault: what was animating, and whether the page meant to.
    context: {
      motion: document.documentElement.dataset.motion ?? "",
      calls: window.__drawn?.log ?? [],
      now: Math.round(performance.now()),
      animate: document.querySelector("#board")?.classList.contains("board--animate") ?? null,
      animations: document.getAnimations().map((a) => {
        const el = a.effect?.target;
        const name = el?.dataset?.tile ?? el?.getAttribute?.("class") ?? el?.tagName ?? "?";
        return `${a.constructor.name} ${a.animationName ?? ""} on ${name}: ${a.playState}`;
      }),
    },
  };
}"""

#: What a person must see at once at their turn, without scrolling: each table and hand
#: tile's centre on screen with that tile itself drawn there (not a header, dialog, banner or
#: bubble over it), and the sizes that make tiles readable and tappable.
IN_SIGHT = """() => {
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


Box = dict[str, float]

#: The smallest a hand tile and a lit place may be to tap (CSS px): a finger's width, a
#: little less on a phone on its side, where the height is short.
TAP = 44
TAP_ON_ITS_SIDE = 36


@dataclass
class Sizes:
    """What a game's turns measured, for the floors a whole game must keep."""

    table: list[float] = field(default_factory=list)  # every table tile's long side
    shortest: list[float] = field(default_factory=list)  # each turn's shortest table tile
    hand: list[float] = field(default_factory=list)  # every hand tile's short side
    targets: list[float] = field(default_factory=list)  # every lit place's short side

    def floors(self, on_its_side: bool, tiles: tuple[float, float] | None) -> list[str]:
        """The sizes below their floors: the tap targets, and the table tiles' shortest and
        median long side when ``tiles`` gives them."""
        tap = TAP_ON_ITS_SIDE if on_its_side else TAP
        found = []
        if not self.targets:
            found.append("no tile with several places came up")
        for name, sizes in (("hand tile", self.hand), ("lit place", self.targets)):
            if sizes and min(sizes) < tap:
                found.append(f"a {name} is {min(sizes):.1f} px to tap (at least {tap})")
        if tiles and self.shortest:
            floor, middle = tiles
            if min(self.shortest) < floor:
                found.append(f"a table tile was {min(self.shortest):.1f} px long (floor {floor})")
            if statistics.median(self.table) < middle:
                found.append(f"the median table tile was {statistics.median(self.table):.1f} px")
        return found


def in_sight(page: Page, sizes: Sizes) -> list[str]:
    """What the person cannot see at once at their turn (see :data:`IN_SIGHT`), and the
    table's numbers drawn as anything but strokes; adds the turn's sizes to ``sizes``."""
    seen: dict[str, Any] = page.evaluate(IN_SIGHT)
    found = list(seen["problems"])
    # The table's numbers are strokes (digits.js): SVG text would be laid out again at
    # every re-fit, the longest work of a move's frame on a slow phone.
    if page.locator("#table text").count():
        found.append("text on the table")
    ends = page.locator("#table [data-end]").count()
    valued = page.locator("#table [data-end] .end__value[data-value]").count()
    if valued != ends:
        found.append(f"{ends - valued} of {ends} ends drawn without their value")
    sizes.table += seen["table"]
    if seen["table"]:
        sizes.shortest.append(min(seen["table"]))
    sizes.hand += seen["hand"]
    return found


def centre(box: Box) -> tuple[float, float]:
    return ((box["left"] + box["right"]) / 2, (box["top"] + box["bottom"]) / 2)


def inside(box: Box, frame: Box, slack: float = 1.0) -> bool:
    return (
        box["left"] >= frame["left"] - slack
        and box["top"] >= frame["top"] - slack
        and box["right"] <= frame["right"] + slack
        and box["bottom"] <= frame["bottom"] + slack
    )


def covers(disc: Box, body: Box) -> bool:
    """Does a round badge (its box) lie over a tile's body by more than a hair? The
    circle's nearest point to the body's box, not its corners, decides."""
    cx, cy = centre(disc)
    radius = (disc["right"] - disc["left"]) / 2
    nx = min(max(cx, body["left"]), body["right"])
    ny = min(max(cy, body["top"]), body["bottom"])
    return math.hypot(cx - nx, cy - ny) < radius - 1.5


@dataclass(frozen=True)
class Fit:
    """Screen px = ``scale`` x table units + ``offset``: what the tiles on the screen say."""

    scale: float
    dx: float
    dy: float

    def screen(self, x: float, y: float) -> tuple[float, float]:
        return (self.scale * x + self.dx, self.scale * y + self.dy)


#: A tile's body is 1.94 x 0.94 units (tiles.js draws it so; the geometry's tile is 2 x 1).
BODY_LONG = 1.94
BODY_SHORT = 0.94
END_RADIUS = 0.36


def fit_tiles(tiles: list[dict[str, Any]], drawn: dict[str, Box]) -> Fit:
    """The scale and offset carrying the worker's tile centres onto the drawn ones (least
    squares; from one tile, its body's length gives the scale)."""
    points = [(t["x"], t["y"]) for t in tiles]
    seen = [centre(drawn[t["tile"]]) for t in tiles]
    n = len(points)
    mx = sum(p[0] for p in points) / n
    my = sum(p[1] for p in points) / n
    cx = sum(c[0] for c in seen) / n
    cy = sum(c[1] for c in seen) / n
    spread = sum((p[0] - mx) ** 2 + (p[1] - my) ** 2 for p in points)
    if spread > 1e-9:
        scale = (
            sum(
                (p[0] - mx) * (c[0] - cx) + (p[1] - my) * (c[1] - cy)
                for p, c in zip(points, seen, strict=True)
            )
            / spread
        )
    else:
        body = drawn[tiles[0]["tile"]]
        scale = max(body["right"] - body["left"], body["bottom"] - body["top"]) / BODY_LONG
    return Fit(scale, cx - scale * mx, cy - scale * my)


def table_of(snap: dict[str, Any], under_summary: bool) -> dict[str, Any]:
    """The table the page must show: the finished one under a round summary."""
    if under_summary and snap.get("previous_table"):
        return dict(snap["previous_table"])
    return dict(snap["table"])


def end_key(end: dict[str, Any]) -> str:
    return f"{end['tile']}:{end['side'] or 'double'}"


SUM_LINE = re.compile(r"^\s*([\d\s+]+?)\s*=\s*(\d+)")


def problems_in(
    seen: dict[str, Any],
    snap: dict[str, Any],
    lit_for: str | None = None,
    by_seat: dict[int, str] | None = None,
) -> list[str]:
    """Everything the screen shows differently from the worker's snapshot ``snap`` (and
    ``by_seat``, each seat's latest tile while it has not moved again)."""
    found: list[str] = []
    table = table_of(snap, seen["summary"])
    tiles = table.get("tiles") or []
    drawn: dict[str, Box] = seen["tiles"]
    names = {t["tile"] for t in tiles}
    if names != set(drawn):
        found.append(f"tiles drawn {sorted(drawn)} but the worker laid {sorted(names)}")
        return found
    if not tiles:
        return found
    fit = fit_tiles(tiles, drawn)
    if not fit.scale > 4:
        return [f"the table is drawn at {fit.scale:.1f} px a unit"]
    near = max(1.5, 0.06 * fit.scale)  # px: a hair, at any zoom
    for t in tiles:
        body = drawn[t["tile"]]
        found += _at(f"tile {t['tile']}", body, t, fit, near, seen["felt"])
        width, height = body["right"] - body["left"], body["bottom"] - body["top"]
        across = t["angle"] % 180 == 90
        long_, short = (height, width) if across else (width, height)
        if abs(long_ - BODY_LONG * fit.scale) > near or abs(short - BODY_SHORT * fit.scale) > near:
            found.append(
                f"tile {t['tile']} drawn {width:.0f}x{height:.0f} px, "
                f"turned {t['angle']} it is {BODY_LONG * fit.scale:.0f} px long"
            )
    found += _ends(seen, table, fit, near)
    found += _targets(seen, snap, table, fit, near, lit_for)
    found += _sum(seen, table)
    found += _line(seen)
    found += _revealed(seen)
    if by_seat is not None:
        found += _marks(seen, {} if seen["summary"] else by_seat)
    return found


#: The shortest a revealed hand's tile may be drawn (CSS px along its length).
REVEALED_PX = 32


def _revealed(seen: dict[str, Any]) -> list[str]:
    """Hands revealed in a dialog (a round's summary) are drawn large enough to read."""
    lengths = [max(b["right"] - b["left"], b["bottom"] - b["top"]) for b in seen["revealed"]]
    short = [length for length in lengths if length < REVEALED_PX]
    return [f"revealed tiles {min(short):.0f} px long"] if short else []


def _marks(seen: dict[str, Any], by_seat: dict[int, str]) -> list[str]:
    """Each seat's latest tile is outlined in its team's colour, and no other tile is."""
    wanted = {tile: seat % 2 for seat, tile in by_seat.items()}
    marked = {tile: mark["team"] for tile, mark in seen["marks"].items()}
    if marked == wanted:
        return []
    return [f"tiles outlined for their teams {marked}, the seats' latest tiles {wanted}"]


def _at(what: str, box: Box, where: dict[str, Any], fit: Fit, near: float, felt: Box) -> list[str]:
    """``what``, drawn in ``box``, is where the worker put it (``where``'s x and y) and on
    the felt."""
    x, y = fit.screen(where["x"], where["y"])
    cx, cy = centre(box)
    found = []
    if math.hypot(cx - x, cy - y) > near:
        found.append(
            f"{what} is drawn at ({cx:.0f}, {cy:.0f}) px, "
            f"the worker's ({where['x']}, {where['y']}) is at ({x:.0f}, {y:.0f})"
        )
    if not inside(box, felt):
        found.append(f"{what} reaches outside the felt: {box} not in {felt}")
    return found


def _ends(seen: dict[str, Any], table: dict[str, Any], fit: Fit, near: float) -> list[str]:
    found: list[str] = []
    ends = {end_key(e): e for e in table.get("ends") or []}
    badges = {b["end"]: b for b in seen["ends"]}
    if set(ends) != set(badges):
        found.append(f"badges on {sorted(badges)} but the counted ends are {sorted(ends)}")
    for key, end in ends.items():
        badge = badges.get(key)
        if badge is None:
            continue
        found += _at(f"the badge of end {key}", badge["disc"], end, fit, near, seen["felt"])
        if badge["value"] != end["value"]:
            found.append(
                f"the badge of end {key} reads {badge['value']}, the end is {end['value']}"
            )
    for badge in seen["ends"]:
        for tile, body in seen["tiles"].items():
            if covers(badge["disc"], body):
                found.append(f"the badge of end {badge['end']} lies over tile {tile}")
    discs = [(b["end"], centre(b["disc"])) for b in seen["ends"]]
    radius = END_RADIUS * fit.scale
    for i, (a, pa) in enumerate(discs):
        for b, pb in discs[i + 1 :]:
            if math.dist(pa, pb) < 2 * radius - 1:
                found.append(f"the badges of {a} and {b} overlap")
    return found


def _targets(
    seen: dict[str, Any],
    snap: dict[str, Any],
    table: dict[str, Any],
    fit: Fit,
    near: float,
    lit_for: str | None,
) -> list[str]:
    found: list[str] = []
    points = {p["point"]: p for p in table.get("points") or []}
    lit = {t["point"]: t for t in seen["targets"]}
    if lit_for is not None:
        wanted = set((snap.get("legal") or {}).get(lit_for) or [])
        if set(lit) != wanted:
            found.append(f"{lit_for} lights {sorted(lit)}, it may go to {sorted(wanted)}")
    for name, target in lit.items():
        point = points.get(name)
        if point is None:
            found.append(f"a place {name} is lit that the worker does not have")
            continue
        found += _at(f"the lit place {name}", target["box"], point, fit, near, seen["felt"])
    return found


def _sum(seen: dict[str, Any], table: dict[str, Any]) -> list[str]:
    """The banner's sum is the ends on the table: the same numbers, the same total."""
    match = SUM_LINE.match(seen["sum"].replace("\u2212", "-"))
    if not match:
        return []
    addends = Counter(int(n) for n in match.group(1).split("+") if n.strip())
    values = Counter(int(e["value"]) for e in table.get("ends") or [])
    found = []
    if addends != values:
        found.append(f"the banner adds {seen['sum']!r}, the ends are {sorted(values.elements())}")
    if int(match.group(2)) != table.get("sum"):
        found.append(f"the banner's total {match.group(2)} is not the table's {table.get('sum')}")
    return found


def _line(seen: dict[str, Any]) -> list[str]:
    """The line that tells the last move shows whole: not cut, at most two lines, on screen."""
    line = seen["line"]
    if line is None or not line["visible"] or not line["text"].strip():
        return []
    found = []
    wide = line["scrollWidth"] > line["clientWidth"] + 1
    if wide or line["scrollHeight"] > line["clientHeight"] + 1:
        found.append(f"the move line is cut: {line['text']!r}")
    height = line["rect"]["bottom"] - line["rect"]["top"]
    if height > 2.3 * line["lineHeight"]:
        lines = height / line["lineHeight"]
        found.append(f"the move line takes {lines:.1f} lines: {line['text']!r}")
    for frame in (line["clip"], seen["viewport"]):
        if frame and not inside(line["rect"], frame):
            found.append(f"the move line is drawn outside its box: {line['text']!r}")
            break
    return found


def wait_quiet(page: Page, timeout: float = 30) -> None:
    """Wait until nothing animates on the page (see :data:`QUIET`)."""
    poll(page, QUIET, timeout=timeout, what="the page never came to rest")


def wait_still(page: Page, timeout: float = 60) -> str:
    """Wait until the page is still and say what it shows (see :data:`SHOWS`): no call
    under way, every snapshot sent drawn, and then nothing animating."""
    deadline = time.monotonic() + timeout
    while True:
        left = deadline - time.monotonic()
        if left <= 0:
            raise AssertionError("the page never came to rest")
        try:
            shown = page.wait_for_function(SHOWS, polling=POLL_MS, timeout=left * 1000)
        except PlaywrightTimeout:
            raise AssertionError("the page never came to rest") from None
        state = shown.json_value()
        wait_quiet(page, max(deadline - time.monotonic(), 0.1))
        if page.evaluate(SHOWS) == state:
            return str(state)


def look(page: Page, where: str, lit_for: str | None = None) -> list[str]:
    """What the screen shows wrongly now, each fault prefixed with ``where`` (and, after
    the faults, what was animating then)."""
    seen = page.evaluate(MEASURE)
    snap = page.evaluate("window.__drawn.snap")
    by_seat = {int(seat): tile for seat, tile in page.evaluate("window.__drawn.bySeat").items()}
    found = [f"{where}: {p}" for p in problems_in(seen, snap, lit_for, by_seat)]
    if found:
        found.append(f"{where}: (the page then: {seen['context']})")
    return found
