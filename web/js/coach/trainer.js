// The "find the move" trainer: a position from one seat's view, the person picks a tile and
// a place, and is told whether it was the move; a wrong first try gets a second, then the
// answer shows with the engine's reasons. Puzzles (puzzles.js) and the coach's "Retry your
// mistakes" (trainer-retry.js) both open it over a list of positions.
//
// This module is the controller: which position, what was picked, the tries (the rules are
// trainer-state.js), and the worker's part: `trainer_board` draws a position, and
// `trainer_check` judges a move against the analysis the position came with. The view
// (trainer-view.js) draws that state and reports the person's intents. Nothing here touches
// the DOM.

import { afterTry, freshTry } from "./trainer-state.js";

/**
 * One position to find the move in: the seat's view (a PositionJson, the engine checks it),
 * the analysis it is judged by (`[move, value]` pairs), and how its list names it.
 * @typedef {object} TrainerItem
 * @property {object} position
 * @property {Array<Array<string | number>>} candidates
 * @property {string} key  what its result is stored under (a puzzle's number, a move's place)
 * @property {number | null} [puzzle]  the puzzle's number (puzzles only)
 * @property {string} [theme]  the puzzle's theme (puzzles only)
 */
/** @typedef {import("../protocol").TrainerBoard} TrainerBoard */
/** @typedef {import("../protocol").TrainerCheck} TrainerCheck */
/** @typedef {import("./trainer-state.js").TrainerState} TrainerState */
/** @typedef {import("./trainer-state.js").TrainerResult} TrainerResult */
/**
 * @typedef {object} TrainerHost
 * @property {import("../../bridge.js").EngineCall} call  the engine
 * @property {(key: string, vars?: Record<string, unknown>) => unknown} notify
 */

export class Trainer {
  /**
   * @param {TrainerHost} host
   * @param {TrainerItem[]} items
   * @param {{aspect: () => number, onResult?: (item: TrainerItem, result: TrainerResult) => void}} options
   *   `aspect`: the board's shape (the engine lays the table out for it)
   */
  constructor(host, items, { aspect, onResult = () => {} }) {
    this.host = host;
    this.items = items;
    this.aspect = aspect;
    this.onResult = onResult;
    this.index = -1;
    /** @type {TrainerState} */
    this.state = freshTry();
    /** @type {TrainerBoard | null} the position being tried, as the engine drew it */
    this.board = null;
    /** @type {TrainerCheck | null} the engine's verdict on the latest try */
    this.check = null;
    /** @type {string | null} the tile whose places are lit */
    this.selected = null;
    /** @type {"best" | "played"} after the answer: the table after it, or after the last try */
    this.show = "best";
    this.busy = false; // a request is out: taps wait for it
    this.failed = false; // the engine refused the position
    this.open = true;
    /** @type {() => void} */
    this.listener = () => {};
  }

  /** @param {() => void} listener  the view (one listener) */
  listen(listener) {
    this.listener = listener;
  }

  #changed() {
    if (this.open) this.listener();
  }

  get item() {
    return this.items[this.index] ?? null;
  }

  /** Show position `index` (0-based), untried. @param {number} index */
  async go(index) {
    if (index < 0 || index >= this.items.length) return;
    this.index = index;
    this.state = freshTry();
    this.board = null;
    this.check = null;
    this.selected = null;
    this.show = "best";
    this.failed = false;
    this.#changed();
    await this.redraw();
  }

  /** The position drawn again (first shown, or the board took a new shape). */
  async redraw() {
    const item = this.item;
    if (!item) return;
    try {
      const board = await this.host.call("trainer_board", { position: item.position, aspect: this.aspect() });
      if (item !== this.item) return; // moved on meanwhile
      this.board = board;
      if (this.check && this.state.phase === "answered") await this.#judge(this.check.move, { redraw: true });
    } catch (error) {
      this.failed = true;
      this.host.notify("trainer.failed", { message: error instanceof Error ? error.message : String(error) });
    }
    this.#changed();
  }

  /** The tiles that may be played, each with its places. */
  get legal() {
    return this.board?.legal ?? {};
  }

  get answered() {
    return this.state.phase === "answered";
  }

  /**
   * A tile of the hand was picked: its places light up, even a lone one. Unlike the game, a
   * pick never answers by itself: a try is one of only two, and a tap meant to look must not
   * spend it. Picking a tile with one place again tries it there; picking a tile with several
   * again puts it down.
   * @param {string} tile
   */
  pick(tile) {
    if (this.answered || this.busy || !this.board) return;
    const places = this.legal[tile];
    if (!places) return;
    if (this.selected === tile && places.length === 1) return this.place(places[0], tile);
    this.selected = this.selected === tile ? null : tile;
    this.#changed();
  }

  /**
   * A place on the table was picked for the selected tile (or `tile`).
   * @param {string} point
   * @param {string | null} [tile]
   */
  place(point, tile = this.selected) {
    const move = tile ? this.board?.moves[tile]?.[point] : null;
    if (!move || this.answered || this.busy) return;
    return this.#judge(move);
  }

  /**
   * @param {string} move
   * @param {{redraw?: boolean}} [options] the same verdict again, for a new board shape
   */
  async #judge(move, { redraw = false } = {}) {
    const item = this.item;
    if (!item) return;
    this.busy = true;
    this.#changed();
    try {
      const theme = item.theme ? { theme: item.theme } : {};
      const check = await this.host.call("trainer_check", { position: item.position, move, candidates: item.candidates, aspect: this.aspect(), ...theme });
      if (item !== this.item) return;
      this.check = check;
      if (!redraw) {
        this.state = afterTry(this.state, move, check.correct);
        this.selected = null;
        const result = this.state.result;
        if (result) this.onResult(item, result);
      }
    } catch (error) {
      this.host.notify("trainer.failed", { message: error instanceof Error ? error.message : String(error) });
    } finally {
      this.busy = false;
      this.#changed();
    }
  }

  /** After the answer: the table after it, or after the person's last try.
   * @param {"best" | "played"} which */
  showing(which) {
    this.show = which;
    this.#changed();
  }

  close() {
    this.open = false;
  }
}
