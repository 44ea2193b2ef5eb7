// Starts the engine's worker as soon as the page can, starts a first visit's big downloads at
// once, all in parallel, and says how the boot stands until the engine is ready: a progress
// bar through the download *and* the start-up, and the stage by name.
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
// them here also counts the bytes for the progress bar.
//
// The stages, in order: "download" (a first visit's bytes, counted), "python" (Pyodide
// compiles its WebAssembly and starts Python), "engine" (the engine is imported); the worker
// says when it reaches the last two (pyodide-loader.mjs). A start-up
// stage has no bytes to count, so its part of the bar advances with the time spent in it,
// ever more slowly, never reaching the stage's end before the stage is over: the bar moves
// while the worker works, the words say what it is doing. Should nothing at all happen for
// NO_PROGRESS_MS (no byte, no stage), the boot is given up (app.js reports it): a slow phone
// that is still getting on is never cut off at a fixed time.
//
// An invitation's page (a guest plays from the host's snapshots) starts no engine: its phone
// downloads the page only (js/link/light.js). Should the person ask for what needs the
// engine (the coach after the game), the page says START_ENGINE and it boots then, through
// the same stages and bar, and tells update.js (ENGINE_WANTED) to keep the whole game for
// offline play.
import { engine } from "./bridge.js";
import { has, language, onLanguageChange, t } from "./js/util/i18n.js";
import { ENGINE_WANTED, START_ENGINE, engineKept, lightPage } from "./js/link/light.js";

/**
 * What a first visit downloads for the engine, by site path, with its size in bytes
 * (decoded): filled in by the build (seven_rocks/site/build.py).
 * @type {Record<string, number>}
 */
const DOWNLOADS = {};

/** @typedef {"download" | "python" | "engine"} Stage */
/**
 * Each stage's share of the bar (percent, from and to), its words on the bar and in the
 * slow-start notice, and for a start-up stage the time after which its part is half done.
 * @type {Record<Stage, {from: number, to: number, text: string, slow: string, halfMs: number}>}
 */
const STAGES = {
  download: { from: 0, to: 50, text: "boot.download", slow: "boot.slow_download", halfMs: 0 },
  python: { from: 50, to: 85, text: "boot.python", slow: "boot.slow_python", halfMs: 3000 },
  engine: { from: 85, to: 99, text: "boot.engine", slow: "boot.slow_engine", halfMs: 1500 },
};
/** After this long the status line says what is taking so long. */
const SLOW_NOTICE_MS = 15_000;
/** Give up after this long without any progress at all (no byte arrived, no stage reached). */
const NO_PROGRESS_MS = 120_000;
/** How often a start-up stage's part of the bar advances: four times a second, in steps with
 *  no transition, since every animated frame costs a slow phone's CPU in compositing; often
 *  enough that a busy main thread's late tick still leaves the bar still well under a second. */
const TICK_MS = 250;
/** The event app.js hears when the boot has made no progress for NO_PROGRESS_MS. */
export const STALLED = "seven-rocks:boot-stalled";

let started = performance.now();
const total = Object.values(DOWNLOADS).reduce((sum, size) => sum + size, 0);
const firstVisit = total > 0 && !engineKept();
const light = lightPage();

/** @type {Stage} */
let stage = firstVisit ? "download" : "python";
let stageSince = started;
let lastProgress = started;
let received = 0;
let downloaded = !firstVisit;
let percent = 0;
let finished = false;

const bar = document.getElementById("download");
const status = document.getElementById("status");

/** The bar's value now: bytes in the download stage, time spent in a start-up stage. */
function value() {
  const { from, to, halfMs } = STAGES[stage];
  if (stage === "download") return from + ((to - from) * Math.min(received, total)) / total;
  const spent = performance.now() - stageSince;
  return from + ((to - from) * spent) / (spent + halfMs);
}

function show() {
  if (finished) return;
  percent = Math.max(percent, value());
  const whole = new Intl.NumberFormat(language()).format(Math.floor(percent));
  document.body.dataset.bootStage = stage;
  if (bar) {
    bar.hidden = false;
    bar.setAttribute("aria-valuenow", percent.toFixed(1));
    // Words only once the catalogues are in (app.js loads them): never a bare key.
    const text = has(STAGES[stage].text) ? t(STAGES[stage].text, { percent: whole }) : "";
    bar.setAttribute("aria-valuetext", text || whole);
    const label = bar.querySelector("[data-download-text]");
    if (label && label.textContent !== text) label.textContent = text;
    const fill = /** @type {HTMLElement | null} */ (bar.querySelector("[data-download-fill]"));
    // A CSSOM property, which the Content-Security-Policy allows (style attributes it does not).
    if (fill) fill.style.transform = `scaleX(${percent / 100})`;
  }
  const slow = performance.now() - started >= SLOW_NOTICE_MS;
  if (slow && status && document.body.dataset.engine === "loading") {
    status.textContent = t(STAGES[stage].slow, { percent: whole });
  }
}

/** @param {Stage} next */
function reach(next) {
  const order = Object.keys(STAGES);
  if (finished || order.indexOf(next) <= order.indexOf(stage)) return;
  stage = next;
  stageSince = lastProgress = performance.now();
  show();
}

/** The worker said it reached `said`; Python's start waits for the download all the same. */
let said = "";
/** @param {string} next */
function heard(next) {
  said = next;
  if (next === "engine") reach("engine");
  else if (next === "python" && downloaded) reach("python");
}
// Told on a broadcast channel (pyodide-loader.mjs): another tab's boot at the same moment
// could be heard too, which would at worst name a stage a little early.
/** @type {BroadcastChannel | null} */
let channel = null;
/** @type {ReturnType<typeof setInterval> | undefined} */
let ticker;

function stop() {
  finished = true;
  clearInterval(ticker);
  channel?.close();
  if (light && bar) bar.hidden = true; // a guest's table shows no bar once the engine is in
}

/** @type {ReturnType<typeof engine.ready> | null} */
let booting = null;

/** Boot the engine, once, showing how the boot stands. */
function startEngine() {
  if (booting) return;
  started = stageSince = lastProgress = performance.now();
  channel = typeof BroadcastChannel === "function" ? new BroadcastChannel("seven-rocks:boot") : null;
  channel?.addEventListener("message", ({ data }) => heard(String(data)));
  ticker = setInterval(() => {
    if (performance.now() - lastProgress >= NO_PROGRESS_MS) {
      stop();
      window.dispatchEvent(new Event(STALLED));
      return;
    }
    show();
  }, TICK_MS);
  booting = engine.ready();
  booting.then(stop, stop);
  if (light) booting.finally(() => window.dispatchEvent(new Event(ENGINE_WANTED))).catch(() => {});
  onLanguageChange(show);
  show();
  // A guest asked for the engine: no table of this page's own to wait for.
  if (firstVisit && light) downloadAll();
  else if (firstVisit) afterTheTable(downloadAll);
}

/**
 * Read `path` to its end, adding each chunk's size to the running count.
 * @param {string} path
 */
async function download(path) {
  const response = await fetch(new URL(path, document.baseURI));
  if (!response.ok || !response.body) return;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    received += value.byteLength;
    lastProgress = performance.now();
  }
}

/** Start at the first of: the table is on screen (app.js's mark), or `AT_THE_LATEST_MS`. */
const TABLE_MARK = "seven-rocks:table-visible";
const AT_THE_LATEST_MS = 1500;

/** @param {() => void} start */
function afterTheTable(start) {
  let begun = false;
  const once = () => {
    if (begun) return;
    begun = true;
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

if (light) {
  if (bar) bar.hidden = true;
  window.addEventListener(START_ENGINE, startEngine, { once: true });
} else startEngine();

async function downloadAll() {
  // A failed early download only costs the head start: the worker asks for it again.
  await Promise.allSettled(Object.keys(DOWNLOADS).map((path) => download(path)));
  downloaded = true;
  reach(said === "engine" ? "engine" : "python");
}
