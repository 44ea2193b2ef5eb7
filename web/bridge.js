// The one door between the UI (main thread, plain JavaScript) and the engine (Python in a
// Pyodide web worker started by PyScript).
//
// Every call is `engine.call(method, params)`: the request travels as one JSON string to the
// single function the worker exports (`handle`), and the reply comes back as one JSON string.
// Strings cross the worker boundary as plain postMessage data, so no SharedArrayBuffer and
// no COOP/COEP headers are needed. Nothing here reaches outside the page's own origin: the
// Pyodide runtime and the engine zip are served next to this file.

import { checkJsonText } from "./js/util/jsontext.js";
import { engineKept } from "./js/link/light.js";

/** @typedef {import("./js/protocol").Methods} Methods */
/** @typedef {keyof Methods} Method */
/**
 * The arguments after the method's name: its params, which may be left out only when every
 * one of them is optional.
 * @template {Method} M
 * @typedef {{} extends Methods[M]["params"] ? [params?: Methods[M]["params"]] : [params: Methods[M]["params"]]} ParamsArgs
 */
/**
 * A request's params and its reply.
 * @template {Method} M
 * @typedef {Methods[M]["params"]} Params
 */
/**
 * @template {Method} M
 * @typedef {Methods[M]["reply"]} Reply
 */
/**
 * The engine's door as every part of the page takes it: a request of the worker protocol
 * with that request's own params, answered with its own reply, so a misspelt request or
 * parameter fails the type check wherever the call is made. `engine.call` is one; a door
 * that says an error to the player and answers `null` instead of rejecting (the
 * controller's) is an `EngineCall<null>`.
 * @template [Refused=never] what the door answers when the engine refuses
 * @typedef {<M extends Method>(method: M, ...params: ParamsArgs<M>) => Promise<Reply<M> | Refused>} EngineCall
 */
/**
 * The worker PyScript starts: the one function it exports, and its end.
 * @typedef {{ sync: { handle(request: string): Promise<string> }, terminate(): void }} EngineWorker
 */
/** @typedef {{ ended: boolean, waiting: Set<(reason: Error) => void> }} Ending */

const SITE = new URL("./", import.meta.url);

/** Where the worker loads Pyodide from. `PyWorker` takes it as the `version` option (an
 *  absolute URL: the worker runs from a blob: URL, so relative ones would not resolve); the
 *  config's "interpreter" key is only read for <script type="py" worker> tags. Without it,
 *  PyScript would fetch Pyodide from a CDN. Both loaders start Python with the standard
 *  library cut to what the game imports (see pyodide-loader.mjs).
 *
 *  Once the service worker serves the page, every file is already on this device, the
 *  Pyodide memory snapshot included, so `pyodide-loader.mjs` restores Python from it instead
 *  of starting it. A first visit starts Python the ordinary way (`pyodide-start.mjs`): the
 *  snapshot would be megabytes more to download and inflate before the game could start,
 *  which costs a first visit more CPU and time than Python's start-up it saves
 *  (benchmarks/first_visit_cpu.py; the figures are in the README); the service worker
 *  fetches it afterwards, for next time. A guest's light service worker keeps the page
 *  only: a first visit for the engine. */
const PYODIDE_URL = new URL(engineKept() ? "./pyodide-loader.mjs" : "./pyodide-start.mjs", SITE).href;

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
  /**
   * @param {string} type
   * @param {string} message
   */
  constructor(type, message) {
    super(message);
    this.name = "EngineError";
    this.type = type;
  }
}

/** The last meaningful line of a Python traceback ("ValueError: bad tile"), never the whole. */
/** @param {unknown} text */
function lastLine(text) {
  const lines = String(text ?? "")
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);
  return lines.length ? lines[lines.length - 1] : "unknown error";
}

/** @type {Promise<EngineWorker> | null} */
let booting = null;

/** Start the worker once; later calls share the same promise. Resolves to the worker. */
function boot() {
  booting ??= (async () => {
    // An absolute URL made here (not a literal path): the build bundles this module, and
    // PyScript's own files are not part of the bundle.
    /** @type {{ PyWorker(url: string, options: object): EngineWorker }} */
    const { PyWorker } = await import(new URL("./pyscript/core.js", SITE).href);
    return PyWorker(new URL("./worker.py", SITE).href, {
      version: PYODIDE_URL,
      config: CONFIG,
      configURL: new URL("./config.txt", SITE).href,
    });
  })();
  return booting;
}

// ------------------------------------------------------------------ health
// Whatever kills the engine (a Pyodide "fatal error", a worker that stops answering), the
// page must not be left with a dead engine until someone thinks of reloading. A call that
// fails below the protocol (no JSON reply at all) is followed by a ping; a worker that
// cannot answer it, or a call unanswered for `engine.patienceMs`, is ended, its other calls
// fail at once, and the page's `onLost` hooks run (the controller reloads the page, which
// starts a new worker and resumes the game from its save; see Controller.afterLoss).
//
// Why not a new PyWorker in the same page: PyScript (0.7.31) compiles its worker hooks with
// Function() from the second worker on, which the page's Content-Security-Policy (no
// 'unsafe-eval') rightly refuses.

/** How long a dead engine's ping may take to fail before the worker is given up. */
const PING_MS = 5_000;

/** The engine is gone (its worker was ended): the call was not answered. */
export const ENGINE_LOST = "EngineLost";

/** @type {((reason: string) => void)[]} */
const lostHooks = [];
/** @type {WeakMap<EngineWorker, Ending>} */
const endings = new WeakMap(); // worker -> {ended, waiting}: its calls fail once it ends

/**
 * The worker's end: `waiting` holds the rejecters of its unanswered calls.
 * @param {EngineWorker} worker
 * @returns {Ending}
 */
function ending(worker) {
  let end = endings.get(worker);
  if (!end) {
    end = { ended: false, waiting: new Set() };
    endings.set(worker, end);
  }
  return end;
}

/** Settle as `promise` does, or reject at once if `worker` ends first. Each call keeps its
 *  own rejecter only while it waits: racing every call against one promise that settles
 *  only when the worker ends left a reaction on it per call, for the page's whole life.
 * @template T
 * @param {EngineWorker} worker
 * @param {Promise<T>} promise
 * @returns {Promise<T>}
 */
function unlessEnded(worker, promise) {
  const end = ending(worker);
  if (end.ended) return Promise.reject(new Error("the engine stopped"));
  return new Promise((resolve, reject) => {
    end.waiting.add(reject);
    promise.then(resolve, reject).finally(() => end.waiting.delete(reject));
  });
}

/**
 * Settle as `promise` does, or reject with `onTimeout()` after `ms` (never if ms is not finite).
 * @template T
 * @param {Promise<T>} promise
 * @param {number} ms
 * @param {() => Error} onTimeout
 * @returns {Promise<T>}
 */
function within(promise, ms, onTimeout) {
  if (!Number.isFinite(ms)) return promise;
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let timer;
  /** @type {Promise<never>} */
  const late = new Promise((_, reject) => {
    timer = setTimeout(() => reject(onTimeout()), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/**
 * Can `worker` still answer?
 * @param {EngineWorker} worker
 */
async function answers(worker) {
  try {
    const ping = worker.sync.handle(JSON.stringify({ method: "ping", params: {} }));
    const raw = await within(ping, PING_MS, () => new Error("no answer"));
    return JSON.parse(raw)?.pong === true;
  } catch {
    return false;
  }
}

/**
 * End a dead `worker` once: fail its calls, stop it, tell the page.
 * @param {EngineWorker} worker
 * @param {string} reason
 */
function lose(worker, reason) {
  const end = ending(worker);
  if (end.ended) return;
  end.ended = true;
  for (const reject of end.waiting) reject(new Error("the engine stopped"));
  end.waiting.clear();
  try {
    worker.terminate();
  } catch {
    // a worker that is gone already
  }
  for (const hook of lostHooks) hook(reason);
}

/** What an error carries, whatever threw it (an Error, a string, anything).
 * @param {unknown} error
 */
const messageOf = (error) => lastLine(error instanceof Error ? error.message : error);

/**
 * One request to the engine's worker.
 * @template {Method} M
 * @param {M} method
 * @param {Methods[M]["params"]} params
 * @returns {Promise<Methods[M]["reply"]>}
 */
async function send(method, params) {
  const text = JSON.stringify({ method, params });
  const refused = checkJsonText(text);
  if (refused) {
    const message =
      refused.problem === "too_deep"
        ? `lists and objects nest more than ${refused.limit} deep, more than the engine reads`
        : `the request is larger than ${refused.limit.toLocaleString("en")} bytes`;
    throw new EngineError("RequestError", message);
  }
  const worker = await boot();
  let raw;
  try {
    const answer = unlessEnded(worker, worker.sync.handle(text));
    const patience = engine.patienceMs;
    raw = await within(answer, patience, () => new Error(`no answer to '${method}' within ${patience} ms`));
  } catch (error) {
    const message = messageOf(error);
    if (ending(worker).ended) throw new EngineError(ENGINE_LOST, message);
    if (method !== "ping" && !(await answers(worker))) {
      lose(worker, message);
      throw new EngineError(ENGINE_LOST, message);
    }
    throw new EngineError("InternalError", message);
  }
  const reply = JSON.parse(raw);
  if (reply && typeof reply === "object" && "error" in reply) {
    const { type = "Error", message = "unknown error" } = reply.error ?? {};
    throw new EngineError(type, message);
  }
  return reply;
}

let readying = null;

export const engine = {
  /** How long any one call may go unanswered before the engine counts as dead: every
   *  request is short by design (a long replay is checked a slice at a time). */
  patienceMs: 120_000,

  /** Resolves to the worker's answer to a `ping` (`{pong, python, start}`: `start` says
   *  whether Python was restored from the snapshot) once it has loaded Pyodide and the
   *  engine; rejects with a short readable Error (never a traceback) if the boot failed. */
  ready() {
    readying ??= (async () => {
      try {
        await boot();
      } catch (error) {
        throw new Error(messageOf(error));
      }
      try {
        return await send("ping", {});
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
   * Ask the engine something: `method` is a request of the worker protocol and its params
   * must have the shape that request takes (js/protocol.d.ts, generated from the engine).
   * @template {Method} M
   * @param {M} method
   * @param {ParamsArgs<M>} params
   * @returns {Promise<Methods[M]["reply"]>} the parsed reply; rejects with an EngineError
   *   when the engine answers `{"error": {"type", "message"}}`, or of type ENGINE_LOST when
   *   the engine died with the call.
   */
  call(method, ...params) {
    return send(method, params[0] ?? /** @type {Methods[M]["params"]} */ ({}));
  },

  /**
   * `hook(reason)` runs once when the engine dies (see "health" above).
   * @param {(reason: string) => void} hook
   */
  onLost(hook) {
    lostHooks.push(hook);
  },
};
