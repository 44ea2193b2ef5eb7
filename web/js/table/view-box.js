// The table's view box: which part of the layout a drawing area shows (padded, never zoomed
// in further than a minimum span, in the area's own aspect ratio), the closest zoom a screen
// allows (the game's table: a tile as long as the hand's; another board: a span of units),
// and when a drawing area's change of shape calls for drawing it again.

/** @typedef {[number, number, number, number]} Box a view: x, y, width, height in units */
/** @typedef {{ width: number, height: number }} Size */

// Room around the layout: its bounds already hold each free end's cell, and with it the
// end's number; a last tile's outline reaches 0.14 out.
const PAD = 0.2;
const START_PAD = 0.7; // around the starting table, on a board with no hand
export const MIN_SPAN = 13; // the smallest view (in tile units) across the table's short side
const MIN_SPAN_SHORT = 8; // ... when that side is short
const MAX_UNIT_PX = 26; // a tile's long side is at most 52 CSS px, unless MIN_SPAN or the starting table allows more

/**
 * The view box that shows `bounds` whole in a drawing area of shape `aspect`.
 * @param {readonly number[]} bounds the layout's [x0, y0, x1, y1]
 * @param {number} aspect
 * @param {number} [minSpan]
 * @returns {Box}
 */
export function viewFor(bounds, aspect, minSpan = MIN_SPAN) {
  let [x0, y0, x1, y1] = bounds;
  x0 -= PAD;
  y0 -= PAD;
  x1 += PAD;
  y1 += PAD;
  let w = x1 - x0;
  let h = y1 - y0;
  const cx = (x0 + x1) / 2;
  const cy = (y0 + y1) / 2;
  // Never zoom in beyond minSpan on the short side: a lone tile should not fill the screen.
  if (aspect >= 1) h = Math.max(h, minSpan);
  else w = Math.max(w, minSpan);
  // Match the drawing area's shape so nothing is letterboxed away.
  if (w / h < aspect) w = h * aspect;
  else h = w / aspect;
  return [cx - w / 2, cy - h / 2, w, h];
}

/**
 * A drawing area's width / height (1.6 before it has a size).
 * @param {Size} size
 */
export const aspectOf = ({ width, height }) => (width > 0 && height > 0 ? width / height : 1.6);

/**
 * Has the drawing area's shape changed enough since it was drawn to draw it again?
 * @param {Size} drawn
 * @param {Size} now
 */
export function reshaped(drawn, now) {
  if (!(now.width > 0 && now.height > 0)) return false;
  return Math.abs(aspectOf(now) / aspectOf(drawn) - 1) > 0.02 || Math.abs(now.width / (drawn.width || 1) - 1) > 0.05;
}

const SETTLE_MS = 1500; // how long after the window's last resize its tables may still settle
let resizedAt = -Infinity;
globalThis.addEventListener?.("resize", () => {
  resizedAt = performance.now();
});

/** An `onReshape` for a table that follows the window: the window's resize event alone is
 *  not enough (on a phone turned on its side the table's area settles after it, and the view
 *  was fitted to a passing shape), but only a resize's settling counts, not the small shifts
 *  of a move or an opened panel, which must not redraw under a player's finger. `callback`
 *  runs once the area has been still for `ms`.
 * @param {() => void} callback
 * @param {number} [ms]
 */
export function whileResizing(callback, ms = 150) {
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let timer;
  return () => {
    if (performance.now() - resizedAt > SETTLE_MS) return;
    clearTimeout(timer);
    timer = setTimeout(callback, ms);
  };
}

/** An `onReshape` for a table nobody plays on (the coach's board): `callback` runs once the
 *  area has kept a new shape for `ms`, whatever changed it (a progress bar that went away,
 *  a list that grew), so the view never stays fitted to a passing shape.
 * @param {() => void} callback
 * @param {number} [ms]
 */
export function afterReshape(callback, ms = 150) {
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let timer;
  return () => {
    clearTimeout(timer);
    timer = setTimeout(callback, ms);
  };
}

/** The closest zoom for the game's table, whose player holds a hand: a table tile (2 units)
 *  drawn no longer than a hand tile, `tilePx` CSS px, while few tiles are down (a lone
 *  opening tile is as big as the hand's, as at a real table), and up to half as long again
 *  as the line grows (it spreads over the felt rather than crowding its middle). The view
 *  fills the felt with the layout (its bounds, padded) and zooms out as the layout outgrows it.
 * @param {Size} size the drawing area
 * @param {number} tilePx a hand tile's long side
 * @param {number} [count] the tiles on the table
 */
export function spanForTile({ width, height }, tilePx, count = 1) {
  const short = Math.min(width, height);
  if (!(short > 0 && tilePx > 0)) return MIN_SPAN;
  const longest = tilePx * Math.min(1.5, 1 + 0.1 * Math.max(0, count - 4));
  return short / (longest / 2);
}

/** The closest zoom for a board with no hand beside it (the coach's, the puzzles'), MIN_SPAN units across its short side, or fewer when
 *  that side is short (a phone on its side), so a tile is never drawn longer than
 *  2 x MAX_UNIT_PX, nor the view narrower than MIN_SPAN_SHORT units. A wide area (a laptop's
 *  felt is 2.7 times as wide as it is tall) gets the geometry's starting table, a strip under
 *  MIN_SPAN tall: fitted to that instead, a laptop's tiles are drawn 15-30% larger, and
 *  nothing is ever laid outside the view (it still grows with the layout's bounds).
 * @param {Size} size
 * @param {readonly number[] | null} [startTable] the geometry's starting table
 */
export function closestSpan({ width, height }, startTable = null) {
  const short = Math.min(width, height);
  if (!(short > 0)) return MIN_SPAN;
  let span = Math.min(MIN_SPAN, Math.max(MIN_SPAN_SHORT, short / MAX_UNIT_PX));
  if (startTable) {
    const [x0, y0, x1, y1] = startTable;
    const across = width >= height ? y1 - y0 : x1 - x0;
    if (across > 0) span = Math.max(MIN_SPAN_SHORT, Math.min(span, across + 2 * START_PAD));
  }
  return span;
}
