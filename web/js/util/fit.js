// A label with a full and a short form: the full one wherever it fits, the short one where
// the full one would be cut. The header's team names need it: "Você e Norte" is cut to
// "Você ..." on a 320 px phone, and to "Oes..." on a 360 px phone whose larger system text
// zooms the page to 277 px, where "Nós" / "Eles" say the same thing whole.

/**
 * el -> { full, short } for every fitted label.
 * @type {Map<Element, { full: string, short: string | null | undefined }>}
 */
const labels = new Map();

/** Show `full`, and `short` instead when `full` overflows the label's box. Reads the layout
 *  (scrollWidth after a write), so it runs only when the texts change, or in the observer's
 *  callback, when the browser has just laid the page out.
 * @param {Element} el
 */
function fit(el) {
  const texts = labels.get(el);
  if (!texts) return;
  const { full, short } = texts;
  if (el.textContent !== full) el.textContent = full;
  if (short && short !== full && el.scrollWidth > el.clientWidth) el.textContent = short;
}

// A label's box changes with the screen's shape (a phone turned) and with the text size
// (the page's zoom, a larger font); the observer fits it again after each such layout.
// Changing its text mostly leaves the box as it is (its width comes from the header's grid);
// where the width follows the text (the wide header's flexible row) the same room gives the
// same choice, so the observer settles after one more call instead of looping.
/** @type {ResizeObserver | null} */
let observer = null;

/**
 * Give `el` the texts `full` and `short` and keep the one that fits. Nothing is written or
 * measured when the texts are the ones it already has, so calling it on every render costs
 * nothing.
 * @param {Element} el
 * @param {string} full
 * @param {string | null} [short]
 */
export function fitLabel(el, full, short) {
  const known = labels.get(el);
  if (known && known.full === full && known.short === short) return;
  labels.set(el, { full, short });
  if (!known) {
    observer ??= new ResizeObserver((entries) => {
      for (const entry of entries) fit(entry.target);
    });
    observer.observe(el);
  }
  fit(el);
}
