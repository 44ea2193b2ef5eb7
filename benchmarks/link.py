"""Measure the link between two phones' pages: how long connecting takes, and a message's
round trip once connected, with no server, inside a private network.

Builds the site (or takes ``--site DIR``, a build to reuse), serves it and starts Debian's
Chromium inside a network namespace of its own (``tests.support.webrtc_netns``: two veth
addresses, nothing leaves it), then for each run opens a host page and a guest page in two
fresh contexts, as two phones::

    .venv/bin/python benchmarks/link.py               # 10 connections, 300 messages each way
    .venv/bin/python benchmarks/link.py --runs 20 --messages 500 --site /tmp/site

Times, each from the page's own clock (``performance.timeOrigin + performance.now()``, the
same machine for both pages):

* *invitation*: from asking the host's page for an invitation to its link on screen (the
  offer made and its ICE gathering complete);
* *reply*: from the guest opening the invitation link to its reply code on screen (the
  page loaded, the answer made and gathered);
* *connect*: from the host taking the reply to the data channel open on the host;
* *total*: the three together: invite → connected, without the people's own time;
* *round trip*: a text sent by the host, echoed by the guest's page, back on the host
  (small: a move's size; large: 4 KB, a whole table's view); a move shows on the other
  phone after about half of it.

And the guest's bytes: its page is opened through a counting relay in front of the server
(``tests.support.counting_relay``, an origin of its own: a first visit each run), which adds
up what leaves the server for it, compressed as it travels, from opening the invitation link
until it is connected and its service worker has kept the page for offline play.

Medians and 95th percentiles are printed, with the codes' lengths.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import Browser, Page, sync_playwright

from tests.support.counting_relay import CountingRelay
from tests.support.webrtc_netns import WebRtcNetwork, network_serving

NOW = "() => performance.timeOrigin + performance.now()"
CARD = '[data-invite][data-seat="2"]'
TIMEOUT_MS = 60_000


def p95(values: list[float]) -> float:
    """The 95th percentile (nearest rank)."""
    ordered = sorted(values)
    return ordered[max(0, round(0.95 * len(ordered) + 0.5) - 1)]


def connect_once(
    browser: Browser, url: str, relay: CountingRelay
) -> tuple[dict[str, float], Page, Page, int, int]:
    """One host and one guest (through ``relay``) connected: the times (ms), the two pages,
    the codes' lengths."""
    host = browser.new_context(base_url=url).new_page()
    host.goto("/")
    # The first game on the table closes any dialog open before it.
    host.wait_for_selector("body[data-game='ready']", state="attached", timeout=TIMEOUT_MS)
    start = host.evaluate(NOW)
    host.evaluate("() => { sevenRocksLink.invite([2]); }")
    link = host.locator(f"{CARD} a[data-invite-link]")
    link.wait_for(timeout=TIMEOUT_MS)
    invited = host.evaluate(NOW)
    href = link.get_attribute("href") or ""
    guest = browser.new_context(base_url=relay.url).new_page()
    opened = guest.evaluate(NOW)
    guest.goto(relay.through(href))
    code = guest.locator("[data-reply-code]:not(:empty)")
    code.wait_for(timeout=TIMEOUT_MS)
    replied = guest.evaluate(NOW)
    reply = code.inner_text()
    host.locator(f"{CARD} [data-reply-input]").fill(reply)
    host.locator(f"{CARD} [data-action=accept-reply]").click()
    host.wait_for_selector('body[data-link-seat-2="connected"]', state="attached")
    times = host.evaluate("() => sevenRocksLink.times")
    accepted = next(t["at"] for t in times if t["state"] == "connecting")
    connected = next(t["at"] for t in times if t["state"] == "connected")
    spans = {
        "invitation": invited - start,
        "reply": replied - opened,
        "connect": connected - accepted,
    }
    spans["total"] = sum(spans.values())
    return spans, host, guest, len(href), len(reply)


ROUND_TRIPS = """async ([count, size]) => {
  const body = "x".repeat(size);
  const trips = [];
  for (let i = 0; i < count; i++) {
    const sent = performance.now();
    const back = sevenRocksLink.next();
    sevenRocksLink.send(2, JSON.stringify({ i, body }));
    await back;
    trips.push(performance.now() - sent);
  }
  return trips;
}"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=10, help="connections to make")
    parser.add_argument("--messages", type=int, default=300, help="round trips per size and run")
    parser.add_argument("--site", type=Path, help="a built site to serve (default: build one)")
    args = parser.parse_args()
    with network_serving(args.site) as network:
        run(network, args.runs, args.messages)


def run(network: WebRtcNetwork, runs: int, messages: int) -> None:
    spans: dict[str, list[float]] = {}
    trips: dict[str, list[float]] = {"small": [], "large": []}
    lengths: list[tuple[int, int]] = []
    guest_bytes: list[int] = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(**network.launch_args())
        for index in range(runs):
            with tempfile.TemporaryDirectory() as folder:
                relay = CountingRelay(network, Path(folder))
                try:
                    times, host, guest, invitation, reply = connect_once(
                        browser, network.url, relay
                    )
                    guest.wait_for_selector("body[data-offline]", state="attached")
                    guest_bytes.append(relay.sent())
                finally:
                    relay.close()
            done = ", ".join(f"{name} {value:.0f} ms" for name, value in times.items())
            done += f", guest {guest_bytes[-1] / 1000:.0f} KB"
            print(f"run {index + 1}/{runs}: {done}", file=sys.stderr, flush=True)
            lengths.append((invitation, reply))
            for name, value in times.items():
                spans.setdefault(name, []).append(value)
            guest.evaluate("() => sevenRocksGuest.onMessage((t) => sevenRocksGuest.send(t))")
            for name, size in (("small", 60), ("large", 4096)):
                trips[name] += host.evaluate(ROUND_TRIPS, [messages, size])
            host.context.close()
            guest.context.close()
        browser.close()
    print(f"{runs} connections inside a private network namespace (ms)")
    for name, values in spans.items():
        print(f"  {name:<11} median {statistics.median(values):7.1f}   p95 {p95(values):7.1f}")
    print(f"message round trip, {messages} per size and connection (ms)")
    for name, values in trips.items():
        median, high = statistics.median(values), p95(values)
        print(f"  {name:<11} median {median:7.2f}   p95 {high:7.2f}   (one way ≈ {high / 2:.2f})")
    kept = statistics.median(guest_bytes) / 1000
    print(f"guest's phone, first visit: {kept:.0f} KB from the server until connected and kept")
    invitation, reply = lengths[-1]
    print(f"invitation link {invitation} characters, reply code {reply} characters")


if __name__ == "__main__":
    main()
