// The connection between the host's page and each guest's page, with no server: WebRTC data
// channels whose offer and answer people carry (codes.js) as links, QR codes or pasted text.
//
//   host:  const link = new HostLink({stun, onState, onMessage});
//          const {url, code} = await link.invite(seat);   // to the guest (link, QR, share)
//          const seat = await link.accept(replyText);     // what the guest's page showed
//   guest: const link = GuestLink.fromLocation(location); // the page opened from the link
//          const {url, code} = await link.reply();        // to the host (QR, code, share)
//
// Each side then sees the other as "connecting", "connected", "away" or "lost" (peer.js);
// the game's texts go through `send`/`onMessage`, the link's heartbeats never reach them.

import { CodeError, decodeCode, encodeCode, peekCode } from "./codes.js";
import { Peer } from "./peer.js";
import { takeRelayedReplies } from "./relay.js";
import { codeIn, linkAddress, linkRoute } from "./urls.js";

export { CodeError } from "./codes.js";

/** @typedef {import("./peer.js").PeerState} PeerState */
/** @typedef {import("./peer.js").LostReason} LostReason */
/** @typedef {{url: string, code: string}} Shareable */
/** @typedef {{state: (seat: number, state: PeerState) => void, relayed?: (seat: number) => void}} LinkWatcher */

/** @param {string | null} stun @returns {RTCIceServer[]} no server at all unless asked */
const iceServers = (stun) => (stun ? [{ urls: stun }] : []);

const randomId = () => crypto.getRandomValues(new Uint32Array(1))[0];

/** A connection attempt that failed for a reason no person can act on: the code is unusable. */
const unusable = () => new CodeError("link.error.corrupt", "This is not a Seven Rocks code, or part of it is missing: copy it again, whole.");

export class HostLink {
  /**
   * @param {{stun?: string | null, onState: (seat: number, state: PeerState) => void,
   *   onMessage: (seat: number, text: string) => void, onRelayed?: (seat: number) => void}} opts
   *   `onRelayed`: a reply link opened in another tab of this browser was taken for `seat`
   */
  constructor(opts) {
    this.opts = opts;
    this.servers = iceServers(opts.stun ?? null);
    /** @type {Map<number, {peer: Peer, invitation: number}>} */
    this.seats = new Map();
    /** @type {Set<LinkWatcher>} */
    this.watchers = new Set();
    this.stopRelay = takeRelayedReplies(
      (text) => this.accept(text),
      (seat) => {
        opts.onRelayed?.(seat);
        for (const watcher of this.watchers) watcher.relayed?.(seat);
      },
    );
  }

  /** Follow every seat's state (and replies taken from other tabs) besides `onState`: for
   * screens that come and go, such as the invitations. Returns the function that stops it.
   * @param {LinkWatcher} watcher
   */
  watch(watcher) {
    this.watchers.add(watcher);
    return () => void this.watchers.delete(watcher);
  }

  /** @param {number} seat @param {PeerState} state */
  changed(seat, state) {
    this.opts.onState(seat, state);
    for (const watcher of this.watchers) watcher.state(seat, state);
  }

  /** A fresh invitation for `seat`: an earlier one for the seat stops working (its guest,
   * if connected, is let go), so a guest who dropped rejoins with the new one.
   * @param {number} seat
   * @returns {Promise<Shareable>}
   */
  async invite(seat) {
    this.release(seat);
    const invitation = randomId();
    const peer = new Peer(
      this.servers,
      {
        state: (state) => {
          if (this.seats.get(seat)?.peer === peer) this.changed(seat, state);
        },
        message: (text) => this.opts.onMessage(seat, text),
      },
      "waiting",
    );
    this.seats.set(seat, { peer, invitation });
    this.changed(seat, "waiting");
    const facts = await peer.offer();
    const code = await encodeCode({ kind: "invitation", invitation, seat, facts });
    return { url: linkAddress(location, "join", code), code };
  }

  /** Take a guest's reply (its code or its link): the seat it answers.
   * @param {string} text
   * @returns {Promise<number>}
   */
  async accept(text) {
    const reply = await decodeCode(codeIn(text));
    if (reply.kind !== "reply") {
      throw new CodeError("link.error.not_reply", "This is an invitation, not a reply: send it to a guest, and paste here what their phone shows.");
    }
    const entry = this.seats.get(reply.seat);
    if (!entry || entry.invitation !== reply.invitation || entry.peer.state === "lost") {
      throw new CodeError("link.error.stale", "This reply answers an invitation that is no longer open: send a fresh invitation.");
    }
    if (entry.peer.answered) throw new CodeError("link.error.used", "This reply has been taken already.");
    try {
      await entry.peer.accept(reply.facts);
    } catch {
      throw unusable();
    }
    return reply.seat;
  }

  /** Send a game text to `seat`'s guest; dropped unless its channel is open.
   * @param {number} seat
   * @param {string} text
   */
  send(seat, text) {
    return this.seats.get(seat)?.peer.send(text) ?? false;
  }

  /** @param {number} seat @returns {PeerState} */
  state(seat) {
    return this.seats.get(seat)?.peer.state ?? "waiting";
  }

  /** Why `seat`'s connection was lost: "unreachable" (it never came up), "left", "closed".
   * @param {number} seat @returns {LostReason}
   */
  reason(seat) {
    return this.seats.get(seat)?.peer.reason ?? null;
  }

  /** The host leaves: every guest hears so and shows the table as lost. */
  close() {
    for (const seat of [...this.seats.keys()]) this.release(seat);
    this.stopRelay();
  }

  /** @param {number} seat */
  release(seat) {
    const entry = this.seats.get(seat);
    if (!entry) return;
    this.seats.delete(seat); // first: its last state change is not the seat's any more
    entry.peer.close();
  }
}

/** A reply whose connection the browser gave up on while it waited is made again after this
 * pause, with the same certificate and ICE credentials: the reply the host holds stays good. */
export const RESTART_MS = 1000;
/** Connections given up on, none of them ever answered by the host's phone, before the guest
 * reads that the network may block direct connections (on one network, a host's phone
 * answers at once, before it takes the reply). */
export const QUIET_TRIES = 2;
/** Where this phone keeps the invitations it joined with: one opened again is taken. */
const USED_KEY = "seven-rocks:invitations-used";
const USED_KEPT = 20;

/** What a waiting guest may read, beside "send this to the host": null (nothing is wrong),
 * "unanswered" (the host's phone never answered: a network that blocks direct connections?),
 * "gone" (it answered, and stopped: the host left, or made a new invitation).
 * @typedef {"unanswered" | "gone" | null} WaitHint */

/** @returns {number[]} */
function usedInvitations() {
  try {
    const stored = JSON.parse(localStorage.getItem(USED_KEY) ?? "[]");
    return Array.isArray(stored) ? stored.filter((n) => typeof n === "number") : [];
  } catch {
    return [];
  }
}

/** @param {number} invitation */
function noteUsed(invitation) {
  try {
    localStorage.setItem(USED_KEY, JSON.stringify([...usedInvitations().filter((n) => n !== invitation), invitation].slice(-USED_KEPT)));
  } catch {
    // private mode: an invitation opened again is then refused by the host instead
  }
}

export class GuestLink {
  /** The guest's link when the page was opened from an invitation (`#join=...`), else null.
   * `stun`: the guest's own STUN setting; `hostStun`: the server to ask when the host's
   * invitation shows it asked one (its public address is in it): the host chose to play
   * over the internet, and a guest without its own public address could not be reached.
   * @param {Location | URL} location
   * @param {{stun?: string | null, hostStun?: string | null}} [options]
   */
  static fromLocation(location, options = {}) {
    const found = linkRoute(location.hash);
    return found?.route === "join" ? new GuestLink(found.code, location, options.stun ?? null, options.hostStun ?? null) : null;
  }

  /**
   * @param {string} code the invitation's code
   * @param {Location | URL} location
   * @param {string | null} stun
   * @param {string | null} [hostStun]
   */
  constructor(code, location, stun, hostStun = null) {
    this.code = code;
    this.location = location;
    this.servers = iceServers(stun);
    this.hostServers = iceServers(hostStun);
    this.head = peekCode(code);
    /** @type {Peer | null} */
    this.peer = null;
    /** @type {Promise<Shareable> | null} */
    this.replying = null;
    /** @type {WaitHint} */
    this.hint = null;
    this.everReached = false;
    this.quiet = 0; // connections given up on, in a row, the host's phone never heard
    this.overInternet = false;
    this.closed = false;
    /** @type {import("./codes.js").Code | null} */
    this.offer = null;
    /** @type {RTCCertificate | null} */
    this.certificate = null;
    /** @type {import("./peer.js").Credentials | null} */
    this.credentials = null;
    /** @type {((state: PeerState) => void)[]} */
    this.stateListeners = [];
    /** @type {((text: string) => void)[]} */
    this.messageListeners = [];
  }

  /** The seat the invitation is for (-1 when the link is too damaged to say). */
  get seat() {
    return this.head?.kind === "invitation" ? this.head.seat : -1;
  }

  /** @returns {PeerState} */
  get state() {
    return this.peer?.state ?? "waiting";
  }

  /** @returns {LostReason} */
  get reason() {
    return this.peer?.reason ?? null;
  }

  /** The reply for the host (made once; later calls give the same until `renew`). */
  reply() {
    this.replying ??= this.makeReply();
    return this.replying;
  }

  /** A new reply in place of the one shown (the old one stops working). */
  renew() {
    this.drop();
    this.certificate = null;
    this.credentials = null;
    this.replying = this.makeReply();
    return this.replying;
  }

  /** @returns {Promise<Shareable>} */
  async makeReply() {
    const offer = await decodeCode(this.code);
    if (offer.kind !== "invitation") {
      throw new CodeError("link.error.not_invitation", "This is a reply: open it on the host's phone, where the game is.");
    }
    if (usedInvitations().includes(offer.invitation)) {
      throw new CodeError("link.error.taken", "This invitation has been used on this phone already: ask the host for a new invitation for your seat.");
    }
    this.offer = offer;
    this.overInternet = offer.facts.candidates.some((candidate) => candidate.type === "srflx");
    this.hint = null;
    this.everReached = false;
    this.quiet = 0;
    let facts;
    try {
      this.certificate = await RTCPeerConnection.generateCertificate(/** @type {any} */ ({ name: "ECDSA", namedCurve: "P-256" }));
      facts = await this.connect();
    } catch {
      throw unusable();
    }
    this.credentials = { ufrag: facts.ufrag, pwd: facts.pwd };
    const code = await encodeCode({ kind: "reply", invitation: offer.invitation, seat: offer.seat, facts });
    return { url: linkAddress(this.location, "reply", code), code };
  }

  /** A connection for the reply: the first, or one made again with the reply's certificate
   * and credentials (the host then reaches it at its new address, a peer-reflexive one). */
  connect() {
    const offer = /** @type {import("./codes.js").Code} */ (this.offer);
    const servers = this.servers.length === 0 && this.overInternet ? this.hostServers : this.servers;
    const peer = new Peer(
      servers,
      {
        state: (state) => this.peer === peer && this.changed(peer, state),
        message: (text) => this.peer === peer && this.messageListeners.forEach((listener) => listener(text)),
        reached: () => {
          if (this.peer !== peer) return;
          this.everReached = true;
          this.quiet = 0;
          this.tell("waiting", null);
        },
      },
      "waiting",
      this.certificate,
    );
    this.peer = peer;
    return peer.answer(offer.facts, this.credentials);
  }

  /** @param {Peer} peer @param {PeerState} state */
  changed(peer, state) {
    if (state === "connected" && this.offer) noteUsed(this.offer.invitation);
    if (state !== "lost" || peer.wasOpen || this.closed) {
      this.tell(state, this.hint);
      return;
    }
    // Given up on before the host took the reply (or before it came up): made again, quietly.
    if (!peer.reached) this.quiet += 1;
    const hint = this.everReached && !peer.reached ? "gone" : !this.everReached && this.quiet >= QUIET_TRIES && !this.overInternet ? "unanswered" : this.hint;
    this.tell("waiting", hint);
    setTimeout(() => {
      if (this.peer === peer && !this.closed) this.connect().catch(() => this.tell("lost", null));
    }, RESTART_MS);
  }

  /** @param {PeerState} state @param {WaitHint} hint */
  tell(state, hint) {
    this.hint = hint;
    this.stateListeners.forEach((listener) => listener(state));
  }

  /** @param {(state: PeerState) => void} listener */
  onState(listener) {
    this.stateListeners.push(listener);
  }

  /** @param {(text: string) => void} listener */
  onMessage(listener) {
    this.messageListeners.push(listener);
  }

  /** Send a game text to the host; dropped unless the channel is open.
   * @param {string} text
   */
  send(text) {
    return this.peer?.send(text) ?? false;
  }

  /** Let the current connection go without a word to anyone. */
  drop() {
    const peer = this.peer;
    this.peer = null;
    peer?.close();
  }

  /** The guest leaves the table. */
  close() {
    this.closed = true;
    this.peer?.close();
  }
}
