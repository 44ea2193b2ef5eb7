// Writes to the page that happen only when they change anything.  An unchanged text or
// attribute written again still costs the browser a style and layout pass (on a slow phone,
// a move's frame), and replacing a text node under a reader loses their selection or a
// screen reader's place in it.  Every renderer that redraws from a plain state writes
// through these.

/**
 * `el`'s text, written only when it differs.
 * @param {Node} el
 * @param {string} text
 */
export function setText(el, text) {
  if (el.textContent !== text) el.textContent = text;
}

/**
 * An attribute written only when it differs; `null` (or undefined) removes it.
 * @param {Element} el
 * @param {string} name
 * @param {string | null | undefined} value
 */
export function setAttr(el, name, value) {
  if (el.getAttribute(name) === (value ?? null)) return;
  if (value == null) el.removeAttribute(name);
  else el.setAttribute(name, value);
}

/**
 * A `data-*` value (by its dataset name) written only when it differs.
 * @param {HTMLElement | SVGElement} el
 * @param {string} name
 * @param {string} value
 */
export function setData(el, name, value) {
  if (el.dataset[name] !== value) el.dataset[name] = value;
}

/**
 * A class switched only when it is not already as asked.
 * @param {Element} el
 * @param {string} name
 * @param {boolean} on
 */
export function toggleClass(el, name, on) {
  if (el.classList.contains(name) !== on) el.classList.toggle(name, on);
}

/**
 * A boolean attribute switched only when it is not already as asked.
 * @param {Element} el
 * @param {string} name
 * @param {boolean} on
 */
export function toggleAttr(el, name, on) {
  if (el.hasAttribute(name) !== on) el.toggleAttribute(name, on);
}
