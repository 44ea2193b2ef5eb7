// What a data-channel-only WebRTC description holds that the other side needs, and the
// description rebuilt from it. A browser's SDP is about a kilobyte of text, nearly all of it
// the same in every game; the few facts that differ (the ICE credentials, the DTLS
// certificate's fingerprint, the candidates' addresses) are what a person's code carries
// (codes.js), and the rest is written back here, identical for every browser.

/** @typedef {"host" | "srflx" | "prflx" | "relay"} CandidateType */
/** @typedef {{address: string, port: number, type: CandidateType}} Candidate */
/**
 * @typedef {object} Essentials
 * @property {string} ufrag the ICE username fragment
 * @property {string} pwd the ICE password
 * @property {string} algorithm the fingerprint's hash ("sha-256")
 * @property {Uint8Array} fingerprint the DTLS certificate's hash
 * @property {Setup} setup who starts DTLS: the offer says "actpass", the answer picks
 * @property {Candidate[]} candidates UDP, component 1, each address once
 */
/** @typedef {"actpass" | "active" | "passive"} Setup */

export const SETUPS = /** @type {const} */ (["actpass", "active", "passive"]);

export const CANDIDATE_TYPES = /** @type {const} */ (["host", "srflx", "prflx", "relay"]);

/** The essentials of `sdp`, or an Error naming what is missing.
 * @param {string} sdp
 * @returns {Essentials}
 */
export function essentials(sdp) {
  const lines = sdp.split(/\r?\n/);
  /** @param {string} name */
  const value = (name) => lines.find((line) => line.startsWith(`a=${name}:`))?.slice(name.length + 3).trim();
  const ufrag = value("ice-ufrag");
  const pwd = value("ice-pwd");
  const [algorithm, hex] = (value("fingerprint") ?? "").split(" ");
  if (!ufrag || !pwd || !algorithm || !hex) throw new Error("the description has no ICE credentials or fingerprint");
  const fingerprint = Uint8Array.from(hex.split(":"), (pair) => parseInt(pair, 16));
  /** @type {Candidate[]} */
  const candidates = [];
  for (const line of lines) {
    if (!line.startsWith("a=candidate:")) continue;
    const candidate = parseCandidate(line.slice(2));
    if (candidate && !candidates.some((c) => c.address === candidate.address && c.port === candidate.port)) candidates.push(candidate);
  }
  const setup = /** @type {Setup} */ (value("setup") ?? "actpass");
  if (!SETUPS.includes(setup)) throw new Error(`the description's DTLS setup is ${setup}`);
  return { ufrag, pwd, algorithm: algorithm.toLowerCase(), fingerprint, setup, candidates };
}

/** A UDP candidate of component 1 (`candidate:...`, as in SDP or an ICE event), else null.
 * @param {string} text
 * @returns {Candidate | null}
 */
function parseCandidate(text) {
  const fields = text.replace(/^candidate:/, "").trim().split(/\s+/);
  const [, component, protocol, , address, port, typ, type] = fields;
  if (component !== "1" || protocol?.toLowerCase() !== "udp" || typ !== "typ") return null;
  const number = Number(port);
  if (!address || !Number.isInteger(number) || number <= 0 || number > 65535) return null;
  if (!CANDIDATE_TYPES.includes(/** @type {CandidateType} */ (type))) return null;
  return { address, port: number, type: /** @type {CandidateType} */ (type) };
}

/** ICE type preferences (RFC 8445 §5.1.2.2): host first, relayed last. */
const TYPE_PREFERENCE = { host: 126, prflx: 110, srflx: 100, relay: 0 };

/** A candidate line for `candidate`, the `index`th of its description.
 * @param {Candidate} candidate
 * @param {number} index
 */
function candidateLine(candidate, index) {
  const priority = TYPE_PREFERENCE[candidate.type] * 2 ** 24 + (65535 - index) * 2 ** 8 + 255;
  const related = candidate.type === "host" ? "" : " raddr 0.0.0.0 rport 0";
  return `candidate:${index + 1} 1 udp ${priority} ${candidate.address} ${candidate.port} typ ${candidate.type}${related} generation 0`;
}

/** A whole description from `facts`, for `setRemoteDescription`.
 * @param {Essentials} facts
 */
export function description(facts) {
  const hex = Array.from(facts.fingerprint, (byte) => byte.toString(16).padStart(2, "0").toUpperCase()).join(":");
  const session = Array.from(facts.fingerprint.slice(0, 6), (byte) => byte.toString().padStart(3, "0")).join("").replace(/^0+/, "") || "1";
  return [
    "v=0",
    `o=- ${session} 2 IN IP4 127.0.0.1`,
    "s=-",
    "t=0 0",
    "a=group:BUNDLE 0",
    "a=msid-semantic: WMS",
    "m=application 9 UDP/DTLS/SCTP webrtc-datachannel",
    "c=IN IP4 0.0.0.0",
    ...facts.candidates.map((candidate, index) => `a=${candidateLine(candidate, index)}`),
    `a=ice-ufrag:${facts.ufrag}`,
    `a=ice-pwd:${facts.pwd}`,
    `a=fingerprint:${facts.algorithm} ${hex}`,
    `a=setup:${facts.setup}`,
    "a=mid:0",
    "a=sctp-port:5000",
    "a=max-message-size:262144",
    "",
  ].join("\r\n");
}
