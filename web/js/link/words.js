// Text of the link's screens that carries values ("Invitation for {name}"): set through
// `say`, it is written again in the new language when the player switches, as static
// markup's data-i18n text is by i18n.js.

import { onLanguageChange, t } from "../util/i18n.js";

/** @type {WeakMap<Element, {key: string, vars: Record<string, unknown>}>} */
const said = new WeakMap();

/** Show `key`'s text (with `vars`) in `element`, now and after each language switch.
 * @param {Element} element
 * @param {string} key
 * @param {Record<string, unknown>} [vars]
 */
export function say(element, key, vars = {}) {
  said.set(element, { key, vars });
  element.textContent = t(key, vars);
}

/** Empty `element` (and keep it empty after a language switch).
 * @param {Element} element
 */
export function silence(element) {
  said.delete(element);
  element.textContent = "";
}

/** Keep everything said under `root` in the current language; returns the stop function.
 * @param {Element} root
 */
export function keepSaying(root) {
  return onLanguageChange(() => {
    for (const element of root.querySelectorAll("*")) {
      const words = said.get(element);
      if (words) element.textContent = t(words.key, words.vars);
    }
  });
}

/** The sentence for a refused code or a failed connection: its catalogue key when it has
 * one, else its own message.
 * @param {unknown} error
 */
export function errorKey(error) {
  const key = /** @type {{key?: unknown}} */ (error ?? {}).key;
  return typeof key === "string" ? key : "link.error.corrupt";
}
