// The codes people carry between phones: what goes in comes out, they stay short, and
// anything damaged or foreign is one readable refusal.
import assert from "node:assert/strict";
import { test } from "node:test";

import { CodeError, crc32, decodeCode, encodeCode, fromBase64Url, peekCode, toBase64Url } from "../../web/js/link/codes.js";
import { description, essentials } from "../../web/js/link/sdp.js";
import { codeIn, linkRoute } from "../../web/js/link/urls.js";

// An offer as Chromium writes it for one data channel: host candidates on IPv4 and IPv6,
// an mDNS name, a server-reflexive one and a TCP one (left out: UDP is enough).
const OFFER = [
  "v=0",
  "o=- 4611731400430051336 2 IN IP4 127.0.0.1",
  "s=-",
  "t=0 0",
  "a=group:BUNDLE 0",
  "a=extmap-allow-mixed",
  "a=msid-semantic: WMS",
  "m=application 9 UDP/DTLS/SCTP webrtc-datachannel",
  "c=IN IP4 0.0.0.0",
  "a=candidate:3928402611 1 udp 2122260223 10.77.0.1 48123 typ host generation 0 network-id 1",
  "a=candidate:1234567890 1 udp 2122197247 fd00:77::1 50000 typ host generation 0 network-id 2",
  "a=candidate:2222222222 1 udp 2122129151 3f2c6a1e-0b1d-4c2e-9a7b-5d6e7f8a9b0c.local 51234 typ host generation 0",
  "a=candidate:842163049 1 udp 1686052607 203.0.113.7 61000 typ srflx raddr 10.77.0.1 rport 48123 generation 0",
  "a=candidate:1111111111 1 tcp 1518280447 10.77.0.1 9 typ host tcptype active generation 0",
  "a=ice-ufrag:Xy9q",
  "a=ice-pwd:Q2c7pLm+0hA/zvS8kRtu3W1e",
  "a=ice-options:trickle",
  "a=fingerprint:sha-256 5B:C5:1E:9A:00:3D:77:8F:E2:41:0C:9D:6A:BB:12:34:56:78:9A:BC:DE:F0:11:22:33:44:55:66:77:88:99:AA",
  "a=setup:actpass",
  "a=mid:0",
  "a=sctp-port:5000",
  "a=max-message-size:262144",
  "",
].join("\r\n");

const facts = essentials(OFFER);

test("the essentials of a browser's offer: credentials, fingerprint, UDP candidates", () => {
  assert.equal(facts.ufrag, "Xy9q");
  assert.equal(facts.pwd, "Q2c7pLm+0hA/zvS8kRtu3W1e");
  assert.equal(facts.algorithm, "sha-256");
  assert.equal(facts.fingerprint.length, 32);
  assert.equal(facts.setup, "actpass");
  assert.deepEqual(
    facts.candidates.map((c) => `${c.type} ${c.address} ${c.port}`),
    ["host 10.77.0.1 48123", "host fd00:77::1 50000", "host 3f2c6a1e-0b1d-4c2e-9a7b-5d6e7f8a9b0c.local 51234", "srflx 203.0.113.7 61000"],
  );
});

test("a rebuilt description holds the same essentials", () => {
  assert.deepEqual(essentials(description(facts)), facts);
  assert.match(description(facts), /^a=fingerprint:sha-256 5B:C5:1E:9A:/m);
  assert.match(description(facts), /^a=setup:actpass$/m);
});

test("a code round-trips: kind, seat, invitation and every fact", async () => {
  for (const kind of /** @type {const} */ (["invitation", "reply"])) {
    for (const seat of [1, 2, 3]) {
      const code = await encodeCode({ kind, invitation: 0xdeadbeef, seat, facts });
      assert.match(code, /^[A-Za-z0-9_-]+$/);
      const back = await decodeCode(code);
      assert.equal(back.kind, kind);
      assert.equal(back.seat, seat);
      assert.equal(back.invitation, 0xdeadbeef);
      assert.equal(back.facts.ufrag, facts.ufrag);
      assert.equal(back.facts.pwd, facts.pwd);
      assert.deepEqual(back.facts.fingerprint, facts.fingerprint);
      assert.deepEqual(
        back.facts.candidates.map((c) => [c.type, c.port]),
        facts.candidates.map((c) => [c.type, c.port]),
      );
      // IPv6 comes back in its full form: the same address.
      assert.equal(back.facts.candidates[1].address, "fd00:77:0:0:0:0:0:1");
      assert.equal(back.facts.candidates[2].address, facts.candidates[2].address);
      assert.deepEqual(peekCode(code), { kind, seat });
    }
  }
});

test("codes are short: one host candidate fits in about a hundred characters", async () => {
  const one = { ...facts, candidates: facts.candidates.slice(0, 1) };
  const code = await encodeCode({ kind: "reply", invitation: 1, seat: 2, facts: one });
  assert.ok(code.length <= 110, `${code.length} characters`);
  const all = await encodeCode({ kind: "invitation", invitation: 1, seat: 2, facts });
  assert.ok(all.length <= 180, `${all.length} characters with four candidates`);
  assert.ok(all.length < OFFER.length / 5, "a fifth of the description it stands for");
});

test("whitespace and line breaks in a pasted code are ignored", async () => {
  const code = await encodeCode({ kind: "reply", invitation: 7, seat: 1, facts });
  const spaced = code.replace(/(.{5})/g, "$1 ").replace(/(.{30})/g, "$1\n");
  assert.equal((await decodeCode(spaced)).invitation, 7);
});

/** @param {string} text */
async function refusal(text) {
  try {
    await decodeCode(text);
  } catch (error) {
    assert.ok(error instanceof CodeError, `a CodeError, not ${error}`);
    assert.match(error.message, /^[A-Z].*[.:]/);
    return error.key;
  }
  assert.fail(`accepted ${JSON.stringify(text)}`);
}

test("a corrupt, cut or foreign code is refused with one readable sentence", async () => {
  const code = await encodeCode({ kind: "reply", invitation: 7, seat: 1, facts });
  assert.equal(await refusal(""), "link.error.empty");
  assert.equal(await refusal(code.slice(0, -6)), "link.error.corrupt");
  assert.equal(await refusal(code.slice(0, 40)), "link.error.corrupt");
  assert.equal(await refusal(`${code}A`), "link.error.corrupt");
  assert.equal(await refusal("hello, this is not a code!"), "link.error.corrupt");
  assert.equal(await refusal("aGVsbG8gd29ybGQgaGVsbG8gd29ybGQ"), "link.error.corrupt");
  assert.equal(await refusal("x".repeat(100_000)), "link.error.corrupt");
  // Every single character changed somewhere in the code: never accepted, never a crash.
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
  for (let at = 0; at < code.length; at++) {
    const other = alphabet[(alphabet.indexOf(code[at]) + 17) % 64];
    const key = await refusal(code.slice(0, at) + other + code.slice(at + 1));
    assert.ok(["link.error.corrupt", "link.error.version"].includes(key), `${at}: ${key}`);
  }
  // Another version's layout.
  const bytes = fromBase64Url(code);
  bytes[0] = (bytes[0] & 0xe1) | (9 << 1);
  assert.equal(await refusal(toBase64Url(bytes)), "link.error.version");
});

test("CRC-32 is the standard one", () => {
  assert.equal(crc32(new TextEncoder().encode("123456789")), 0xcbf43926);
});

test("the code in a pasted link or bare text; the route of an address", () => {
  assert.equal(codeIn("https://example.org/game/#reply=AbC-_9"), "AbC-_9");
  assert.equal(codeIn("  AbC \n -_9 "), "AbC-_9");
  assert.deepEqual(linkRoute("#join=AbC-_9"), { route: "join", code: "AbC-_9" });
  assert.deepEqual(linkRoute("#reply=x"), { route: "reply", code: "x" });
  assert.equal(linkRoute("#rules"), null);
  assert.equal(linkRoute(""), null);
});
