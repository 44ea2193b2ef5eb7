// The codes people pass between phones: an invitation (the host's offer) and a reply (the
// guest's answer). Each carries only what the connection needs (sdp.js: ICE credentials,
// the certificate's fingerprint, the candidates' addresses), packed into bytes, deflated
// when that makes it shorter, checked by a CRC-32 and written in base64url, so it fits a
// link, a QR code or a chat message. A code that is corrupt, cut short or from elsewhere is
// refused with a CodeError whose `key` names one readable sentence, never a stray exception.

import { CANDIDATE_TYPES, SETUPS } from "./sdp.js";

/** @typedef {import("./sdp.js").Essentials} Essentials */
/** @typedef {import("./sdp.js").Candidate} Candidate */
/** @typedef {"invitation" | "reply"} CodeKind */
/**
 * @typedef {object} Code
 * @property {CodeKind} kind
 * @property {number} invitation which invitation this is, or answers (32 bits, random)
 * @property {number} seat the guest's seat (0-3)
 * @property {Essentials} facts
 */

/** The layout's version (0-15): a code of another version is refused, not misread. */
const VERSION = 1;
/** The first byte's top three bits, the same in every version: a text from elsewhere
 * that happens to be base64 is "not a code", not "a code of another version". */
const MARK = 0b101 << 5;
/** Generous bounds on anything a person pastes, and on what it may inflate to. */
const MAX_CODE_CHARS = 4096;
const MAX_BYTES = 4096;
const HASHES = ["sha-256", "sha-384", "sha-512", "sha-1"];
const KINDS = /** @type {const} */ (["invitation", "reply"]);

/** A code that cannot be used; `key` is its sentence in the catalogues. */
export class CodeError extends Error {
  /** @param {string} key @param {string} message */
  constructor(key, message) {
    super(message);
    this.name = "CodeError";
    this.key = key;
  }
}

const corrupt = () => new CodeError("link.error.corrupt", "This is not a Seven Rocks code, or part of it is missing: copy it again, whole.");

// --- bytes -----------------------------------------------------------------------------

class Writer {
  constructor() {
    /** @type {number[]} */
    this.bytes = [];
  }
  /** @param {(number | number[] | Uint8Array)[]} values */
  push(...values) {
    for (const value of values) {
      if (typeof value === "number") this.bytes.push(value & 0xff);
      else this.bytes.push(...value);
    }
  }
  /** @param {number} value */
  u16(value) {
    this.push(value >> 8, value);
  }
  /** @param {number} value */
  u32(value) {
    this.push(value >>> 24, value >>> 16, value >>> 8, value);
  }
}

class Reader {
  /** @param {Uint8Array} bytes */
  constructor(bytes) {
    this.bytes = bytes;
    this.at = 0;
  }
  /** @param {number} count */
  take(count) {
    if (this.at + count > this.bytes.length) throw corrupt();
    const slice = this.bytes.subarray(this.at, this.at + count);
    this.at += count;
    return slice;
  }
  u8() {
    return this.take(1)[0];
  }
  u16() {
    const [a, b] = this.take(2);
    return (a << 8) | b;
  }
  u32() {
    const [a, b, c, d] = this.take(4);
    return ((a << 24) | (b << 16) | (c << 8) | d) >>> 0;
  }
}

// ICE credentials use exactly the base64 alphabet (RFC 8445 ice-char): six bits a character.
const ICE_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/** @param {Writer} out @param {string} text */
function writeIce(out, text) {
  if (text.length > 127 || [...text].some((char) => !ICE_CHARS.includes(char))) {
    const raw = new TextEncoder().encode(text);
    if (raw.length > 127) throw new Error("an ICE credential is too long");
    out.push(0x80 | raw.length, raw); // not ice-chars: kept byte for byte
    return;
  }
  out.push(text.length);
  let bits = 0;
  let held = 0;
  for (const char of text) {
    held = (held << 6) | ICE_CHARS.indexOf(char);
    bits += 6;
    while (bits >= 8) {
      bits -= 8;
      out.push(held >> bits);
    }
  }
  if (bits > 0) out.push(held << (8 - bits));
}

/** @param {Reader} input */
function readIce(input) {
  const head = input.u8();
  if (head & 0x80) return new TextDecoder().decode(input.take(head & 0x7f));
  const bytes = input.take(Math.ceil((head * 6) / 8));
  let text = "";
  let bits = 0;
  let held = 0;
  for (const byte of bytes) {
    held = (held << 8) | byte;
    bits += 8;
    while (bits >= 6 && text.length < head) {
      bits -= 6;
      text += ICE_CHARS[(held >> bits) & 63];
    }
    held &= (1 << bits) - 1;
  }
  return text;
}

// A candidate's address: IPv4, IPv6, a browser's mDNS name (a UUID under .local, which hides
// the phone's address on the Wi-Fi), or any other name as text.
const FORM_IPV4 = 0;
const FORM_IPV6 = 1;
const FORM_MDNS = 2;
const FORM_NAME = 3;
const MDNS = /^([0-9a-f]{8})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{12})\.local$/i;
const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

/** The 16 bytes of an IPv6 address, or null.
 * @param {string} address
 */
function ipv6Bytes(address) {
  if (!/^[0-9a-f:]+$/i.test(address) || address.split("::").length > 2) return null;
  const [head, tail] = address.includes("::") ? address.split("::") : [address, null];
  const groups = (/** @type {string} */ text) => (text ? text.split(":") : []);
  const front = groups(head);
  const back = tail === null ? [] : groups(tail);
  const missing = 8 - front.length - back.length;
  if ((tail === null && missing !== 0) || missing < 0) return null;
  const all = [...front, ...Array(missing).fill("0"), ...back];
  if (all.some((group) => group.length === 0 || group.length > 4)) return null;
  return Uint8Array.from(all.flatMap((group) => [parseInt(group, 16) >> 8, parseInt(group, 16) & 0xff]));
}

/** @param {Writer} out @param {Candidate} candidate */
function writeCandidate(out, candidate) {
  const type = CANDIDATE_TYPES.indexOf(candidate.type) << 2;
  const v4 = IPV4.exec(candidate.address);
  const v6 = v4 ? null : ipv6Bytes(candidate.address);
  const mdns = MDNS.exec(candidate.address);
  if (v4 && v4.slice(1).every((part) => Number(part) <= 255)) {
    out.push(type | FORM_IPV4, v4.slice(1).map(Number));
  } else if (v6) {
    out.push(type | FORM_IPV6, v6);
  } else if (mdns) {
    out.push(type | FORM_MDNS, hexBytes(mdns.slice(1).join("")));
  } else {
    const name = new TextEncoder().encode(candidate.address);
    if (name.length > 255) return false;
    out.push(type | FORM_NAME, name.length, name);
  }
  out.u16(candidate.port);
  return true;
}

/** @param {Reader} input @returns {Candidate} */
function readCandidate(input) {
  const head = input.u8();
  const type = CANDIDATE_TYPES[(head >> 2) & 3];
  const form = head & 3;
  let address;
  if (form === FORM_IPV4) address = Array.from(input.take(4)).join(".");
  else if (form === FORM_IPV6) {
    const bytes = input.take(16);
    address = Array.from({ length: 8 }, (_, i) => ((bytes[2 * i] << 8) | bytes[2 * i + 1]).toString(16)).join(":");
  } else if (form === FORM_MDNS) {
    const hex = hexText(input.take(16));
    address = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}.local`;
  } else {
    address = new TextDecoder().decode(input.take(input.u8()));
    if (!/^[A-Za-z0-9.-]+$/.test(address)) throw corrupt(); // a name in an SDP line: nothing else
  }
  const port = input.u16();
  if (port === 0) throw corrupt();
  return { address, port, type };
}

/** @param {string} hex */
const hexBytes = (hex) => Uint8Array.from(hex.match(/../g) ?? [], (pair) => parseInt(pair, 16));
/** @param {Uint8Array} bytes */
const hexText = (bytes) => Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");

// --- check and text ----------------------------------------------------------------------

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

/** CRC-32 (as zip and PNG compute it) of `bytes`.
 * @param {Uint8Array} bytes
 */
export function crc32(bytes) {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/** @param {Uint8Array} bytes */
export function toBase64Url(bytes) {
  return btoa(String.fromCharCode(...bytes)).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

/** @param {string} text */
export function fromBase64Url(text) {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) throw corrupt();
  const binary = atob(text.replaceAll("-", "+").replaceAll("_", "/"));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

/** `bytes` through a (de)compression stream, refusing more than MAX_BYTES out.
 * @param {Uint8Array} bytes
 * @param {CompressionStream | DecompressionStream} stream
 */
async function through(bytes, stream) {
  const writer = stream.writable.getWriter();
  writer.write(Uint8Array.from(bytes)).catch(() => {});
  writer.close().catch(() => {});
  const reader = stream.readable.getReader();
  /** @type {number[]} */
  const out = [];
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    out.push(...value);
    if (out.length > MAX_BYTES) {
      reader.cancel().catch(() => {});
      throw corrupt();
    }
  }
  return Uint8Array.from(out);
}

// --- the code --------------------------------------------------------------------------

/** The code for `code`: the shortest of its bytes as they are or deflated.
 * @param {Code} code
 * @returns {Promise<string>}
 */
export async function encodeCode(code) {
  const out = new Writer();
  out.push(SETUPS.indexOf(code.facts.setup));
  out.u32(code.invitation);
  writeIce(out, code.facts.ufrag);
  writeIce(out, code.facts.pwd);
  const hash = HASHES.indexOf(code.facts.algorithm);
  if (hash < 0) throw new Error(`fingerprints by ${code.facts.algorithm} are not supported`);
  out.push(hash, code.facts.fingerprint.length, code.facts.fingerprint);
  const kept = new Writer();
  let count = 0;
  for (const candidate of code.facts.candidates.slice(0, 255)) if (writeCandidate(kept, candidate)) count++;
  out.push(count, kept.bytes);
  const payload = Uint8Array.from(out.bytes);
  const deflated = await through(payload, new CompressionStream("deflate-raw"));
  const packed = deflated.length < payload.length;
  const label = (KINDS.indexOf(code.kind) << 2) | code.seat;
  const check = new Writer();
  check.u32(crc32(Uint8Array.from([label, ...payload])));
  return toBase64Url(Uint8Array.from([MARK | (VERSION << 1) | (packed ? 1 : 0), label, ...(packed ? deflated : payload), ...check.bytes]));
}

/** The kind and seat a code's first bytes say, read at once (unchecked: `decodeCode`
 * checks the whole), or null when even those cannot be read.
 * @param {string} text
 * @returns {{kind: CodeKind, seat: number} | null}
 */
export function peekCode(text) {
  try {
    const head = fromBase64Url(String(text).replace(/\s+/g, "").slice(0, 4));
    const kind = KINDS[head[1] >> 2];
    return head[0] === (MARK | (VERSION << 1) | (head[0] & 1)) && kind ? { kind, seat: head[1] & 3 } : null;
  } catch {
    return null;
  }
}

/** The code `text` holds (whitespace anywhere ignored), or a CodeError.
 * @param {string} text
 * @returns {Promise<Code>}
 */
export async function decodeCode(text) {
  const compact = String(text).replace(/\s+/g, "");
  if (compact.length === 0) throw new CodeError("link.error.empty", "Paste or type the code first.");
  if (compact.length > MAX_CODE_CHARS) throw corrupt();
  const frame = fromBase64Url(compact);
  if (frame.length < 7) throw corrupt();
  if ((frame[0] & 0xe0) !== MARK) throw corrupt();
  if (((frame[0] >> 1) & 0xf) !== VERSION) throw new CodeError("link.error.version", "This code comes from another version of Seven Rocks: both phones should open the game from the same site.");
  const label = frame[1];
  const body = frame.subarray(2, frame.length - 4);
  let payload;
  try {
    payload = frame[0] & 1 ? await through(body, new DecompressionStream("deflate-raw")) : body;
  } catch {
    throw corrupt();
  }
  const check = new Reader(frame.subarray(frame.length - 4)).u32();
  if (crc32(Uint8Array.from([label, ...payload])) !== check) throw corrupt();
  const kind = KINDS[label >> 2];
  const seat = label & 3;
  const input = new Reader(payload);
  const setup = SETUPS[input.u8()];
  if (!kind || !setup) throw corrupt();
  const invitation = input.u32();
  const ufrag = readIce(input);
  const pwd = readIce(input);
  const algorithm = HASHES[input.u8()];
  if (!algorithm) throw corrupt();
  const fingerprint = Uint8Array.from(input.take(input.u8()));
  const candidates = Array.from({ length: input.u8() }, () => readCandidate(input));
  if (input.at !== payload.length || !ufrag || !pwd) throw corrupt();
  return { kind, invitation, seat, facts: { ufrag, pwd, algorithm, fingerprint, setup, candidates } };
}
