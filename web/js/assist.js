// Help for the player, installed once the controller exists: the hint panel, the rules and
// settings dialogs (toolbar buttons and shortcuts H, ?, comma), sounds, the first-game tour,
// and language pickers kept in step wherever they are (toolbar, dialogs).

import { apply, onLanguageChange, setLanguage } from "./i18n.js";
import { HintView } from "./hint.js";
import { openRules } from "./rules.js";
import { openSettings } from "./settings.js";
import { installSound } from "./sound.js";
import { maybeStartTour, startTour } from "./tour.js";

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

export function installAssist(controller, engine) {
  const hints = new HintView(controller);
  installSound();
  const toolbar = document.getElementById("toolbar");
  const hintButton = toolbar.querySelector("[data-action='hint']");
  hintButton.dataset.i18nTitle = "toolbar.hint_title";
  hintButton.setAttribute("aria-keyshortcuts", "H");
  const rulesButton = toolbarButton("rules", "toolbar.rules", "toolbar.rules_title", "Shift+?");
  const settingsButton = toolbarButton("settings", "toolbar.settings", "toolbar.settings_title", ",");
  const anchor = toolbar.querySelector("[data-action='stats']") ?? hintButton;
  anchor.after(rulesButton, settingsButton);
  // Translate the new buttons now (later switches re-translate the whole document).
  apply(toolbar);

  const rules = () => openRules({ engine, openTour: startTour });
  const settings = () => openSettings(controller);
  rulesButton.addEventListener("click", rules);
  settingsButton.addEventListener("click", settings);

  addEventListener("keydown", (event) => {
    if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
    if (event.target.closest?.("input, select, textarea, [contenteditable]")) return;
    if (document.querySelector("dialog[open]:modal")) return;
    const key = event.key;
    if (key === "h" || key === "H") {
      if (hintButton.disabled) return;
      event.preventDefault();
      controller.hint();
    } else if (key === "?") {
      event.preventDefault();
      rules();
    } else if (key === ",") {
      event.preventDefault();
      settings();
    }
  });

  // Every language picker switches the language; all of them show the current one.
  document.addEventListener("change", (event) => {
    const select = event.target.closest?.("[data-language-select]");
    if (select) setLanguage(select.value);
  });
  onLanguageChange((lang) => {
    for (const select of document.querySelectorAll("#language, [data-language-select]")) select.value = lang;
  });

  // The tour, once the first table is on screen.
  const ready = () => document.body.dataset.game === "ready";
  if (ready()) maybeStartTour();
  else {
    const observer = new MutationObserver(() => {
      if (!ready()) return;
      observer.disconnect();
      maybeStartTour();
    });
    observer.observe(document.body, { attributes: true, attributeFilter: ["data-game"] });
  }
  return { hints, openRules: rules, openSettings: settings, startTour };
}
