// One game, one signal: every wait of a game's loop (an engine reply, a bot's pace, a panel
// holding the bots) is tied to the game's AbortSignal, so a new game ends the old game's
// pending steps where they wait, and nothing after such a wait runs for a game that is gone.
// The engine's work is not cancelled (the worker finishes its reply); only the waiting is.

/**
 * `promise`, unless `signal` aborts first: then a rejection with the signal's reason (an
 * `AbortError`). Settles at once when the signal has already aborted.
 * @template T
 * @param {Promise<T>} promise
 * @param {AbortSignal} signal
 * @returns {Promise<T>}
 */
export function abortable(promise, signal) {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise((resolve, reject) => {
    const stop = () => reject(signal.reason);
    signal.addEventListener("abort", stop, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener("abort", stop);
        if (signal.aborted) reject(signal.reason);
        else resolve(value);
      },
      (error) => {
        signal.removeEventListener("abort", stop);
        reject(error);
      },
    );
  });
}

/**
 * Whether `error` is a game's end (its signal aborted) rather than a fault.
 * @param {unknown} error
 * @returns {boolean}
 */
export const isAbort = (error) => error instanceof Error && error.name === "AbortError";
