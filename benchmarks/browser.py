"""The game in the browser: cold boot to a visible table and to a playable hand, bytes on the
wire, and how long each bot level takes to decide inside the Pyodide worker.

Builds the site into a temporary directory, serves it on 127.0.0.1 and drives Debian's
Chromium (fresh context per run: empty HTTP cache, no service worker, empty storage)::

    .venv/bin/python benchmarks/browser.py --runs 5 --moves 12

* boot to table: the page's own ``seven-rocks:table-visible`` mark (``web/app.js``, set once
  the first game is drawn), from navigation start;
* boot to playable: ``seven-rocks:playable`` (``web/js/shell/controller.js``, set the first time
  South may click a tile; the game uses ``?speed=0`` and a seed where bots open quickly);
* bytes: every response of the page and its worker (body + headers), as transferred;
* bot decision time: the worker's ``think_ms`` for each ``step`` of a game where all four
  seats are that level, the median over ``--moves`` moves per run and then over the runs;
  and, pooled over the runs, the median and 95th percentile of the decisions that had a
  choice (more than one legal move), which is what ``benchmarks/bots.py`` times in CPython.
  A CPython twin of the worker's session plays the same game alongside, to tell which
  moves had a choice and to check the browser made the very same move.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, Request, sync_playwright

from seven_rocks.app.session import Session
from seven_rocks.bots import BOTS
from seven_rocks.site.build import build
from seven_rocks.site.serve import serving
from tests.support.chromium import CHROMIUM, CHROMIUM_ARGS

SETTLED = "body[data-game='ready'], body[data-engine='error']"


def _mark(page: Page, name: str) -> float:
    value: float = page.evaluate(
        "(name) => performance.getEntriesByName(name)[0]?.startTime ?? NaN", name
    )
    return value


def _call(page: Page, method: str, params: dict[str, Any]) -> Any:
    return page.evaluate("([m, p]) => window.sevenRocks.engine.call(m, p)", [method, params])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--moves", type=int, default=12, help="bot moves timed per level and run")
    args = parser.parse_args()

    boots: list[tuple[float, float, int]] = []
    think: dict[str, list[float]] = {name: [] for name in BOTS}
    choices: dict[str, list[float]] = {name: [] for name in BOTS}
    with tempfile.TemporaryDirectory() as tmp:
        site = build(Path(tmp) / "site")
        with serving(site, port=0) as url, sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=list(CHROMIUM_ARGS))
            for run in range(args.runs):
                context = browser.new_context(service_workers="block")
                sizes: list[int] = []

                def finished(request: Request, sizes: list[int] = sizes) -> None:
                    info = request.sizes()
                    sizes.append(info["responseBodySize"] + info["responseHeadersSize"])

                context.on("requestfinished", finished)
                page = context.new_page()
                page.goto(url + "?seed=2&speed=0&seats=human,greedy,greedy,greedy")
                page.wait_for_selector(SETTLED, state="attached", timeout=120_000)
                page.wait_for_selector("#board[data-human-turn]", state="attached", timeout=60_000)
                table, playable = (
                    _mark(page, "seven-rocks:table-visible"),
                    _mark(page, "seven-rocks:playable"),
                )
                boots.append((table, playable, sum(sizes)))
                print(
                    f"run {run + 1}: table {table:7.0f} ms  playable {playable:7.0f} ms  "
                    f"{sum(sizes) / 1e6:6.2f} MB in {len(sizes)} requests"
                )
                for level in BOTS:
                    seed, bots = 100 + run, [level] * 4
                    snap = _call(page, "new_game", {"seed": seed, "bots": bots})
                    twin = Session()
                    twin.new_game(seed, list(bots))
                    times = []
                    for _ in range(args.moves):
                        if snap["over"]:
                            break
                        assert twin.game is not None
                        choice = len(twin.game.legal_moves()) > 1
                        snap = _call(page, "step", {})
                        if snap["last"] != twin.step()["last"]:
                            raise SystemExit(f"the browser's {level} left its CPython twin")
                        times.append(snap["think_ms"])
                        if choice:
                            choices[level].append(snap["think_ms"])
                    think[level].append(statistics.median(times))
                context.close()
            browser.close()

    print()
    print(f"boot to table   : {statistics.median(b[0] for b in boots):7.0f} ms (median)")
    print(f"boot to playable: {statistics.median(b[1] for b in boots):7.0f} ms (median)")
    print(f"bytes           : {statistics.median(b[2] for b in boots) / 1e6:7.2f} MB (median)")
    for level, values in think.items():
        print(f"bot {level:<8}    : {statistics.median(values):7.1f} ms per move (median)", end="")
        chosen = choices[level]
        if len(chosen) >= 2:
            p95 = statistics.quantiles(chosen, n=20)[-1]
            print(
                f"; with a choice {statistics.median(chosen):7.1f} ms median, "
                f"{p95:7.1f} ms p95 ({len(chosen)} decisions)",
                end="",
            )
        print()


if __name__ == "__main__":
    main()
