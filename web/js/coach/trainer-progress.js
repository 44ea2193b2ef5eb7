// "Retry your mistakes" progress as plain data (no DOM, no storage: trainer-retry.js reads
// and writes it): which of a game's mistakes were solved, kept per game, the newest games
// first, at most KEPT_GAMES of them.

/** @typedef {import("./review-ctrl.js").ReviewedMove} ReviewedMove */
/** @typedef {Record<string, Record<string, "solved" | "failed">>} RetryStore */

/** The most games whose retries are remembered (the oldest are forgotten first). */
export const KEPT_GAMES = 20;

/**
 * The moves worth retrying: marked mistake or blunder, with the analysis to judge by.
 * @param {ReadonlyArray<ReviewedMove>} moves
 */
export const mistakesOf = (moves) => moves.filter((m) => (m.mark === "mistake" || m.mark === "blunder") && Array.isArray(m.candidates));

/**
 * What a game's retries are kept under: its seed and its first moves (a game dealt again
 * from the same seed is played differently), and the reviewed seat.
 * @param {{seed?: unknown, rounds?: unknown}} record
 * @param {number} seat
 */
export function gameKey(record, seat) {
  const rounds = Array.isArray(record.rounds) ? record.rounds : [];
  const first = /** @type {{moves?: unknown[]}} */ (rounds[0] ?? {});
  const moves = Array.isArray(first.moves) ? first.moves.slice(0, 8) : [];
  return `${record.seed}|${seat}|${JSON.stringify(moves)}`;
}

/**
 * A stored retry store, checked entry by entry: a game or a result that is malformed is
 * dropped alone, the others kept.
 * @param {unknown} raw
 * @returns {RetryStore}
 */
export function readRetryStore(raw) {
  if (!raw || typeof raw !== "object" || Array.isArray(raw)) return {};
  /** @type {RetryStore} */
  const store = {};
  for (const [game, results] of Object.entries(raw)) {
    if (!results || typeof results !== "object" || Array.isArray(results)) continue;
    const kept = Object.entries(results).filter(([, result]) => result === "solved" || result === "failed");
    if (kept.length) store[game] = Object.fromEntries(kept);
  }
  return store;
}

/**
 * The store with `result` for move `key` of game `game`, that game now the newest.
 * @param {RetryStore} store
 * @param {string} game
 * @param {string} key
 * @param {"solved" | "failed"} result
 * @returns {RetryStore}
 */
export function withResult(store, game, key, result) {
  const results = { ...(store[game] ?? {}) };
  if (results[key] !== "solved") results[key] = result; // once solved, it stays solved
  const others = Object.entries(store).filter(([name]) => name !== game);
  return Object.fromEntries([...others.slice(-(KEPT_GAMES - 1)), [game, results]]);
}

