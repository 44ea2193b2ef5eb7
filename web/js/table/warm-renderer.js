// Why this exists: the first tile placed on an empty table cost one long main-thread task
// (120-470 ms with the CPU throttled 4x, against under 50 for most later moves). That draw
// was the first run of the table renderer's code (cold, interpreted) and the first style
// resolution of table tiles, end numbers and animations. While the engine boots in the worker
// (a second or more of an idle main thread), a small throwaway table is drawn off screen,
// once plainly and once animated, then removed, so the first real move does not pay for
// them (its draw's JS went from 130-175 to 75-100 ms in traces). Nothing here is shown or
// is game logic; the throwaway table only exercises the renderer (its tiles need not follow
// any rule).

import { TableView } from "./table.js";

/** @typedef {import("../protocol").Table} Table */
/** @typedef {import("../protocol").TableTile} TableTile */
/** @typedef {import("../protocol").TableEnd} TableEnd */
/** @typedef {import("./table.js").TableModel} TableModel */

const SVG = "http://www.w3.org/2000/svg";

/** Two draws' worth of tiles: a spinner, then a tile beside it (the second draw glides). */
const SPINNER = { tile: "5-5", x: 0, y: 0, angle: 90, first: 5, is_spinner: true };
const BESIDE = { tile: "3-5", x: 1.5, y: 0, angle: 0, first: 5, is_spinner: false };
/**
 * @param {string} tile
 * @param {string | null} side
 * @param {number} x
 * @param {number} value
 * @returns {TableEnd}
 */
const END = (tile, side, x, value) => ({ tile, side, x, y: 0, value });

/**
 * A table model of `tiles` and `ends`: only what the renderer reads of a table.
 * @param {TableTile[]} tiles
 * @param {TableEnd[]} ends
 * @param {Partial<TableModel>} [extra]
 * @returns {TableModel}
 */
function model(tiles, ends, extra = {}) {
  const table = /** @type {Table} */ (/** @type {unknown} */ ({ tiles, ends, bounds: [-1, -1, 2.5, 1], points: [] }));
  const last = tiles[tiles.length - 1].tile;
  return {
    table,
    lastTile: last,
    newTile: last,
    newSeat: null,
    targets: [],
    labels: { spinner: "", targets: {} },
    animate: true,
    showEnds: true,
    ...extra,
  };
}

/** Draw and animate a throwaway table off screen; it removes itself once painted. */
export function warmTable(host = document.body) {
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("class", "table table--warmup");
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("viewBox", "-8 -5 16 10");
  const layer = document.createElementNS(SVG, "g");
  layer.dataset.layout = "";
  svg.append(layer);
  host.append(svg);
  const view = new TableView(svg);
  view.render(model([SPINNER], [END("5-5", null, 0, 10)]));
  const target = { point: "5-5:b", x: -1.5, y: 0, angle: 0, value: 15 };
  view.render(
    model([{ ...SPINNER, x: -0.5 }, { ...BESIDE, x: 1 }], [END("5-5", null, -0.5, 5), END("3-5", "b", 2, 3)], {
      targets: [target],
      activeTarget: target.point,
      selectedTile: "3-5",
    }),
  );
  // Two frames: the first paints it (style, layout, paint all run), the second removes it.
  requestAnimationFrame(() => requestAnimationFrame(() => svg.remove()));
  return svg;
}
