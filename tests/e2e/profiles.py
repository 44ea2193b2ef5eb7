"""The browser of a player who has played here before: the site installed by its service
worker, so a page boots the way most visits do (every file from the device, Python restored
from its snapshot).

Each test worker keeps one such browser context per kind of device (a desktop, a phone:
touch and a device scale of 2 are fixed when a context is made), installs the site in it
once, and lends it to the tests one at a time. A test gets new pages in it, watched by the
test's own guard; when the test ends its pages are closed, the context forgets the
permissions it was granted, and the site's storage is wiped (local storage, IndexedDB,
cookies; never the service worker's caches), so the next test finds a player who has only
the installed site. A cold boot, which a first visit makes (``first_visit`` pages, the
``context`` fixture), costs about 2.2 CPU seconds here; a returning one about 1.2.

A test that changes a context for good (routes, init scripts, going offline) or checks
what a first visit does asks for a fresh context instead.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from dataclasses import dataclass, field
from urllib.parse import urlsplit

from playwright.sync_api import Browser, BrowserContext, CDPSession, Page
from playwright.sync_api import Error as PlaywrightError

#: What a test may leave in the site's storage, wiped after it (the service worker's
#: registration and its caches are the installed site, and stay).
STORAGE = "cookies,file_systems,indexeddb,local_storage,websql"
#: The engine has booted or failed (see conftest).
SETTLED = "body:not([data-engine='loading'])"
INSTALL_TIMEOUT_MS = 120_000
#: Run in each frame of a test's page as the test ends, before the page is closed: from then
#: on its scripts cannot change local storage. A closing page still runs them (its
#: ``pagehide`` writes the game's save again when it finds it gone, its engine may answer a
#: save asked for as it was hidden), and the browser need not have run them when ``close``
#: returns: a write made then would land after the wipe, and the next test would resume a
#: game where it expects a fresh deal.
SEAL_STORAGE = """() => {
  for (const name of ["setItem", "removeItem", "clear"]) Storage.prototype[name] = () => {};
}"""


@dataclass
class Returning:
    """One device's installed site: its context and a page of the site kept open (its icon)
    to clear storage."""

    context: BrowserContext
    cdp: CDPSession
    keeper: Page

    def test_pages(self) -> list[Page]:
        """The pages a test opened (all but the keeper)."""
        return [page for page in self.context.pages if page is not self.keeper]

    def wipe(self, origin: str) -> None:
        """Forget what a test stored and was granted; keep the installed site."""
        for page in self.test_pages():
            for frame in page.frames:
                # A crashed page, or a frame between two documents, has nothing to seal.
                with contextlib.suppress(PlaywrightError):
                    frame.evaluate(SEAL_STORAGE)
            page.close()
        self.context.clear_permissions()
        self.cdp.send("Storage.clearDataForOrigin", {"origin": origin, "storageTypes": STORAGE})

    def clear_from_the_site(self) -> None:
        """Clear the site's local storage from a page of the site itself, as a test is lent
        the context: :meth:`wipe` seals the pages it closes, but a page the test closed
        itself may still have written as it went (see ``SEAL_STORAGE``). The keeper, kept
        open (a page opened for each clearing cost a quarter of a CPU-second a test), clears
        through the same storage the next page will read."""
        self.keeper.evaluate("() => localStorage.clear()")


@dataclass
class ReturningProfiles:
    """The test worker's returning players, one per kind of device, installed on first use."""

    browser: Browser
    base_url: str
    #: Watches a context as a test's guard does until the returned function is called,
    #: which stops watching and returns what was caught.
    watch: Callable[[BrowserContext], Callable[[], list[str]]]
    made: dict[bool, Returning] = field(default_factory=dict)

    def get(self, phone: bool) -> Returning:
        if phone not in self.made:
            self.made[phone] = self._install(phone)
        return self.made[phone]

    def _install(self, phone: bool) -> Returning:
        context = self.browser.new_context(
            base_url=self.base_url,
            is_mobile=phone,
            has_touch=phone,
            device_scale_factor=2 if phone else 1,
            service_workers="allow",
        )
        caught = self.watch(context)
        page = context.new_page()
        page.goto("/")
        page.wait_for_selector(SETTLED, state="attached", timeout=INSTALL_TIMEOUT_MS)
        # The page registers the service worker once its engine is up; the worker takes
        # control once every file (the snapshot too) is on the device.
        page.wait_for_function(
            "() => navigator.serviceWorker.controller !== null",
            polling=100,
            timeout=INSTALL_TIMEOUT_MS,
        )
        page.close()
        check = context.new_page()
        check.goto("/")
        check.wait_for_selector(SETTLED, state="attached", timeout=INSTALL_TIMEOUT_MS)
        start = check.evaluate("document.body.dataset.pythonStart")
        if start != "snapshot":
            raise AssertionError(f"the installed site started Python by {start!r}")
        check.close()
        problems = caught()
        if problems:
            raise AssertionError("installing the site misbehaved:\n" + "\n".join(problems))
        # The keeper: a small file of the site, not the game (its icon, whose own request
        # for ``/favicon.ico`` is answered with nothing), in the site's renderer process.
        keeper = context.new_page()
        keeper.route("**/favicon.ico", lambda route: route.fulfill(status=204))
        keeper.goto("/favicon.svg")
        returning = Returning(context, context.new_cdp_session(keeper), keeper)
        returning.wipe(self.origin)
        return returning

    @property
    def origin(self) -> str:
        parts = urlsplit(self.base_url)
        return f"{parts.scheme}://{parts.netloc}"
