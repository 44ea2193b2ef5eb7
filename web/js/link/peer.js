// One WebRTC connection and its data channel, between the host and one guest, and what the
// link knows about the other side: connecting, connected, away (its page is hidden or it
// has gone quiet), lost (the connection closed or failed, or never came up).
//
// A guest's connection starts "waiting" for the host to take its reply, with no deadline:
// the host may take it minutes later (a reply sent through a chat). Only the host, from the
// moment it takes a reply, gives the connection CONNECT_MS to come up.
//
// The channel carries the game's JSON texts and, beside them, the link's own frames, each
// starting with "~" (which no JSON text does): a heartbeat every HEARTBEAT_MS, "away" and
// "back" as the sender's page is hidden and shown, and "bye" when it leaves. A game text
// that begins with "~" anyway is sent with one more "~" and restored, so every text goes
// through; the game never sees a frame.

import { description, essentials } from "./sdp.js";

/** @typedef {"waiting" | "connecting" | "connected" | "away" | "lost"} PeerState */
/** @typedef {"unreachable" | "left" | "closed" | null} LostReason */
/** @typedef {import("./sdp.js").Essentials} Essentials */

/** How often each side says it is there. */
export const HEARTBEAT_MS = 1000;
/** A side heard nothing from for this long is away. */
export const SILENT_MS = 3500;
/** The longest wait for ICE gathering before a code is made from the candidates so far. */
const GATHER_MS = 5000;
/** A connection not up this long after both codes are in place never will be. */
export const CONNECT_MS = 20_000;

/** How long a leaving side keeps its connection for its "bye" to be sent. */
const LINGER_MS = 250;

const FRAME = "~";
const PING = "~p";
const AWAY = "~a";
const BACK = "~b";
const BYE = "~x";

/**
 * @typedef {object} PeerEvents
 * @property {(state: PeerState, reason: LostReason) => void} state
 * @property {(text: string) => void} message
 * @property {() => void} [reached] the other side answered ICE's checks: its phone is there
 */

/** @typedef {{ufrag: string, pwd: string}} Credentials */

/** `sdp` with its ICE username and password set to `credentials`: a guest's connection made
 * again answers to the reply the host already holds.
 * @param {string} sdp
 * @param {Credentials} credentials
 */
function withCredentials(sdp, credentials) {
  return sdp.replace(/^a=ice-ufrag:.*$/gm, `a=ice-ufrag:${credentials.ufrag}`).replace(/^a=ice-pwd:.*$/gm, `a=ice-pwd:${credentials.pwd}`);
}

export class Peer {
  /**
   * @param {RTCIceServer[]} iceServers
   * @param {PeerEvents} events
   * @param {PeerState} [state] where it starts: "waiting" for the other side's code
   * @param {RTCCertificate | null} [certificate] the DTLS certificate (a guest keeps one per reply)
   */
  constructor(iceServers, events, state = "connecting", certificate = null) {
    this.events = events;
    /** @type {PeerState} */
    this.state = state;
    /** @type {LostReason} */
    this.reason = null;
    this.pc = new RTCPeerConnection(certificate ? { iceServers, certificates: [certificate] } : { iceServers });
    /** Whether the other side ever answered ICE's checks (a host answers them before it takes the reply). */
    this.reached = false;
    /** Whether the channel ever opened. */
    this.wasOpen = false;
    // Negotiated: both sides make the same channel, ready as soon as DTLS is, with no
    // in-band round trip to announce it.
    this.channel = this.pc.createDataChannel("seven-rocks", { negotiated: true, id: 0, ordered: true });
    this.heard = 0;
    this.otherHidden = false;
    /** @type {ReturnType<typeof setInterval> | null} */
    this.beat = null;
    /** @type {ReturnType<typeof setTimeout> | null} */
    this.deadline = null;
    this.channel.onopen = () => this.opened();
    this.channel.onclose = () => this.lose(this.reason ?? "closed");
    this.channel.onmessage = (event) => this.received(String(event.data));
    this.pc.onconnectionstatechange = () => this.connectionChanged();
    this.pc.oniceconnectionstatechange = () => {
      const ice = this.pc.iceConnectionState;
      if ((ice === "connected" || ice === "completed") && !this.reached) {
        this.reached = true;
        events.reached?.();
      }
    };
    this.visibility = () => this.frame(document.hidden ? AWAY : BACK);
    // A closed tab says bye, so the other side shows it lost at once.
    this.leaving = () => this.close();
    if (typeof document !== "undefined") {
      document.addEventListener("visibilitychange", this.visibility);
      addEventListener("pagehide", this.leaving);
    }
  }

  /** The host's offer, once its candidates are gathered. */
  async offer() {
    await this.pc.setLocalDescription();
    return this.gathered();
  }

  /** The guest's answer to `offer`, once its candidates are gathered; with `credentials`,
   * the answer of a connection made again for the same reply. It waits for the host with
   * no deadline.
   * @param {Essentials} offer
   * @param {Credentials | null} [credentials]
   */
  async answer(offer, credentials = null) {
    await this.pc.setRemoteDescription({ type: "offer", sdp: description(offer) });
    if (credentials) {
      const made = await this.pc.createAnswer();
      await this.pc.setLocalDescription({ type: "answer", sdp: withCredentials(made.sdp ?? "", credentials) });
    } else await this.pc.setLocalDescription();
    return this.gathered();
  }

  /** The host takes the guest's answer; the connection comes up (or not) from here.
   * @param {Essentials} answer
   */
  async accept(answer) {
    // Connecting from now: the channel may open before the description's promise settles.
    this.set("connecting");
    this.expect();
    try {
      await this.pc.setRemoteDescription({ type: "answer", sdp: description(answer) });
    } catch (error) {
      if (this.deadline) clearTimeout(this.deadline);
      this.set("waiting"); // the answer did not fit: the invitation still stands
      throw error;
    }
  }

  /** Whether the host took an answer for this connection already. */
  get answered() {
    return this.pc.remoteDescription !== null && this.pc.localDescription?.type === "offer";
  }

  /** The local description's essentials when ICE gathering completes, or after GATHER_MS
   * with the candidates found by then (a STUN server that does not answer must not hold
   * the invitation up). */
  async gathered() {
    if (this.pc.iceGatheringState !== "complete") {
      await new Promise((resolve) => {
        const done = () => {
          if (this.pc.iceGatheringState === "complete") finish();
        };
        const finish = () => {
          clearTimeout(timer);
          this.pc.removeEventListener("icegatheringstatechange", done);
          resolve(undefined);
        };
        const timer = setTimeout(finish, GATHER_MS);
        this.pc.addEventListener("icegatheringstatechange", done);
      });
    }
    const local = this.pc.localDescription;
    if (!local) throw new Error("the connection has no local description");
    return essentials(local.sdp);
  }

  /** Give the connection CONNECT_MS to come up. */
  expect() {
    if (this.deadline) clearTimeout(this.deadline);
    this.deadline = setTimeout(() => {
      if (this.state === "connecting" || this.state === "waiting") this.lose("unreachable");
    }, CONNECT_MS);
  }

  /** Send a game text; false when the channel is not open (the text is dropped).
   * @param {string} text
   */
  send(text) {
    if (this.channel.readyState !== "open") return false;
    this.channel.send(text.startsWith(FRAME) ? FRAME + text : text);
    return true;
  }

  /** Leave: the other side hears "bye" and shows the connection as lost. */
  close() {
    const open = this.channel.readyState === "open";
    this.frame(BYE);
    this.lose("closed", open);
  }

  /** @param {string} frame */
  frame(frame) {
    if (this.channel.readyState === "open") this.channel.send(frame);
  }

  opened() {
    if (this.deadline) clearTimeout(this.deadline);
    this.wasOpen = true;
    this.heard = Date.now();
    this.set("connected");
    if (typeof document !== "undefined" && document.hidden) this.frame(AWAY);
    this.beat = setInterval(() => this.tick(), HEARTBEAT_MS);
  }

  tick() {
    this.frame(PING);
    if (this.state === "connected" && Date.now() - this.heard > SILENT_MS) this.set("away");
  }

  /** @param {string} text */
  received(text) {
    this.heard = Date.now();
    if (text.startsWith(FRAME) && !text.startsWith(FRAME + FRAME)) {
      if (text === BYE) return this.lose("left");
      if (text === AWAY) this.otherHidden = true;
      if (text === BACK) this.otherHidden = false;
      this.settle();
      return;
    }
    this.settle();
    this.events.message(text.startsWith(FRAME) ? text.slice(1) : text);
  }

  /** Connected or away, from what was last heard. */
  settle() {
    if (this.state !== "connected" && this.state !== "away") return;
    const away = this.otherHidden || this.pc.connectionState === "disconnected";
    this.set(away ? "away" : "connected");
  }

  connectionChanged() {
    const now = this.pc.connectionState;
    if (now === "failed") this.lose(this.state === "connecting" || this.state === "waiting" ? "unreachable" : "closed");
    else if (now === "closed") this.lose("closed");
    else if (now === "disconnected" && this.state === "connected") this.set("away");
  }

  /**
   * @param {Exclude<LostReason, null>} reason
   * @param {boolean} [linger] give a last frame a moment to leave before the connection ends
   */
  lose(reason, linger = false) {
    if (this.state === "lost") return;
    this.reason = reason;
    if (this.beat) clearInterval(this.beat);
    if (this.deadline) clearTimeout(this.deadline);
    if (typeof document !== "undefined") {
      document.removeEventListener("visibilitychange", this.visibility);
      removeEventListener("pagehide", this.leaving);
    }
    this.set("lost");
    this.channel.onclose = null;
    this.pc.onconnectionstatechange = null;
    const end = () => {
      this.channel.close();
      this.pc.close();
    };
    if (linger) setTimeout(end, LINGER_MS);
    else end();
  }

  /** @param {PeerState} state */
  set(state) {
    if (state === this.state) return;
    this.state = state;
    this.events.state(state, state === "lost" ? this.reason : null);
  }
}
