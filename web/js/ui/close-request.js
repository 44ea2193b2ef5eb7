// Close requests for the page's light overlays (the tour, the hint, the phone's menu, a picked
// tile): the Escape key, and on a phone the back gesture. Modal <dialog>s get Escape from the
// browser; the rest does not, and there a back gesture would leave the game (or, installed,
// close the app) instead of putting the overlay away.
//
// Where the browser has CloseWatcher (Chromium), one watcher per open overlay: the newest
// closes first, and a modal dialog opened over an overlay closes before it; Android's back
// gesture is a close request. Elsewhere (Safari, whose back swipe goes back in history)
// Escape comes from a key listener, and every open overlay and modal dialog keeps a history
// entry of its own (the same address): going back closes the newest and the page stays.
// One closed some other way (its button, Escape) takes its entry back out of the history.

/**
 * Without CloseWatcher: the overlays listening, oldest first (Escape closes the newest).
 * @type {{ close: () => void }[]}
 */
const listening = [];

/** @typedef {{ addEventListener(type: "close", listener: () => void): void, destroy(): void }} Watcher */

/** The browser's CloseWatcher (Escape, and a phone's back gesture), where it has one. */
const closeWatcher = () =>
  /** @type {{ CloseWatcher?: new () => Watcher }} */ (/** @type {unknown} */ (globalThis)).CloseWatcher;

/**
 * Call `close` on the next close request; returns a function that stops listening (call
 * it when the overlay closes some other way, e.g. its own button).
 * @param {() => void} close
 * @returns {() => void}
 */
export function onCloseRequest(close) {
  const CloseWatcher = closeWatcher();
  if (typeof CloseWatcher === "function") {
    const watcher = new CloseWatcher();
    watcher.addEventListener("close", () => close());
    return () => watcher.destroy();
  }
  const entry = { close };
  if (!listening.length) addEventListener("keydown", onEscape);
  listening.push(entry);
  const stopBack = onBack(close);
  return () => {
    stopBack();
    const at = listening.indexOf(entry);
    if (at >= 0) listening.splice(at, 1);
    if (!listening.length) removeEventListener("keydown", onEscape);
  };
}

/** Where this module keeps its count in a history entry's state. */
const DEPTH = "sevenRocksOpen";
/**
 * Without CloseWatcher: what is open with a history entry of its own, oldest first.
 * @type {{ close: () => void }[]}
 */
const open = [];
/** The count kept in a history entry's state (none: 0). */
const depthOf = (/** @type {unknown} */ state) =>
  Number(/** @type {Record<string, unknown> | null} */ (state && typeof state === "object" ? state : null)?.[DEPTH] ?? 0);
/** How many of this page's entries lie above its own in the history; null until first asked. */
let depth = /** @type {number | null} */ (null);
/** A step back of this module's own is under way (its popstate is not a person's). */
let travelling = false;

/** Bring the history's entries in line with what is open: one more each, or back over the extra. */
function settle() {
  if (depth === null) {
    // First use: read the count (a reload keeps the entries, with nothing open now: the
    // steps below go back over them) and follow the history from now on.
    depth = depthOf(history.state);
    addEventListener("popstate", onPopState);
  }
  if (travelling) return;
  while (depth < open.length) {
    depth += 1;
    history.pushState({ ...(history.state && typeof history.state === "object" ? history.state : {}), [DEPTH]: depth }, "");
  }
  if (depth > open.length) {
    travelling = true;
    history.go(open.length - depth);
  }
}

/** @param {PopStateEvent} event */
function onPopState(event) {
  depth = depthOf(event.state);
  if (travelling) {
    travelling = false;
  } else {
    // A person went back: close what was open above the entry they are on, newest first.
    while (open.length > depth) /** @type {{ close: () => void }} */ (open.pop()).close();
  }
  settle();
}

/**
 * On a browser without CloseWatcher, a history entry while something is open, so that going
 * back (a phone's back swipe) calls `close` instead of leaving the page; where the browser
 * has CloseWatcher its close requests do that (a modal dialog gets them by itself). Returns
 * a function to call when it closes some other way.
 * @param {() => void} close
 * @returns {() => void}
 */
export function onBack(close) {
  // Where there is no session history (Node, running the unit tests), nothing to go back from.
  if (typeof closeWatcher() === "function" || typeof history === "undefined") return () => {};
  const entry = { close };
  open.push(entry);
  settle();
  return () => {
    const at = open.indexOf(entry);
    if (at < 0) return;
    open.splice(at, 1);
    settle();
  };
}

/** @param {KeyboardEvent} event */
function onEscape(event) {
  if (event.key !== "Escape" || event.defaultPrevented || document.querySelector("dialog[open]:modal")) return;
  const entry = listening.pop();
  if (!listening.length) removeEventListener("keydown", onEscape);
  event.preventDefault();
  entry?.close();
}

/**
 * Listen for close requests while some state lasts: returns `sync(active)`, to call whenever
 * the state may have changed (e.g. at each draw); `close` runs on a request while active.
 * @param {() => void} close
 * @returns {(active: boolean) => void}
 */
export function whileOpen(close) {
  /** @type {(() => void) | null} */
  let stop = null;
  return (active) => {
    if (active && !stop) {
      stop = onCloseRequest(() => {
        stop = null;
        close();
      });
    } else if (!active && stop) {
      stop();
      stop = null;
    }
  };
}
