// The UI state's one place of change. The page's UI state (selection, keyboard target, who
// is thinking, what each seat did last...) is a frozen value; every change is an action
// given to `reduceUi`, which returns the next value, and the renderer draws whatever the
// store holds. A change made anywhere else fails loudly (the value is frozen).

import * as state from "../model/state.js";

/** @typedef {ReturnType<typeof state.freshUi>} Ui */
/** @typedef {import("../protocol").WorkerEvent} GameEvent */
/** @typedef {Pick<import("../protocol").Snapshot, "legal">} Snap */

/**
 * @typedef {{type: "shown", events: GameEvent[]}
 *   | {type: "events", events: GameEvent[]}
 *   | {type: "thinking", seat: number | null}
 *   | {type: "knock", seat: number}
 *   | {type: "knocked"}
 *   | {type: "busy", on: boolean}
 *   | {type: "choose", snap: Snap, tile: string}
 *   | {type: "cancel"}
 *   | {type: "deselect"}
 *   | {type: "drag", tile: string}
 *   | {type: "target", point: string | null}
 *   | {type: "focus", tile: string | null}
 *   | {type: "hint", snap: Snap, hint: {tile: string, at: string | null}}
 *   | {type: "unhint"}
 *   | {type: "round-closed"}
 *   | {type: "drawn"}} UiAction
 */

/**
 * The UI state after `action` (a new value; `ui` is not changed).
 * @param {Ui} ui
 * @param {UiAction} action
 * @returns {Ui}
 */
export function reduceUi(ui, action) {
  switch (action.type) {
    case "shown": // a game shown anew: its current round's story, nothing animated
      return state.resumedUi(action.events);
    case "events": // the engine's new events: each seat's last action, the selection gone
      return state.foldEvents(ui, action.events).ui;
    case "thinking":
      return { ...ui, thinking: action.seat };
    case "knock": // South has no move: the knock shows before the engine is asked for it
      return { ...ui, knocking: true, actions: ui.actions.map((a, seat) => (seat === action.seat ? { type: "pass" } : a)) };
    case "knocked":
      return { ...ui, knocking: false };
    case "busy":
      return { ...ui, busy: action.on };
    case "choose":
      return state.chooseTile(ui, action.snap, action.tile);
    case "cancel":
      return state.cancelSelection(ui);
    case "deselect":
      return { ...ui, selected: null, activeTarget: null };
    case "drag":
      return { ...ui, selected: action.tile, activeTarget: null };
    case "target":
      return { ...ui, activeTarget: action.point };
    case "focus":
      return { ...ui, focusTile: action.tile };
    case "hint":
      return state.showHint(ui, action.snap, action.hint);
    case "unhint":
      return { ...ui, hinted: null };
    case "round-closed":
      return state.afterRound(ui);
    case "drawn": // a new tile animates once, a tile is refocused once
      return { ...ui, newTile: null, focusTile: null };
    default:
      throw new Error(`unknown UI action ${JSON.stringify(/** @type {{type: unknown}} */ (action).type)}`);
  }
}

/** Holds the UI state; `dispatch` is the only way it changes. */
export class UiStore {
  /** @type {Ui} */
  #ui = Object.freeze(state.freshUi());

  /** The current UI state (frozen). */
  get ui() {
    return this.#ui;
  }

  /**
   * Apply `action`; returns the new state.
   * @param {UiAction} action
   * @returns {Ui}
   */
  dispatch(action) {
    this.#ui = Object.freeze(reduceUi(this.#ui, action));
    return this.#ui;
  }
}
