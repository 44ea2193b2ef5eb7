"""The coach in the browser: a whole game's review inside the Pyodide worker, as the page
runs it (``review_start`` then ``review_step`` slices until finished), per search level.

Builds the site into a temporary directory, serves it on 127.0.0.1 and drives Debian's
Chromium; the games are played in CPython by four expert bots to 250 (seeds S, S+1, ...),
as ``benchmarks/review.py`` plays them, and each is sent to the worker as a record::

    .venv/bin/python benchmarks/review_browser.py --games 5 --levels quick,brisk

Prints, per level, the median and the slowest whole-game review (wall time measured in the
page, from the first request to the finished reply), the longest single request (how long
a move of the game could wait behind a slice), and the time to open the review again from
the record's cache. The target: a whole game's review in at most 10 s in the browser.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from playwright.sync_api import sync_playwright

from seven_rocks.app.review.model import REVIEW_BUDGET
from seven_rocks.engine.record import to_record
from seven_rocks.site.build import build
from seven_rocks.site.serve import serving
from tests.support.chromium import CHROMIUM, CHROMIUM_ARGS

sys.path.insert(0, str(Path(__file__).resolve().parent))
from review import expert_game  # the same games the CPython benchmark reviews

SETTLED = "body[data-game='ready'], body[data-engine='error']"

#: The page's review loop (web/js/coach/review.js runs the same requests), timed in the page.
REVIEW = """async ([record, seat, level, slice]) => {
  const engine = window.sevenRocks.engine;
  let longest = 0;
  const ask = async (method, params) => {
    const began = performance.now();
    const reply = await engine.call(method, params);
    longest = Math.max(longest, performance.now() - began);
    return reply;
  };
  const t0 = performance.now();
  let reply = await ask("review_start", { seat, record, level, budget_ms: slice });
  let requests = 1;
  while (!reply.finished) {
    reply = await ask("review_step", { budget_ms: slice });
    requests += 1;
  }
  const ms = performance.now() - t0;
  const slowest = longest;
  const t1 = performance.now();
  const again = await engine.call("review_start", {
    seat, record: { ...record, reviews: reply.reviews }, level, budget_ms: slice,
  });
  const cachedMs = performance.now() - t1;
  return { ms, requests, slowest, searched: reply.searched, total: reply.total,
           cachedMs, cachedSearched: again.searched, cachedFinished: again.finished };
}"""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=5)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--levels", default="quick,brisk")
    parser.add_argument("--seat", type=int, default=0)
    parser.add_argument(
        "--slice-ms", type=float, default=REVIEW_BUDGET * 1000, help="budget of one request"
    )
    args = parser.parse_args(argv)
    records = [to_record(expert_game(args.seed + k)) for k in range(args.games)]
    results: dict[str, list[dict[str, Any]]] = {level: [] for level in args.levels.split(",")}
    with tempfile.TemporaryDirectory() as tmp:
        site = build(Path(tmp) / "site")
        with serving(site, port=0) as url, sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=list(CHROMIUM_ARGS))
            page = browser.new_context(service_workers="block").new_page()
            page.goto(url + "?seed=2&speed=0&seats=human,greedy,greedy,greedy")
            page.wait_for_selector(SETTLED, state="attached", timeout=120_000)
            for level, found in results.items():
                for k, record in enumerate(records):
                    run: dict[str, Any] = page.evaluate(
                        REVIEW, [record, args.seat, level, args.slice_ms]
                    )
                    assert run["total"] > 0
                    found.append(run)
                    print(
                        f"{level:<8} game {args.seed + k}: {run['ms'] / 1000:6.2f} s "
                        f"({run['total']} moves, {run['searched']} searched, "
                        f"{run['requests']} requests, longest {run['slowest']:.0f} ms), "
                        f"cached {run['cachedMs']:.0f} ms"
                    )
            browser.close()
    print()
    print(
        f"{'level':<8} {'game median s':>13} {'max s':>7} {'longest request ms':>18} "
        f"{'cached open ms':>14}"
    )
    for level, found in results.items():
        print(
            f"{level:<8} {statistics.median(r['ms'] for r in found) / 1000:13.2f} "
            f"{max(r['ms'] for r in found) / 1000:7.2f} "
            f"{max(r['slowest'] for r in found):18.0f} "
            f"{statistics.median(r['cachedMs'] for r in found):14.0f}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
