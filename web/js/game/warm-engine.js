// Warms the engine while a newly opened page shows its table: asks the worker for moves of a
// throwaway game (`warm_up`, seven_rocks/app/warmup.py), one request at a time, until
// WARM_UP_MOVES are made or the person first touches the board (the hands and the table) or
// presses a key there: they are about to play. Reading the first-game tour or opening a menu
// does not stop it, so a first visit, the one that needs it, is warmed while it is read.
//
// Why: the engine's WebAssembly starts in V8's baseline tier, and V8 recompiles whatever
// becomes hot with its optimising tier on background threads. Without this, that happened on
// the person's first move, and on a phone's few cores it slowed the frame that draws the move
// (a main-thread task of 50-280 ms with the CPU throttled 4x in a third of first visits;
// benchmarks/phone.py --longtasks). Made now, while the page is idle, it costs the person
// nothing: the worker answers their move after at most the one scratch move under way.
// Nothing here is game logic, and the page's game is never touched.

/** How many scratch moves a page asks for: about two rounds, about half a second of the
 *  worker's time on a first visit here. With 60, no first visit had a task over 50 ms (23 first
 *  visits over seeds 3-8 and 10, the person looking 0.7 s before the first tap), against 3 of 9
 *  before (50-279 ms). */
export const WARM_UP_MOVES = 60;

/** What a browser may say of itself before the page loads (`globalThis`, from an init
 *  script). @typedef {{ sevenRocksBaselineTier?: unknown }} BrowserSays */

/**
 * How many scratch moves this page asks for: WARM_UP_MOVES, or none in a browser that runs
 * WebAssembly in V8's baseline tier alone and says so (`globalThis.sevenRocksBaselineTier ===
 * true`, set before the page loads: the Chromium the tests drive, tests/support/chromium.py).
 * There nothing is ever recompiled, so the scratch moves would only take the CPU.
 * @returns {number}
 */
export function warmUpMoves() {
  return /** @type {BrowserSays} */ (globalThis).sevenRocksBaselineTier === true ? 0 : WARM_UP_MOVES;
}

/**
 * Ask `engine` for up to `moves` scratch moves, one after another, each in its own task.
 * Stops at the first `pointerdown` or `keydown` in `target` (the board: the person is about to
 * play, and the game's own moves will soon make the engine hot), and at the first failure (the
 * warm-up only saves time; a bug is reported on the console). `mark(state)` says how it
 * stands: "running", then "done" or "stopped" (the page shows it as body[data-warm-up]).
 * Resolves to the number of scratch moves made.
 * @param {{call(method: "warm_up"): Promise<{moves: number}>}} engine
 * @param {{moves?: number, target?: EventTarget | null, mark?: (state: string) => void}} [options]
 * @returns {Promise<number>}
 */
export async function warmEngine(engine, { moves = WARM_UP_MOVES, target = null, mark = () => {} } = {}) {
  let stopped = false;
  const stop = () => {
    stopped = true;
  };
  /** @param {"addEventListener" | "removeEventListener"} add */
  const listen = (add) => {
    for (const type of ["pointerdown", "keydown"]) target?.[add](type, stop, { capture: true });
  };
  listen("addEventListener");
  mark("running");
  let made = 0;
  try {
    while (!stopped && made < moves) {
      await new Promise((resolve) => setTimeout(resolve, 0)); // the page's own work first
      if (stopped) break;
      made = (await engine.call("warm_up")).moves;
    }
  } catch (error) {
    stopped = true;
    // A lost engine (bridge.js's ENGINE_LOST, not imported so that Node's tests can load
    // this module alone) is the page's business: it restarts it. Anything else is a bug.
    const { type, message } = /** @type {{type?: string, message?: string}} */ (error ?? {});
    if (type !== "EngineLost") console.error(`engine warm-up: ${message ?? error}`);
  } finally {
    listen("removeEventListener");
  }
  mark(stopped ? "stopped" : "done");
  return made;
}
