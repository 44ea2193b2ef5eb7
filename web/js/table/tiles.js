// Domino faces as SVG markup: a pure function of the tile, no game logic.
//
// A tile is drawn in the geometry's units (2 x 1, centred on the origin, horizontal, the
// `first` number in the left half); the caller places it with a transform. Colours and
// strokes live in CSS (classes `domino`, `domino__body`, `domino__pip`...), so themes and
// highlights are pure CSS.

const D = 0.26; // pip offset from the centre of a half
const R = 0.085; // pip radius

/**
 * Pip centres for a number 0..6 inside a 1 x 1 half centred on (0, 0).
 * @type {Record<number, [number, number][]>}
 */
const PIPS = {
  0: [],
  1: [[0, 0]],
  2: [[-D, -D], [D, D]],
  3: [[-D, -D], [0, 0], [D, D]],
  4: [[-D, -D], [D, -D], [-D, D], [D, D]],
  5: [[-D, -D], [D, -D], [0, 0], [-D, D], [D, D]],
  6: [[-D, -D], [-D, 0], [-D, D], [D, -D], [D, 0], [D, D]],
};

/**
 * A tile's two numbers: "3-5" -> [3, 5].
 * @param {string} name
 * @returns {[number, number]}
 */
export function parseTile(name) {
  const [a, b] = String(name).split("-").map(Number);
  return [a, b];
}

/** Running text with its tile names kept whole: a non-breaking hyphen keeps "0-6" on one
 *  line where a narrow caption would break it after the "0-".
 * @param {string} text
 */
export function tileLabel(text) {
  return String(text).replace(/([0-6])-([0-6])/g, "$1\u2011$2");
}

/**
 * @param {number} n
 * @param {number} cx the half's centre
 */
function pips(n, cx) {
  return PIPS[n]
    .map(([x, y]) => `<circle class="domino__pip" cx="${(cx + x).toFixed(3)}" cy="${y}" r="${R}"/>`)
    .join("");
}

/**
 * The inner markup of a horizontal tile: `left` pips in the left half, `right` in the right.
 * @param {number} left
 * @param {number} right
 */
export function faceMarkup(left, right) {
  return (
    `<rect class="domino__body" x="-0.97" y="-0.47" width="1.94" height="0.94" rx="0.13"/>` +
    `<line class="domino__bar" x1="0" y1="-0.36" x2="0" y2="0.36"/>` +
    pips(left, -0.5) +
    pips(right, 0.5)
  );
}

/** The back of a tile (face down). */
export function backMarkup() {
  return (
    `<rect class="domino__body domino__body--back" x="-0.97" y="-0.47" width="1.94" height="0.94" rx="0.13"/>` +
    `<circle class="domino__stud" cx="0" cy="0" r="0.09"/>`
  );
}

/**
 * A stand-alone `<svg>` of one tile for HTML contexts (hands, the round summary).
 * `vertical` draws it upright with the low number on top.
 * @param {string} name
 * @param {{ vertical?: boolean, className?: string }} [options]
 */
export function tileSvg(name, { vertical = false, className = "" } = {}) {
  const [a, b] = parseTile(name);
  const box = vertical ? `-0.5 -1 1 2` : `-1 -0.5 2 1`;
  const turn = vertical ? ` transform="rotate(90)"` : "";
  return (
    `<svg class="domino ${className}" viewBox="${box}" aria-hidden="true" focusable="false">` +
    `<g${turn}>${faceMarkup(a, b)}</g></svg>`
  );
}

/**
 * A stand-alone `<svg>` of a tile face down.
 * @param {{ vertical?: boolean }} [options]
 */
export function backSvg({ vertical = false } = {}) {
  const box = vertical ? `-0.5 -1 1 2` : `-1 -0.5 2 1`;
  const turn = vertical ? ` transform="rotate(90)"` : "";
  return (
    `<svg class="domino domino--back" viewBox="${box}" aria-hidden="true" focusable="false">` +
    `<g${turn}>${backMarkup()}</g></svg>`
  );
}
