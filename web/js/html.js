// Text for markup: the one escaping function every template of the page uses, and the one
// way a signed number is written ("+10", "−5" with a real minus sign, "0").

/** `text` made safe inside element content and quoted attribute values. */
export const esc = (text) => String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A change of score as shown: "+10", "−5", "0". */
export const signed = (n) => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : "0");
