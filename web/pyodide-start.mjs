// A first visit's Pyodide loader (bridge.js names it when no service worker serves the
// page): the cut standard library and its fallback, as in pyodide-loader.mjs, but without
// asking for the memory snapshot: downloading and inflating it before the game could start
// costs a first visit more than Python's start-up it would save (see bridge.js); the service
// worker fetches it afterwards, for the next visit.
import { startPython } from "./pyodide-loader.mjs";

export { version } from "./pyodide-loader.mjs";

/** @param {import("pyodide").PyodideConfig} [options] */
export function loadPyodide(options = {}) {
  return startPython(options, { snapshot: false });
}
