// Notices: short messages above the table (an engine error, a resumed game, a bad URL
// option), each with a close button. At most three at once; passing news fades by itself.

import { t } from "../util/i18n.js";

/** Show the catalogue's `key` (filled with `vars`) as a notice of `kind` (error, warning, info);
 *  returns its element.
 * @param {HTMLElement} box
 * @param {string} key
 * @param {import("../util/i18n.js").Vars} [vars]
 * @param {"error" | "warning" | "info"} [kind]
 */
export function notify(box, key, vars = {}, kind = "error") {
  const item = document.createElement("p");
  item.className = `notice notice--${kind}`;
  item.dataset.notice = kind;
  item.setAttribute("role", kind === "error" ? "alert" : "status");
  const text = document.createElement("span");
  text.textContent = t(key, vars);
  if (!Object.keys(vars).length) text.dataset.i18n = key; // re-translated on a language switch
  const close = document.createElement("button");
  close.type = "button";
  close.className = "notice__close";
  close.dataset.action = "dismiss";
  close.dataset.i18nLabel = "notice.close";
  close.setAttribute("aria-label", t("notice.close"));
  close.textContent = "×";
  item.append(text, close);
  box.append(item);
  // At most three at once: passing news (info) goes first, then the oldest.
  while (box.childElementCount > 3) {
    (box.querySelector("[data-notice='info']") ?? box.firstElementChild)?.remove();
  }
  if (kind === "info") setTimeout(() => item.remove(), 6000);
  return item;
}
