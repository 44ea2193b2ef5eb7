// Settings: game speed, animations, sounds, colour theme, language and the STUN server for
// play over the internet, in one dialog and remembered in localStorage. The theme and motion choices are data attributes on <html>
// (`data-theme`: auto | light | dark | contrast; `data-motion`: on | off), so they are pure
// CSS; animations default to off when the system asks for reduced motion.

import { SPEEDS } from "../util/params.js";
import { esc } from "../util/html.js";
import { onLanguageChange, t } from "../util/i18n.js";
import { languageField, openModal } from "./modal.js";

/** @typedef {"auto" | "light" | "dark" | "contrast"} Theme */
/**
 * The remembered choices; `animations` null follows the system's reduced-motion setting.
 * @typedef {object} Prefs
 * @property {Theme} theme
 * @property {boolean | null} animations
 * @property {boolean} sound
 * @property {boolean} turn_table
 * @property {boolean} vibrate
 * @property {boolean} tile_count
 * @property {boolean} stun
 */
/** @typedef {keyof Prefs} PrefName */
/** @typedef {(name: PrefName, value: Prefs[PrefName]) => void} PrefListener */

const KEY = "seven-rocks:prefs";
/** @type {readonly Theme[]} */
export const THEMES = Object.freeze(["auto", "light", "dark", "contrast"]);
/** @type {Set<PrefListener>} */
const listeners = new Set();

/**
 * The remembered choices, each checked (storage may hold anything).
 * @returns {Prefs}
 */
function load() {
  try {
    const saved = JSON.parse(localStorage.getItem(KEY) ?? "null") ?? {};
    return {
      theme: THEMES.includes(saved.theme) ? saved.theme : "auto",
      animations: typeof saved.animations === "boolean" ? saved.animations : null,
      sound: saved.sound === true,
      turn_table: saved.turn_table !== false,
      vibrate: saved.vibrate !== false,
      tile_count: saved.tile_count === true,
      stun: saved.stun === true,
    };
  } catch {
    return { theme: "auto", animations: null, sound: false, turn_table: true, vibrate: true, tile_count: false, stun: false };
  }
}

const state = load();

const systemReducesMotion = () => matchMedia("(prefers-reduced-motion: reduce)").matches;

/** Animations on? The user's choice, else the system's (reduced motion means off). */
const animationsOn = () => state.animations ?? !systemReducesMotion();
export const soundOn = () => state.sound;
/** Pass-and-play: does the table turn so the person playing sits at the bottom? */
export const turnTableOn = () => state.turn_table;
export const theme = () => state.theme;
/** Buzz when the turn comes to a person? On unless turned off (only where it can: {@link canVibrate}). */
export const vibrateOn = () => state.vibrate;
/** Show the tile count under the table (tilecount.js)? Off unless turned on: counting is
 *  the players' own skill, this is a help for learning it. */
export const tileCountOn = () => state.tile_count;
/** The STUN server phones on different networks ask for their public address when playing
 *  together over the internet: a request outside the site, so off unless turned on. */
export const STUN_SERVER = "stun:stun.l.google.com:19302";
/** The STUN server to use (web/js/link/), or null: phones on the same Wi-Fi need none. */
export const stunServer = () => (state.stun ? STUN_SERVER : null);
/** Can this device buzz: a touch screen with the Vibration API (Android's browsers; not
 *  iOS, nor a desktop, whose Chrome has the API and no motor). */
export const canVibrate = () => typeof navigator.vibrate === "function" && matchMedia("(pointer: coarse)").matches;

function applyPrefs() {
  const root = document.documentElement;
  root.dataset.theme = state.theme;
  root.dataset.motion = animationsOn() ? "on" : "off";
  root.dataset.sound = state.sound ? "on" : "off";
}

/**
 * Change one choice, remember it and tell the listeners.
 * @template {PrefName} N
 * @param {N} name
 * @param {Prefs[N]} value
 */
export function setPref(name, value) {
  state[name] = value;
  try {
    localStorage.setItem(KEY, JSON.stringify(state));
  } catch {
    // not remembered; still applied
  }
  applyPrefs();
  for (const listener of listeners) listener(name, value);
}

/** @param {PrefListener} listener called after each change */
export function onPrefChange(listener) {
  listeners.add(listener);
}

applyPrefs(); // before the first paint of the game: no flash of the wrong theme

/**
 * Set the game speed (the game keeps and stores it) and keep the toolbar in step.
 * @param {{setSpeed(ms: number): void}} host  the panel host (panel-host.js)
 * @param {number} ms
 */
export function setSpeed(host, ms) {
  host.setSpeed(ms);
  const select = document.getElementById("speed");
  if (select instanceof HTMLSelectElement) {
    if (![...select.options].some((o) => Number(o.value) === ms)) select.add(new Option(`${ms} ms`, String(ms)));
    select.value = String(ms);
  }
}

/**
 * Open the settings dialog (once).
 * @param {{speed(): number, setSpeed(ms: number): void}} host  the panel host (panel-host.js)
 */
export function openSettings(host) {
  if (document.querySelector("dialog[data-settings]")) return null;
  const speed = host.speed();
  const speeds = Object.entries(SPEEDS);
  const custom = speeds.some(([, ms]) => ms === speed) ? "" : `<option value="${speed}" selected>${speed} ms</option>`;
  const speedOptions =
    speeds
      .map(([name, ms]) => `<option value="${ms}"${ms === speed ? " selected" : ""} data-i18n="speed.${name}"></option>`)
      .join("") + custom;
  const themes = THEMES.map(
    (name) =>
      `<label class="check"><input type="radio" name="theme" value="${name}" data-pref="theme"${name === state.theme ? " checked" : ""}><span data-i18n="theme.${name}"></span></label>`,
  ).join("");
  /** @type {(pref: string, on: boolean) => string} */
  const check = (pref, on) =>
    `<label class="check"><input type="checkbox" data-pref="${pref}" aria-describedby="settings-${pref}-note"${on ? " checked" : ""}><span data-i18n="settings.${pref}"></span></label>` +
    `<p class="note" id="settings-${pref}-note" data-i18n="settings.${pref}_note"></p>`;
  const { dialog } = openModal({
    hook: "settings",
    className: "dialog--settings",
    labelledBy: "settings-title",
    html: `<form method="dialog" class="dialog__body settings">
      <h2 id="settings-title" data-i18n="settings.title"></h2>
      <label class="field" for="settings-speed"><span data-i18n="settings.speed"></span><select id="settings-speed" data-pref="speed">${speedOptions}</select></label>
      ${check("animations", animationsOn())}
      ${check("sound", state.sound)}
      ${canVibrate() ? check("vibrate", state.vibrate) : ""}
      ${check("tile_count", state.tile_count)}
      ${check("turn_table", state.turn_table)}
      <label class="check"><input type="checkbox" data-pref="stun" aria-describedby="settings-stun-note"${state.stun ? " checked" : ""}><span data-i18n="settings.stun"></span></label>
      <p class="note" id="settings-stun-note" data-stun-note>${esc(t("settings.stun_note", { server: STUN_SERVER.replace(/^stun:/, "") }))}</p>
      <fieldset class="themes"><legend data-i18n="settings.theme"></legend>${themes}</fieldset>
      ${languageField("settings-language")}
      <p class="note" data-i18n="settings.bots_note"></p>
      <div class="dialog__actions"><button type="button" class="button button--primary" data-action="close-dialog" data-i18n="settings.close"></button></div>
    </form>`,
  });
  const note = /** @type {HTMLElement} */ (dialog.querySelector("[data-stun-note]"));
  const stopNote = onLanguageChange(() => {
    if (!note.isConnected) return stopNote();
    note.textContent = t("settings.stun_note", { server: STUN_SERVER.replace(/^stun:/, "") });
  });
  dialog.addEventListener("change", (event) => {
    const target = event.target;
    const input = target instanceof Element ? target.closest("[data-pref]") : null;
    if (!(input instanceof HTMLInputElement || input instanceof HTMLSelectElement)) return;
    const name = input.dataset.pref;
    if (name === "speed") setSpeed(host, Number(input.value));
    else if (name === "theme") setPref("theme", /** @type {Theme} */ (input.value));
    else if (input instanceof HTMLInputElement && name && name in state) setPref(/** @type {PrefName} */ (name), input.checked);
  });
  return dialog;
}

