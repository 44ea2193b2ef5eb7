// Starts the engine's worker as soon as the page can, and on a first visit starts its big
// downloads at once, all in parallel, with a progress bar.
//
// This module's graph is only the bridge and the language catalogues' module, so it runs
// before the UI's modules (app.js) have loaded, and Python's start-up (the longest part of a
// boot) begins that much earlier. app.js awaits the same promise and reports a failure.
//
// A first visit (no service worker serving the page) would otherwise find the Pyodide
// runtime only once PyScript has started the worker and the worker has loaded Pyodide's
// loader: several round trips, one after the other, before the 3 MB of the runtime even
// start. Here the page asks for them as soon as the face-down table shows (before, they
// would share the line with the table's own few files and delay it); the worker's own
// requests then find them in the HTTP cache (revalidated, not downloaded again). Reading
// them here also counts the bytes for the progress bar (role=progressbar), shown until the
// engine is ready.
import { engine } from "./bridge.js";
import { language, onLanguageChange, t } from "./js/util/i18n.js";

/**
 * What a first visit downloads for the engine, by site path, with its size in bytes
 * (decoded): filled in by the build (seven_rocks/site/build.py).
 * @type {Record<string, number>}
 */
const DOWNLOADS = {};

engine.ready().catch(() => {});

const bar = document.getElementById("download");

/**
 * @param {number} received bytes so far
 * @param {number} total bytes in all
 */
function show(received, total) {
  if (!bar) return;
  const percent = Math.min(100, Math.floor((received / total) * 100));
  bar.hidden = false;
  bar.setAttribute("aria-valuenow", String(percent));
  const text = t("boot.download", {
    percent: new Intl.NumberFormat(language()).format(percent),
  });
  bar.setAttribute("aria-valuetext", text);
  const label = bar.querySelector("[data-download-text]");
  if (label) label.textContent = text;
  const fill = /** @type {HTMLElement | null} */ (bar.querySelector("[data-download-fill]"));
  // A CSSOM property, which the Content-Security-Policy allows (style attributes it does not).
  if (fill) fill.style.transform = `scaleX(${percent / 100})`;
}

/**
 * Read `path` to its end, adding each chunk's size to the running count.
 * @param {string} path
 * @param {(bytes: number) => void} count
 */
async function download(path, count) {
  const response = await fetch(new URL(path, document.baseURI));
  if (!response.ok || !response.body) return;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    count(value.byteLength);
  }
}

/** Start at the first of: the table is on screen (app.js's mark), or `AT_THE_LATEST_MS`. */
const TABLE_MARK = "seven-rocks:table-visible";
const AT_THE_LATEST_MS = 1500;

/** @param {() => void} start */
function afterTheTable(start) {
  let started = false;
  const once = () => {
    if (started) return;
    started = true;
    observer?.disconnect();
    clearTimeout(timer);
    start();
  };
  const observer =
    typeof PerformanceObserver === "function"
      ? new PerformanceObserver((list) => {
          if (list.getEntriesByName(TABLE_MARK).length) once();
        })
      : null;
  observer?.observe({ type: "mark", buffered: true });
  const timer = setTimeout(once, AT_THE_LATEST_MS);
}

const total = Object.values(DOWNLOADS).reduce((sum, size) => sum + size, 0);
if (total > 0 && !navigator.serviceWorker?.controller) {
  afterTheTable(downloadAll);
}

function downloadAll() {
  let received = 0;
  let shown = -1;
  /** @param {number} bytes */
  const count = (bytes) => {
    received += bytes;
    const percent = Math.floor((received / total) * 100);
    if (percent !== shown) {
      shown = percent;
      show(received, total);
    }
  };
  onLanguageChange(() => show(received, total));
  for (const path of Object.keys(DOWNLOADS)) {
    // A failed early download only costs the head start: the worker asks for it again.
    download(path, count).catch(() => {});
  }
}
