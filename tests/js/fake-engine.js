// The engine the unit tests put behind the page's parts: every request is recorded, and
// `answer(method, params, n)` answers it (a reply, a promise the test settles later, an Error
// to reject with, or null for a refusal). Type-checked with the page (`make typecheck`):
// `call` is the page's typed door, so a request or parameter misspelt through the fake fails
// the check as it would through the real engine (call-types.js).

/** @typedef {import("../../web/js/protocol").Method} Method */
/** @typedef {{method: Method, params: object}} Call */
/**
 * @callback Answer
 * @param {Method} method
 * @param {any} params  the request's params ({} when it was sent without)
 * @param {number} n  how many requests were made, this one included
 * @returns {unknown}
 */

/**
 * @param {Answer} [answer]
 */
export function fakeEngine(answer = () => null) {
  /** @type {Call[]} */
  const calls = [];
  /** @type {import("../../web/bridge.js").EngineCall<null>} */
  const call = (method, ...args) => {
    const params = args[0] ?? {};
    calls.push({ method, params });
    const reply = answer(method, params, calls.length);
    return reply instanceof Error ? Promise.reject(reply) : Promise.resolve(/** @type {any} */ (reply));
  };
  return { calls, call, methods: () => calls.map((c) => c.method) };
}
