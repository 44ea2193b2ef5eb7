"""Is the game comfortable on a phone?  Whole games played as South, measured at every turn.

Builds the site into a temporary directory, serves it on 127.0.0.1 and drives Debian's
Chromium at each viewport (phones: ``is_mobile``, ``has_touch``, device scale factor 2)::

    .venv/bin/python benchmarks/phone.py [--games 1] [--seed 3] [--viewports 390x844,...]

At every turn of the person (South, playing a random legal move by tapping like a player;
the three bots are ``greedy`` at ``speed=instant``) it measures, with the page scrolled to
its top:

* the long side of every table tile and the width of every hand tile, in CSS px;
* the smaller side of every lit target's tap area (after choosing a tile with several);
* whether the hand and every table tile are *seen at once*: each one's centre is inside the
  viewport and ``document.elementFromPoint`` there is the tile itself (not a header, dialog,
  banner or bubble).  A turn where anything fails counts as "covered".

It prints one table row per viewport: turns measured, table tile long side (shortest over all
turns / median), hand tile width (shortest), target tap size (shortest), and turns covered.

``--longtasks`` then plays whole games at 390x844 with Chromium's CPU throttled 4x (CDP
``Emulation.setCPUThrottlingRate``) at speed ``fast`` (animations on), ``--runs`` times for
each of ``--long-seeds`` (each on a fresh page of a fresh profile, i.e. a first visit), and
prints per seed the longest main-thread task (``longtask`` entries) seen during moves (after
the first turn), over the runs, and how many tasks passed 50 ms. There South's moves are
bare touches at the tiles' and targets' centres (see ``press``), so that Playwright's checks
before a tap are not timed as the game's work.

Before the first tap the person looks at the table, as a person does (``--first-tap look``,
the default): the page has finished what a first visit does once (the service worker's
install, which hashes and stores the whole site and inflates the Python snapshot; on a real
first visit the first-game tour is open meanwhile) and then
``REACTION_MS`` pass. ``--first-tap at-once`` taps the moment the table is ready instead: a
worst case that shows what that once-per-visit background work costs the first move on
this machine's two cores.

Each row also says how the engine's warm-up went in each run (web/js/game/warm-engine.js: scratch
moves asked for while the person first looks at the table): ``done`` and the milliseconds it
took, or ``stopped`` by the first touch.

``--browser-arg`` passes one more flag to Chromium. ``--browser-arg=--js-flags=--liftoff-only``
turns V8's optimising WebAssembly tier off. Before the warm-up, on this two-core machine, the
first move's long tasks then disappeared (seeds 4, 8, 10, three runs each: no task over 50 ms
in 9 games, against 5 of 9 games with one of 54-286 ms without the flag): they were the page's
main thread waiting while V8 compiled Pyodide's hot functions on background threads, which
the warm-up now sets off before the first move.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from playwright.sync_api import Browser, Page, sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from seven_rocks.site.build import build
from seven_rocks.site.serve import serving
from tests.support.chromium import CHROMIUM, CHROMIUM_ARGS

VIEWPORTS = ("390x844", "360x740", "844x390", "740x360", "768x1024", "1920x1080")
PHONES = {"390x844", "360x740", "844x390", "740x360"}
#: Size targets on phones, in CSS pixels: (shortest, median) long side of a table tile.
TILE_TARGETS = {"390x844": (32, 40), "360x740": (30, 36), "844x390": (26, 32)}
HUMAN_TURN = "#board[data-human-turn]"
PLAYABLE = "[data-hand='0'] .hand-tile--playable"
SUMMARY = "dialog[data-round-summary][open] [data-next-round]"
GAME_OVER = "dialog[data-game-over][open]"
#: How long a person looks at a newly shown table before the first tap (about the quickest
#: a person sees a table, picks a tile and moves a finger): only with ``--first-tap look``.
REACTION_MS = 700

#: Runs in the page: sizes, and what is off screen or covered (``null`` when all is seen).
MEASURE = """() => {
  const problems = [];
  const describe = (el) => {
    if (!el) return "nothing";
    const owner = el.closest("dialog, header, .notice, .notices, .tour, [class]") ?? el;
    return `${owner.tagName.toLowerCase()}.${[...owner.classList].join(".")}`;
  };
  const seen = (el, rect, name) => {
    const x = rect.left + rect.width / 2;
    const y = rect.top + rect.height / 2;
    if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) {
      problems.push(`${name} off screen (${Math.round(x)}, ${Math.round(y)})`);
      return;
    }
    const top = document.elementFromPoint(x, y);
    if (!top || !el.contains(top)) problems.push(`${name} under ${describe(top)}`);
  };
  const table = [];
  for (const g of document.querySelectorAll("#table [data-tile]")) {
    const r = g.querySelector(".domino__body").getBoundingClientRect();
    table.push(Math.max(r.width, r.height));
    seen(g, r, `table ${g.dataset.tile}`);
  }
  const hand = [];
  for (const b of document.querySelectorAll("[data-hand='0'] [data-tile]")) {
    const r = b.getBoundingClientRect();
    hand.push(Math.min(r.width, r.height));
    seen(b, r, `hand ${b.dataset.tile}`);
  }
  return { table, hand, problems };
}"""

TARGETS = """() => [...document.querySelectorAll("[data-target] .target__hit")].map((el) => {
  const r = el.getBoundingClientRect();
  return Math.min(r.width, r.height);
})"""

#: How the engine's warm-up (web/js/game/warm-engine.js) ended, and how long it ran (ms).
WARM_UP = """() => {
  const at = (stage) => performance.getEntriesByName(`seven-rocks:warm-up-${stage}`)[0]?.startTime;
  const start = at("running");
  for (const stage of ["done", "stopped"]) {
    if (at(stage) != null) return `${stage} ${Math.round(at(stage) - start)}`;
  }
  return "running";
}"""

TO_TOP = """() => {
  scrollTo(0, 0);
  for (const el of document.querySelectorAll("main, .board")) el.scrollTop = 0;
}"""


@dataclass
class Sample:
    """What one viewport saw over its games."""

    turns: int = 0
    table: list[float] = field(default_factory=list)  # every tile, every turn
    table_min: list[float] = field(default_factory=list)  # the shortest tile of each turn
    hand: list[float] = field(default_factory=list)
    targets: list[float] = field(default_factory=list)
    covered: int = 0
    examples: list[str] = field(default_factory=list)


def new_page(browser: Browser, url: str, viewport: str) -> Page:
    width, height = map(int, viewport.split("x"))
    phone = viewport in PHONES
    context = browser.new_context(
        base_url=url,
        viewport={"width": width, "height": height},
        is_mobile=phone,
        has_touch=phone,
        device_scale_factor=2 if phone else 1,
    )
    return context.new_page()


def press(page: Page, selector: str, phone: bool, finger: bool = False) -> None:
    """Tap on a phone, click elsewhere (Playwright scrolls it into view if it must).

    ``finger``: a bare touch at the element's centre, as a person's finger lands. Playwright's
    own tap first checks, inside the page's animation frames, that the element is visible,
    stable and hit (forcing style and layout there): timing the page's main thread, that
    work would be counted as the game's.
    """
    if finger:
        box = page.locator(selector).first.bounding_box()
        assert box is not None, f"{selector} is not on screen"
        page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    elif phone:
        page.locator(selector).first.tap()
    else:
        page.locator(selector).first.click()


def wait_turn(page: Page, timeout: float = 60, finger: bool = False) -> str:
    """Wait for the person's turn ("turn"), dismissing round summaries, or the end ("over")."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if page.locator(GAME_OVER).count():
            return "over"
        if page.locator(SUMMARY).count():
            press(page, SUMMARY, phone=finger, finger=finger)
            continue
        if page.locator(HUMAN_TURN).count() and page.locator(PLAYABLE).count():
            return "turn"
        page.wait_for_timeout(30)
    raise AssertionError(f"no turn for South within {timeout} s")


def play_turn(
    page: Page, rng: random.Random, phone: bool, sample: Sample | None, finger: bool = False
) -> None:
    """Choose a random playable tile (measuring the lit targets if it has several), play it."""
    tiles = page.eval_on_selector_all(PLAYABLE, "els => els.map(e => e.dataset.tile)")
    tile = rng.choice(tiles)
    hand_before = page.locator("[data-hand='0'] [data-tile]").count()
    press(page, f"[data-hand='0'] [data-tile='{tile}']", phone, finger)
    page.wait_for_timeout(10)
    targets = page.eval_on_selector_all("[data-target]", "els => els.map(e => e.dataset.target)")
    if targets:
        if sample is not None:
            sample.targets += page.evaluate(TARGETS)
        press(page, f"[data-target='{rng.choice(targets)}']", phone, finger)
    deadline = time.monotonic() + 20
    while page.locator("[data-hand='0'] [data-tile]").count() == hand_before:
        if page.locator(GAME_OVER).count() or page.locator(SUMMARY).count():
            return
        assert time.monotonic() < deadline, f"{tile} was not played"
        page.wait_for_timeout(20)


def play_game(page: Page, seed: int, sample: Sample, phone: bool) -> None:
    page.goto(f"/?seats=human,greedy,greedy,greedy&seed={seed}&speed=instant")
    page.wait_for_selector("body[data-game='ready']", state="attached", timeout=120_000)
    rng = random.Random(seed)
    while wait_turn(page) == "turn":
        page.evaluate(TO_TOP)
        seen = page.evaluate(MEASURE)
        sample.turns += 1
        if seen["table"]:
            sample.table += seen["table"]
            sample.table_min.append(min(seen["table"]))
        sample.hand += seen["hand"]
        if seen["problems"]:
            sample.covered += 1
            if len(sample.examples) < 3:
                sample.examples.append("; ".join(seen["problems"][:3]))
        play_turn(page, rng, phone, sample)


def game_long_tasks(
    browser: Browser, url: str, seed: int, look: bool
) -> tuple[list[float], int, str]:
    """The durations (ms) of the main-thread ``longtask`` entries (each over 50 ms) during one
    game's moves at CPU 4x; the moves seen; and how the engine's warm-up went."""
    page = new_page(browser, url, "390x844")
    page.goto(f"/?seats=human,greedy,greedy,greedy&seed={seed}&speed=fast")
    page.wait_for_selector("body[data-game='ready']", state="attached", timeout=120_000)
    cdp = page.context.new_cdp_session(page)
    rng = random.Random(seed)
    wait_turn(page, 120)
    if look:
        page.wait_for_selector("body[data-offline='ready']", state="attached", timeout=120_000)
        page.wait_for_timeout(REACTION_MS)
    page.evaluate(
        """() => {
          window.__longtasks = [];
          new PerformanceObserver((list) => {
            for (const e of list.getEntries()) window.__longtasks.push(e.duration);
          }).observe({ type: "longtask" });
        }"""
    )
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": 4})
    moves = 0
    while moves < 40 and wait_turn(page, 240, finger=True) == "turn":
        play_turn(page, rng, True, None, finger=True)
        moves += 1
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": 1})
    tasks: list[float] = page.evaluate("window.__longtasks")
    warm_up = page.evaluate(WARM_UP)
    page.context.close()
    return tasks, moves, warm_up


def long_task_rows(browser: Browser, url: str, seeds: list[int], runs: int, look: bool) -> None:
    """Print, per seed, the longest task of each run and the tasks over 50 ms in all."""
    how = "after a look" if look else "at once"
    print(f"main thread during moves, 390x844, CPU 4x slower, first tap {how}; {runs} run(s)")
    print(
        f"{'seed':>5} {'moves':>6} {'longest task per run (ms)':>28} {'tasks > 50 ms':>14}"
        "  engine warm-up per run (ms)"
    )
    visits_over = 0
    for seed in seeds:
        longest: list[float] = []
        warm_ups: list[str] = []
        over = 0
        for _ in range(runs):
            tasks, moves, warm_up = game_long_tasks(browser, url, seed, look)
            longest.append(max(tasks, default=0.0))
            warm_ups.append(warm_up)
            over += sum(1 for t in tasks if t > 50)
            visits_over += any(t > 50 for t in tasks)
        shown = " ".join(f"{t:.0f}" if t else "-" for t in longest)
        print(f"{seed:>5} {moves:>6} {shown:>28} {over:>14}  {', '.join(warm_ups)}", flush=True)
    print(f"first visits with a task over 50 ms: {visits_over} of {len(seeds) * runs}")


def row(viewport: str, s: Sample) -> str:
    shortest = min(s.table_min, default=float("nan"))
    median = statistics.median(s.table) if s.table else float("nan")
    goal = TILE_TARGETS.get(viewport)
    goal_text = f"{goal[0]}/{goal[1]}" if goal else "-"
    return (
        f"{viewport:>10} {s.turns:>6} {shortest:>9.1f} {median:>8.1f} {goal_text:>7}"
        f" {min(s.hand, default=float('nan')):>6.1f} {min(s.targets, default=float('nan')):>7.1f}"
        f" {s.covered:>8}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=1, help="whole games per viewport")
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--viewports", default=",".join(VIEWPORTS))
    parser.add_argument("--longtasks", action="store_true", help="also time the main thread")
    parser.add_argument("--long-seeds", default="3,4,5,6", help="games timed with --longtasks")
    parser.add_argument("--runs", type=int, default=3, help="runs per seed with --longtasks")
    parser.add_argument(
        "--first-tap",
        choices=("look", "at-once"),
        default="look",
        help="with --longtasks: look at the table first (default) or tap the moment it is ready",
    )
    parser.add_argument(
        "--browser-arg",
        action="append",
        default=[],
        metavar="ARG",
        help="one more Chromium flag (repeatable), e.g. --browser-arg=--js-flags=--liftoff-only",
    )
    args = parser.parse_args()

    results: dict[str, Sample] = {}
    with tempfile.TemporaryDirectory() as tmp:
        site = build(Path(tmp) / "site")
        with serving(site, port=0) as url, sync_playwright() as pw:
            browser = pw.chromium.launch(
                executable_path=str(CHROMIUM), args=[*CHROMIUM_ARGS, *args.browser_arg]
            )
            for viewport in filter(None, args.viewports.split(",")):
                sample = results.setdefault(viewport, Sample())
                for game in range(args.games):
                    page = new_page(browser, url, viewport)
                    play_game(page, args.seed + game, sample, viewport in PHONES)
                    page.context.close()
                print(row(viewport, sample), file=sys.stderr, flush=True)
            if results:
                print_sizes(results, args.games, args.seed)
            if args.longtasks:
                seeds = [int(seed) for seed in args.long_seeds.split(",")]
                long_task_rows(browser, url, seeds, args.runs, args.first_tap == "look")
            browser.close()


def print_sizes(results: dict[str, Sample], games: int, seed: int) -> None:
    print(f"{games} game(s) per viewport from seed {seed}; sizes in CSS px")
    print(
        f"{'viewport':>10} {'turns':>6} {'tile min':>9} {'median':>8} {'goal':>7}"
        f" {'hand':>6} {'target':>7} {'covered':>8}"
    )
    for viewport, sample in results.items():
        print(row(viewport, sample))
    for viewport, sample in results.items():
        for example in sample.examples:
            print(f"  {viewport}: {example}")
    print(flush=True)


if __name__ == "__main__":
    main()
