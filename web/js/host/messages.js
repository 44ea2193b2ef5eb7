// The messages between the host's page (the table) and a guest's page, as JSON text on the
// data channel (docs/play-together.md). This module is the host's side: what it sends, and
// the guest's messages sorted by kind. A move is not read here: its raw text goes to the
// engine (`guest_move`), which checks it whole (size, JSON, shape, turn, legality).

import { MAX_GUEST_MESSAGE } from "../facts.js";
import { cleanName } from "../game/people.js";

/** @typedef {import("../protocol").Snapshot} Snapshot */
/** @typedef {"host-left" | "game-over"} EndReason */
/**
 * A guest's message as the host sorts it: a join (its name and its screen's shape), a new
 * shape, a round summary closed (a fresh snapshot wanted), or anything else, which is a move
 * or meant as one (its raw text).
 * @typedef {{t: "join", name: string | null, aspect: number | null}
 *   | {t: "aspect", aspect: number}
 *   | {t: "next"}
 *   | {t: "move", text: string}} GuestMessage
 */

/** The messages a host sends: hello (the seat and the table's people), a snapshot, a refusal, the end. */
export const hostSays = {
  /**
   * @param {number} seat
   * @param {readonly (string | null)[]} names
   */
  hello: (seat, names) => JSON.stringify({ t: "hello", seat, names }),
  /** @param {Snapshot} snap */
  snap: (snap) => JSON.stringify({ t: "snap", snap }),
  /** @param {string} reason one of the engine's reasons (GUEST_REASONS in facts.js) */
  refused: (reason) => JSON.stringify({ t: "refused", reason }),
  /**
   * @param {EndReason} reason
   * @param {unknown} [record] the game's record, for the guest's coach after the game
   */
  end: (reason, record) => JSON.stringify(record ? { t: "end", reason, record } : { t: "end", reason }),
};

/** @param {unknown} value a screen's width over height, or null */
const shape = (value) => (typeof value === "number" && Number.isFinite(value) && value > 0 ? value : null);

/**
 * A guest's message sorted by kind. Small well-formed joins, shapes and "next" are the
 * host's page's own business; everything else goes to the engine as a move, where a bad one
 * is refused and counted.
 * @param {string} text
 * @returns {GuestMessage}
 */
export function readGuest(text) {
  const move = /** @type {GuestMessage} */ ({ t: "move", text: String(text) });
  if (typeof text !== "string" || text.length > MAX_GUEST_MESSAGE) return move;
  /** @type {any} */
  let data;
  try {
    data = JSON.parse(text);
  } catch {
    return move;
  }
  if (!data || typeof data !== "object" || Array.isArray(data)) return move;
  if (data.t === "join") {
    // The name as the engine's rule keeps it (what it refuses dropped, cut to length): a
    // guest's page may be older, or hostile, and its name must not fail on the host's screen.
    const name = typeof data.name === "string" ? cleanName(data.name) : null;
    return { t: "join", name, aspect: shape(data.aspect) };
  }
  if (data.t === "aspect" && shape(data.aspect) != null) return { t: "aspect", aspect: /** @type {number} */ (shape(data.aspect)) };
  if (data.t === "next") return { t: "next" };
  return move;
}
