// The host's side of the link without a browser: invitations per seat, which replies it
// takes and which it refuses (with the sentence's key), the STUN setting, and a fresh
// invitation letting the seat's earlier guest go. The browser's RTCPeerConnection is a
// stand-in that makes a description from fixed facts.
import assert from "node:assert/strict";
import { after, test } from "node:test";

const FINGERPRINT = Array.from({ length: 32 }, (_, i) => (i * 7).toString(16).padStart(2, "0").toUpperCase()).join(":");
let made = 0;
/** The candidate type the stand-in gathers: "srflx" as if a STUN server answered. */
let gathered = "host";
/** @type {RTCConfiguration[]} */
const configs = [];

class FakeConnection {
  connectionState = "new";
  iceGatheringState = "complete";
  /** @type {{type: string, sdp: string} | null} */
  localDescription = null;
  /** @type {{type: string, sdp: string} | null} */
  remoteDescription = null;
  /** @param {RTCConfiguration} config */
  constructor(config) {
    configs.push(config);
    this.ufrag = `uf${made++}`.padEnd(4, "x");
  }
  static async generateCertificate() {
    return {};
  }
  createDataChannel() {
    return { readyState: "connecting", send() {}, close() {} };
  }
  async createAnswer() {
    await this.setLocalDescription();
    return this.localDescription;
  }
  /** @param {{type: string, sdp: string}} [description] */
  async setLocalDescription(description) {
    if (description) {
      this.localDescription = description;
      return;
    }
    const type = this.remoteDescription ? "answer" : "offer";
    const sdp = [
      `a=candidate:1 1 udp 2122260223 10.77.0.1 ${40000 + made} typ ${gathered}`,
      `a=ice-ufrag:${this.ufrag}`,
      "a=ice-pwd:abcdefghijklmnopqrstuvwx",
      `a=fingerprint:sha-256 ${FINGERPRINT}`,
      `a=setup:${type === "offer" ? "actpass" : "active"}`,
    ].join("\r\n");
    this.localDescription = { type, sdp };
  }
  /** @param {{type: string, sdp: string}} description */
  async setRemoteDescription(description) {
    this.remoteDescription = description;
  }
  addEventListener() {}
  removeEventListener() {}
  close() {}
}
globalThis.RTCPeerConnection = /** @type {any} */ (FakeConnection);
globalThis.location = /** @type {any} */ (new URL("https://example.org/game/?seats=x#y"));

const { GuestLink, HostLink } = await import("../../web/js/link/index.js");

/** Every guest link a test opens, closed once the tests are done. */
const guests = /** @type {{ close(): void }[]} */ ([]);
const fromLocation = GuestLink.fromLocation.bind(GuestLink);
GuestLink.fromLocation = /** @type {typeof GuestLink.fromLocation} */ (
  (/** @type {Parameters<typeof GuestLink.fromLocation>} */ ...args) => {
    const guest = fromLocation(...args);
    if (guest) guests.push(guest);
    return guest;
  }
);
after(() => {
  for (const guest of guests) guest.close();
});

/** A host link that records the states it reports. */
function host(stun = /** @type {string | null} */ (null)) {
  /** @type {string[]} */
  const states = [];
  const link = new HostLink({ stun, onState: (seat, state) => states.push(`${seat}:${state}`), onMessage: () => {} });
  return { link, states };
}

/** The guest's reply to `url`, made by a GuestLink as the guest's page would. */
async function replyTo(/** @type {string} */ url) {
  const guest = /** @type {InstanceType<typeof GuestLink>} */ (GuestLink.fromLocation(new URL(url)));
  return { guest, ...(await guest.reply()) };
}

/** @param {Promise<unknown>} promise */
async function refusal(promise) {
  const error = await promise.then(
    () => assert.fail("accepted"),
    (e) => e,
  );
  return error.key;
}

test("an invitation is the game's address with the offer in its fragment", async () => {
  const { link, states } = host();
  const { url, code } = await link.invite(2);
  assert.equal(url, `https://example.org/game/#join=${code}`);
  assert.deepEqual(states, ["2:waiting"]);
  const guest = GuestLink.fromLocation(new URL(url));
  assert.equal(guest?.seat, 2);
  assert.equal(GuestLink.fromLocation(new URL("https://example.org/game/")), null);
  link.close();
});

test("a reply is taken for its seat once; misplaced codes are refused by name", async () => {
  const { link, states } = host();
  const north = await link.invite(2);
  const east = await link.invite(3);
  const reply = await replyTo(north.url);
  assert.match(reply.url, /^https:\/\/example\.org\/game\/#reply=/);
  assert.equal(await refusal(link.accept(east.url)), "link.error.not_reply");
  assert.equal(await refusal(link.accept("not a code")), "link.error.corrupt");
  assert.equal(await link.accept(`  ${reply.url}\n`), 2);
  assert.equal(link.state(2), "connecting");
  assert.equal(await refusal(link.accept(reply.code)), "link.error.used");
  assert.deepEqual(states, ["2:waiting", "3:waiting", "2:connecting"]);
  link.close();
});

test("a fresh invitation for a seat makes the earlier one's reply stale", async () => {
  const { link } = host();
  const first = await link.invite(1);
  const old = await replyTo(first.url);
  await link.invite(1);
  assert.equal(await refusal(link.accept(old.code)), "link.error.stale");
  const other = host();
  assert.equal(await refusal(other.link.accept(old.code)), "link.error.stale", "another host's reply");
  link.close();
  other.link.close();
});

test("a reply opened as a guest's invitation says where it belongs", async () => {
  const { link } = host();
  const { url } = await link.invite(2);
  const { url: replyUrl } = await replyTo(url);
  const wrong = GuestLink.fromLocation(new URL(replyUrl.replace("#reply=", "#join=")));
  assert.equal(wrong?.seat, -1);
  assert.equal(await refusal(/** @type {any} */ (wrong).reply()), "link.error.not_invitation");
  link.close();
});

test("no ICE server unless the STUN setting names one", async () => {
  configs.length = 0;
  const plain = host();
  await plain.link.invite(2);
  const stun = host("stun:stun.example.org:3478");
  await stun.link.invite(2);
  assert.deepEqual(
    configs.map((c) => c.iceServers),
    [[], [{ urls: "stun:stun.example.org:3478" }]],
  );
  plain.link.close();
  stun.link.close();
});

test("a guest asks a STUN server only when the host's invitation came over the internet", async () => {
  const hostStun = "stun:stun.example.org:3478";
  for (const [kind, expected] of [["host", []], ["srflx", [{ urls: hostStun }]]]) {
    gathered = kind;
    const { link } = host(kind === "srflx" ? hostStun : null);
    const { url } = await link.invite(2);
    configs.length = 0;
    await /** @type {any} */ (GuestLink.fromLocation(new URL(url), { stun: null, hostStun })).reply();
    assert.deepEqual(configs.map((c) => c.iceServers), [expected], kind);
    link.close();
  }
  gathered = "host";
});
