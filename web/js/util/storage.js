// What the browser remembers between visits (localStorage), read defensively: the saved
// game, the game settings (levels and speed) and the statistics may come from an older
// version of the page, or be garbage (edited by hand, cut off by a full disk). Every reader
// here validates what it finds and says what is wrong in one word, so the page can explain
// it in one sentence and start afresh. The checks are pure functions, testable in Node.

import { MAX_NAME, NAME_REFUSED, SAVE_FORMAT, SAVE_VERSION, SAVE_VERSIONS } from "../facts.js";
import { MAX_SPEED_MS } from "./params.js";

/** @typedef {import("../protocol").Save} Save */
/** @typedef {null | "corrupt" | "old"} SaveProblem */
/** @typedef {(string | null)[]} Names four seats' names for people, null for none */
/**
 * The game settings the page remembers: each seat's bot level (null: a person), the
 * people's names, the speed in ms.
 * @typedef {{ levels: (string | null)[], speed: number, names: Names }} GameSettings
 */

export const SAVE_KEY = "seven-rocks:save";
/** The engine's save format, the version it writes and those it still reads (version 1
 *  saves have no people's names): the engine's own facts, generated into facts.js. */
export { SAVE_FORMAT, SAVE_VERSION };

/**
 * The raw text under `key`, or null (storage may be disabled).
 * @param {string} key
 */
export function readRaw(key) {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

/**
 * @param {string} key
 * @param {unknown} value stored as JSON; null or undefined removes the key
 */
export function writeJSON(key, value) {
  try {
    if (value == null) localStorage.removeItem(key);
    else localStorage.setItem(key, JSON.stringify(value));
    return true;
  } catch {
    return false; // storage full or disabled: simply not remembered
  }
}

/**
 * @param {unknown} value
 * @returns {value is Record<string, unknown>}
 */
const isObject = (value) => value != null && typeof value === "object" && !Array.isArray(value);
/**
 * Four people's names, each null or text the engine's name rule takes (at most MAX_NAME
 * code points, nothing NAME_REFUSED matches): a stored name the engine would refuse must
 * not make every new game fail.
 * @param {unknown} names
 * @returns {names is Names}
 */
const namesFine = (names) =>
  Array.isArray(names) &&
  names.length === 4 &&
  names.every((n) => n === null || (typeof n === "string" && [...n].length <= MAX_NAME && !new RegExp(NAME_REFUSED, "u").test(n)));

/** The saved game, checked for shape (the engine re-checks every move when restoring). */
export const readSave = () => checkSave(readRaw(SAVE_KEY));

/**
 * A save's stored text, checked: {save: object|null, problem: null | "corrupt" | "old"}.
 * @param {string | null} raw
 * @returns {{ save: Save | null, problem: SaveProblem }}
 */
export function checkSave(raw) {
  if (raw == null) return { save: null, problem: null };
  /** @type {unknown} */
  let save;
  try {
    save = JSON.parse(raw);
  } catch {
    return { save: null, problem: "corrupt" };
  }
  if (!isObject(save) || save.format !== SAVE_FORMAT) return { save: null, problem: "corrupt" };
  if (typeof save.version !== "number" || !SAVE_VERSIONS.includes(save.version)) return { save: null, problem: "old" };
  const bots = save.bots;
  const names = save.names ?? [null, null, null, null];
  const fine =
    namesFine(names) &&
    Array.isArray(bots) &&
    bots.length === 4 &&
    bots.every((b) => b === null || typeof b === "string") &&
    isObject(save.record) &&
    Array.isArray(save.record.rounds);
  // The shape is checked; the engine checks the rest (every move) when restoring it.
  return fine ? { save: /** @type {Save} */ (/** @type {unknown} */ (save)), problem: null } : { save: null, problem: "corrupt" };
}

/**
 * @param {unknown} a
 * @param {unknown} b
 */
const sameBots = (a, b) => JSON.stringify(a) === JSON.stringify(b);

/**
 * May this save be resumed, given what the page's URL asked for? A link with ?seed= or
 * ?seats= resumes only the very game it asked for (reloading it must not deal again); another
 * game's save stays until that one is played.
 * @param {Save} save
 * @param {{ explicit?: boolean, seed?: number | null, bots?: (string | null)[] | null }} [asked]
 */
export function saveMatches(save, { explicit = false, seed = null, bots = null } = {}) {
  if (!explicit) return true;
  return sameBots(save.bots, bots) && (seed == null || save.record.seed === seed);
}

// ------------------------------------------------------------------- tabs
/** Which tab plays the saved game: the id of the page that last started or resumed it. Two
 *  tabs of the site share one save; the one that does not own it stops writing it and is
 *  told the game goes on elsewhere (the `storage` event tells it when another tab claims it). */
export const OWNER_KEY = "seven-rocks:playing";

/** A new page's id (unique enough among one person's tabs). */
export const newTabId = () => `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

/**
 * May the tab `tab` write the save, given the stored owner? (Nobody's save is anybody's.)
 * @param {string | null} owner
 * @param {string} tab
 */
export const mayWriteSave = (owner, tab) => owner == null || owner === tab;

// ---------------------------------------------------------------- restarts
/** When this tab's page was reloaded because its engine died (sessionStorage: this tab only). */
const RESTARTS_KEY = "seven-rocks:restarts";
const RESTARTED_KEY = "seven-rocks:restarted";
/** Reloads for a dead engine allowed within RESTART_WINDOW_MS before the page gives up. */
const MAX_RESTARTS = 3;
const RESTART_WINDOW_MS = 60_000;

/**
 * The restarts to keep: those of the last window, as long as they are few enough.
 * @param {unknown} stored what sessionStorage held (trusted in nothing)
 * @param {number} now
 * @returns {{ times: number[], allowed: boolean }}
 */
function recentRestarts(stored, now) {
  const times = Array.isArray(stored)
    ? stored.filter((t) => typeof t === "number" && Number.isFinite(t) && now - t < RESTART_WINDOW_MS)
    : [];
  return { times, allowed: times.length < MAX_RESTARTS };
}

/** Note a reload for a dead engine; false when it died too often lately (do not reload). */
export function noteRestart(now = Date.now()) {
  try {
    /** @type {unknown} */
    let stored = null;
    try {
      stored = JSON.parse(sessionStorage.getItem(RESTARTS_KEY) ?? "null");
    } catch {
      stored = null;
    }
    const { times, allowed } = recentRestarts(stored, now);
    if (!allowed) return false;
    sessionStorage.setItem(RESTARTS_KEY, JSON.stringify([...times, now]));
    sessionStorage.setItem(RESTARTED_KEY, "1");
    return true;
  } catch {
    return false; // no session storage: a reload could not say why, nor stop a loop
  }
}

/** Was this page loaded because its engine died? (Answers true once.) */
export function tookRestart() {
  try {
    const was = sessionStorage.getItem(RESTARTED_KEY) != null;
    sessionStorage.removeItem(RESTARTED_KEY);
    return was;
  } catch {
    return false;
  }
}

// ---------------------------------------------------------------- settings
const SETTINGS_KEY = "seven-rocks:settings";
const DEFAULT_SPEED = 800;

/**
 * What the engine offers for the seats (its `info` reply): the bots, and the one a seat
 * gets unless someone chooses another (null: no engine's offer, as on a friend's page).
 * @typedef {{bots: readonly string[], default_level: string | null}} Offer
 */
/** @type {Offer} */
const NO_OFFER = { bots: [], default_level: null };

/**
 * The game settings (who plays West, North and East: a bot's level or null for a person;
 * the people's names; the speed in ms), from what was stored (any value, trusted in nothing)
 * and what the engine offers. Bad parts fall back to the defaults.
 * @param {unknown} stored
 * @param {Offer} offer
 * @returns {GameSettings}
 */
export function checkSettings(stored, { bots, default_level: level }) {
  /** @type {GameSettings} */
  const defaults = { levels: [null, level, level, level], speed: DEFAULT_SPEED, names: [null, null, null, null] };
  const saved = isObject(stored) ? stored : {};
  const levels = saved.levels;
  const levelsFine =
    Array.isArray(levels) &&
    levels.length === 4 &&
    levels[0] === null &&
    levels.slice(1).every((name) => name === null || bots.includes(name));
  const speed = saved.speed;
  const speedFine = typeof speed === "number" && Number.isInteger(speed) && speed >= 0 && speed <= MAX_SPEED_MS;
  return {
    levels: levelsFine ? [...levels] : defaults.levels,
    speed: speedFine ? speed : defaults.speed,
    names: namesFine(saved.names) ? [...saved.names] : defaults.names,
  };
}

/**
 * The stored settings, checked (see checkSettings).
 * @param {Offer} [offer]
 */
export function readSettings(offer = NO_OFFER) {
  /** @type {unknown} */
  let stored = null;
  try {
    stored = JSON.parse(readRaw(SETTINGS_KEY) ?? "null");
  } catch {
    stored = null;
  }
  return checkSettings(stored, offer);
}

/** @param {GameSettings} settings */
export const writeSettings = ({ levels, speed, names }) => writeJSON(SETTINGS_KEY, { levels, speed, names });
