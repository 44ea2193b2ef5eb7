// The keeper of the saved game: asks the engine for the game's save after each move and
// stores it, writes it again when the page is hidden or left (a browser may kill a hidden
// page without another word), resumes it when the page opens, and, with tabs.js, makes sure
// only the tab that plays the game writes it. The save's format is the engine's; what the
// browser keeps, and how a bad one is read, is storage.js's.

import { SAVE_KEY, readRaw, readSave, saveMatches, tookRestart, writeJSON } from "../util/storage.js";
import { TabClaim } from "./tabs.js";

/** @typedef {import("../protocol").Save} Save  the engine's save, as it sent it */

/**
 * @typedef {object} KeeperHost
 * @property {import("../../bridge.js").EngineCall} call
 *   the engine (rejects on a refusal: the keeper decides what to say)
 * @property {(key: string, vars?: Record<string, unknown>, kind?: "error" | "info" | "warning") => HTMLElement} notify
 * @property {() => {snap: object | null, autoplay: boolean}} game  the game going on (or just finished)
 * @property {() => AbortSignal} signal  the game going on's signal (a save for a game gone is dropped)
 * @property {() => () => void} hold  hold the bots; returns the release
 * @property {() => void} changed  this tab has gone stale: draw it without its controls
 * @property {() => void} takeOver  continue here the game another tab played
 */

export class SaveKeeper {
  /**
   * @param {KeeperHost} host
   * @param {HTMLElement} root  the page's root (marked while another tab plays)
   */
  constructor(host, root) {
    this.host = host;
    this.tabs = new TabClaim(
      {
        playing: () => Boolean(host.game().snap),
        hold: () => host.hold(),
        notify: (key, vars, kind) => host.notify(key, vars, kind),
        changed: () => host.changed(),
        takeOver: () => host.takeOver(),
      },
      root,
    );
    /** @type {Save | null} the engine's last save, written again when the page is hidden */
    this.latest = null;
    /** @type {HTMLElement | null} the notice that this browser does not keep the game (said once) */
    this.unsaved = null;
  }

  /** Another tab plays the game now. */
  get elsewhere() {
    return this.tabs.elsewhere;
  }

  /** A game worth keeping: one not played by the bots alone, going on or finished (a
   *  reload shows a finished game's end until another game starts and takes its place). */
  #keeping() {
    const { snap, autoplay } = this.host.game();
    return Boolean(snap && !autoplay);
  }

  /** Listen for other tabs and for the page being hidden or left (for the page's life). */
  watch() {
    this.tabs.watch();
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState !== "hidden") return;
      this.flush();
      if (this.#keeping() && !this.elsewhere) this.save();
    });
    addEventListener("pagehide", () => this.flush());
  }

  /**
   * Resume the saved game unless the page's address asked for another; a bad save is one
   * notice. Resolves to the restored snapshot, or null (deal a new game).
   * @param {{explicit?: boolean, seed?: number | null, bots?: (string | null)[] | null}} asked
   * @param {() => Record<string, unknown>} layout  the restore's layout params (the table's shape)
   */
  async resume(asked, layout) {
    const restarted = tookRestart();
    const { save, problem } = readSave();
    if (problem) {
      this.host.notify(problem === "old" ? "notice.save_old" : "notice.save_corrupt", {}, "warning");
      writeJSON(SAVE_KEY, null);
      return null;
    }
    if (!save || !saveMatches(save, asked)) {
      if (restarted) this.host.notify("notice.engine_restarted", {}, "warning"); // nothing to resume
      return null;
    }
    const snap = await this.host.call("restore", { save, ...layout() }).catch(() => null);
    if (!snap) {
      this.host.notify("notice.save_corrupt", {}, "warning");
      writeJSON(SAVE_KEY, null);
      return null;
    }
    // A finished game comes back under its end, which says what it is: no "resumed".
    if (restarted || !snap.over) this.host.notify(restarted ? "notice.engine_restarted" : "notice.resumed", {}, restarted ? "warning" : "info");
    return snap;
  }

  /**
   * The other tab's game, to continue here (tabs.js offers it once this tab has gone stale):
   * its save is the newest. Resolves to the restored snapshot, or null (that game is over).
   * @param {import("../../bridge.js").EngineCall<null>} request
   *   the engine call that tells the player of a refusal
   * @param {() => {aspect?: number}} layout
   */
  async takeOver(request, layout) {
    this.tabs.comeBack();
    const { save } = readSave();
    if (!save) return null;
    const snap = await request("restore", { save, ...layout() });
    if (snap) this.host.notify("notice.resumed", {}, "info");
    return snap ?? null;
  }

  /** A game shown anew: this tab plays it (unless another tab does), its save is asked for. */
  shown() {
    if (!this.tabs.elsewhere) this.tabs.claim();
    this.latest = null;
    if (this.#keeping()) this.save();
  }

  /** A new game started in this tab is this tab's own: it claims the save and drops the old one. */
  claimForNewGame() {
    this.tabs.comeBack();
    this.tabs.claim();
    this.write(null);
  }

  /** Ask the engine for the game's save and store it (see `write`). */
  async save() {
    const signal = this.host.signal();
    const saved = await this.host.call("save").catch(() => null);
    if (saved && !signal.aborted) {
      this.latest = saved;
      this.write(saved);
    }
  }

  /**
   * Store `save` (null: none) unless another tab plays the game now; then say so instead.
   * A browser that will not keep it (storage full, or turned off) is said once: the player
   * would otherwise find the game gone after a reload.
   * @param {Save | null} save
   */
  write(save) {
    if (!this.tabs.mayWrite()) return false;
    const kept = writeJSON(SAVE_KEY, save);
    if (!kept && save != null && !this.unsaved) this.unsaved = this.host.notify("notice.not_saved", {}, "warning");
    return kept;
  }

  /** Written when the page is hidden or left: a browser killed right after a move keeps it. */
  flush() {
    if (!this.latest || !this.#keeping()) return;
    if (readRaw(SAVE_KEY) !== JSON.stringify(this.latest)) this.write(this.latest);
  }
}
