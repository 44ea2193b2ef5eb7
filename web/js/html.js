// Text for markup: the one escaping function every template of the page uses, and the one
// way a signed number is written ("+10", "−5" with a real minus sign, "0").

/** `text` made safe inside element content and quoted attribute values. */
export const esc = (text) => String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A number as shown: a score below zero is "−15" with a real minus sign (U+2212), never
 *  the hyphen "-15", in every language and beside signed changes. */
export const num = (n) => (typeof n === "number" && n < 0 ? `−${-n}` : String(n));

/** A change of score as shown: "+10", "−5", "0". */
export const signed = (n) => (n > 0 ? `+${n}` : num(n));
