// JSON text from outside the page (an opened record file, a request on its way to the
// engine), measured before anything parses it. Pyodide's JSON parser recurses once per
// nested list or object and some 3,000 levels (6 KB of "[[[[...") kill the engine for the
// rest of the session, so deep or huge text is refused here, in one cheap pass,
// and the worker checks again with the same limits: the engine's own, generated into
// facts.js (the deepest nesting a record may have, the largest record and the largest
// request, a record and room around it).

import { MAX_JSON_DEPTH, MAX_RECORD_BYTES, MAX_REQUEST_BYTES } from "../facts.js";

export { MAX_JSON_DEPTH, MAX_RECORD_BYTES, MAX_REQUEST_BYTES };

/** @typedef {{ problem: "too_big", limit: number } | { problem: "too_deep", limit: number, depth: number }} Refusal */

const QUOTE = 34; // "
const BACKSLASH = 92; // \
const OPENERS = new Set([91, 123]); // [ {
const CLOSERS = new Set([93, 125]); // ] }

/**
 * How deeply lists and objects nest in a JSON text, without parsing it: one linear scan that
 * skips strings (brackets inside them do not count, escaped quotes do not end them).
 * Malformed text gets some number; the parser rejects it anyway. `limit` stops the scan as
 * soon as the depth passes it (the result is then limit + 1).
 * @param {string} text
 * @param {number} [limit]
 */
export function jsonDepth(text, limit = Infinity) {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === BACKSLASH) i += 1;
      else if (code === QUOTE) inString = false;
    } else if (code === QUOTE) inString = true;
    else if (OPENERS.has(code)) {
      depth += 1;
      if (depth > deepest) {
        deepest = depth;
        if (deepest > limit) return deepest;
      }
    } else if (CLOSERS.has(code)) depth = Math.max(0, depth - 1);
  }
  return deepest;
}

/**
 * The text's size in UTF-8 bytes (what the engine measures), counted without copying it.
 * @param {string} text
 */
export function utf8Size(text) {
  let bytes = 0;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        bytes += 4;
        i += 1;
      } else bytes += 3;
    } else bytes += 3;
  }
  return bytes;
}

/**
 * Is this text safe to parse? `null` when it is, else `{problem, limit, depth?}`:
 * "too_big" (more than `maxBytes` of UTF-8) or "too_deep" (nesting past `maxDepth`).
 * @param {string} text
 * @param {{ maxBytes?: number, maxDepth?: number }} [limits]
 * @returns {Refusal | null}
 */
export function checkJsonText(text, { maxBytes = MAX_REQUEST_BYTES, maxDepth = MAX_JSON_DEPTH } = {}) {
  if (text.length > maxBytes || (text.length * 3 > maxBytes && utf8Size(text) > maxBytes)) {
    return { problem: "too_big", limit: maxBytes };
  }
  const depth = jsonDepth(text, maxDepth);
  return depth > maxDepth ? { problem: "too_deep", limit: maxDepth, depth } : null;
}
