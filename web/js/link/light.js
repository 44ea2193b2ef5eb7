// Whether this page runs the engine, and which form of the service worker keeps it.
//
// An invitation's page (a guest, playing from the host's snapshots) and a reply link's tab
// (handing a reply to the host's open game) run no engine of their own: their phone downloads
// the page only, and its service worker keeps the page only (the light form, `sw.js` with
// `LIGHT_QUERY`). The engine, and the whole service worker, come when the person asks for
// what needs them (the coach after the game, a game of their own): the page says
// `START_ENGINE`, boot.js starts the engine then, and says so with `ENGINE_WANTED` once it
// is in, which update.js hears.

import { linkRoute } from "./urls.js";

/** The light service worker's query: the page's files only (web/sw.js). */
export const LIGHT_QUERY = "files=page";

/** Said on `window` by a light page whose person asked for the engine: boot.js boots it,
 *  with its progress bar, and the page awaits `engine.ready()` (bridge.js). */
export const START_ENGINE = "seven-rocks:start-engine";

/** Said on `window` once the engine of a light page has been asked for, and has booted
 *  (or failed): update.js registers the whole service worker then. */
export const ENGINE_WANTED = "seven-rocks:engine-wanted";

/** Whether this page starts without its engine: an invitation's or a reply link's. */
export function lightPage() {
  return linkRoute(location.hash) !== null;
}

/** Whether `scriptURL` is the light form of the service worker.
 * @param {string} scriptURL
 */
export function isLight(scriptURL) {
  return new URL(scriptURL).searchParams.has(LIGHT_QUERY.split("=")[0]);
}

/** Whether the engine's files are on this device: a whole service worker serves the page
 *  (a light one, or none, leaves them to the network, as on a first visit). */
export function engineKept() {
  const controller = globalThis.navigator?.serviceWorker?.controller;
  return Boolean(controller) && !isLight(/** @type {ServiceWorker} */ (controller).scriptURL);
}
