// The host's book of its guests: for each seat played on another device, its connection's
// state, the guest's name and screen shape, the events it has been sent, and the moves it
// sent waiting for the game loop. The loop asks for a seat's move at that seat's turn
// (`nextMove`) and, after every change, has every guest sent a fresh snapshot (`update`),
// each built by the engine for that guest's seat (`guest_view`): the host never sends one
// guest what another's screen shows. No guest can stall the table: each seat's messages
// have a budget (a token bucket; a flood is dropped, and past a limit the channel closed),
// a seat's snapshots wait at most one at a time, a message out of turn is refused here
// without the engine, and a turn left unplayed a while offers the host a bot. Nothing here touches the DOM (seats-view.js shows it),
// so it runs in Node against a fake link and a fake engine.

import { abortable } from "../model/abort.js";
import { hostSays, readGuest } from "../link/wire.js";

/** A guest away (phone asleep, another app, out of range) this long: the host is offered a
 *  bot for the seat. Long enough for a phone call's interruption, short enough for the table. */
export const AWAY_OFFER_MS = 60_000;
/** A turn left unplayed this long, counted from its start, though its guest is connected
 *  (heartbeats say the phone is there, not that anyone plays): the host is offered a bot. */
export const TURN_OFFER_MS = 60_000;
/** Each guest's message budget, a token bucket: a burst, then so many a second. A person
 *  sends a few messages a turn (a move, a shape when the phone turns, a `next`); more are
 *  dropped unread and counted, so one phone cannot keep the host's engine busy. */
export const MESSAGE_BURST = 40;
export const MESSAGE_RATE = 10;
/** So many messages dropped over the budget: the guest's channel is closed, and the seat
 *  shows as away, for a fresh invitation or a bot. */
export const DROPPED_LIMIT = 400;

/** @typedef {"waiting" | "connecting" | "connected" | "away" | "lost"} PeerState */
/** @typedef {import("../protocol").Snapshot} Snapshot */
/**
 * The link as the book uses it (web/js/link/index.js's HostLink).
 * @typedef {{send(seat: number, text: string): void, state(seat: number): PeerState, release(seat: number): void}} LinkPort
 */
/**
 * A move (or what a guest meant as one) for the loop: its raw text for the engine, and
 * whether it reached the host before the seat's turn began (then it is checked at once, and
 * never reaches the loop). `standIn`: a bot plays the turn.
 * @typedef {{seat: number, text: string, late: boolean} | {seat: number, standIn: true}} GuestTurn
 */
/**
 * @typedef {object} BookParts
 * @property {LinkPort} link
 * @property {readonly number[]} seats  the remote seats
 * @property {import("../../bridge.js").EngineCall<null>} request  an engine call (null: refused)
 * @property {() => Snapshot | null} latest  the newest snapshot the loop has received
 * @property {() => number} now
 * @property {() => void} changed  a seat's state, name or offer changed: draw the marks again
 * @property {(seat: number, name: string | null) => void} [named]  a guest said its name
 * @property {(refused: number[]) => void} [counted]  the engine's count of refused messages, by seat
 */

/** One remote seat's book. */
class Seat {
  /** @param {number} seat */
  constructor(seat) {
    this.seat = seat;
    /** @type {PeerState} */
    this.state = "waiting";
    /** @type {string | null} */
    this.name = null;
    this.aspect = 0.6; // a phone upright, until the guest says
    this.since = 0; // the events this guest has been sent
    this.joined = false;
    /** @type {number | null} when the guest went away (null: here) */
    this.awaySince = null;
    this.standIn = false; // the host let a bot play this seat's turns (away, or not playing)
    this.tokens = MESSAGE_BURST; // the message budget left
    /** @type {number | null} when the budget was last topped up */
    this.filled = null;
    this.dropped = 0; // messages over the budget, on this connection
    this.cut = false; // the host closed the channel: too many messages
    this.viewWanted = false; // a snapshot for this seat waits to be built: one is enough
    this.unreported = 0; // refusals told to the guest, not yet counted by the engine
    this.reporting = false; // the engine is counting some
  }
}

export class GuestBook {
  /** @param {BookParts} parts */
  constructor(parts) {
    this.parts = parts;
    /** @type {Map<number, Seat>} */
    this.book = new Map(parts.seats.map((seat) => [seat, new Seat(seat)]));
    /** @type {{seat: number, text: string, late: false, at: number}[]} moves sent at the
     * seat's turn, in order of arrival, not yet taken by the loop (`at`: the position they
     * answer, the events played when they arrived) */
    this.queue = [];
    /** @type {(() => void) | null} wakes the loop waiting for a move */
    this.wake = null;
    /** @type {Promise<void>} the snapshots being sent, one after another */
    this.sending = Promise.resolve();
    /** @type {ReturnType<typeof setTimeout>[]} */
    this.timers = [];
    /** @type {{seat: number, at: number, since: number} | null} the remote turn the loop
     * waits on: its seat, its position (the events played) and when it began */
    this.turn = null;
    /** @type {ReturnType<typeof setTimeout> | undefined} */
    this.turnTimer = undefined;
    this.ended = false;
  }

  /** @param {number} seat */
  has(seat) {
    return this.book.has(seat);
  }

  /** The remote seats. */
  get seats() {
    return [...this.book.keys()];
  }

  /** @param {number} seat */
  seat(seat) {
    return /** @type {Seat} */ (this.book.get(seat));
  }

  /**
   * Is the guest at `seat` away (or not yet back)?
   * @param {number} seat
   */
  away(seat) {
    const entry = this.book.get(seat);
    return Boolean(entry && entry.joined && entry.state !== "connected");
  }

  /**
   * The host is offered a bot for the seat: its guest away a while, or cut off for flooding,
   * or its turn left unplayed a while.
   * @param {number} seat
   */
  offerStandIn(seat) {
    const entry = this.book.get(seat);
    if (!entry || entry.standIn) return false;
    const now = this.parts.now();
    return entry.cut || (entry.awaySince != null && now - entry.awaySince >= AWAY_OFFER_MS) || this.overdue(seat, now);
  }

  /**
   * Is the loop waiting on `seat`'s turn, unplayed for TURN_OFFER_MS?
   * @param {number} seat
   * @param {number} now
   */
  overdue(seat, now) {
    const latest = this.parts.latest();
    const turn = this.turn;
    return Boolean(turn && latest && turn.seat === seat && !latest.over && latest.turn === seat && latest.events_total === turn.at && now - turn.since >= TURN_OFFER_MS);
  }

  /**
   * Take one message from `entry`'s budget; false when it is spent (the message is dropped,
   * counted, and past DROPPED_LIMIT the channel closed).
   * @param {Seat} entry
   */
  spend(entry) {
    const now = this.parts.now();
    if (entry.filled != null) entry.tokens = Math.min(MESSAGE_BURST, entry.tokens + ((now - entry.filled) * MESSAGE_RATE) / 1000);
    entry.filled = now;
    if (entry.tokens >= 1) {
      entry.tokens -= 1;
      return true;
    }
    entry.dropped += 1;
    if (entry.dropped === DROPPED_LIMIT) {
      entry.cut = true;
      this.parts.link.release(entry.seat); // the link tells no state for a seat it let go
      this.onState(entry.seat, "lost");
    }
    return false;
  }

  /**
   * The link's news of a seat: its connection state.
   * @param {number} seat
   * @param {PeerState} state
   */
  onState(seat, state) {
    const entry = this.book.get(seat);
    if (!entry) return;
    entry.state = state;
    if (state === "connected") {
      entry.awaySince = null;
      entry.standIn = false; // back: the seat is theirs again
      entry.cut = false;
      entry.dropped = 0;
      entry.tokens = MESSAGE_BURST;
    } else if (entry.joined && entry.awaySince == null) {
      entry.awaySince = this.parts.now();
      this.timers.push(setTimeout(() => this.parts.changed(), AWAY_OFFER_MS));
    }
    this.parts.changed();
  }

  /**
   * A guest's message (the link's `onMessage`).
   * @param {number} seat
   * @param {string} text
   */
  onMessage(seat, text) {
    const entry = this.book.get(seat);
    // A channel the host closed for flooding: whatever was still on its way is not read.
    if (!entry || this.ended || entry.cut || !this.spend(entry)) return;
    const message = readGuest(text);
    if (message.t === "join") {
      entry.joined = true;
      entry.name = message.name;
      if (message.aspect != null) entry.aspect = message.aspect;
      entry.since = 0; // a guest (re)joining gets the whole history
      this.parts.changed();
      this.parts.request("guest_join", { seat, name: message.name }).then((snap) => {
        if (snap) this.parts.named?.(seat, snap.names[seat] ?? null);
        this.parts.link.send(seat, hostSays.hello(seat, snap?.names ?? []));
        this.send(seat);
      });
      return;
    }
    if (message.t === "aspect") {
      entry.aspect = message.aspect;
      this.send(seat);
      return;
    }
    if (message.t === "next") {
      this.send(seat);
      return;
    }
    if (entry.standIn && entry.state === "connected") {
      entry.standIn = false; // the guest plays again: the seat's next turn is theirs
      this.parts.changed();
    }
    const latest = this.parts.latest();
    if (latest && !latest.over && latest.turn === seat) {
      this.queue.push({ seat, text: message.text, late: false, at: latest.events_total });
      this.wake?.();
      return;
    }
    this.outOfTurn(seat);
  }

  /**
   * A message sent before `seat`'s turn (or during a turn of its already played): refused
   * here at once, with no engine call (the host knows whose turn it is); the engine counts
   * the refusals, many in one call, one call at a time per seat.
   * @param {number} seat
   */
  outOfTurn(seat) {
    const entry = this.seat(seat);
    this.refused(seat, "not-your-turn");
    entry.unreported += 1;
    this.report(entry);
  }

  /** @param {Seat} entry */
  report(entry) {
    if (entry.reporting || !entry.unreported) return;
    const count = entry.unreported;
    entry.unreported = 0;
    entry.reporting = true;
    this.parts.request("guest_refused", { seat: entry.seat, count }).then((reply) => {
      entry.reporting = false;
      if (reply) this.parts.counted?.(reply.refused);
      this.report(entry);
    });
  }

  /**
   * The next move for the loop at `seat`'s turn: a message sent (any remote seat's: one
   * from another seat is refused by the engine as out of turn), or the stand-in's turn.
   * @param {number} seat
   * @param {AbortSignal} signal
   * @returns {Promise<GuestTurn>}
   */
  async nextMove(seat, signal) {
    this.turnBegins(seat);
    for (;;) {
      const entry = this.seat(seat);
      if (entry.standIn) return { seat, standIn: true };
      const found = this.queue.shift();
      // Sent in an earlier position (a second move of a turn already played): out of turn.
      if (found && found.at !== this.parts.latest()?.events_total) {
        this.outOfTurn(found.seat);
        continue;
      }
      if (found) return { seat: found.seat, text: found.text, late: false };
      await abortable(
        new Promise((resolve) => {
          this.wake = () => resolve(undefined);
        }),
        signal,
      ).finally(() => {
        this.wake = null;
      });
    }
  }

  /**
   * The loop waits on `seat`'s turn (again, after a refusal, or anew): a new turn's start is
   * noted, and the host's marks drawn again once it is overdue.
   * @param {number} seat
   */
  turnBegins(seat) {
    const at = this.parts.latest()?.events_total ?? 0;
    if (this.turn && this.turn.seat === seat && this.turn.at === at) return;
    this.turn = { seat, at, since: this.parts.now() };
    clearTimeout(this.turnTimer);
    this.turnTimer = setTimeout(() => this.parts.changed(), TURN_OFFER_MS);
  }

  /**
   * The host let a bot play `seat`'s turns: until its guest is back, or (a guest connected
   * but not playing) sends a move again.
   * @param {number} seat
   */
  standIn(seat) {
    const entry = this.book.get(seat);
    if (!entry) return;
    entry.standIn = true;
    this.parts.changed();
    this.wake?.();
  }

  /**
   * Tell the guest at `seat` its message was refused.
   * @param {number} seat
   * @param {string} reason
   */
  refused(seat, reason) {
    this.parts.link.send(seat, hostSays.refused(reason));
  }

  /** Send every joined guest the game as its seat sees it now. */
  update() {
    for (const seat of this.book.keys()) this.send(seat);
    return this.sending;
  }

  /**
   * Send `seat`'s guest a fresh snapshot (after those under way: the events stay in order).
   * @param {number} seat
   */
  send(seat) {
    const entry = this.seat(seat);
    // One snapshot waiting per seat: built when its turn comes, from the latest state and
    // shape, it answers every request made meanwhile (a flood of shapes is one engine call).
    if (entry.viewWanted) return this.sending;
    entry.viewWanted = true;
    this.sending = this.sending.then(async () => {
      entry.viewWanted = false;
      if (!entry.joined || this.ended) return;
      const snap = await this.parts.request("guest_view", { seat, aspect: entry.aspect, since: entry.since });
      if (!snap || this.ended) return;
      entry.since = snap.events_total;
      this.parts.link.send(seat, hostSays.snap(snap));
    });
    return this.sending;
  }

  /** A new game at the same table (Play again): every joined guest gets it whole. */
  restart() {
    this.ended = false;
    this.queue = [];
    this.turn = null;
    for (const entry of this.book.values()) {
      entry.since = 0;
      entry.standIn = false;
    }
  }

  /**
   * The table ends: every guest is told why, after the snapshots under way (the last move is
   * on every guest's screen first); at the game's end with its record, for the guest's coach.
   * @param {import("../link/wire.js").EndReason} reason
   * @param {unknown} [record]
   */
  end(reason, record) {
    this.sending = this.sending.then(() => this.leave(reason, record));
    return this.sending;
  }

  /**
   * The table ends at once (the host's page is going: nothing may wait).
   * @param {import("../link/wire.js").EndReason} [reason]
   * @param {unknown} [record]
   */
  leave(reason = "host-left", record = undefined) {
    if (this.ended) return;
    this.ended = true;
    for (const timer of [...this.timers, this.turnTimer]) clearTimeout(timer);
    this.wake?.();
    for (const seat of this.book.keys()) this.parts.link.send(seat, hostSays.end(reason, record));
  }
}
