// One game's life: the engine's latest snapshot and the public history so far, the bots'
// turns played at a readable pace, forced knocks, a person's move sent to the engine, the
// device passed between people, and the round and game ends. Each game has one
// AbortController: starting another aborts it, and every wait of the old game (an engine
// reply, a pacing delay, a panel holding the bots, a dialog) ends there, so no step of a
// game that is gone ever runs. Nothing here touches the DOM: the page's side (drawing,
// words, dialogs) comes in through the host, so the loop runs in Node against a fake engine.

import { abortable, isAbort } from "../model/abort.js";
import { GAME_EVENTS, YOUR_TURN } from "../model/page-events.js";
import { Ending } from "./ending.js";
import { botWait, knockWait, summaryWait } from "./pacing.js";
import * as state from "../model/state.js";

/** @typedef {import("./ui-store.js").UiStore} UiStore */
/** @typedef {import("../protocol").WorkerEvent} GameEvent */
/** @typedef {import("../protocol").Snapshot} Snap */
/** @typedef {import("../protocol").RoundSettledJSON} RoundSettledJSON */
/** @typedef {import("../protocol").RoundStartedJSON} RoundStartedJSON */
/** @typedef {import("../protocol").GameWonJSON} GameWonJSON */
/** @typedef {import("../model/state.js").Shown} Shown */
/** @typedef {import("../protocol").Method} Method */
/**
 * @template {Method} M
 * @typedef {import("../../bridge.js").Params<M>} Params
 */
/**
 * @template {Method} M
 * @typedef {import("../../bridge.js").Reply<M>} Reply
 */
/** The requests answered with a snapshot laid out for the table, from the events since ours. @typedef {"play" | "step" | "state" | "view" | "guest_stand_in"} SnapMethod */

/**
 * The page's side of the game, as the loop asks for it (game-view.js).
 * @typedef {object} LoopView
 * @property {() => void} render  draw at the next frame
 * @property {() => void} renderNow  draw at once
 * @property {(on: boolean) => void} parked  the loop waits for a panel to let the bots go
 * @property {(snap: Snap) => void} shown  a game shown anew (its latest move said)
 * @property {(event: GameEvent) => void} sayEvent  one event in the move log
 * @property {() => void} sayKnock  South must knock
 * @property {(snap: Snap, onReady: () => void) => void} passTo  cover the hands until the named person takes the device
 * @property {() => void} hidePass
 * @property {(snap: Snap, seat: number) => void} seatTaken  the person at `seat` has the device
 * @property {(name: string, detail?: unknown) => void} emit  a page event (page-events.js)
 */

/**
 * The end-of-round and end-of-game dialogs; each settles when it closes.
 * @typedef {object} LoopDialogs
 * @property {(args: {settled: RoundSettledJSON, started: RoundStartedJSON | null, snap: Snap, autoMs: number | null, onClosing: () => void}) => Promise<unknown>} roundSummary
 * @property {(args: {won: GameWonJSON, snap: Snap, events: readonly GameEvent[]}) => Promise<string | null>} gameOver
 */

/**
 * @typedef {object} LoopHost
 * @property {import("../../bridge.js").EngineCall<null>} request
 *   an engine call; null when the engine refused (the player was told)
 * @property {() => number} aspect  the table's drawing area, width over height
 * @property {{held: boolean, whenFree(): Promise<void>, sleep(ms: number): Promise<void>}} pacer
 * @property {() => number} speed  the bots' pace (ms)
 * @property {() => number} now  a clock in ms (performance.now)
 * @property {UiStore} store
 * @property {LoopView} view
 * @property {LoopDialogs} dialogs
 * @property {() => void} save  keep the game (the saves keeper): going on, or finished until another starts
 * @property {() => void} over  the game is over: nothing more to play
 * @property {(choice: string, snap: Snap) => void} afterGame  the game-over dialog's choice
 * @property {() => import("../host/guests.js").GuestBook | null} [guests]  the friends at remote seats
 */

export class GameLoop {
  /** @type {AbortController} */
  #game = new AbortController();

  /** @param {LoopHost} host */
  constructor(host) {
    this.host = host;
    /** @type {Snap | null} the engine's latest snapshot (or a finished round's, under its summary) */
    this.snap = null;
    /** @type {GameEvent[]} the public history so far (score sheet, statistics) */
    this.events = [];
    this.count = 0; // events seen so far
    /** @type {Shown | null} a finished round's table while its summary is open */
    this.shown = null;
    /** @type {number | null} the aspect the table was last laid out for */
    this.laidOut = null;
    /** @type {Snap | null} the newest snapshot received (ahead of `snap` while a round summary is open) */
    this.latest = null;
    this.ending = new Ending(host, () => this.events); // shown again on asking until another game begins
  }

  /** The friends at remote seats, if the game has any. */
  get guests() {
    return this.host.guests?.() ?? null;
  }

  /** The signal of the game going on: aborted when another begins. */
  get signal() {
    return this.#game.signal;
  }

  /** End the game going on (its pending steps stop where they wait) and return the new one's signal. */
  begin() {
    this.#game.abort();
    this.#game = new AbortController();
    return this.#game.signal;
  }

  /** Bots in every seat: the game plays itself. */
  get autoplay() {
    return state.isAutoplay(this.snap);
  }

  /**
   * `params` with the table's shape, which the engine lays the table out for.
   * @template {object} [P={}]
   * @param {P} [params]
   * @returns {P & {aspect: number}}
   */
  laidOutFor(params) {
    this.laidOut = this.host.aspect();
    return { .../** @type {P} */ (params ?? {}), aspect: this.laidOut };
  }

  /**
   * An engine call for `signal`'s game: rejects with an AbortError once that game is gone.
   * @template {Method} M
   * @param {M} method
   * @param {Params<M>} params
   * @param {AbortSignal} signal
   * @returns {Promise<Reply<M> | null>}
   */
  call(method, params, signal) {
    return abortable(this.host.request(method, .../** @type {import("../../bridge.js").ParamsArgs<M>} */ ([params])), signal);
  }

  /**
   * A call whose reply is a snapshot: laid out for the table, with the events since ours.
   * @template {SnapMethod} M
   * @param {M} method
   * @param {Omit<Params<M>, "aspect" | "since">} params
   * @param {AbortSignal} signal
   * @returns {Promise<Snap | null>}
   */
  ask(method, params, signal) {
    return this.call(method, /** @type {Params<M>} */ ({ ...this.laidOutFor(params), since: this.count }), signal);
  }

  /**
   * Run `step` for the game going on; its end by another game is no error.
   * @template T
   * @param {(signal: AbortSignal) => Promise<T>} step
   * @returns {Promise<T | undefined>}
   */
  async during(step) {
    try {
      return await step(this.signal);
    } catch (error) {
      if (isAbort(error)) return undefined;
      throw error;
    }
  }

  /**
   * Show `snap` as a game anew (a new deal, a restored save): a new game's life begins.
   * The caller then lets it `run()`.
   * @param {Snap} snap
   */
  show(snap) {
    this.begin();
    this.snap = snap;
    this.latest = snap;
    this.ending.shown(snap);
    this.count = snap.events_total;
    this.events = [...snap.events];
    this.shown = null;
    this.guests?.update();
    this.host.store.dispatch({ type: "shown", events: snap.events });
    this.host.view.shown(snap);
    this.host.view.emit(GAME_EVENTS, { events: snap.events, snap, fresh: true });
  }

  /** Play bots' turns (and forced knocks) until a person must choose or the game ends. */
  run() {
    return this.during((signal) => this.#play(signal));
  }

  /** @param {AbortSignal} signal */
  async #play(signal) {
    const { pacer, store, view } = this.host;
    /** @type {<T>(promise: Promise<T>) => Promise<T>} */
    const wait = (promise) => abortable(promise, signal);
    // Did a computer player move in this run? Then the turn coming to a person is news to
    // them (turn-cue.js buzzes and chimes); at a load, or after their own move, it is not.
    let botMoved = false;
    while (this.snap) {
      signal.throwIfAborted(); // a step of this game may have begun another (Play again)
      if (pacer.held) {
        // A panel (score sheet, replay) is open: wait for it.
        view.parked(true);
        try {
          await wait(pacer.whenFree());
        } finally {
          view.parked(false);
        }
      }
      const snap = this.snap;
      if (snap.over) {
        this.host.over();
        view.render();
        if (this.ending.due) await this.ending.show(signal); // a finished game restored
        return;
      }
      if (snap.pass_to != null) {
        view.renderNow(); // every hand face down in the same task as the pass screen shows
        const seat = snap.pass_to;
        view.passTo(snap, () => this.during(() => this.#takeSeat(seat, signal)));
        if (botMoved) view.emit(YOUR_TURN, { seat });
        return; // the tap on the pass screen continues the loop
      }
      if (snap.human_turn) {
        if (!snap.must_pass) {
          view.render();
          if (botMoved) view.emit(YOUR_TURN, { seat: snap.turn });
          return; // the person's move continues the loop
        }
        store.dispatch({ type: "knock", seat: snap.turn });
        view.render();
        view.sayKnock();
        await wait(pacer.sleep(knockWait(this.host.speed())));
        const next = await this.ask("play", { move: /** @type {string} */ (snap.pass_move) }, signal); // named whenever the seat must knock
        store.dispatch({ type: "knocked" });
        if (!next) return;
        await this.#apply(next, signal);
        continue;
      }
      if (this.guests?.has(snap.turn)) {
        // A friend's turn: the host cannot see them think (nor one away), only a stand-in bot.
        view.render();
        const next = await this.#guestTurn(snap.turn, signal);
        store.dispatch({ type: "thinking", seat: null });
        if (!next) return;
        await this.#apply(next, signal);
        continue;
      }
      store.dispatch({ type: "thinking", seat: state.thinker(snap) });
      view.render();
      const began = this.host.now();
      const next = await this.ask("step", {}, signal);
      await wait(pacer.sleep(botWait(this.host.speed(), this.host.now() - began)));
      store.dispatch({ type: "thinking", seat: null });
      if (!next) {
        // A bot failed: resync with the engine and give the person the controls back.
        const fresh = await this.ask("state", {}, signal);
        if (fresh) await this.#apply(fresh, signal);
        view.render();
        return;
      }
      botMoved = true;
      await this.#apply(next, signal);
    }
  }

  /**
   * The move of the friend at remote `seat`: their messages go to the engine, which plays a
   * legal one of their turn and refuses (and counts) anything else; a refusal is told to its
   * sender and the wait goes on. A bot plays the turn when the host let one stand in.
   * @param {number} seat
   * @param {AbortSignal} signal
   * @returns {Promise<Snap | null>}
   */
  async #guestTurn(seat, signal) {
    const guests = /** @type {import("../host/guests.js").GuestBook} */ (this.guests);
    for (;;) {
      const move = await guests.nextMove(seat, signal);
      if ("standIn" in move) {
        this.host.store.dispatch({ type: "thinking", seat });
        this.host.view.render();
        return this.ask("guest_stand_in", { seat }, signal);
      }
      const reply = await this.call("guest_move", { ...this.laidOutFor({ seat: move.seat, message: move.text, late: move.late }), since: this.count }, signal);
      if (!reply) return null;
      if (reply.accepted) return reply.snap;
      guests.refused(move.seat, reply.reason ?? "illegal");
      if (this.snap) this.snap = { ...this.snap, refused: reply.snap.refused };
      this.host.view.render();
    }
  }

  /**
   * The person tapped the pass screen: only now ask the engine for their view (their hand
   * face up); the keyboard lands on the hand.
   * @param {number} seat
   * @param {AbortSignal} signal
   */
  async #takeSeat(seat, signal) {
    const next = await this.ask("view", { seat }, signal);
    this.host.view.hidePass();
    if (next) {
      await this.#apply(next, signal);
      this.host.view.seatTaken(next, seat);
      const tile = Object.keys(next.legal ?? {})[0] ?? next.hand?.[0] ?? null;
      this.host.store.dispatch({ type: "focus", tile });
    }
    // Refused (out of step), the engine's state decides what shows.
    await this.#play(signal);
  }

  /**
   * South's move (`tile` at `point`) through the engine, then the bots' answer.
   * @param {string} tile
   * @param {string} point
   */
  play(tile, point) {
    const { store, view } = this.host;
    return this.during(async (signal) => {
      store.dispatch({ type: "busy", on: true });
      /** @type {Snap | null} */
      let next;
      try {
        const move = state.moveText(this.snap, tile, point);
        next = move == null ? null : await this.ask("play", { move }, signal); // a move the engine did not offer is refused here
      } finally {
        if (!signal.aborted) store.dispatch({ type: "busy", on: false });
      }
      if (!next) {
        // Refused: nothing changed in the engine; keep the game playable.
        store.dispatch({ type: "deselect" });
        view.render();
        return;
      }
      store.dispatch({ type: "focus", tile: null });
      await this.#apply(next, signal);
      await this.#play(signal);
    });
  }

  /** The table laid out again for a new shape of its area (a phone turned sideways). */
  relayout() {
    return this.during(async (signal) => {
      const snap = await this.ask("state", {}, signal);
      if (snap && !this.shown) {
        this.snap = { ...snap, events: [] };
        this.count = snap.events_total;
      }
    });
  }

  /**
   * Take a new snapshot: tell the page its events, show a finished round, then draw.
   * @param {Snap} snap
   * @param {AbortSignal} signal
   */
  async #apply(snap, signal) {
    const { store, view, dialogs } = this.host;
    /** @type {GameEvent[]} */
    const events = snap.events ?? [];
    this.latest = snap;
    this.guests?.update(); // every friend sees the move as the host does, summary or not
    this.count = snap.events_total;
    this.events.push(...events);
    view.emit(GAME_EVENTS, { events, snap, fresh: false });
    for (const event of events) view.sayEvent(event);
    const { settled, started, won } = state.foldEvents(store.ui, events);
    store.dispatch({ type: "events", events });
    if (settled && snap.previous_table) {
      // The finished table under the summary, every hand revealed; drawn before the summary
      // opens over it, not a frame later (a loaded machine's next frame can be late).
      const finished = state.finishedRound({ ...snap, previous_table: snap.previous_table }, settled);
      this.snap = finished.snap;
      this.shown = finished.shown;
      view.renderNow();
      const onClosing = () => {
        if (signal.aborted) return;
        this.shown = null;
        this.snap = snap;
        view.renderNow(); // in the dialog's closing task, not a frame later
      };
      const autoMs = summaryWait(this.host.speed(), this.autoplay);
      await abortable(dialogs.roundSummary({ settled, started, snap, autoMs, onClosing }), signal);
      this.shown = null;
      store.dispatch({ type: "round-closed" });
    }
    this.snap = snap;
    if (!this.autoplay) this.host.save(); // a finished game too: a reload shows its end
    if (!won) {
      view.render();
      return;
    }
    view.renderNow(); // the final scores are on the page as the dialog opens
    this.ending.reach(won, snap);
    await this.ending.show(signal);
  }

  /** Show the game's end again (closed, it stays within reach until another game begins). */
  showEnding() {
    return this.during((signal) => this.ending.show(signal));
  }
}
