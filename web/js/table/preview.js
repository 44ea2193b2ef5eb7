// The table as it looks before the engine is up: four seats with seven tiles face down and
// an empty table. Drawn from plain JavaScript the moment the catalogues load, so the page
// shows a table at once while Python boots in the worker; the controller then draws the
// real deal over it. Nothing here is game logic.

import { renderHiddenHand, renderSeatHead } from "./hand.js";
import { t } from "../util/i18n.js";

const TILES_PER_HAND = 7;

/**
 * Show the board with every hand face down; returns the board element.
 * @param {HTMLElement} board
 */
export function showPreview(board) {
  for (const seat of [0, 1, 2, 3]) {
    // The page's own markup (index.html) has every seat with its hand and head.
    const section = /** @type {HTMLElement} */ (board.querySelector(`.seat[data-seat="${seat}"]`));
    const hand = /** @type {HTMLElement} */ (section.querySelector("[data-hand]"));
    renderHiddenHand(hand, seat, TILES_PER_HAND, seat !== 2);
    if (seat === 0) {
      // South's own hand keeps its label and layout; only its tiles are still face down.
      hand.setAttribute("aria-label", t("hand.label"));
      delete hand.dataset.vertical;
    }
    renderSeatHead(/** @type {HTMLElement} */ (section.querySelector(".seat__head")), {
      seat,
      count: TILES_PER_HAND,
      level: "",
      turn: null,
      thinking: null,
      action: null,
      knocking: false,
    });
  }
  // The status line above already says the engine is loading: saying it twice is noise.
  const prompt = board.querySelector("#prompt");
  if (prompt) prompt.textContent = "";
  board.dataset.preview = "on";
  board.hidden = false;
  return board;
}
