// The messages between the host's page (the table) and a guest's page, as JSON text on the
// data channel (docs/play-together.md): both sides' kinds declared once, what each side
// sends and how each reads the other's. The host trusts a guest with nothing: a move is
// not read here, its raw text goes to the engine (`guest_move`), which checks it whole (size,
// JSON, shape, turn, legality). The guest trusts the host no more than needed: a message
// that is not one of the host's kinds is ignored, and one of its kinds in a shape the guest's
// page cannot read is reported as such (never read halfway).

import { cleanName } from "../model/people.js";
import { MAX_GUEST_MESSAGE } from "../facts.js";

/** @typedef {import("../protocol").Snapshot} Snapshot */
/** Why the table ended: the host closed it or left, or the game is over. @typedef {"host-left" | "game-over"} EndReason */
/**
 * A host's message: hello (the seat and the table's people), a snapshot, a refusal (one of
 * the engine's reasons, GUEST_REASONS in facts.js), the end.
 * @typedef {{t: "hello", seat: number, names: (string | null)[]}
 *   | {t: "snap", snap: Snapshot}
 *   | {t: "refused", reason: string}
 *   | {t: "end", reason: EndReason, record?: unknown}} HostMessage
 */
/** A host's message as the guest reads it: one of the host's kinds, or one in a shape the
 * guest's page cannot read. @typedef {HostMessage | {t: "unreadable"}} HostReading */
/**
 * A guest's message as the host sorts it: a join (its name and its screen's shape), a new
 * shape, a round summary closed (a fresh snapshot wanted), or anything else, which is a move
 * or meant as one (its raw text).
 * @typedef {{t: "join", name: string | null, aspect: number | null}
 *   | {t: "aspect", aspect: number}
 *   | {t: "next"}
 *   | {t: "move", text: string}} GuestMessage
 */

/** The messages a host sends. */
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
 * JSON text's object, or null when it is none.
 * @param {string} text
 * @returns {Record<string, any> | null}
 */
function objectIn(text) {
  try {
    const data = JSON.parse(text);
    return data && typeof data === "object" && !Array.isArray(data) ? data : null;
  } catch {
    return null;
  }
}

/** @param {unknown} value a screen's width over height, or null */
const shape = (value) => (typeof value === "number" && Number.isFinite(value) && value > 0 ? value : null);

const isInt = (/** @type {unknown} */ v) => Number.isInteger(v);
const isSeat = (/** @type {unknown} */ v) => Number.isInteger(v) && /** @type {number} */ (v) >= 0 && /** @type {number} */ (v) < 4;
const isObject = (/** @type {unknown} */ v) => Boolean(v) && typeof v === "object" && !Array.isArray(v);
/** @param {(item: unknown) => boolean} each */
const listOf = (each) => (/** @type {unknown} */ v) => Array.isArray(v) && v.every(each);
/** @param {(item: unknown) => boolean} check */
const orNull = (check) => (/** @type {unknown} */ v) => v === null || check(v);
const isText = (/** @type {unknown} */ v) => typeof v === "string";
const isNumber = (/** @type {unknown} */ v) => typeof v === "number" && Number.isFinite(v);
const isFlag = (/** @type {unknown} */ v) => typeof v === "boolean";
const isTable = (/** @type {unknown} */ v) => isObject(v) && ["tiles", "points", "bounds", "ends"].every((key) => Array.isArray(/** @type {Record<string, unknown>} */ (v)[key]));

/**
 * What the guest's page reads of a snapshot, each field's check: a host's page may be older,
 * or hostile, and a field of another shape must not break the guest's page midway.
 * @type {Record<string, (value: unknown) => boolean>}
 */
const SNAP_FIELDS = {
  game: isInt,
  round: isInt,
  turn: isSeat,
  over: isFlag,
  human_turn: isFlag,
  events_total: isInt,
  events: listOf((event) => isObject(event) && isText(/** @type {Record<string, unknown>} */ (event).type)),
  hand: listOf(isText),
  bots: listOf(orNull(isText)),
  names: listOf(orNull(isText)),
  scores: listOf(isNumber),
  hand_sizes: listOf(isInt),
  table: isTable,
  legal: isObject,
  moves: isObject,
};

/**
 * Is `snap` a snapshot the guest's page can read (every field it reads of the right kind)?
 * @param {unknown} snap
 */
function readableSnap(snap) {
  if (!isObject(snap)) return false;
  const fields = /** @type {Record<string, unknown>} */ (snap);
  if (!Object.entries(SNAP_FIELDS).every(([key, check]) => check(fields[key]))) return false;
  const events = /** @type {unknown[]} */ (fields.events);
  return /** @type {number} */ (fields.events_total) >= events.length && (fields.previous_table === undefined || isTable(fields.previous_table));
}

/**
 * The host's message; `unreadable` when it is one of the host's kinds in a shape this page
 * cannot read (the guest is told so once), null when it is none of the host's kinds.
 * @param {string} text
 * @returns {HostReading | null}
 */
export function readHost(text) {
  const data = objectIn(text);
  const unreadable = /** @type {{t: "unreadable"}} */ ({ t: "unreadable" });
  switch (data?.t) {
    case "hello":
      return Number.isInteger(data.seat) && Array.isArray(data.names) ? /** @type {HostMessage} */ (data) : unreadable;
    case "snap":
      return readableSnap(data.snap) ? /** @type {HostMessage} */ (data) : unreadable;
    case "refused":
      return typeof data.reason === "string" ? /** @type {HostMessage} */ (data) : unreadable;
    case "end":
      return (data.reason === "host-left" || data.reason === "game-over") && (data.record === undefined || isObject(data.record)) ? /** @type {HostMessage} */ (data) : unreadable;
    default:
      return null;
  }
}

/**
 * A guest's message sorted by kind. Small well-formed joins, shapes and "next" are the
 * host's page's own business; everything else goes to the engine as a move, where a bad one
 * is refused and counted.
 * @param {string} text
 * @returns {GuestMessage}
 */
export function readGuest(text) {
  /** @type {GuestMessage} */
  const move = { t: "move", text: String(text) };
  if (typeof text !== "string" || text.length > MAX_GUEST_MESSAGE) return move;
  const data = objectIn(text);
  // The name as the engine's rule keeps it (what it refuses dropped, cut to length): a
  // guest's page may be older, or hostile, and its name must not fail on the host's screen.
  if (data?.t === "join") return { t: "join", name: typeof data.name === "string" ? cleanName(data.name) : null, aspect: shape(data.aspect) };
  const aspect = shape(data?.aspect);
  if (data?.t === "aspect" && aspect != null) return { t: "aspect", aspect };
  if (data?.t === "next") return { t: "next" };
  return move;
}
