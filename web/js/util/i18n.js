// Every visible string comes from one catalogue per language: web/i18n/<lang>.json. The
// build moves the strings of the parts loaded on first use (the rule book, the coach) into
// i18n/<lang>.<part>.json (seven_rocks/site/catalogues.py); `loadStrings(part)` fetches them
// with the part, and a language switch fetches them for every part already loaded.
// `t(key, vars)` looks a key up in the current language (English as the fallback) and fills
// `{name}` placeholders; with a numeric `count` it takes the language's plural form of the
// key where the catalogue has one (`key_one`, `key_few`...: Intl.PluralRules' categories, the
// plain key being "other"), so "1 ponto" and "2 pontos" come from one call. Elements with `data-i18n="key"` get their text from `apply()`;
// `data-i18n-label="key"` fills aria-label, `data-i18n-title` the title.

export const LANGUAGES = Object.freeze({ en: "English", "pt-BR": "Português (Brasil)" });
import { num } from "./html.js";

/** @typedef {keyof typeof LANGUAGES} Language */
/** @typedef {Record<string, string>} Strings a catalogue: key -> text with {name} places */
/** @typedef {Record<string, unknown>} Vars the values of a text's {name} places */

const STORAGE_KEY = "seven-rocks:lang";
/** @type {Record<string, Strings>} */
const catalogues = {}; // lang -> the first visit's strings
/** @type {Record<string, Strings>} */
const partStrings = {}; // lang -> the loaded parts' strings, merged
/** @type {Set<string>} */
const loadedParts = new Set();
/** @type {Language} */
let current = "en";
/** @type {Set<(lang: Language) => void>} */
const listeners = new Set();

/**
 * Is `lang` one of the page's languages?
 * @param {unknown} lang
 * @returns {lang is Language}
 */
const isLanguage = (lang) => typeof lang === "string" && Object.hasOwn(LANGUAGES, lang);

/**
 * The language to start in: the remembered choice, else the browser's, else English.
 * @returns {Language}
 */
function preferredLanguage() {
  let stored = null;
  try {
    stored = localStorage.getItem(STORAGE_KEY);
  } catch {
    // storage may be disabled; the browser language still works
  }
  if (isLanguage(stored)) return stored;
  for (const lang of navigator.languages ?? [navigator.language]) {
    if (/^pt\b/i.test(lang ?? "")) return "pt-BR";
    if (/^en\b/i.test(lang ?? "")) return "en";
  }
  return "en";
}

/**
 * @param {string} name
 * @returns {Promise<Strings>}
 */
async function fetchCatalogue(name) {
  const response = await fetch(new URL(`../../i18n/${name}.json`, import.meta.url));
  if (!response.ok) throw new Error(`no catalogue ${name} (${response.status})`);
  return response.json();
}

/** @type {Record<string, Promise<unknown>>} */
const pending = {};
/**
 * Fetch `name` once (concurrent asks share the one request) and keep it with `keep`.
 * @param {string} name
 * @param {(strings: Strings) => unknown} keep
 */
function once(name, keep) {
  pending[name] ??= fetchCatalogue(name).then(keep, (error) => {
    delete pending[name]; // a later switch may try again (e.g. back online)
    throw error;
  });
  return pending[name];
}

/**
 * The first visit's catalogue of `lang`.
 * @param {string} lang
 */
const catalogue = (lang) => once(lang, (strings) => (catalogues[lang] = strings));

/**
 * The strings of `part` in `lang`.
 * @param {string} lang
 * @param {string} part
 */
const partCatalogue = (lang, part) =>
  once(`${lang}.${part}`, (strings) => (partStrings[lang] = { ...partStrings[lang], ...strings }));

/** Load a lazily loaded part's strings (English, the fallback, and the current language);
 *  rejects when they cannot be fetched, like the part's own module.
 * @param {string} part
 */
export async function loadStrings(part) {
  loadedParts.add(part); // first: a language switch meanwhile fetches them in its language too
  try {
    await Promise.all([partCatalogue("en", part), partCatalogue(current, part)]);
  } catch (error) {
    loadedParts.delete(part);
    throw error;
  }
}

/** Load English (every key's fallback) and `lang`, and switch to it. The other language
 *  waits until it is chosen: a first visit on a phone network does not pay for it.
 * @param {string} [lang]
 */
export async function loadLanguages(lang = preferredLanguage()) {
  const start = isLanguage(lang) ? lang : "en";
  try {
    await Promise.all([catalogue("en"), catalogue(start)]);
    await setLanguage(start, { remember: false });
  } finally {
    // The header, out of sight until translated (web/lang.js), shows now: in the reader's
    // language, or failing that in the markup's English.
    delete document.documentElement.dataset.translating;
  }
}

export function language() {
  return current;
}

/** Switch language, remember it, re-translate the static page and tell the listeners.
 *  A catalogue not loaded yet is fetched first; if that fails the language stays as it is
 *  (the promise rejects, saying which catalogue).
 * @param {string} lang
 * @param {{ remember?: boolean }} [options]
 */
export async function setLanguage(lang, { remember = true } = {}) {
  const next = isLanguage(lang) ? lang : "en";
  await Promise.all([catalogue(next), ...[...loadedParts].map((part) => partCatalogue(next, part))]);
  current = next;
  document.documentElement.lang = current;
  if (remember) {
    try {
      localStorage.setItem(STORAGE_KEY, current);
    } catch {
      // not remembered; still switched
    }
  }
  apply(document);
  for (const listener of listeners) listener(current);
}

/** Call `listener` after every switch of language; returns the function that stops it (a
 *  dialog that comes and goes must stop it as it closes, or it is kept for the page's life).
 * @param {(lang: Language) => void} listener
 * @returns {() => void}
 */
export function onLanguageChange(listener) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/**
 * Whether a key exists (bot names come from the engine and may be new).
 * @param {string} key
 */
export function has(key) {
  return lookup(key) != null;
}

/**
 * @param {string} key
 * @returns {string | undefined}
 */
const lookup = (key) => catalogues[current]?.[key] ?? partStrings[current]?.[key] ?? catalogues.en?.[key] ?? partStrings.en?.[key];

/** @type {Map<string, Intl.PluralRules>} */
const pluralRules = new Map();
/**
 * The plural category of `count` in the current language ("one", "other"...).
 * @param {number} count
 */
function plural(count) {
  let rules = pluralRules.get(current);
  if (!rules) pluralRules.set(current, (rules = new Intl.PluralRules(current)));
  return rules.select(count);
}

/**
 * The text of `key` in the current language, its {name} places filled from `vars`.
 * @param {string} key
 * @param {Vars} [vars]
 */
export function t(key, vars = {}) {
  const text = (typeof vars.count === "number" && lookup(`${key}_${plural(vars.count)}`)) || (lookup(key) ?? key);
  return text.replace(/\{(\w+)\}/g, (match, name) => (name in vars ? num(vars[name]) : match));
}

/**
 * Translate the static markup under `root`.
 * @param {ParentNode} root
 */
export function apply(root) {
  for (const el of root.querySelectorAll("[data-i18n]")) el.textContent = t(el.getAttribute("data-i18n") ?? "");
  for (const el of root.querySelectorAll("[data-i18n-label]")) {
    el.setAttribute("aria-label", t(el.getAttribute("data-i18n-label") ?? ""));
  }
  for (const el of root.querySelectorAll("[data-i18n-title]")) {
    el.setAttribute("title", t(el.getAttribute("data-i18n-title") ?? ""));
  }
}

/**
 * "2, 3 and 5" / "2, 3 e 5".
 * @param {readonly (number | string)[]} numbers
 */
export function listOf(numbers) {
  const items = numbers.map(String);
  if (items.length <= 1) return items.join("");
  return t("list.and", { list: items.slice(0, -1).join(", "), last: items.at(-1) });
}

// Names of game things, shared by the renderers and the announcer.
/** @param {number} seat */
export const seatName = (seat) => t(`seat.${seat}`);
/**
 * The seat of the one person at this table, or null (bots alone, or people passing the
 * device): a team is "You & North" only where there is one "you" and it sits there.
 * @type {number | null}
 */
let youSeat = 0;
/**
 * The people's names at this table, by seat (null: no name, or a computer player).
 * @type {readonly (string | null)[]}
 */
let peopleNames = [null, null, null, null];
/**
 * @param {number | null | undefined} seat
 * @param {readonly (string | null)[] | null} [names]
 */
export function setYouSeat(seat, names = null) {
  youSeat = seat ?? null;
  peopleNames = names ?? [null, null, null, null];
}
/** "You & North" for the one person's team; otherwise its players, by the names the people
 *  gave ("Ana & Bia", "Ana & North") or by seat ("West & East"). `you` and `names`: another
 *  table's (a replayed record's), else this game's.
 * @param {number} team
 * @param {number | null} [you]
 * @param {readonly (string | null)[] | null} [names]
 */
export const teamName = (team, you = youSeat, names = peopleNames) => {
  if (you != null && you % 2 === team) return t("team.you", { partner: names?.[you ^ 2] || seatName(you ^ 2) });
  const [first, second] = [team, team + 2].map((seat) => names?.[seat] || seatName(seat));
  return t("team.pair", { first, second });
};
/** A team's name where the full one would be cut (a narrow header): "Us" / "Them" beside
 *  the one person, else the seats' initials, "W & E".
 * @param {number} team
 * @param {number | null} [you]
 */
export const teamShortName = (team, you = youSeat) =>
  you != null
    ? you % 2 === team
      ? t("team.us")
      : t("team.them")
    : t("team.pair", {
        first: (peopleNames[team] || seatName(team)).charAt(0),
        second: (peopleNames[team + 2] || seatName(team + 2)).charAt(0),
      });
/**
 * "Mestre" for "mestre": a word that starts a label, in the current language's casing.
 * @param {string} text
 */
export const capitalised = (text) => text.charAt(0).toLocaleUpperCase(current) + text.slice(1);

/**
 * A bot's name in the current language ("a person" for null; a new bot by its own name).
 * @param {string | null | undefined} name
 */
export const botName = (name) => (name == null ? t("bot.human") : has(`bot.${name}`) ? t(`bot.${name}`) : name);

/** An attach point in the words of the table, with its preposition: "on the 4 of 1-4" for
 *  "1-4:high", "on 5-5" for a double's side in its line, "on a side arm of 5-5" for a
 *  spinner's branch; "" for the opening. Given the way its line runs (the geometry's `angle`),
 *  it says where on the table it is ("on 5-5, left"), so two places of one tile differ.
 * @param {string | null | undefined} point
 * @param {number | null} [angle]
 */
export function pointName(point, angle = null) {
  if (!point || point === "open") return "";
  const [tile, side] = point.split(":");
  const [a, b] = tile.split("-").map(Number);
  const name =
    side === "low" || side === "high"
      ? t("point.end", { tile, n: side === "low" ? Math.min(a, b) : Math.max(a, b) })
      : t(side.startsWith("branch") ? "point.branch" : "point.line", { tile });
  const way = ((Math.round(Number(angle) / 90) * 90) % 360 + 360) % 360;
  return angle == null || !Number.isFinite(Number(angle)) ? name : t("point.toward", { point: name, dir: t(`dir.${way}`) });
}
