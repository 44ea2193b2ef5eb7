// A modal <dialog> for the rules, settings and help: the browser traps focus in it (the rest
// of the page is inert), Escape and any [data-action='close-dialog'] close it, focus goes back
// where it was. Static strings carry data-i18n attributes, so a language switch (which
// re-translates the whole document) re-translates an open dialog in place.

import { LANGUAGES, apply, language } from "./i18n.js";

export const esc = (text) => String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * Open a modal dialog. `kind` is its family's class (`assist-dialog` for help and settings,
 * `panel` for the score sheet, statistics and replays) and `closeAction` the data-action
 * of its close buttons.
 */
export function openModal({
  hook,
  className = "",
  html,
  labelledBy = null,
  onClose = () => {},
  kind = "assist-dialog",
  closeAction = "close-dialog",
}) {
  const dialog = document.createElement("dialog");
  dialog.className = `dialog ${kind} ${className}`;
  dialog.dataset[hook] = "";
  dialog.innerHTML = html;
  if (labelledBy) dialog.setAttribute("aria-labelledby", labelledBy);
  apply(dialog);
  document.body.append(dialog);
  const returnFocus = document.activeElement;
  let closed = false;
  const close = () => {
    if (closed) return;
    closed = true;
    if (dialog.open) dialog.close();
    dialog.remove();
    onClose();
    if (returnFocus?.isConnected) returnFocus.focus({ preventScroll: true });
  };
  dialog.addEventListener("close", close);
  dialog.addEventListener("cancel", (event) => {
    event.preventDefault();
    close();
  });
  dialog.addEventListener("click", (event) => {
    if (event.target.closest(`[data-action='${closeAction}']`)) close();
  });
  dialog.showModal();
  return { dialog, close };
}

/** A language picker (the languages' own names, as the toolbar's); bound by installLanguagePickers. */
export function languageField(id) {
  const options = Object.entries(LANGUAGES)
    .map(([code, name]) => `<option value="${code}" lang="${code}"${code === language() ? " selected" : ""}>${esc(name)}</option>`)
    .join("");
  return `<label class="field" for="${id}"><span data-i18n="toolbar.language"></span><select id="${id}" data-language-select>${options}</select></label>`;
}
