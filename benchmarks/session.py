"""A long session in the browser: the page's memory as one tab plays game after game.

A phone may stay on the game all evening, so whatever a game leaves behind adds up. Builds
the site, serves it on 127.0.0.1 and drives Debian's Chromium as a 390x844 phone; South
plays its first legal tile each turn (from a script in the page, so that the benchmark
holds no element of its own), greedy bots the rest, and each new game starts from the game
over dialog, in the same page::

    .venv/bin/python benchmarks/session.py --games 12

After each game, and a garbage collection, it prints the page's JavaScript heap in use and
its DOM nodes (Chromium's ``Performance.getMetrics``); at the end the median growth per
game over the second half (the first games also fill caches and compile code).
"""

from __future__ import annotations

import argparse
import itertools
import statistics
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

from seven_rocks.site.build import build
from seven_rocks.site.serve import serving
from tests.support.chromium import CHROMIUM, CHROMIUM_ARGS

GAME = "?seed=3&speed=0&seats=human,greedy,greedy,greedy"
OVER = "dialog[data-game-over][open]"

#: One step of South's play, run in the page until a game is over: a lit place is taken,
#: else the first tile that can be played is picked; round summaries go on to the next round.
PLAY_ON = """(over) => {
  if (document.querySelector(over)) return true;
  const next = document.querySelector("dialog[data-round-summary][open] [data-next-round]");
  if (next) { next.click(); return false; }
  const target = document.querySelector("#table [data-target]");
  if (target) {
    for (const type of ["pointerdown", "pointerup"]) {
      target.dispatchEvent(new PointerEvent(type, { bubbles: true }));
    }
    target.dispatchEvent(new MouseEvent("click", { bubbles: true }));
    return false;
  }
  document.querySelector("#board[data-human-turn] [data-hand='0'] .hand-tile--playable")?.click();
  return false;
}"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=12)
    args = parser.parse_args()

    heap: list[float] = []
    with tempfile.TemporaryDirectory() as tmp:
        site = build(Path(tmp) / "site")
        with serving(site, port=0) as url, sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=list(CHROMIUM_ARGS))
            context = browser.new_context(
                viewport={"width": 390, "height": 844},
                is_mobile=True,
                has_touch=True,
                device_scale_factor=2,
                service_workers="block",
            )
            context.add_init_script("localStorage.setItem('seven-rocks:tour', 'seen')")
            page = context.new_page()
            cdp = context.new_cdp_session(page)
            cdp.send("Performance.enable")
            page.goto(url + GAME)
            page.locator("body[data-game='ready']").wait_for(state="attached", timeout=120_000)
            print("game  heap MB  DOM nodes")
            for game in range(1, args.games + 1):
                page.wait_for_function(PLAY_ON, arg=OVER, polling=50, timeout=300_000)
                cdp.send("HeapProfiler.collectGarbage")
                metrics = {
                    m["name"]: m["value"] for m in cdp.send("Performance.getMetrics")["metrics"]
                }
                heap.append(metrics["JSHeapUsedSize"] / 1e6)
                print(f"{game:4}  {heap[-1]:7.2f}  {metrics['Nodes']:9.0f}", flush=True)
                page.locator(f"{OVER} [data-action='new-game']").click()
                page.locator("dialog[open] [data-action='start']").click()
                page.locator(OVER).wait_for(state="detached")
            browser.close()
    later = heap[len(heap) // 2 :]
    growth = [b - a for a, b in itertools.pairwise(later)]
    if growth:
        print(
            f"median growth per game over games {len(heap) - len(later) + 1}-{len(heap)}: "
            f"{statistics.median(growth) * 1000:+.0f} KB"
        )


if __name__ == "__main__":
    main()
