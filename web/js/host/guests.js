// The host's book of its guests: for each seat played on another device, its connection's
// state, the guest's name and screen shape, the events it has been sent, and the moves it
// sent waiting for the game loop. The loop asks for a seat's move at that seat's turn
// (`nextMove`) and, after every change, has every guest sent a fresh snapshot (`update`),
// each built by the engine for that guest's seat (`guest_view`): the host never sends one
// guest what another's screen shows. Nothing here touches the DOM (seats-view.js shows it),
// so it runs in Node against a fake link and a fake engine.

import { abortable } from "../game/abort.js";
import { hostSays, readGuest } from "../link/wire.js";

/** A guest away (phone asleep, another app, out of range) this long: the host is offered a
 *  bot for the seat. Long enough for a phone call's interruption, short enough for the table. */
export const AWAY_OFFER_MS = 60_000;

/** @typedef {"waiting" | "connecting" | "connected" | "away" | "lost"} PeerState */
/** @typedef {import("../protocol").Snapshot} Snapshot */
/**
 * The link as the book uses it (web/js/link/index.js's HostLink).
 * @typedef {{send(seat: number, text: string): void, state(seat: number): PeerState}} LinkPort
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
    this.standIn = false; // the host let a bot play this seat's turns while the guest is away
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
   * Away long enough that the host is offered a bot for the seat.
   * @param {number} seat
   */
  offerStandIn(seat) {
    const entry = this.book.get(seat);
    return Boolean(entry && !entry.standIn && entry.awaySince != null && this.parts.now() - entry.awaySince >= AWAY_OFFER_MS);
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
    if (!entry || this.ended) return;
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
    const latest = this.parts.latest();
    if (latest && !latest.over && latest.turn === seat) {
      this.queue.push({ seat, text: message.text, late: false, at: latest.events_total });
      this.wake?.();
      return;
    }
    this.outOfTurn(seat, message.text);
  }

  /**
   * A message sent before `seat`'s turn (or during a turn of its already played): the engine
   * refuses it (and counts it) whatever it holds, so it is checked at once, beside the loop,
   * never played.
   * @param {number} seat
   * @param {string} text
   */
  outOfTurn(seat, text) {
    const since = this.parts.latest()?.events_total ?? 0;
    this.parts.request("guest_move", { seat, message: text, late: true, since }).then((reply) => {
      if (!reply) return;
      this.refused(seat, reply.reason ?? "not-your-turn");
      this.parts.counted?.(reply.snap.refused ?? []);
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
    for (;;) {
      const entry = this.seat(seat);
      if (entry.standIn && entry.state !== "connected") return { seat, standIn: true };
      const found = this.queue.shift();
      // Sent in an earlier position (a second move of a turn already played): out of turn.
      if (found && found.at !== this.parts.latest()?.events_total) {
        this.outOfTurn(found.seat, found.text);
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
   * The host let a bot play `seat`'s turns until its guest is back.
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
    this.sending = this.sending.then(async () => {
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
    for (const timer of this.timers) clearTimeout(timer);
    this.wake?.();
    for (const seat of this.book.keys()) this.parts.link.send(seat, hostSays.end(reason, record));
  }
}
