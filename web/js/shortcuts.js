// The page's keyboard shortcuts: S toggles the score sheet, H asks for a hint, C shows or
// hides the tile count, ? opens the rules and the comma the settings. Keys typed into a
// field, with a modifier, or already handled (the board's own keys, a dialog's) are left
// alone; only S works over a dialog, to close the sheet it opened.

/** The shortcut a key press asks for ("sheet", "hint", "count", "rules", "settings"), or null. */
export function shortcutFor(event) {
  if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return null;
  return { s: "sheet", S: "sheet", h: "hint", H: "hint", c: "count", C: "count", "?": "rules", ",": "settings" }[event.key] ?? null;
}

/**
 * Bind the shortcuts. `actions` = {sheet: {open, close} (close returns true when it closed
 * an open sheet), hint: {run, enabled}, count, rules, settings}.
 */
export function installShortcuts(actions) {
  addEventListener("keydown", (event) => {
    const name = shortcutFor(event);
    if (!name || event.target.closest?.("input, select, textarea, [contenteditable]")) return;
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
