// Text for markup: the one escaping function every template of the page uses, and the one
// way a signed number is written ("+10", "−5" with a real minus sign, "0"), whole or to
// one decimal in the reader's language ("−2.9", "−2,9").

/**
 * `text` made safe inside element content and quoted attribute values.
 * @param {unknown} text
 */
export const esc = (text) => String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A number as shown: a score below zero is "−15" with a real minus sign (U+2212), never
 *  the hyphen "-15", in every language and beside signed changes.
 * @param {unknown} n
 */
export const num = (n) => (typeof n === "number" && n < 0 ? `−${-n}` : String(n));

/**
 * A change of score as shown: "+10", "−5", "0".
 * @param {number} n
 */
export const signed = (n) => (n > 0 ? `+${n}` : num(n));

/** `value` to one decimal in `lang` ("2.5", "2,5"; "3" when whole), below zero with the
 *  real minus sign, and never "−0" for a value that rounds to nothing.
 * @param {number} value
 * @param {string} lang
 */
export function decimal(value, lang) {
  const rounded = Math.round(value * 10) / 10;
  const text = new Intl.NumberFormat(lang, { maximumFractionDigits: 1 }).format(Math.abs(rounded));
  return rounded < 0 ? `−${text}` : text;
}

/**
 * A change to one decimal in `lang`: "+7.8", "−2.9", "0".
 * @param {number} value
 * @param {string} lang
 */
export function signedDecimal(value, lang) {
  const text = decimal(value, lang);
  return Math.round(value * 10) > 0 ? `+${text}` : text;
}
