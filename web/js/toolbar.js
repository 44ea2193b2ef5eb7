// The toolbar: its buttons (the rules and settings buttons are added here, translated like
// the rest) and what each one does. One listener for the whole bar (delegation); the
// actions come from the page (app.js), so this module knows buttons, not the game.

import { apply } from "./i18n.js";

function toolbarButton(action, key, titleKey, shortcut) {
  const button = document.createElement("button");
  button.type = "button";
  button.className = "button";
  button.dataset.action = action;
  button.dataset.i18n = key;
  button.dataset.i18nTitle = titleKey;
  button.setAttribute("aria-keyshortcuts", shortcut);
  return button;
}

/**
 * Complete the toolbar and bind it: `actions` maps a button's data-action ("new-game",
 * "hint", "sheet", "stats", "rules", "settings") to what it does.
 */
export function installToolbar(toolbar, actions) {
  const hintButton = toolbar.querySelector("[data-action='hint']");
  hintButton.dataset.i18nTitle = "toolbar.hint_title";
  hintButton.setAttribute("aria-keyshortcuts", "H");
  const rulesButton = toolbarButton("rules", "toolbar.rules", "toolbar.rules_title", "Shift+?");
  const settingsButton = toolbarButton("settings", "toolbar.settings", "toolbar.settings_title", ",");
  const anchor = toolbar.querySelector("[data-action='stats']") ?? hintButton;
  anchor.after(rulesButton, settingsButton);
  apply(toolbar); // translate the new buttons now (later switches re-translate the document)
  toolbar.addEventListener("click", (event) => {
    const action = event.target.closest("[data-action]")?.dataset.action;
    actions[action]?.();
  });
}
