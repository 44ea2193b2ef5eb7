// The guest's engine is the host's: this object answers the game loop's calls (game-loop.js,
// the same loop the host runs) from the snapshots the host sends over the link. "play" sends
// the move and waits for the table to take it (or for the refusal); "step" waits for the table
// to move on (a bot, the host or another guest); "state" sends the screen's shape and waits
// for the table laid out for it. The host sends each snapshot's new events only; the history
// is kept here, so the loop gets the events from any index it asks for.

import { guestSays, readHost } from "../link/wire.js";

/** @typedef {import("../protocol").Snapshot} Snapshot */
/** @typedef {import("../link/wire.js").HostReading} HostReading */
/** @typedef {{ready: (snap: Snapshot) => boolean, resolve: (snap: Snapshot | null) => void, refusable: boolean}} Waiter */

/** A call the host's table does not answer for a guest (a hint, a save...). */
export class NotForGuests extends Error {
  /** @param {string} method */
  constructor(method) {
    super(`'${method}' is the host's`);
    this.name = "NotForGuests";
  }
}

export class LinkEngine {
  /**
   * @param {{send(text: string): void, told: (message: HostReading, awaited: boolean) => void}} parts
   *   `told`: every message of the host's, after this object took what it needs (`awaited`:
   *   the game loop was waiting for the table, and this message answered it)
   */
  constructor(parts) {
    this.parts = parts;
    /** @type {Snapshot | null} the host's latest snapshot (its events: the latest ones only) */
    this.latest = null;
    /** @type {import("../protocol").WorkerEvent[]} the game's public history so far */
    this.history = [];
    /** @type {Waiter[]} */
    this.waiters = [];
    /** @type {number | null} the shape the table was last asked for */
    this.aspect = null;
    this.received = 0; // snapshots taken so far
  }

  /**
   * A message of the host's (the link's onMessage).
   * @param {string} text
   */
  onMessage(text) {
    const message = readHost(text);
    if (!message) return;
    if (message.t === "unreadable") return this.parts.told(message, false);
    const awaited = this.waiters.length > 0; // the game loop is waiting on the table
    if (message.t === "snap") this.#take(message.snap);
    if (message.t === "refused") this.#settle((waiter) => waiter.refusable, null);
    this.parts.told(message, awaited);
  }

  /** @param {Snapshot} snap */
  #take(snap) {
    const first = snap.events_total - snap.events.length; // where this snapshot's events start
    if (first > this.history.length || snap.game !== this.latest?.game || snap.round < (this.latest?.round ?? 0)) {
      // A new game, or events this page missed: only a whole history is taken.
      if (first !== 0) return this.parts.send(guestSays.next());
      this.history = [];
    }
    this.history.splice(first, Infinity, ...snap.events);
    this.latest = snap;
    this.received += 1;
    this.#settle((waiter) => waiter.ready(snap), snap);
  }

  /**
   * @param {(waiter: Waiter) => boolean} which
   * @param {Snapshot | null} snap
   */
  #settle(which, snap) {
    const due = this.waiters.filter(which);
    this.waiters = this.waiters.filter((waiter) => !due.includes(waiter));
    for (const waiter of due) waiter.resolve(snap);
  }

  /**
   * The latest snapshot with the events from `since` on.
   * @param {number} since
   * @returns {Snapshot | null}
   */
  snapshot(since) {
    return this.latest && { ...this.latest, events: this.history.slice(since) };
  }

  /**
   * @param {(snap: Snapshot) => boolean} ready
   * @param {number} since
   * @param {boolean} refusable
   * @returns {Promise<Snapshot | null>}
   */
  #until(ready, since, refusable = false) {
    if (this.latest && ready(this.latest)) return Promise.resolve(this.snapshot(since));
    return new Promise((resolve) => {
      this.waiters.push({ ready, refusable, resolve: (snap) => resolve(snap && this.snapshot(since)) });
    });
  }

  /**
   * The game loop's engine call, answered by the host's table: the calls whose reply is a
   * snapshot ("play", "step", "state"); null when the table refused the move.
   * @template {import("../protocol").Method} M
   * @param {M} method
   * @param {import("../../bridge.js").ParamsArgs<M>} args
   * @returns {Promise<import("../../bridge.js").Reply<M> | null>}
   */
  call(method, ...args) {
    // The answer is a snapshot, the reply of each request answered here.
    return /** @type {Promise<import("../../bridge.js").Reply<M> | null>} */ (this.#answer(method, /** @type {{since?: number, aspect?: number, move?: string}} */ (args[0] ?? {})));
  }

  /**
   * @param {string} method
   * @param {{since?: number, aspect?: number, move?: string}} params
   * @returns {Promise<Snapshot | null>}
   */
  #answer(method, params) {
    const since = Number(params.since ?? 0);
    const seen = this.latest?.events_total ?? 0;
    if (typeof params.aspect === "number" && params.aspect !== this.aspect) {
      this.aspect = params.aspect;
      if (method !== "state") this.parts.send(guestSays.aspect(params.aspect));
    }
    if (method === "play") {
      this.parts.send(guestSays.move(String(params.move)));
      return this.#until((snap) => snap.events_total > seen, since, true);
    }
    if (method === "step") return this.#until((snap) => snap.events_total > since, since);
    if (method === "state") {
      const count = this.received;
      this.parts.send(guestSays.aspect(this.aspect ?? 1));
      return this.#until(() => this.received > count, since);
    }
    return Promise.reject(new NotForGuests(method));
  }
}
