// The player's intents at the table: a tile chosen (by tap, drag or key), a place lit, a
// move made, a selection put down, a hint asked for and dismissed. Each becomes a UI action
// (ui-store.js) and, for a move or a hint, an engine call through the game loop; the board's
// events themselves are read by input.js, which asks through `inputHost()`.

import { t } from "../util/i18n.js";
import { HINT, HINT_ASKED, emit } from "../model/page-events.js";
import * as state from "../model/state.js";

/**
 * @typedef {object} IntentParts
 * @property {HTMLElement} root  the page's game area (its #prompt line)
 * @property {HTMLElement} board  the hands and the table
 * @property {import("./game-loop.js").GameLoop} loop
 * @property {import("./ui-store.js").UiStore} store
 * @property {import("./game-view.js").GameView} view
 * @property {() => boolean} elsewhere  another tab plays the game
 */

export class PlayerIntents {
  /** @param {IntentParts} parts */
  constructor(parts) {
    this.parts = parts;
    this.loop = parts.loop;
    this.store = parts.store;
    this.view = parts.view;
  }

  /** May the player choose a tile now? */
  get interactive() {
    return !this.parts.elsewhere() && state.isInteractive(this.loop.snap, this.store.ui, this.loop.shown);
  }

  /** What input.js may ask and tell. */
  inputHost() {
    return {
      selected: () => this.store.ui.selected,
      interactive: () => this.interactive,
      targets: (/** @type {string} */ tile) => state.targetsOf(this.loop.snap, tile),
      chooseTile: (/** @type {string} */ tile, /** @type {{viaKeyboard?: boolean}} */ options) => this.chooseTile(tile, options),
      play: (/** @type {string} */ tile, /** @type {string} */ point) => this.interactive && this.loop.play(tile, point),
      cancel: () => this.cancel(),
      focusTarget: (/** @type {string} */ point) => this.focusTarget(point),
      activate: (/** @type {string} */ point) => {
        if (this.store.ui.activeTarget === point) return false;
        this.store.dispatch({ type: "target", point });
        return true;
      },
      dragSelect: (/** @type {string} */ tile) => {
        if (this.store.ui.selected === tile) return;
        this.store.dispatch({ type: "drag", tile });
        this.view.renderNow();
      },
    };
  }

  /**
   * @param {string} tile
   * @param {{viaKeyboard?: boolean}} [options]
   */
  chooseTile(tile, { viaKeyboard = false } = {}) {
    if (!this.interactive) return;
    const targets = state.targetsOf(this.loop.snap, tile);
    if (!targets.length) {
      this.store.dispatch({ type: "focus", tile });
      /** @type {HTMLElement} */ (this.parts.root.querySelector("#prompt")).textContent = t("hand.tile_blocked", { tile });
      return;
    }
    if (targets.length === 1) {
      this.loop.play(tile, targets[0]);
      return;
    }
    const ui = this.store.dispatch({ type: "choose", snap: this.loop.snap ?? { legal: {} }, tile });
    this.view.renderNow();
    if (viaKeyboard && ui.selected) this.focusTarget(ui.activeTarget);
  }

  cancel() {
    this.store.dispatch({ type: "cancel" });
    this.view.renderNow();
  }

  async hint() {
    if (!this.interactive) return;
    emit(HINT_ASKED);
    const hint = await this.loop.during((signal) => this.loop.call("hint", {}, signal));
    if (!hint || !hint.tile || !this.interactive) {
      emit(HINT, null);
      return;
    }
    this.store.dispatch({ type: "hint", snap: this.loop.snap ?? { legal: {} }, hint: { tile: hint.tile, at: hint.at } });
    this.view.renderNow();
    emit(HINT, hint);
  }

  /** The hint panel was closed: forget the hint and its selection. */
  dismissHint() {
    if (!this.store.ui.hinted) return;
    this.store.dispatch({ type: "unhint" });
    if (this.store.ui.selected) this.cancel();
    else this.view.renderNow();
  }

  /** @param {string | null} point */
  focusTarget(point) {
    this.store.dispatch({ type: "target", point });
    const el = point == null ? null : this.parts.board.querySelector(`[data-target="${CSS.escape(point)}"]`);
    for (const other of this.parts.board.querySelectorAll("[data-target]")) other.classList.toggle("target--active", other === el);
    /** @type {HTMLElement | SVGElement | null} */ (el)?.focus();
  }
}
