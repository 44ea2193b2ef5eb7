"""Fixtures that drive the built site in Debian's Chromium through pytest-playwright.

The site is built once per session into a temporary directory and served on 127.0.0.1 with
a free port, so ``page.goto("/")`` opens the game. A test's ``page`` is a returning
player's: the site installed by its service worker in a context the test worker keeps and
lends to one test at a time (``profiles.py``), as most visits are. The ``context`` fixture,
a ``first_visit`` test's ``page`` and ``viewport_page(visit="first")`` are a first visit's:
a fresh context whose service workers are blocked, as some browsers' private windows do
(the offline tests, ``test_offline.py``, let the worker install in contexts of their own).
Every context is guarded:

* any request whose URL is outside the served origin is recorded (the page must be fully
  self-hosted: PyScript silently falls back to a CDN when misconfigured), the service
  worker's too, from the context's ``request`` event; the browser itself can reach no host
  but this machine (its proxy is a closed local port, which only loopback bypasses), so
  nothing leaves however a request is made. No route handler sits between the page and
  the server: it would switch the browser's HTTP cache off and ask Python about every file,
  neither of which a player's browser does;
* console errors and uncaught page errors are recorded;

and the test fails in teardown if anything was recorded. The last screen of every page of a
failed test is saved into ``test-artifacts/``, the console's messages beside it (of every
test with ``SEVEN_ROCKS_SCREENSHOTS=all``: a picture costs time, and a passing test's is
seldom looked at). The browser is the system's
Chromium, never a Playwright download: when it is missing the tests error out, they are never
skipped.
"""

from __future__ import annotations

import contextlib
import fcntl
import itertools
import os
import re
import time
import weakref
from collections.abc import Callable, Generator, Iterator
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
    WebError,
)
from playwright.sync_api import Error as PlaywrightError

from seven_rocks.site.build import build
from seven_rocks.site.serve import serving
from tests.support.chromium import BASELINE_TIER_SCRIPT, CHROMIUM, TEST_ARGS

from .profiles import Returning, ReturningProfiles

#: Generous: a cold boot takes ~2 s here, but CI machines have two slow cores.
BOOT_TIMEOUT_MS = 90_000
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
#: The engine has booted or failed. (Selectors, unlike ``page.wait_for_function``, need no
#: ``eval``, which the site's Content-Security-Policy rightly forbids.)
ENGINE_SETTLED = "body:not([data-engine='loading'])"
#: The browser's proxy: a closed port (discard) on this machine. Chromium sends every request
#: but loopback's through it, so a request meant for anywhere else fails at once.
NO_PROXY = "http://127.0.0.1:9"


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
        outside = dict.fromkeys(self.outside_requests)  # a retried request is said once
        found = [f"request outside {self.origin}: {url}" for url in outside]
        found += [f"console error: {text}" for text in self.console_errors]
        found += [f"page error: {text}" for text in self.page_errors]
        return found


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers",
        "long: spends most of its time waiting (whole games at a player's pace, a link "
        "between two browsers, a boot held back): run on two workers one after another, "
        "started first",
    )
    config.addinivalue_line(
        "markers",
        "first_visit: the test's ``page`` is a first visit's (a fresh context, no service "
        "worker) instead of a returning player's (profiles.py)",
    )


#: How many workers take the long tests, each a queue of its own (see below).
LONG_QUEUES = 2
#: How many long tests have been collected so far (each worker collects in the same order).
_long_seen = itertools.count()


def pytest_itemcollected(item: pytest.Item) -> None:
    """Deal the long tests in turn to :data:`LONG_QUEUES` queues (``xdist_group``: each runs
    on one worker, one test after another). A long test waits more than it computes (a
    third to a half of a core): side by side on every worker they left a core idle for the
    browser pass's first minutes; two at a time, the other workers fill the cores with the
    short tests. Marked as each is collected, before pytest-xdist reads the groups."""
    if item.get_closest_marker("long"):
        item.add_marker(pytest.mark.xdist_group(f"long-{next(_long_seen) % LONG_QUEUES}"))


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Start the long tests first, so that none ends the run with the other workers idle.
    Otherwise the order is the collection's."""
    items.sort(key=lambda item: item.get_closest_marker("long") is None)


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
        "args": [*TEST_ARGS, f"--proxy-server={NO_PROXY}"],
    }


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict[str, Any]) -> dict[str, Any]:
    """The ``context``/``page`` fixtures' contexts: service workers blocked (see above)."""
    return {**browser_context_args, "service_workers": "block"}


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
    finish_context(ctx, guard, _slug(request.node.nodeid), request.node)


#: The contexts told that the browser runs WebAssembly in its baseline tier alone.
_TOLD: weakref.WeakSet[BrowserContext] = weakref.WeakSet()


def watch_context(ctx: BrowserContext, guard: Guard) -> None:
    """Let ``guard`` see what ``ctx`` does; its pages learn, once, what this browser is
    (:data:`~tests.support.chromium.BASELINE_TIER_SCRIPT`)."""
    if ctx not in _TOLD:
        ctx.add_init_script(BASELINE_TIER_SCRIPT)
        _TOLD.add(ctx)
    ctx.on("request", guard.on_request)
    ctx.on("console", guard.on_console)
    ctx.on("weberror", guard.on_web_error)


def unwatch_context(ctx: BrowserContext, guard: Guard) -> None:
    """Stop ``guard`` seeing what ``ctx`` does (a lent context outlives the test)."""
    ctx.remove_listener("request", guard.on_request)
    ctx.remove_listener("console", guard.on_console)
    ctx.remove_listener("weberror", guard.on_web_error)


#: Whether a test's own code (its call phase) failed, for its fixtures' teardown.
CALL_FAILED = pytest.StashKey[bool]()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(
    item: pytest.Item, call: pytest.CallInfo[None]
) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    report = yield
    if report.when == "call":
        item.stash[CALL_FAILED] = report.failed
    return report


def _keeps_pictures(node: pytest.Item | None, problems: list[str]) -> bool:
    """Whether a context's pages are photographed as it closes: for a failed test (or one
    whose outcome is not known here), or for every test with ``SEVEN_ROCKS_SCREENSHOTS=all``."""
    if os.environ.get("SEVEN_ROCKS_SCREENSHOTS") == "all" or problems or node is None:
        return True
    return node.stash.get(CALL_FAILED, True)


def finish_context(
    ctx: BrowserContext, guard: Guard, name: str, node: pytest.Item | None = None
) -> None:
    """Close ``ctx`` (photographing its pages if the test ``node`` failed) and fail the test
    if ``guard`` caught anything."""
    problems = guard.problems()
    if _keeps_pictures(node, problems):
        ARTIFACTS.mkdir(exist_ok=True)
        (ARTIFACTS / f"{name}.console.txt").write_text("\n".join(guard.console_messages))
        for index, page in enumerate(ctx.pages):
            suffix = f"-{index}" if index else ""
            # A crashed or closed page gives no picture; that alone is not a failure.
            with contextlib.suppress(PlaywrightError):
                page.screenshot(path=ARTIFACTS / f"{name}{suffix}.png")
    ctx.close()
    problems = guard.problems()
    if problems:
        pytest.fail("the page misbehaved:\n" + "\n".join(problems), pytrace=False)


@pytest.fixture(scope="session")
def returning_profiles(browser: Browser, base_url: str) -> ReturningProfiles:
    """This test worker's returning players (profiles.py), installed when first lent."""

    def watch(ctx: BrowserContext) -> Callable[[], list[str]]:
        guard = Guard(origin=_origin(base_url))
        watch_context(ctx, guard)

        def caught() -> list[str]:
            unwatch_context(ctx, guard)
            return guard.problems()

        return caught

    return ReturningProfiles(browser, base_url, watch)


@contextlib.contextmanager
def lent(
    profiles: ReturningProfiles, phone: bool, guard: Guard, name: str, node: pytest.Item
) -> Iterator[Returning]:
    """Lend the returning player of a desktop or a phone to a test, watched by its guard;
    then close the test's pages (photographed if it failed), wipe what it stored, and fail
    it if the guard caught anything."""
    returning = profiles.get(phone)
    # Wiped again as it is lent, and from the site itself: a page the last test closed on
    # its own was not sealed, and a save it wrote as it closed would be resumed here instead
    # of a fresh deal (see Returning.clear_from_the_site).
    returning.wipe(profiles.origin)
    returning.clear_from_the_site()
    watch_context(returning.context, guard)
    try:
        yield returning
    finally:
        problems = guard.problems()
        if _keeps_pictures(node, problems):
            ARTIFACTS.mkdir(exist_ok=True)
            (ARTIFACTS / f"{name}.console.txt").write_text("\n".join(guard.console_messages))
            for index, shown in enumerate(returning.test_pages()):
                suffix = f"-{index}" if index else ""
                with contextlib.suppress(PlaywrightError):
                    shown.screenshot(path=ARTIFACTS / f"{name}{suffix}.png")
        returning.wipe(profiles.origin)
        unwatch_context(returning.context, guard)
    problems = guard.problems()
    if problems:
        pytest.fail("the page misbehaved:\n" + "\n".join(problems), pytrace=False)


@pytest.fixture
def page(
    request: pytest.FixtureRequest, guard: Guard, returning_profiles: ReturningProfiles
) -> Iterator[Page]:
    """A page of a returning player on a desktop (profiles.py); a first visit's, in the
    ``context`` fixture's fresh context, for a test marked ``first_visit``."""
    if request.node.get_closest_marker("first_visit"):
        fresh: BrowserContext = request.getfixturevalue("context")
        yield fresh.new_page()
        return
    with lent(returning_profiles, False, guard, _slug(request.node.nodeid), request.node) as r:
        yield r.context.new_page()


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
        finish_context(ctx, guard, f"{_slug(request.node.nodeid)}-ctx{index}", request.node)


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
    browser: Browser,
    base_url: str,
    guard: Guard,
    returning_profiles: ReturningProfiles,
    request: pytest.FixtureRequest,
) -> Iterator[Callable[..., Page]]:
    """A factory of guarded pages at a viewport ("390x844": a phone, touch, device scale 2).

    ``visit`` says whose: ``"returning"`` (the default) a returning player's, the site
    installed (profiles.py); ``"first"`` a first visit's, a fresh context with service
    workers blocked; ``"installing"`` a first visit's that lets the service worker install
    (the page then says so in a note, whenever the worker finishes installing)."""
    made: list[tuple[BrowserContext, Guard, str]] = []
    name = request.node.name
    with contextlib.ExitStack() as lending:
        borrowed: dict[bool, Returning] = {}

        def _make(
            viewport: str,
            *,
            phone: bool = True,
            init: str | None = None,
            visit: Literal["returning", "first", "installing"] = "returning",
        ) -> Page:
            width, height = map(int, viewport.split("x"))
            if visit == "returning":
                if phone not in borrowed:
                    where = f"{name}-{'phone' if phone else 'desktop'}"
                    borrowed[phone] = lending.enter_context(
                        lent(returning_profiles, phone, guard, where, request.node)
                    )
                page = borrowed[phone].context.new_page()
                page.set_viewport_size({"width": width, "height": height})
                if init:
                    page.add_init_script(init)
                return page
            context = browser.new_context(
                base_url=base_url,
                viewport={"width": width, "height": height},
                is_mobile=phone,
                has_touch=phone,
                device_scale_factor=2 if phone else 1,
                service_workers="allow" if visit == "installing" else "block",
            )
            if init:
                context.add_init_script(init)
            fresh_guard = Guard(origin=_origin(base_url))
            watch_context(context, fresh_guard)
            made.append((context, fresh_guard, viewport))
            return context.new_page()

        yield _make
        for context, fresh_guard, viewport in made:
            finish_context(context, fresh_guard, f"{name}-{viewport}", request.node)
