// The guest's reply waits for the host: no deadline before the host takes it, a connection the
// browser gives up on made again with the reply's certificate and ICE credentials (so the reply
// the host holds stays good), what the guest reads while it waits, and an invitation used on
// this phone refused at once. The browser's RTCPeerConnection is a stand-in; time is the test's.
import assert from "node:assert/strict";
import { after, afterEach, beforeEach, mock, test } from "node:test";

const FINGERPRINT = Array.from({ length: 32 }, (_, i) => (i * 5).toString(16).padStart(2, "0").toUpperCase()).join(":");

class FakeChannel {
  readyState = "connecting";
  onopen = () => {};
  onclose = () => {};
  onmessage = () => {};
  send() {}
  close() {
    this.readyState = "closed";
  }
  open() {
    this.readyState = "open";
    this.onopen();
  }
}

/** @type {FakeConnection[]} every connection made, in order */
const made = [];

class FakeConnection {
  connectionState = "new";
  iceConnectionState = "new";
  iceGatheringState = "complete";
  onconnectionstatechange = () => {};
  oniceconnectionstatechange = () => {};
  channel = new FakeChannel();
  /** @type {{type: string, sdp: string} | null} */
  localDescription = null;
  /** @type {{type: string, sdp: string} | null} */
  remoteDescription = null;
  closed = false;
  /** @param {RTCConfiguration} config */
  constructor(config) {
    this.config = config;
    this.index = made.length;
    made.push(this);
  }
  static async generateCertificate() {
    return { certificate: Math.random() };
  }
  createDataChannel() {
    return this.channel;
  }
  description(type = this.remoteDescription ? "answer" : "offer") {
    const sdp = [
      `a=candidate:1 1 udp 2122260223 10.77.0.2 ${41000 + this.index} typ host`,
      `a=ice-ufrag:fresh${this.index}`,
      `a=ice-pwd:${"p".repeat(20)}${String(this.index).padStart(4, "0")}`,
      `a=fingerprint:sha-256 ${FINGERPRINT}`,
      `a=setup:${type === "offer" ? "actpass" : "active"}`,
    ].join("\r\n");
    return { type, sdp };
  }
  async createAnswer() {
    return this.description("answer");
  }
  /** @param {{type: string, sdp: string}} [description] */
  async setLocalDescription(description) {
    this.localDescription = description ?? this.description();
  }
  /** @param {{type: string, sdp: string}} description */
  async setRemoteDescription(description) {
    this.remoteDescription = description;
  }
  addEventListener() {}
  removeEventListener() {}
  close() {
    this.closed = true;
  }
  /** @param {string} state */
  become(state) {
    this.connectionState = state;
    this.onconnectionstatechange();
  }
  /** @param {string} state */
  ice(state) {
    this.iceConnectionState = state;
    this.oniceconnectionstatechange();
  }
}
globalThis.RTCPeerConnection = /** @type {any} */ (FakeConnection);
globalThis.location = /** @type {any} */ (new URL("https://example.org/game/"));
/** @type {Map<string, string>} */
const stored = new Map();
globalThis.localStorage = /** @type {any} */ ({
  getItem: (/** @type {string} */ key) => stored.get(key) ?? null,
  setItem: (/** @type {string} */ key, /** @type {string} */ value) => void stored.set(key, value),
});

const { GuestLink, HostLink, QUIET_TRIES, RESTART_MS } = await import("../../web/js/link/index.js");
const { CONNECT_MS } = await import("../../web/js/link/peer.js");
const { decodeCode } = await import("../../web/js/link/codes.js");

/** @type {InstanceType<typeof HostLink>[]} the hosts made, closed after the tests (each listens for relayed replies) */
const hosts = [];
after(() => hosts.forEach((host) => host.close()));

/** A host's invitation for North (the host's connection is a stand-in too). */
async function invitation() {
  const host = new HostLink({ onState: () => {}, onMessage: () => {} });
  hosts.push(host);
  const { url } = await host.invite(2);
  return url;
}

/** A guest's page opened from `url`, its reply made, and the states it reported. */
async function guestAt(/** @type {string} */ url) {
  const guest = /** @type {InstanceType<typeof GuestLink>} */ (GuestLink.fromLocation(new URL(url)));
  /** @type {string[]} */
  const states = [];
  guest.onState((state) => states.push(guest.hint ? `${state}:${guest.hint}` : state));
  const reply = await guest.reply();
  return { guest, states, reply, pc: () => /** @type {FakeConnection} */ (/** @type {unknown} */ (guest.peer?.pc)) };
}

/** A restart's connection is made (its answer is set) on the timers' tick. */
async function restart() {
  mock.timers.tick(RESTART_MS);
  for (let i = 0; i < 10; i += 1) await Promise.resolve();
}

beforeEach(() => {
  stored.clear();
  mock.timers.enable({ apis: ["setInterval", "setTimeout", "Date"], now: 1_000_000 });
});
afterEach(() => mock.timers.reset());

test("a guest's reply waits for the host with no deadline, and connects when the host takes it", async () => {
  const { guest, states, pc } = await guestAt(await invitation());
  assert.equal(guest.state, "waiting");
  for (let minute = 0; minute < 30; minute += 1) mock.timers.tick(60_000);
  assert.ok(CONNECT_MS < 60_000);
  assert.deepEqual(states, [], "nothing went wrong: nothing to say");
  assert.equal(made.at(-1), pc(), "the reply's first connection still waits");
  pc().ice("connected");
  pc().channel.open();
  assert.deepEqual(states, ["waiting", "connected"]);
  guest.close();
});

test("a connection given up on while waiting is made again with the reply's certificate and credentials", async () => {
  const { guest, states, reply, pc } = await guestAt(await invitation());
  const first = pc();
  const facts = (await decodeCode(reply.code)).facts;
  first.become("failed");
  assert.deepEqual(states, ["waiting"], "no loss is told: the guest keeps waiting");
  await restart();
  const second = pc();
  assert.notEqual(second, first);
  assert.equal(second.config.certificates?.[0], first.config.certificates?.[0], "the same certificate: the same fingerprint");
  const sdp = second.localDescription?.sdp ?? "";
  assert.match(sdp, new RegExp(`a=ice-ufrag:${facts.ufrag}\\r?$`, "m"));
  assert.match(sdp, new RegExp(`a=ice-pwd:${facts.pwd}\\r?$`, "m"));
  assert.equal(second.localDescription?.type, "answer");
  second.channel.open();
  assert.equal(guest.state, "connected");
  guest.close();
});

test("what a waiting guest reads: nothing, a network that may block, the host's phone gone", async () => {
  const quiet = await guestAt(await invitation());
  for (let tries = 1; tries <= QUIET_TRIES; tries += 1) {
    quiet.pc().become("failed");
    await restart();
  }
  assert.equal(quiet.guest.hint, "unanswered", "never answered, on one network: it may block direct connections");
  quiet.pc().ice("connected");
  assert.equal(quiet.guest.hint, null, "answered: nothing is wrong");
  quiet.guest.close();

  const gone = await guestAt(await invitation());
  gone.pc().ice("connected");
  gone.pc().become("failed");
  await restart();
  assert.equal(gone.guest.hint, null, "answered once: the next connection may be answered too");
  gone.pc().become("failed");
  await restart();
  assert.equal(gone.guest.hint, "gone", "answered, then not any more: the host's phone let it go");
  assert.deepEqual(gone.states, ["waiting", "waiting", "waiting:gone"]);
  gone.guest.close();
});

test("a new reply stops the old one and has credentials of its own", async () => {
  const { guest, reply, pc } = await guestAt(await invitation());
  const first = pc();
  const renewed = await guest.renew();
  assert.equal(first.closed, true);
  assert.notEqual(renewed.code, reply.code);
  assert.notEqual((await decodeCode(renewed.code)).facts.ufrag, (await decodeCode(reply.code)).facts.ufrag);
  guest.close();
});

test("an invitation this phone joined with is refused at once when opened again", async () => {
  const url = await invitation();
  const { guest, pc } = await guestAt(url);
  pc().channel.open();
  guest.close();
  const again = /** @type {InstanceType<typeof GuestLink>} */ (GuestLink.fromLocation(new URL(url)));
  await assert.rejects(again.reply(), (error) => /** @type {{key: string}} */ (error).key === "link.error.taken");
  const other = await guestAt(await invitation());
  assert.equal(other.guest.state, "waiting", "another invitation is not refused");
  other.guest.close();
});
