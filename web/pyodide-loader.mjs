// Starts Pyodide for the engine worker: the cut standard library, the fallback for what it
// lacks, and a memory snapshot when the build made one.
//
// PyScript's PyWorker imports the module named by its `version` option and calls the
// `loadPyodide` it exports, so this module stands in for `pyodide/pyodide.mjs`: same exports,
// same options, plus:
//
// * Python starts with `pyodide/stdlib-cut.zip`, the standard library cut to what the game
//   imports, compiled (made by `seven-rocks build`: 0.5 MB on the wire instead of 2.5 MB), and before
//   PyScript or the engine import anything, `stdlib_fallback` (inside that zip) is installed:
//   should a module outside the cut be imported, it comes from the full library, kept in
//   the site for that alone.
// * From the offline cache (bridge.js then names this module), it first fetches
//   `pyodide/engine.snapshot` (the heap of an interpreter that has already started and
//   imported the engine, made from the same cut library) and passes it on: restoring it
//   replaces Python's start-up (1.5 s on the reference machine) with a copy (0.2 s).
//   Without a snapshot, or if it is refused, Pyodide starts the ordinary way. A first
//   visit names `pyodide-start.mjs` instead, which starts without asking for one.
// @ts-expect-error: the build puts Pyodide (node_modules/pyodide) beside this module; its
// types are the package's own, below.
import { loadPyodide as loadPyodideAsShipped, version } from "./pyodide/pyodide.mjs";

/** @typedef {import("pyodide").PyodideConfig} PyodideConfig */
/** @typedef {Awaited<ReturnType<typeof import("pyodide").loadPyodide>>} Pyodide */

/** @type {typeof import("pyodide").loadPyodide} */
const loadPlain = loadPyodideAsShipped;

export { version };

const INDEX_URL = new URL("./pyodide/", import.meta.url).href;
const SNAPSHOT_URL = new URL("engine.snapshot", INDEX_URL).href;
export const STDLIB_URL = new URL("stdlib-cut.zip", INDEX_URL).href;
const FULL_STDLIB_URL = new URL("python_stdlib.zip", INDEX_URL).href;
/** The site, where the engine's worker fetches what it loads on demand (worker.py). */
const SITE_URL = new URL("../", INDEX_URL).href;

/** The snapshot's bytes; rejects when there is none (an older build, or offline without it). */
async function fetchSnapshot() {
  const response = await fetch(SNAPSHOT_URL);
  if (!response.ok) throw new Error(`no snapshot (HTTP ${response.status})`);
  return new Uint8Array(await response.arrayBuffer());
}

/** Where the boot's stages are told (web/boot.js listens). */
export const BOOT_CHANNEL = "seven-rocks:boot";

/**
 * Tell the page which stage the boot has reached: "python" (Pyodide compiles its
 * WebAssembly and starts Python), then "engine" (PyScript's own start and the engine's
 * import); web/boot.js names it in its progress and its slow-start notice. A broadcast
 * channel, because PyScript hands the page its worker only once Python has started.
 * @param {"python" | "engine"} stage
 */
function tellThePage(stage) {
  if (typeof BroadcastChannel !== "function") return;
  const channel = new BroadcastChannel(BOOT_CHANNEL);
  channel.postMessage(stage);
  channel.close();
}

/**
 * Pyodide with the fallback for what the cut standard library lacks.
 * @param {PyodideConfig} settings
 * @returns {Promise<Pyodide>}
 */
async function start(settings) {
  tellThePage("python");
  const pyodide = await loadPlain(settings);
  const fallback = pyodide.pyimport("stdlib_fallback");
  try {
    fallback.install(FULL_STDLIB_URL);
  } finally {
    fallback.destroy();
  }
  pyodide.runPython(`__import__("os").environ["SEVEN_ROCKS_SITE"] = ${JSON.stringify(SITE_URL)}`);
  tellThePage("engine");
  return pyodide;
}

/**
 * `loadPyodide` with the cut library; `snapshot`: try the build's memory snapshot first.
 * @param {PyodideConfig} [options]
 * @param {{ snapshot?: boolean }} [how]
 */
export async function startPython(options = {}, { snapshot = true } = {}) {
  const settings = { ...options, indexURL: INDEX_URL, stdLibURL: STDLIB_URL };
  if (snapshot) {
    // Handed over as a promise: Pyodide awaits it only once its own script is loaded, so
    // reading the 31 MB from the cache overlaps with that. (Marked as handled: it may fail
    // before Pyodide awaits it, which must not show as an unhandled rejection.)
    const heap = fetchSnapshot();
    heap.catch(() => {});
    try {
      return await start({ ...settings, _loadSnapshot: heap });
    } catch (error) {
      console.warn(`Seven Rocks: starting Python without its snapshot (${error})`);
    }
  }
  return start(settings);
}

/** @param {PyodideConfig} [options] */
export function loadPyodide(options = {}) {
  return startPython(options, { snapshot: true });
}
