// The one modal helper: every dialog of the page (new game, round summary, rules, settings,
// score sheet, statistics, replays) is a <dialog> opened here. The browser traps focus in it
// (the rest of the page is inert), Escape, a back gesture and any close button close it,
// `onClose` runs once, and focus goes back where it was. Static strings carry data-i18n attributes, so a language
// switch (which re-translates the whole document) re-translates an open dialog in place.

import { LANGUAGES, apply, language } from "../util/i18n.js";
import { esc } from "../util/html.js";
import { onBack } from "./close-request.js";

/**
 * What keeps the bots waiting while a dialog is open (the game's Pacer).
 * @typedef {{ hold(reason: string): () => void }} Holder
 */
/**
 * A dialog: its data-* hook (`data-<hook>`, by its dataset name), its class, its markup, the
 * id of its title, what to do once closed, its family's class, the data-action of its close
 * buttons, whether the focus goes back where it was, and what holds the bots meanwhile.
 * @typedef {object} ModalOptions
 * @property {string} hook
 * @property {string} [className]
 * @property {string} html
 * @property {string | null} [labelledBy]
 * @property {() => void} [onClose]
 * @property {string} [kind]
 * @property {string} [closeAction]
 * @property {boolean} [restoreFocus]
 * @property {Holder | null} [hold]
 */

/**
 * Open a modal dialog. `kind` is its family's class (`assist-dialog` for help and settings,
 * `panel` for the score sheet, statistics and replays, none for the game's own dialogs) and
 * `closeAction` the data-action of its close buttons. `hold` (a Pacer) keeps the bots
 * waiting while the dialog is open. Returns {dialog, close}.
 * @param {ModalOptions} options
 * @returns {{ dialog: HTMLDialogElement, close: () => void }}
 */
export function openModal({
  hook,
  className = "",
  html,
  labelledBy = null,
  onClose = () => {},
  kind = "assist-dialog",
  closeAction = "close-dialog",
  restoreFocus = true,
  hold = null,
}) {
  const dialog = document.createElement("dialog");
  dialog.className = ["dialog", kind, className].filter(Boolean).join(" ");
  dialog.dataset[hook] = "";
  dialog.innerHTML = html;
  if (labelledBy) dialog.setAttribute("aria-labelledby", labelledBy);
  apply(dialog);
  document.body.append(dialog);
  const active = document.activeElement;
  const returnFocus = restoreFocus && active instanceof HTMLElement ? active : null;
  const release = hold ? hold.hold(hook) : () => {};
  let closed = false;
  /** @type {() => void} */
  let stopBack = () => {};
  const close = () => {
    if (closed) return;
    closed = true;
    stopBack();
    if (dialog.open) dialog.close();
    dialog.remove();
    release();
    onClose();
    if (returnFocus?.isConnected) returnFocus.focus({ preventScroll: true });
  };
  dialog.addEventListener("close", close);
  dialog.addEventListener("cancel", (event) => {
    event.preventDefault();
    close();
  });
  dialog.addEventListener("click", (event) => {
    const target = event.target instanceof Element ? event.target : null;
    if (closeAction && target?.closest(`[data-action='${closeAction}']`)) close();
  });
  dialog.showModal();
  // Without CloseWatcher, going back (a phone's back swipe) closes the dialog, not the page.
  stopBack = onBack(close);
  return { dialog, close };
}

/** A panel (score sheet, statistics, replay): the panel look, its own close buttons, and the
 *  bots held while it is open (pass the game's Pacer as `hold`).
 * @param {Pick<ModalOptions, "className" | "hook" | "html" | "onClose" | "hold">} options
 */
export function openPanel({ className, hook, html, onClose = () => {}, hold = null }) {
  return openModal({ hook, className, html, onClose, hold, kind: "panel", closeAction: "close-panel" });
}

/** Closes every open dialog (a new game was started from elsewhere). */
export function closeAll() {
  for (const dialog of /** @type {NodeListOf<HTMLDialogElement>} */ (document.querySelectorAll("dialog.dialog"))) {
    if (dialog.open) dialog.close(); // its "close" event still runs its onClose (and releases holds)
    dialog.remove();
  }
}

/**
 * A language picker (the languages' own names, as the toolbar's).
 * @param {string} id
 */
export function languageField(id) {
  const options = Object.entries(LANGUAGES)
    .map(([code, name]) => `<option value="${code}" lang="${code}"${code === language() ? " selected" : ""}>${esc(name)}</option>`)
    .join("");
  return `<label class="field" for="${id}"><span data-i18n="toolbar.language"></span><select id="${id}" data-language-select>${options}</select></label>`;
}
