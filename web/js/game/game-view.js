// The game on the page: draws what the game loop holds and the UI store says (render.js
// does the drawing itself), once per animation frame however many changes come before it,
// says the game's events in the move log, and shows the pass-the-device screen. It decides
// nothing about the game: the loop asks, the view shows.

import { describeEvent, describeEvents } from "../model/announce.js";
import { seatName, t } from "../util/i18n.js";
import { RENDERED, emit } from "../model/page-events.js";
import { hidePassScreen, showPassScreen } from "./pass-device.js";
import { bottomSeat } from "../model/people.js";
import { reducedMotion, renderGame } from "../table/render.js";
import { turnTableOn } from "../ui/settings.js";
import * as state from "../model/state.js";
import { keepScreenOn } from "../cues/wake.js";

/**
 * What the view reads of the game going on (the game loop holds it).
 * @typedef {object} GameState
 * @property {Snap | null} snap
 * @property {number} count  events seen so far
 * @property {import("../model/state.js").Shown | null} shown  a finished round's table under its summary
 * @property {readonly GameEvent[]} events  the public history so far
 * @property {boolean} autoplay
 * @property {{reached: boolean}} ending  the game's end, once reached (shown again on asking)
 */
/** @typedef {import("./game-loop.js").Snap} Snap */
/** @typedef {import("./ui-store.js").UiStore} UiStore */
/** @typedef {import("./ui-store.js").GameEvent} GameEvent */

/** Nothing else holds the keyboard (no dialog, menu or field): focus may go to the hand. */
function focusIsFree() {
  const el = document.activeElement;
  if (document.querySelector("dialog[open]")) return false;
  return !el || el === document.body || Boolean(el.closest("#board"));
}

/**
 * @typedef {object} ViewParts
 * @property {HTMLElement} root  the page's game area (#app)
 * @property {HTMLElement} board  the hands and the table (#board)
 * @property {import("../table/table.js").TableView} tableView
 * @property {{say(text: string | (() => string), options?: unknown): void, retranslate(): void}} announcer  the move log
 * @property {() => GameState} game  the game going on (the loop)
 * @property {UiStore} store
 * @property {() => boolean} interactive  may the person choose a tile now?
 * @property {() => boolean} elsewhere  another tab plays the game
 * @property {() => boolean} ended  no move can be made here any more (a friend's table ended)
 * @property {() => number} speed  the bots' pace (0: no animation)
 * @property {(on: boolean) => void} watchPick  a picked tile may be put down by Escape or Back
 */

/** The game on the page, as the loop asks for it (LoopView in game-loop.js). */
export class GameView {
  /** @param {ViewParts} parts */
  constructor(parts) {
    this.parts = parts;
    this.frame = 0; // the animation frame a draw is waiting for (0: none)
    /** @type {number | null} the seat drawn at the bottom (pass-and-play turns the table) */
    this.bottom = null;
    /** @type {number | null} the events seen at the last draw that let the person move */
    this.turnAt = null;
    this.wasInteractive = false;
    this.markedPlayable = false;
  }

  /**
   * Say something in the move log (`text`: a string or a function giving it).
   * @param {string | (() => string)} text
   * @param {unknown} [options]
   */
  announce(text, options) {
    this.parts.announcer.say(text, options);
  }

  /** @param {GameEvent} event */
  sayEvent(event) {
    this.announce(() => describeEvent(event));
  }

  /**
   * Several events in one line (the replay viewer's captions use describeEvent).
   * @param {GameEvent[]} events
   */
  sayEvents(events) {
    if (events.length) this.announce(() => describeEvents(events));
  }

  /** The language changed: the move log is said again in it. */
  retranslate() {
    this.parts.announcer.retranslate();
  }

  sayKnock() {
    this.announce(() => t("prompt.must_pass"));
  }

  /**
   * @param {string} name
   * @param {unknown} [detail]
   */
  emit(name, detail) {
    emit(name, detail);
  }

  /** @param {boolean} on */
  parked(on) {
    // [data-held]: the loop is parked, no move under way (a hook for tests; nothing styles it).
    if (on) this.parts.root.dataset.held = "";
    else delete this.parts.root.dataset.held;
  }

  /**
   * A game shown anew: what its round so far left, and its latest move in the move log.
   * @param {Snap} snap
   */
  shown(snap) {
    this.bottom = null;
    hidePassScreen();
    const latest = state.latestToSay(snap.events);
    if (latest) this.sayEvent(latest);
    this.parts.board.hidden = false;
    this.parts.root.dataset.game = "on";
    this.render();
  }

  /**
   * @param {Snap} snap
   * @param {number} seat
   */
  #who(snap, seat) {
    const name = snap.names?.[seat];
    return name ? t("pass.named", { name, seat: seatName(seat) }) : seatName(seat);
  }

  /**
   * Cover the board until the person the engine names takes the device.
   * @param {Snap} snap
   * @param {() => void} onReady
   */
  passTo(snap, onReady) {
    const seat = /** @type {number} */ (snap.pass_to);
    const missed = state.missedMoves(this.parts.game().events, seat);
    showPassScreen(this.parts.board, { seat, name: snap.names?.[seat] ?? null, missed, onReady });
    this.announce(() => t("pass.title", { seat: this.#who(snap, seat) }));
  }

  hidePass() {
    hidePassScreen();
  }

  /**
   * The log's last line says they have it, not "pass to ...".
   * @param {Snap} snap
   * @param {number} seat
   */
  seatTaken(snap, seat) {
    this.announce(() => t("pass.taken", { seat: this.#who(snap, seat) }));
  }

  /** Draw the game at the next animation frame: however many changes come before it (an
   *  engine reply, its events, a bot starting to think), the page is written once per frame,
   *  so a move never costs the main thread one long task of repeated style and layout. */
  render() {
    if (!this.parts.game().snap || this.frame) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.draw();
    });
  }

  /** Settles once nothing waits to be drawn: after the next frame's draw, or at once. */
  drawn() {
    if (!this.frame) return Promise.resolve();
    return new Promise((resolve) => document.addEventListener(RENDERED, () => resolve(undefined), { once: true }));
  }

  /** Draw now (the player's own input: the lit targets must be there for the next key). */
  renderNow() {
    cancelAnimationFrame(this.frame);
    this.frame = 0;
    this.draw({ now: true });
  }

  draw({ now = false } = {}) {
    const { store } = this.parts;
    const loop = this.parts.game();
    const snap = loop.snap;
    if (!snap) return;
    const interactive = this.parts.interactive();
    // A turn arrives when the game has moved on since the last draw that let the player
    // move: not only when the draw before did not. Under load one frame can hold the
    // player's move, the bots' replies and the player's next turn (draws are coalesced per
    // frame), and the keyboard, left on the tile just played, must still come to the hand.
    const turnArrived = interactive && (!this.wasInteractive || this.turnAt !== loop.count);
    if (turnArrived && store.ui.focusTile == null && focusIsFree()) {
      // The player's turn came: the keyboard starts on the hand, not where a closed dialog
      // left it (the page's top).
      store.dispatch({ type: "focus", tile: state.firstPlayable(snap) });
    }
    this.wasInteractive = interactive;
    this.turnAt = interactive ? loop.count : null;
    this.bottom = bottomSeat(snap, { turning: turnTableOn(), previous: this.bottom });
    const ui = store.ui;
    renderGame(
      { root: this.parts.root, board: this.parts.board, tableView: this.parts.tableView },
      { snap, ui, shown: loop.shown, interactive, autoplay: loop.autoplay, ended: this.parts.ended(), animate: !reducedMotion() && this.parts.speed() > 0, bottom: this.bottom, now },
    );
    this.parts.watchPick(Boolean(ui.selected) && !ui.hinted);
    keepScreenOn(!snap.over && !this.parts.elsewhere()); // a game goes on in this tab
    const ending = this.parts.root.querySelector("[data-action='show-ending']");
    if (ending instanceof HTMLElement) ending.hidden = !(snap.over && loop.ending.reached);
    store.dispatch({ type: "drawn" });
    if (interactive && !this.markedPlayable) {
      this.markedPlayable = true;
      performance.mark("seven-rocks:playable"); // read by benchmarks/browser.py
    }
    emit(RENDERED, { turnArrived }); // turnArrived: a hook for tests
  }
}
