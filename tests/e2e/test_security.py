"""The site is locked down: a strict Content-Security-Policy that a whole game never trips,
no inline scripts or handlers, and no request ever leaves the page's origin."""

from __future__ import annotations

import re
import time
import urllib.request
from html.parser import HTMLParser
from pathlib import Path

import pytest
from playwright.sync_api import Page

from seven_rocks.site.serve import CONTENT_SECURITY_POLICY, HEADER_ONLY_POLICY

from .conftest import BOOT_TIMEOUT_MS, ENGINE_SETTLED, Guard
from .playing import tap, wait_for_state

pytestmark = pytest.mark.e2e

ROOT = Path(__file__).resolve().parents[2]
#: Every CSP violation, in the page or reported to it, lands in window.__cspViolations.
RECORD_VIOLATIONS = """
window.__cspViolations = [];
document.addEventListener("securitypolicyviolation", (e) => {
  window.__cspViolations.push(
    `${e.effectiveDirective} blocked ${e.blockedURI || "(inline)"} at ${e.sourceFile}`
  );
});
"""
BOT_GAME = "?seats=bot,bot,bot,bot&speed=0&seed=11"
GAME_TIMEOUT_S = 240


class _HeadScan(HTMLParser):
    """Collects the CSP meta, inline scripts and inline event handlers of a page."""

    def __init__(self) -> None:
        super().__init__()
        self.policies: list[str] = []
        self.inline_scripts = 0
        self.handlers: list[str] = []
        self.style_attributes = 0
        self._in_script = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        if tag == "meta" and (values.get("http-equiv") or "").lower() == (
            "content-security-policy"
        ):
            self.policies.append(values.get("content") or "")
        if tag == "script" and "src" not in values:
            self._in_script = True
        self.handlers += [f"<{tag} {name}>" for name, _ in attrs if name.startswith("on")]
        self.style_attributes += "style" in values

    def handle_endtag(self, tag: str) -> None:
        self._in_script = False if tag == "script" else self._in_script

    def handle_data(self, data: str) -> None:
        if self._in_script and data.strip():
            self.inline_scripts += 1


def _scan(html: str) -> _HeadScan:
    scan = _HeadScan()
    scan.feed(html)
    return scan


def test_the_meta_policy_is_the_servers_policy(site: Path) -> None:
    for index in (ROOT / "web" / "index.html", site / "index.html"):
        scan = _scan(index.read_text(encoding="utf-8"))
        assert scan.policies == [CONTENT_SECURITY_POLICY], index
        assert scan.inline_scripts == 0, index
        assert scan.handlers == [], index
        assert scan.style_attributes == 0, index


def test_the_policy_allows_only_the_origin_and_wasm() -> None:
    directives = {part.split()[0]: part.split()[1:] for part in CONTENT_SECURITY_POLICY.split("; ")}
    assert directives["default-src"] == ["'self'"]
    assert directives["script-src"] == ["'self'", "'wasm-unsafe-eval'"]
    assert directives["worker-src"] == ["'self'", "blob:"]
    assert directives["object-src"] == ["'none'"]
    for sources in directives.values():
        assert not {"'unsafe-inline'", "'unsafe-eval'", "*", "data:", "http:", "https:"} & set(
            sources
        )
    # Directives browsers ignore (with a console error) in a <meta> policy stay out of it.
    assert "frame-ancestors" not in directives
    assert "report-uri" not in directives


def test_the_server_sends_the_policy_and_hardening_headers(base_url: str) -> None:
    for path in ("", "index.html", "sw.js", "pyodide/pyodide.asm.wasm"):
        with urllib.request.urlopen(base_url + path) as response:
            headers = response.headers
        assert headers["Content-Security-Policy"] == (
            f"{CONTENT_SECURITY_POLICY}; {HEADER_ONLY_POLICY}"
        ), path
        assert headers["X-Content-Type-Options"] == "nosniff", path
        assert headers["Referrer-Policy"] == "no-referrer", path


def test_no_built_text_file_loads_anything_from_elsewhere(site: Path) -> None:
    # Our own files (not the vendored runtime, whose sources mention URLs in messages and
    # comments): no absolute URL and no protocol-relative one.
    absolute = re.compile(r"""(?:src|href|url)\s*[=(]\s*["']?(?:https?:)?//""", re.IGNORECASE)
    for path in sorted(site.rglob("*")):
        if path.suffix not in (".html", ".css", ".js", ".json", ".webmanifest", ".svg"):
            continue
        if path.relative_to(site).parts[0] in ("pyodide", "pyscript"):
            continue
        text = path.read_text(encoding="utf-8")
        assert not absolute.search(text), path


def _finish_bot_game(page: Page) -> None:
    deadline = time.monotonic() + GAME_TIMEOUT_S
    # Dismiss a round summary if the page shows one between rounds (it also closes itself).
    summary = "dialog[data-round-summary][open] [data-action]:not([data-action='cancel'])"
    while True:
        left = deadline - time.monotonic()
        assert left > 0, "the bot game did not finish"
        if wait_for_state(page, "[data-game-over]", summary, timeout=left) == 0:
            return
        tap(page.locator(summary).first)


def test_a_whole_bot_game_trips_no_policy_and_stays_home(page: Page, guard: Guard) -> None:
    page.add_init_script(RECORD_VIOLATIONS)
    page.goto(BOT_GAME)
    page.wait_for_selector(ENGINE_SETTLED, state="attached", timeout=BOOT_TIMEOUT_MS)
    assert page.evaluate("document.body.dataset.engine") == "ready"
    _finish_bot_game(page)
    scores = page.locator("[data-team-score]").all_inner_texts()
    assert max(int(score) for score in scores) > 0
    assert page.evaluate("window.__cspViolations") == []
    # The worker's violations are not events of the page: Chromium reports them on the
    # console (Pyodide downgrades some to warnings), so no console line may mention one.
    mentions = [m for m in guard.console_messages if "Content Security Policy" in m]
    assert mentions == []
    assert guard.outside_requests == []
    # And the listener does work: an inline script is refused and reported.
    page.evaluate(
        """() => {
            const script = document.createElement("script");
            script.textContent = "window.__inlineRan = true";
            document.head.append(script);
        }"""
    )
    # An inline script allowed would have run as it was added; a refused one is reported.
    page.wait_for_function(
        "() => window.__cspViolations.some((line) => line.startsWith('script-src-elem'))"
    )
    assert page.evaluate("window.__inlineRan") is None
    # That refusal is the only console error this test caused on purpose.
    guard.console_errors[:] = [
        line for line in guard.console_errors if "Content Security Policy" not in line
    ]
