// The messages between a guest's page and the host's (docs/play-together.md): this module is
// the guest's side, what it sends and the host's messages read. The host is trusted no more
// than needed: a message that is not one of the host's kinds is ignored.

/** @typedef {import("../protocol").Snapshot} Snapshot */
/**
 * @typedef {{t: "hello", seat: number, names: (string | null)[]}
 *   | {t: "snap", snap: Snapshot}
 *   | {t: "refused", reason: string}
 *   | {t: "end", reason: "host-left" | "game-over", record?: unknown}} HostMessage
 */

/** The messages a guest sends. */
export const guestSays = {
  /**
   * @param {string | null} name
   * @param {number} aspect the guest's table area, width over height
   */
  join: (name, aspect) => JSON.stringify({ t: "join", name, aspect }),
  /** @param {string} move the move's text, as the snapshot's `moves` gave it */
  move: (move) => JSON.stringify({ t: "move", move }),
  /** @param {number} aspect */
  aspect: (aspect) => JSON.stringify({ t: "aspect", aspect }),
  next: () => JSON.stringify({ t: "next" }),
};

/**
 * The host's message, or null when it is none of the host's kinds.
 * @param {string} text
 * @returns {HostMessage | null}
 */
export function readHost(text) {
  /** @type {any} */
  let data;
  try {
    data = JSON.parse(text);
  } catch {
    return null;
  }
  if (!data || typeof data !== "object") return null;
  switch (data.t) {
    case "hello":
      return Number.isInteger(data.seat) && Array.isArray(data.names) ? data : null;
    case "snap":
      return data.snap && typeof data.snap === "object" && Array.isArray(data.snap.hand) ? data : null;
    case "refused":
      return typeof data.reason === "string" ? data : null;
    case "end":
      return data.reason === "host-left" || data.reason === "game-over" ? data : null;
    default:
      return null;
  }
}
