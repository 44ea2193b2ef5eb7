// Close requests for the page's light overlays (the tour, the hint, the phone's menu, a picked
// tile): the Escape key, and on Android the back gesture. Modal <dialog>s get both from the
// browser; the rest does not, and there a back gesture left the game (or, installed, closed
// the app) instead of putting the overlay away.
//
// Where the browser has CloseWatcher (Chromium), one watcher per open overlay: the newest
// closes first, and a modal dialog opened over an overlay closes before it. Elsewhere
// Escape alone, from a key listener; the back gesture there goes back, as before.

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
  return () => {
    const at = listening.indexOf(entry);
    if (at >= 0) listening.splice(at, 1);
    if (!listening.length) removeEventListener("keydown", onEscape);
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
