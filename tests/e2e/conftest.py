"""Fixtures that drive the built site in Debian's Chromium through pytest-playwright.

The site is built once per session into a temporary directory and served on 127.0.0.1 with
a free port; pytest-playwright's ``page``/``context`` fixtures then point at it (``base_url``),
so ``page.goto("/")`` opens the game. Every context is guarded:

* any request whose URL is outside the served origin is aborted and recorded (the page must
  be fully self-hosted: PyScript silently falls back to a CDN when misconfigured); requests
  that never reach the route handler (made or answered by the service worker) are still
  seen by the context's ``request`` event and recorded;
* console errors and uncaught page errors are recorded;

and the test fails in teardown if anything was recorded. A screenshot of every page is saved
into ``test-artifacts/`` after each test. The browser is the system's Chromium, never a
Playwright download: when it is missing the tests error out, they are never skipped.
"""

from __future__ import annotations

import contextlib
import fcntl
import re
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import (
    Browser,
    BrowserContext,
    ConsoleMessage,
    Page,
    Request,
    Route,
    WebError,
)
from playwright.sync_api import Error as PlaywrightError

from seven_rocks.site.build import build
from seven_rocks.site.serve import serving
from tests.support.chromium import CHROMIUM, CHROMIUM_ARGS

#: Generous: a cold boot takes ~2 s here, but CI machines have two slow cores.
BOOT_TIMEOUT_MS = 90_000
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
#: The engine has booted or failed. (Selectors, unlike ``page.wait_for_function``, need no
#: ``eval``, which the site's Content-Security-Policy rightly forbids.)
ENGINE_SETTLED = "body:not([data-engine='loading'])"


def _origin(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}"


@dataclass
class Guard:
    """Records what a context did that a self-contained, quiet page must not do."""

    origin: str
    outside_requests: list[str] = field(default_factory=list)
    console_errors: list[str] = field(default_factory=list)
    console_messages: list[str] = field(default_factory=list)
    page_errors: list[str] = field(default_factory=list)

    def is_local(self, url: str) -> bool:
        """Same origin, or a ``data:``/``blob:`` URL the page made itself."""
        if url.startswith("data:"):
            return True
        if url.startswith("blob:"):
            url = url.removeprefix("blob:")
        return _origin(url) == self.origin

    def route(self, route: Route) -> None:
        url = route.request.url
        if self.is_local(url):
            route.continue_()
        else:
            self.outside_requests.append(url)
            route.abort("blockedbyclient")

    def on_request(self, request: Request) -> None:
        if not self.is_local(request.url):
            self.outside_requests.append(request.url)

    def on_console(self, message: ConsoleMessage) -> None:
        text = f"[{message.type}] {message.text}"
        self.console_messages.append(text)
        if message.type == "error":
            self.console_errors.append(text)

    def on_web_error(self, error: WebError) -> None:
        self.page_errors.append(str(error.error))

    def problems(self) -> list[str]:
        outside = dict.fromkeys(self.outside_requests)  # route and event may both see one
        found = [f"request outside {self.origin}: {url}" for url in outside]
        found += [f"console error: {text}" for text in self.console_errors]
        found += [f"page error: {text}" for text in self.page_errors]
        return found


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory, worker_id: str) -> Path:
    """The site, built once per test run from this checkout and only read by the tests.

    Under pytest-xdist every worker asks for it; the first to take the lock builds it into
    the run's shared temporary directory and the others wait on the lock, then serve that
    one build (a build plays games in Pyodide: once is enough, and the cores are wanted by
    the browsers)."""
    if worker_id == "master":  # no xdist: this process is the whole run
        return build(tmp_path_factory.mktemp("site"))
    shared = tmp_path_factory.getbasetemp().parent
    with (shared / "site.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        built = shared / "site"
        if not (built / "index.html").is_file():
            build(built)
        return built


@pytest.fixture(scope="session")
def base_url(site: Path) -> Iterator[str]:
    """The served site's URL (overrides pytest-playwright's ``--base-url``)."""
    with serving(site, port=0) as url:
        yield url


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    """Launch Debian's Chromium with flags that keep it off the network and quiet."""
    if not CHROMIUM.is_file():
        pytest.fail(
            f"Chromium is not installed at {CHROMIUM}: run `apt-get install chromium` "
            "(the e2e tests use the system browser, never `playwright install`)",
            pytrace=False,
        )
    return {
        **browser_type_launch_args,
        "executable_path": str(CHROMIUM),
        "args": list(CHROMIUM_ARGS),
    }


@pytest.fixture
def guard(base_url: str) -> Guard:
    """The current test's record of outside requests and console/page errors."""
    return Guard(origin=_origin(base_url))


def _slug(nodeid: str) -> str:
    return re.sub(r"[^A-Za-z0-9_.-]+", "-", nodeid.split("::", 1)[-1]).strip("-")


@pytest.fixture
def context(
    new_context: Any, guard: Guard, request: pytest.FixtureRequest
) -> Iterator[BrowserContext]:
    """A fresh, guarded browser context; fails the test if the guard caught anything."""
    ctx: BrowserContext = new_context()
    watch_context(ctx, guard)
    yield ctx
    finish_context(ctx, guard, _slug(request.node.nodeid))


def watch_context(ctx: BrowserContext, guard: Guard) -> None:
    """Let ``guard`` see (and block) what ``ctx`` does."""
    ctx.route("**/*", guard.route)
    ctx.on("request", guard.on_request)
    ctx.on("console", guard.on_console)
    ctx.on("weberror", guard.on_web_error)


def finish_context(ctx: BrowserContext, guard: Guard, name: str) -> None:
    """Screenshot ``ctx``'s pages, close it and fail the test if ``guard`` caught anything."""
    ARTIFACTS.mkdir(exist_ok=True)
    for index, page in enumerate(ctx.pages):
        suffix = f"-{index}" if index else ""
        # A crashed or closed page gives no picture; that alone is not a failure.
        with contextlib.suppress(PlaywrightError):
            page.screenshot(path=ARTIFACTS / f"{name}{suffix}.png")
    ctx.close()
    problems = guard.problems()
    if problems:
        pytest.fail("the page misbehaved:\n" + "\n".join(problems), pytrace=False)


@pytest.fixture
def guarded_context(
    browser: Browser, request: pytest.FixtureRequest
) -> Iterator[Callable[[str], tuple[BrowserContext, Guard]]]:
    """A factory of fresh, guarded contexts for a site served by the test itself.

    ``guarded_context(url)`` returns a context whose ``base_url`` is ``url`` (service workers
    allowed) and its guard, watching ``url``'s origin; each context is checked as the
    ``context`` fixture's is when the test ends.
    """
    made: list[tuple[BrowserContext, Guard]] = []

    def _make(url: str) -> tuple[BrowserContext, Guard]:
        guard = Guard(origin=_origin(url))
        ctx = browser.new_context(base_url=url, service_workers="allow")
        watch_context(ctx, guard)
        made.append((ctx, guard))
        return ctx, guard

    yield _make
    for index, (ctx, guard) in enumerate(made):
        finish_context(ctx, guard, f"{_slug(request.node.nodeid)}-ctx{index}")


@pytest.fixture
def open_game(page: Page) -> Callable[[], float]:
    """Return a function that opens the game and waits for its engine to be ready.

    The function returns the seconds from navigation to ``data-engine="ready"`` and fails the
    test, with the message the page shows, if the engine reported an error instead.
    """

    def _open() -> float:
        start = time.perf_counter()
        page.goto("/")
        # A selector, not wait_for_function: the page's CSP forbids the eval it relies on.
        page.wait_for_selector(ENGINE_SETTLED, state="attached", timeout=BOOT_TIMEOUT_MS)
        elapsed = time.perf_counter() - start
        state = page.evaluate("document.body.dataset.engine")
        if state != "ready":
            pytest.fail(
                f"the engine did not start ({state}): {page.inner_text('#status')}",
                pytrace=False,
            )
        return elapsed

    return _open


@pytest.fixture
def ready_page(page: Page, open_game: Callable[[], float]) -> Page:
    """The game page, opened and with its engine worker ready."""
    open_game()
    return page


@pytest.fixture
def viewport_page(
    browser: Browser, base_url: str, request: pytest.FixtureRequest
) -> Iterator[Callable[..., Page]]:
    """A factory of guarded pages at a viewport ("390x844": a phone, touch, device scale 2);
    ``service_workers="block"`` for a page that must look the same at every run (no
    "saved on this device" note, whenever the worker happens to finish installing)."""
    made: list[tuple[BrowserContext, Guard, str]] = []

    def _make(
        viewport: str,
        *,
        phone: bool = True,
        init: str | None = None,
        service_workers: Literal["allow", "block"] = "allow",
    ) -> Page:
        width, height = map(int, viewport.split("x"))
        context = browser.new_context(
            base_url=base_url,
            viewport={"width": width, "height": height},
            is_mobile=phone,
            has_touch=phone,
            device_scale_factor=2 if phone else 1,
            service_workers=service_workers,
        )
        if init:
            context.add_init_script(init)
        guard = Guard(origin=_origin(base_url))
        watch_context(context, guard)
        made.append((context, guard, viewport))
        return context.new_page()

    yield _make
    name = request.node.name
    for context, guard, viewport in made:
        finish_context(context, guard, f"{name}-{viewport}")
