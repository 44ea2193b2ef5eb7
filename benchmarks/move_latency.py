"""Measure how soon a friend's move shows, across phones with no server, inside a private
network: from the tap's message leaving the guest's page to the table drawn with that move
on the same guest's screen, every step of the way in between (the host's engine checks and
plays it, makes each phone's view, sends it back; the guest's page draws it).

The host's own screen, and every other guest's, show the move before the mover's own
confirmation comes back, so this is an upper bound of "a move shows on the other phones".
Builds the site (or takes ``--site DIR``), serves it and starts Debian's Chromium inside a
network namespace of its own (``tests.support.webrtc_netns``), then plays whole rounds with
a host at South, a guest at North and two bots at speed instant, each person playing their
first playable tile::

    .venv/bin/python benchmarks/move_latency.py                 # 3 rounds
    .venv/bin/python benchmarks/move_latency.py --rounds 10 --site /tmp/site

Times are from the guest page's own clock; medians and 95th percentiles are printed.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

from tests.e2e.test_play_together import host_game, join, play_round
from tests.support.webrtc_netns import WebRtcNetwork, network_serving

#: In the guest's page: when each move leaves, when each snapshot arrives, when the table
#: is drawn (``seven-rocks:rendered``), all on the page's clock, in ``window.__latency``.
RECORD = """(() => {
  const seen = { moves: [], snaps: [], draws: [] };
  window.__latency = seen;
  document.addEventListener("seven-rocks:rendered", () => seen.draws.push(performance.now()));
  const make = RTCPeerConnection.prototype.createDataChannel;
  RTCPeerConnection.prototype.createDataChannel = function (...args) {
    const channel = make.apply(this, args);
    const send = channel.send.bind(channel);
    channel.send = (data) => {
      const move = typeof data === "string" && data.includes('"t":"move"');
      if (move) seen.moves.push(performance.now());
      return send(data);
    };
    channel.addEventListener("message", (event) => {
      if (String(event.data).includes('"t":"snap"')) seen.snaps.push(performance.now());
    });
    return channel;
  };
})()"""


def p95(values: list[float]) -> float:
    """The 95th percentile (nearest rank)."""
    ordered = sorted(values)
    return ordered[max(0, round(0.95 * len(ordered) + 0.5) - 1)]


def latencies(seen: dict[str, list[float]]) -> list[float]:
    """For each move sent: the time to the first drawing after the next snapshot came."""
    found = []
    for sent in seen["moves"]:
        snap = next((t for t in seen["snaps"] if t > sent), None)
        drawn = next((t for t in seen["draws"] if snap is not None and t >= snap), None)
        if drawn is not None:
            found.append(drawn - sent)
    return found


def run(network: WebRtcNetwork, rounds: int) -> list[float]:
    values: list[float] = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(**network.launch_args())
        for index in range(rounds):
            phone = {"is_mobile": True, "has_touch": True, "device_scale_factor": 2}
            size = {"viewport": {"width": 390, "height": 844}}
            host = host_game(
                browser.new_context(base_url=network.url, **size, **phone),  # type: ignore[arg-type]
                "human,greedy,remote,greedy",
                seed=100 + index,
            )
            guest_context = browser.new_context(base_url=network.url, **size, **phone)  # type: ignore[arg-type]
            guest_context.add_init_script(RECORD)
            guest = join(host, guest_context, 2)
            play_round({0: host, 2: guest})
            found = latencies(guest.evaluate("() => window.__latency"))
            print(f"round {index + 1}/{rounds}: {len(found)} moves", file=sys.stderr, flush=True)
            values += found
            host.context.close()
            guest_context.close()
        browser.close()
    return values


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=3, help="whole rounds to play")
    parser.add_argument("--site", type=Path, help="a built site to serve (default: build one)")
    args = parser.parse_args()
    with network_serving(args.site) as network:
        values = run(network, args.rounds)
    if not values:
        sys.exit("no move was measured")
    median, high = statistics.median(values), p95(values)
    print(f"a guest's move, sent → drawn on its phone ({len(values)} moves, ms)")
    print(f"  median {median:7.1f}   p95 {high:7.1f}   max {max(values):7.1f}")


if __name__ == "__main__":
    main()
