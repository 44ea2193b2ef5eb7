// Numbers on the table drawn as strokes, not as SVG <text>.
//
// The table's <svg> is re-fitted (a new viewBox) after almost every move. Chromium lays SVG
// text out again at every new scale, and the first time at a scale builds a new font for
// it: with a phone's CPU that cost up to 40 ms in one frame (the end numbers and the lit
// targets' points were the only text on the table). A number drawn as a path scales like
// the tiles' pips: no font, no shaping, nothing to lay out.
//
// Each glyph is one stroked path in a 6 x 10 box (y down), written with absolute commands
// (M L H V C Z) so that placing it is adding to its x coordinates.

/** @type {Record<string, string>} */
const GLYPHS = {
  0: "M3 0C1.2 0 0 2.2 0 5C0 7.8 1.2 10 3 10C4.8 10 6 7.8 6 5C6 2.2 4.8 0 3 0Z",
  1: "M1 2.4L3.8 0V10",
  2: "M0.3 2.6C0.6 1 1.6 0 3.1 0C4.7 0 5.8 1.1 5.8 2.6C5.8 4 4.9 5 3.6 6.1L0.2 10H6",
  3: "M0.4 0H5.6L2.6 3.9C4.6 3.9 6 5 6 6.9C6 8.8 4.6 10 3 10C1.6 10 0.6 9.4 0.1 8.4",
  4: "M4.4 10V0L0 7H6",
  5: "M5.6 0H1L0.5 4.4C1.1 3.9 2 3.6 3 3.6C4.8 3.6 6 4.9 6 6.8C6 8.7 4.7 10 2.9 10C1.6 10 0.6 9.4 0.1 8.4",
  6: "M4.8 0.3C2 0.8 0 3.4 0 6.7C0 8.7 1.3 10 3 10C4.7 10 6 8.7 6 6.8C6 5 4.7 3.7 3 3.7C1.5 3.7 0.4 4.6 0.1 5.9",
  7: "M0 0H6L2 10",
  8: "M3 4.6C1.5 4.6 0.5 3.6 0.5 2.3C0.5 1 1.5 0 3 0C4.5 0 5.5 1 5.5 2.3C5.5 3.6 4.5 4.6 3 4.6C1.2 4.6 0 5.7 0 7.3C0 8.9 1.3 10 3 10C4.7 10 6 8.9 6 7.3C6 5.7 4.8 4.6 3 4.6Z",
  9: "M1.2 9.7C4 9.2 6 6.6 6 3.3C6 1.3 4.7 0 3 0C1.3 0 0 1.3 0 3.2C0 5 1.3 6.3 3 6.3C4.5 6.3 5.6 5.4 5.9 4.1",
};

/** A glyph's width, the space between two glyphs and its height, in glyph units. */
export const GLYPH_WIDTH = 6;
export const GLYPH_GAP = 1.8;
export const GLYPH_HEIGHT = 10;

/**
 * Per command: how many numbers it takes, and which of them are x and which y coordinates.
 * @type {Record<string, number>}
 */
const ARITY = { M: 2, L: 2, H: 1, V: 1, C: 6, Z: 0 };
/** @type {Record<string, number[]>} */
const X_AT = { M: [0], L: [0], H: [0], V: [], C: [0, 2, 4], Z: [] };
/** @type {Record<string, number[]>} */
const Y_AT = { M: [1], L: [1], H: [], V: [0], C: [1, 3, 5], Z: [] };

/**
 * `path` (absolute commands only) moved by (`dx`, `dy`).
 * @param {string} path
 * @param {number} dx
 * @param {number} dy
 */
function shifted(path, dx, dy) {
  let out = "";
  for (const [, command, args] of path.matchAll(/([MLHVCZ])([^MLHVCZ]*)/g)) {
    const numbers = args.trim() ? args.trim().split(/[\s,]+/).map(Number) : [];
    const moved = numbers.map((n, i) => {
      const at = i % ARITY[command];
      const by = X_AT[command].includes(at) ? dx : Y_AT[command].includes(at) ? dy : 0;
      return +(n + by).toFixed(2);
    });
    out += command + moved.join(" ");
  }
  return out;
}

/**
 * The width of `text`'s digits set side by side, in glyph units.
 * @param {string} text
 */
export const numberWidth = (text) => text.length * GLYPH_WIDTH + Math.max(0, text.length - 1) * GLYPH_GAP;

/**
 * Paths already made, by number: every draw of a move asks again for the same few (the
 * ends' counts, the targets' points), so each is parsed and placed once.
 * @type {Map<string, string>}
 */
const drawn = new Map();

/**
 * The path `d` of a whole number's digits, centred on (0, 0) in glyph units (the caller
 * scales it to size with a transform). Anything but digits is refused: the table shows
 * only counts and points.
 * @param {number | string} value
 * @returns {string}
 */
export function numberPath(value) {
  const text = String(value);
  let path = drawn.get(text);
  if (path !== undefined) return path;
  if (!/^\d+$/.test(text)) throw new RangeError(`not a whole number to draw: ${JSON.stringify(text).slice(0, 40)}`);
  const left = -numberWidth(text) / 2;
  path = [...text].map((digit, i) => shifted(GLYPHS[digit], left + i * (GLYPH_WIDTH + GLYPH_GAP), -GLYPH_HEIGHT / 2)).join("");
  drawn.set(text, path);
  return path;
}
