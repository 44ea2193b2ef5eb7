// Offline support and updates: registers the service worker (../sw.js) and, when a new
// build has been downloaded and is waiting, offers "new version, reload".
//
// The page never switches files under the player's feet: the waiting worker only takes
// over when the player presses Reload (then the page reloads once, whole), or by itself on
// the next fresh load. Registration waits until the page is playable (or its engine failed),
// so the precache competes with neither the first visit's downloads nor its start-up.
//
// A guest's page (../link/light.js) registers the light form, which keeps the page only, unless this
// device keeps the whole game already; the whole worker is registered once the person asks
// for the engine, and takes over from the light form of its own build by itself: that is no
// new version, so no reload is offered for it.

import { onLanguageChange, t } from "../util/i18n.js";
import { offlineReady } from "../ui/offline-note.js";
import { ENGINE_WANTED, LIGHT_QUERY, isLight, lightPage } from "../link/light.js";

const SW_URL = new URL("../../sw.js", import.meta.url);
const LIGHT_URL = new URL(`../../sw.js?${LIGHT_QUERY}`, import.meta.url);
const SCOPE = new URL("../../", import.meta.url);
/** Look for a new build this often while the page stays open (and when it is shown again). */
const CHECK_EVERY_MS = 60 * 60 * 1000;
/** Register anyway if the page has not settled by then (a page of a kind that never does). */
const REGISTER_AFTER_MS = 60_000;

/** @type {HTMLElement | null} the banner offering the new build (shown once) */
let offer = null;

/** A banner fixed at the top of the screen (over the header, never shifting the layout nor
 *  covering the hand or the table), holding a text and buttons whose labels follow the
 *  language. `labels` maps each element to its catalogue key. Its look and place are all in
 *  css/notices.css (`.update-offer`): only the buttons take clicks, the rest lets them through.
 * @param {Record<string, string>} dataset
 * @param {HTMLElement} text
 * @param {HTMLButtonElement[]} buttons
 * @param {Array<[HTMLElement, string]>} labels
 */
function banner(dataset, text, buttons, labels) {
  const box = document.createElement("div");
  box.className = "update-offer";
  Object.assign(box.dataset, dataset);
  box.setAttribute("role", "status");
  for (const button of buttons) {
    button.type = "button";
    button.className = "button";
  }
  const translate = () => {
    for (const [element, key] of labels) element.textContent = t(key);
  };
  translate();
  onLanguageChange(translate);
  box.append(text, ...buttons);
  document.body.append(box);
  return box;
}

/** @param {ServiceWorker | null} worker  the new build's waiting worker (null: already in charge) */
function showOffer(worker) {
  if (offer) return;
  const text = document.createElement("span");
  const reload = document.createElement("button");
  reload.dataset.action = "update-reload";
  const later = document.createElement("button");
  later.dataset.action = "update-later";
  reload.addEventListener("click", () => {
    reload.disabled = true;
    accepted = true;
    // No waiting worker: another tab already switched to the new build; just reload.
    if (worker?.state === "installed") worker.postMessage({ type: "skip-waiting" });
    else location.reload();
  });
  later.addEventListener("click", () => offer?.remove());
  offer = banner({ updateOffer: "" }, text, [reload, later], [
    [text, "update.available"],
    [reload, "update.reload"],
    [later, "update.later"],
  ]);
  document.body.dataset.update = "available";
}

let accepted = false;

/** Resolves once the page is playable (a game on the table), its engine failed, or it is a
 *  link's page: the service worker's install downloads and unpacks the whole site (the 31 MB
 *  snapshot included), which waits until then rather than slowing a first visit's start. */
function pageSettled() {
  return /** @type {Promise<void>} */ (new Promise((/** @type {() => void} */ resolve) => {
    const { body } = document;
    const done = () => body.dataset.game === "ready" || body.dataset.engine === "error" || "linkPage" in body.dataset;
    if (done()) return resolve();
    const observer = new MutationObserver(() => {
      if (done()) {
        observer.disconnect();
        resolve();
      }
    });
    observer.observe(body, { attributes: true, attributeFilter: ["data-game", "data-engine", "data-link-page"] });
    setTimeout(() => {
      observer.disconnect();
      resolve();
    }, REGISTER_AFTER_MS);
  }));
}

async function register() {
  const { serviceWorker } = navigator;
  // The waiting worker took over. If the player accepted here, load the new build whole.
  // If it was accepted in another tab, this page still runs the old build: offer a reload
  // (its engine is already in memory, so it keeps working until then). The very first
  // install also takes control, but there is no old build to leave then.
  let hadController = Boolean(serviceWorker.controller);
  /** @param {ServiceWorker | null} worker */
  const whole = (worker) => Boolean(worker) && !isLight(/** @type {ServiceWorker} */ (worker).scriptURL);
  // The light form in charge: the whole worker taking over from it is the same build.
  let lightInCharge = Boolean(serviceWorker.controller) && !whole(serviceWorker.controller);
  serviceWorker.addEventListener("controllerchange", () => {
    if (accepted) location.reload();
    else if (hadController && !lightInCharge) showOffer(null);
    // Said in the next round summary (offline-note.js); a guest's light copy is not the game.
    else if (whole(serviceWorker.controller)) offlineReady();
    hadController = true;
    lightInCharge = !whole(serviceWorker.controller);
  });
  await pageSettled();
  const options = { scope: SCOPE.pathname, updateViaCache: /** @type {const} */ ("none") };
  const kept = await serviceWorker.getRegistration(SCOPE.pathname);
  const light = lightPage() && !whole(kept?.active ?? null);
  const registration = await serviceWorker.register(light ? LIGHT_URL : SW_URL, options);
  if (!registration) return; // registration refused (a browser policy): play online only
  /** @param {ServiceWorker | null} worker */
  const watch = (worker) => {
    if (!worker) return;
    const check = () => {
      // "installed" with a controller = an update waiting (without one: the first install).
      if (worker.state === "installed" && serviceWorker.controller) showOffer(worker);
    };
    check();
    worker.addEventListener("statechange", check);
  };
  watch(registration.waiting);
  registration.addEventListener("updatefound", () => watch(registration.installing));
  const update = () => registration.update().catch(() => {}); // offline: try again later
  setInterval(update, CHECK_EVERY_MS);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") update();
  });
  if (light) {
    // The person asked for the engine: keep the whole game from now on.
    addEventListener(ENGINE_WANTED, () => {
      serviceWorker.addEventListener("controllerchange", () => {
        if (whole(serviceWorker.controller)) document.body.dataset.offline = "ready";
      });
      serviceWorker.register(SW_URL, options).catch(() => {}); // offline: the page's copy stays
    }, { once: true });
  }
  await serviceWorker.ready;
  // Every file is cached, or a guest's page only (a hook for tests).
  document.body.dataset.offline = light && !whole(serviceWorker.controller) ? "page" : "ready";
}

if ("serviceWorker" in navigator && window.isSecureContext) {
  register().catch((error) => {
    // Offline play is a bonus: the game itself still works without it.
    console.warn(`offline support unavailable: ${error.message}`);
  });
}
