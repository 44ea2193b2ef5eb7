// The table follows the window's shape: a phone turned on its side gets a layout made for
// its new aspect, not the old one squeezed.

import * as state from "../model/state.js";
import { whileResizing } from "../table/table.js";

/**
 * Once a resize has settled (and while the table's area settles after it), lay the game
 * out again when its layout no longer suits the table's aspect, and redraw.
 * @param {{
 *   tableView: import("../table/table.js").TableView,
 *   loop: import("./game-loop.js").GameLoop,
 *   view: import("./game-view.js").GameView,
 * }} parts
 */
export function followResizes({ tableView, loop, view }) {
  const relayout = async () => {
    if (!loop.snap) return;
    if (state.needsRelayout(loop.host.aspect(), loop.laidOut)) await loop.relayout();
    view.render();
  };
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let resizing;
  addEventListener("resize", () => {
    clearTimeout(resizing);
    resizing = setTimeout(relayout, 150);
  });
  tableView.onReshape = whileResizing(relayout);
}
