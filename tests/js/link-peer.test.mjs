// One side of a connection as the link sees it: heartbeats, away and back, lost and why,
// and game texts that never meet the link's own frames. The browser's RTCPeerConnection is
// replaced by a stand-in whose channel records what is sent; time is the test's.
import assert from "node:assert/strict";
import { afterEach, beforeEach, mock, test } from "node:test";

class FakeChannel {
  readyState = "connecting";
  /** @type {string[]} */
  sent = [];
  onopen = () => {};
  onclose = () => {};
  onmessage = (/** @type {{data: string}} */ _event) => {};
  send(/** @type {string} */ text) {
    this.sent.push(text);
  }
  close() {
    this.readyState = "closed";
  }
  open() {
    this.readyState = "open";
    this.onopen();
  }
  hear(/** @type {string} */ text) {
    this.onmessage({ data: text });
  }
}

class FakeConnection {
  connectionState = "new";
  onconnectionstatechange = () => {};
  channel = new FakeChannel();
  closed = false;
  createDataChannel() {
    return this.channel;
  }
  close() {
    this.closed = true;
  }
  become(/** @type {string} */ state) {
    this.connectionState = state;
    this.onconnectionstatechange();
  }
}
globalThis.RTCPeerConnection = /** @type {any} */ (FakeConnection);

const { CONNECT_MS, HEARTBEAT_MS, Peer, SILENT_MS } = await import("../../web/js/link/peer.js");

/** A peer with its stand-in connection and what it reported. */
function peer(start = "connecting") {
  /** @type {string[]} */
  const states = [];
  /** @type {string[]} */
  const texts = [];
  const side = new Peer([], { state: (state, reason) => states.push(reason ? `${state}:${reason}` : state), message: (text) => texts.push(text) }, /** @type {any} */ (start));
  const pc = /** @type {FakeConnection} */ (/** @type {unknown} */ (side.pc));
  return { side, pc, channel: pc.channel, states, texts };
}

beforeEach(() => mock.timers.enable({ apis: ["setInterval", "setTimeout", "Date"], now: 1_000_000 }));
afterEach(() => mock.timers.reset());

test("an open channel is connected and beats; game texts pass, frames do not", () => {
  const { side, channel, states, texts } = peer();
  channel.open();
  assert.deepEqual(states, ["connected"]);
  mock.timers.tick(HEARTBEAT_MS * 3);
  assert.deepEqual(channel.sent, ["~p", "~p", "~p"]);
  channel.hear("~p");
  channel.hear('{"move":"3-5"}');
  channel.hear("~~tilde first");
  assert.deepEqual(texts, ['{"move":"3-5"}', "~tilde first"]);
  assert.equal(side.send("~tilde first"), true);
  assert.equal(channel.sent.at(-1), "~~tilde first");
  assert.equal(side.send('{"a":1}'), true);
  assert.equal(channel.sent.at(-1), '{"a":1}');
  assert.deepEqual(states, ["connected"]);
});

test("a side that goes quiet is away, and back when heard again", () => {
  const { channel, states } = peer();
  channel.open();
  for (let t = 0; t < SILENT_MS; t += HEARTBEAT_MS) {
    mock.timers.tick(HEARTBEAT_MS);
    channel.hear("~p");
  }
  assert.deepEqual(states, ["connected"]);
  mock.timers.tick(SILENT_MS + HEARTBEAT_MS);
  assert.deepEqual(states, ["connected", "away"]);
  channel.hear("~p");
  assert.deepEqual(states, ["connected", "away", "connected"]);
});

test("a hidden page says so: away until it is shown again, heartbeats or not", () => {
  const { channel, states } = peer();
  channel.open();
  channel.hear("~a");
  channel.hear("~p");
  assert.deepEqual(states, ["connected", "away"]);
  channel.hear("~b");
  assert.deepEqual(states, ["connected", "away", "connected"]);
});

test("lost, and why: the other side left, the channel closed, ICE failed", () => {
  const left = peer();
  left.channel.open();
  left.channel.hear("~x");
  assert.deepEqual(left.states, ["connected", "lost:left"]);
  assert.equal(left.pc.closed, true);
  assert.equal(left.side.send("late"), false, "nothing is sent on a lost connection");

  const closed = peer();
  closed.channel.open();
  closed.channel.readyState = "closed";
  closed.channel.onclose();
  assert.deepEqual(closed.states, ["connected", "lost:closed"]);

  const never = peer();
  never.pc.become("failed");
  assert.deepEqual(never.states, ["lost:unreachable"]);
});

test("a dropped ICE connection is away until it recovers or fails", () => {
  const { channel, pc, states } = peer();
  channel.open();
  pc.become("disconnected");
  assert.deepEqual(states, ["connected", "away"]);
  pc.become("connected");
  channel.hear("~p");
  assert.deepEqual(states, ["connected", "away", "connected"]);
  pc.become("failed");
  assert.deepEqual(states, ["connected", "away", "connected", "lost:closed"]);
});

test("the host's connection that never comes up is unreachable after CONNECT_MS", async () => {
  const { side, states } = peer("waiting");
  const facts = { ufrag: "abcd", pwd: "a".repeat(22), algorithm: "sha-256", fingerprint: new Uint8Array(32), setup: "active", candidates: [] };
  /** @type {any} */ (side.pc).setRemoteDescription = async () => {};
  await side.accept(/** @type {any} */ (facts));
  assert.deepEqual(states, ["connecting"]);
  mock.timers.tick(CONNECT_MS);
  assert.deepEqual(states, ["connecting", "lost:unreachable"]);
});

test("an answer that does not fit leaves the invitation waiting", async () => {
  const { side, states } = peer("waiting");
  /** @type {any} */ (side.pc).setRemoteDescription = async () => {
    throw new Error("bad description");
  };
  await assert.rejects(side.accept(/** @type {any} */ ({ ufrag: "abcd", pwd: "p", algorithm: "sha-256", fingerprint: new Uint8Array(32), setup: "active", candidates: [] })));
  assert.deepEqual(states, ["connecting", "waiting"]);
  mock.timers.tick(CONNECT_MS);
  assert.deepEqual(states, ["connecting", "waiting"]);
});

test("leaving says bye before the connection ends", () => {
  const { side, channel, pc, states } = peer();
  channel.open();
  side.close();
  assert.equal(channel.sent.at(-1), "~x");
  assert.deepEqual(states, ["connected", "lost:closed"]);
  assert.equal(pc.closed, false, "the bye is given a moment to leave");
  mock.timers.tick(1000);
  assert.equal(pc.closed, true);
});
