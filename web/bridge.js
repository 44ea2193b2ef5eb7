// The one door between the UI (main thread, plain JavaScript) and the engine (Python in a
// Pyodide web worker started by PyScript).
//
// Every call is `engine.call(method, params)`: the request travels as one JSON string to the
// single function the worker exports (`handle`), and the reply comes back as one JSON string.
// Strings cross the worker boundary as plain postMessage data, so no SharedArrayBuffer and
// no COOP/COEP headers are needed. Nothing here reaches outside the page's own origin: the
// Pyodide runtime and the engine zip are served next to this file.

const SITE = new URL("./", import.meta.url);

/** Where the worker loads Pyodide from. `PyWorker` takes it as the `version` option (an
 *  absolute URL: the worker runs from a blob: URL, so relative ones would not resolve); the
 *  config's "interpreter" key is only read for <script type="py" worker> tags. Without it,
 *  PyScript would fetch Pyodide from a CDN. Both loaders start Python with the standard
 *  library cut to what the game imports (see pyodide-loader.mjs).
 *
 *  Once the service worker serves the page, every file is already on this device, the
 *  Pyodide memory snapshot included, so `pyodide-loader.mjs` restores Python from it (about
 *  0.2 s instead of 1.5 s of start-up). A first visit starts Python the ordinary way instead
 *  (`pyodide-start.mjs`): the snapshot is 6.1 MB more to download before the game could
 *  start, which a fast line repays but a slow one does not; the service worker fetches it
 *  afterwards, for next time. */
const PYODIDE_URL = new URL(
  navigator.serviceWorker?.controller ? "./pyodide-loader.mjs" : "./pyodide-start.mjs",
  SITE,
).href;

/** PyScript config for the worker. `files` unpacks the engine zip into the worker's
 *  working directory (no micropip, no `packages`). `sync_main_only` says the worker never
 *  touches the DOM: should anything in the worker `import pyscript`, it keeps PyScript from
 *  logging a warning that SharedArrayBuffer (a COOP/COEP-only feature) is missing. */
const CONFIG = {
  files: { "./seven_rocks.zip": "./*" },
  sync_main_only: true,
};

/** An error reported by the engine: `type` is the Python exception's class name. */
export class EngineError extends Error {
  constructor(type, message) {
    super(message);
    this.name = "EngineError";
    this.type = type;
  }
}

/** The last meaningful line of a Python traceback ("ValueError: bad tile"), never the whole. */
function lastLine(text) {
  const lines = String(text ?? "")
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);
  return lines.length ? lines[lines.length - 1] : "unknown error";
}

let booting = null;

/** Start the worker once; later calls share the same promise. Resolves to the worker. */
function boot() {
  booting ??= (async () => {
    // An absolute URL made here (not a literal path): the build bundles this module, and
    // PyScript's own files are not part of the bundle.
    const { PyWorker } = await import(new URL("./pyscript/core.js", SITE).href);
    return PyWorker(new URL("./worker.py", SITE).href, {
      version: PYODIDE_URL,
      config: CONFIG,
      configURL: new URL("./config.txt", SITE).href,
    });
  })();
  return booting;
}

let readying = null;

export const engine = {
  /** Resolves to the worker's answer to a `ping` (`{pong, python, start}`: `start` says
   *  whether Python was restored from the snapshot) once it has loaded Pyodide and the
   *  engine; rejects with a short readable Error (never a traceback) if the boot failed. */
  ready() {
    readying ??= (async () => {
      try {
        await boot();
      } catch (error) {
        throw new Error(lastLine(error?.message ?? error));
      }
      try {
        return await engine.call("ping");
      } catch (error) {
        if (error instanceof EngineError && error.type !== "InternalError") {
          throw new Error(`${error.type}: ${error.message}`);
        }
        throw new Error("the engine worker started without its entry point");
      }
    })();
    return readying;
  },

  /**
   * Ask the engine something.
   * @param {string} method
   * @param {object} [params]
   * @returns {Promise<object>} the parsed reply; rejects with an EngineError when the engine
   *   answers `{"error": {"type", "message"}}`.
   */
  async call(method, params = {}) {
    const worker = await boot();
    let raw;
    try {
      raw = await worker.sync.handle(JSON.stringify({ method, params }));
    } catch (error) {
      throw new EngineError("InternalError", lastLine(error?.message ?? error));
    }
    const reply = JSON.parse(raw);
    if (reply && typeof reply === "object" && "error" in reply) {
      const { type = "Error", message = "unknown error" } = reply.error ?? {};
      throw new EngineError(type, message);
    }
    return reply;
  },
};
