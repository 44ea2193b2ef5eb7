// The page's keyboard shortcuts: S toggles the score sheet, H asks for a hint, C shows or
// hides the tile count, ? opens the rules and the comma the settings. Keys typed into a
// field, with a modifier, or already handled (the board's own keys, a dialog's) are left
// alone; only S works over a dialog, to close the sheet it opened.

/** @typedef {"sheet" | "hint" | "count" | "rules" | "settings"} Shortcut */
/**
 * What the shortcuts do: the score sheet opens and closes (`close` is true when it closed an
 * open sheet, `open` when it opened), the hint runs only when it may.
 * @typedef {{
 *   sheet: { open(): boolean, close(): boolean },
 *   hint: { run(): void, enabled(): boolean },
 *   count(): void,
 *   rules(): void,
 *   settings(): void,
 * }} ShortcutActions
 */

/** @type {Readonly<Record<string, Shortcut>>} */
const KEYS = Object.freeze({ s: "sheet", S: "sheet", h: "hint", H: "hint", c: "count", C: "count", "?": "rules", ",": "settings" });

/**
 * The shortcut a key press asks for ("sheet", "hint", "count", "rules", "settings"), or null.
 * @param {Pick<KeyboardEvent, "defaultPrevented" | "ctrlKey" | "metaKey" | "altKey" | "key">} event
 * @returns {Shortcut | null}
 */
export function shortcutFor(event) {
  if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return null;
  return Object.hasOwn(KEYS, event.key) ? KEYS[event.key] : null;
}

/**
 * Bind the shortcuts. `actions` = {sheet: {open, close} (close returns true when it closed
 * an open sheet), hint: {run, enabled}, count, rules, settings}.
 * @param {ShortcutActions} actions
 */
export function installShortcuts(actions) {
  addEventListener("keydown", (event) => {
    const name = shortcutFor(event);
    const target = event.target instanceof Element ? event.target : null;
    if (!name || target?.closest("input, select, textarea, [contenteditable]")) return;
    if (name === "sheet") {
      if (actions.sheet.close()) event.preventDefault();
      else if (!document.querySelector("dialog[open]") && actions.sheet.open()) event.preventDefault();
      return;
    }
    if (document.querySelector("dialog[open]:modal")) return;
    if (name === "hint" && !actions.hint.enabled()) return;
    event.preventDefault();
    if (name === "hint") actions.hint.run();
    else actions[name]();
  });
}
