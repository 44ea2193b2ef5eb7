// The game's end as the loop keeps it: shown as the game ends, within reach again (its
// dialog closed) until another game begins, and shown at once for a finished game a reload
// restored (saves.js keeps a finished game's save until another starts).

import { abortable } from "../model/abort.js";

/** @typedef {import("../protocol").Snapshot} Snap */
/** @typedef {import("../protocol").GameWonJSON} GameWonJSON */

export class Ending {
  /** @type {{won: GameWonJSON, snap: Snap} | null} */
  #end = null;

  /**
   * @param {Pick<import("./game-loop.js").LoopHost, "dialogs" | "afterGame">} host
   * @param {() => readonly import("../protocol").WorkerEvent[]} events  the game's history (for the recap)
   */
  constructor(host, events) {
    this.host = host;
    this.events = events;
    /** Is it still to be shown (a finished game restored by a reload)? */
    this.due = false;
  }

  /** Has the game ended (its end can be shown)? */
  get reached() {
    return this.#end != null;
  }

  /** A game shown anew: a finished one (restored) brings its end, due at once. @param {Snap} snap */
  shown(snap) {
    const won = snap.over ? snap.events.find((event) => event.type === "game_won") : undefined;
    this.#end = won?.type === "game_won" ? { won, snap } : null;
    this.due = this.#end != null;
  }

  /** The game ended now. @param {GameWonJSON} won @param {Snap} snap */
  reach(won, snap) {
    this.#end = { won, snap };
    this.due = true;
  }

  /** The game-over dialog, then the player's choice to the page (closed: nothing). @param {AbortSignal} signal */
  async show(signal) {
    const end = this.#end;
    this.due = false;
    if (!end) return;
    const choice = await abortable(this.host.dialogs.gameOver({ won: end.won, snap: end.snap, events: this.events() }), signal);
    if (choice != null) this.host.afterGame(choice, end.snap);
  }
}
