// Starts Pyodide for the engine worker from a memory snapshot when the build made one.
//
// PyScript's PyWorker imports the module named by its `version` option and calls the
// `loadPyodide` it exports, so this module stands in for `pyodide/pyodide.mjs`: same exports,
// same options, but it first fetches `pyodide/engine.snapshot` (made by `seven-rocks build`:
// the heap of an interpreter that has already started and imported the engine) and passes it
// on. Restoring that heap replaces Python's start-up (1.5 s on the reference machine) with a
// copy (0.2 s). Without a snapshot, or if it is refused, Pyodide starts the ordinary way.
import { loadPyodide as loadPlain, version } from "./pyodide/pyodide.mjs";

export { version };

const INDEX_URL = new URL("./pyodide/", import.meta.url).href;
const SNAPSHOT_URL = new URL("engine.snapshot", INDEX_URL).href;

/** The snapshot's bytes; rejects when there is none (an older build, or offline without it). */
async function fetchSnapshot() {
  const response = await fetch(SNAPSHOT_URL);
  if (!response.ok) throw new Error(`no snapshot (HTTP ${response.status})`);
  return new Uint8Array(await response.arrayBuffer());
}

export async function loadPyodide(options = {}) {
  const settings = { ...options, indexURL: INDEX_URL };
  // Handed over as a promise: Pyodide awaits it only once its own script is loaded, so
  // reading the 31 MB from the cache overlaps with that. (Marked as handled: it may fail
  // before Pyodide awaits it, which must not show as an unhandled rejection.)
  const snapshot = fetchSnapshot();
  snapshot.catch(() => {});
  try {
    return await loadPlain({ ...settings, _loadSnapshot: snapshot });
  } catch (error) {
    console.warn(`Seven Rocks: starting Python without its snapshot (${error})`);
  }
  return loadPlain(settings);
}
