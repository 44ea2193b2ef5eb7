// URL parameters: ?seed=N, ?seats=…, ?speed=…; validated, never trusted.
// A seat is "human" (at this screen), "bot" (the level chosen for it), a bot's name, or
// "remote" (a friend on another device; the engine says where one may sit).
// A bad value gives a one-line notice (an i18n key and its values) and is ignored.

import { REMOTE } from "../facts.js";

/** @type {Readonly<Record<string, number>>} */
export const SPEEDS = Object.freeze({ slow: 1500, normal: 800, fast: 350, instant: 0 });
export const MAX_SPEED_MS = 5000;

/** @typedef {[key: string, vars: import("./i18n.js").Vars]} Notice an i18n key and its values */
/**
 * What the URL asks for: a seed, the seats (each null for a person, a bot's name, or "bot"
 * for the level chosen for that seat), a speed; `explicit` when it names a game.
 * @typedef {{ seed: number | null, seats: (string | null)[] | null, speed: number | null, notices: Notice[], explicit: boolean }} Params
 */

/**
 * Parse a speed: a name from SPEEDS or whole milliseconds 0..5000; null if invalid.
 * @param {string | null | undefined} text
 * @returns {number | null}
 */
export function parseSpeed(text) {
  if (text == null) return null;
  const value = String(text).trim().toLowerCase();
  if (Object.hasOwn(SPEEDS, value)) return SPEEDS[value];
  if (!/^\d{1,4}$/.test(value)) return null;
  const ms = Number(value);
  return ms <= MAX_SPEED_MS ? ms : null;
}

/**
 * Read the page's URL. `bots` is the engine's list of fair bots (for ?seats= names).
 * Returns {seed, seats, speed, notices} where seats is null or four entries, each null (a
 * person: any seat, several people pass the device) or a bot name ("bot" means the level
 * chosen for that seat, else the default).
 * @param {string} search
 * @param {readonly string[]} bots
 * @returns {Params}
 */
export function readParams(search, bots) {
  const query = new URLSearchParams(search);
  /** @type {Notice[]} */
  const notices = [];
  /** @type {Params} */
  const out = { seed: null, seats: null, speed: null, notices, explicit: false };

  if (query.has("seed")) {
    out.explicit = true;
    const text = (query.get("seed") ?? "").trim();
    if (/^\d{1,15}$/.test(text)) out.seed = Number(text);
    else notices.push(["notice.bad_seed", { value: text }]);
  }
  if (query.has("speed")) {
    const ms = parseSpeed(query.get("speed"));
    if (ms == null) notices.push(["notice.bad_speed", { value: query.get("speed") }]);
    else out.speed = ms;
  }
  if (query.has("seats")) {
    out.explicit = true;
    const text = query.get("seats") ?? "";
    const parts = text.split(",").map((p) => p.trim().toLowerCase());
    const ok =
      parts.length === 4 &&
      parts.every((p) => p === "bot" || p === "human" || p === REMOTE || bots.includes(p));
    if (ok) out.seats = parts.map((p) => (p === "human" ? null : p));
    else notices.push(["notice.bad_seats", { value: text }]);
  }
  return out;
}
