// How far one flooding guest puts the host's engine behind: the host's book of its guests
// (web/js/host/guests.js, the real one) in front of an engine that answers one request at a
// time, as the host's web worker does, each taking the time a browser's engine takes for it
// (`--cost` ms for a request answered with a snapshot; a fifth of it for a count; `--ping`
// ms for a ping). While the guest at West floods the host, the host pings its engine every
// 50 ms; each ping's lag (from asking to the answer) is how late the host's own game would
// be. Scenarios:
//
//   burst:  3,000 junk texts out of turn at once
//   stream: 2,000 junk texts a second for `--seconds` s (15), out of turn
//   shapes: 2,000 screen shapes a second for 5 s (each asks for a fresh snapshot)
//
//   node benchmarks/guest_flood.mjs                 # every scenario
//   node benchmarks/guest_flood.mjs --only burst --cost 5 --seconds 15
//
// Printed per scenario: the pings' median and largest lag (a ping unanswered at the end counts
// with its wait so far), the engine calls the flood made,
// and the texts the host read, refused and dropped.

import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";

import { GuestBook } from "../web/js/host/guests.js";
import { guestSays } from "../web/js/link/wire.js";

const { values: args } = parseArgs({
  options: {
    only: { type: "string" },
    cost: { type: "string", default: "5" },
    ping: { type: "string", default: "0.5" },
    seconds: { type: "string", default: "15" },
  },
});
const COST = Number(args.cost);
const SECONDS = Number(args.seconds);
const sleep = (/** @type {number} */ ms) => new Promise((resolve) => setTimeout(resolve, ms));
const median = (/** @type {number[]} */ xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

/** The host's engine: one request at a time, each taking its time. */
function serialEngine() {
  let tail = Promise.resolve();
  const counts = /** @type {Record<string, number>} */ ({});
  const snap = { game: 1, round: 1, turn: 0, over: false, events: [], events_total: 4, names: [null, null, null, null], refused: [0, 0, 0, 0] };
  /** @param {string} method @param {any} params */
  const call = (method, params = {}) => {
    counts[method] = (counts[method] ?? 0) + 1;
    const cost = method === "ping" ? Number(args.ping) : method === "guest_refused" ? COST / 5 : COST;
    const answer = () => {
      if (method === "guest_move") return { accepted: false, reason: "not-your-turn", snap };
      if (method === "guest_refused") return { refused: [0, params.count, 0, 0] };
      return snap;
    };
    const reply = tail.then(() => sleep(cost)).then(answer);
    tail = reply.then(() => undefined);
    return reply;
  };
  return { call, counts };
}

/**
 * One scenario: `flood(send)` sends the guest's texts while the host pings its engine.
 * @param {string} name
 * @param {(send: (text: string) => void) => Promise<void>} flood
 */
async function scenario(name, flood) {
  const engine = serialEngine();
  let sent = 0;
  const link = { send: () => (sent += 1), state: () => /** @type {const} */ ("connected"), release() {}, close() {} };
  const book = new GuestBook({
    link,
    seats: [1, 3],
    request: /** @type {any} */ (engine.call),
    latest: () => /** @type {any} */ ({ turn: 0, over: false, events_total: 4 }),
    now: () => performance.now(),
    changed: () => {},
  });
  book.onState(1, "connected");
  book.onMessage(1, guestSays.join("West", 0.6));
  await sleep(50);
  const pings = /** @type {{asked: number, lag: number | null}[]} */ ([]);
  let flooding = true;
  const pinging = (async () => {
    while (flooding) {
      const ping = { asked: performance.now(), lag: /** @type {number | null} */ (null) };
      pings.push(ping);
      engine.call("ping").then(() => (ping.lag = performance.now() - ping.asked));
      await sleep(50);
    }
  })();
  let texts = 0;
  await flood((text) => {
    texts += 1;
    book.onMessage(1, text);
  });
  flooding = false;
  await pinging;
  await sleep(200); // the pings asked last may answer
  // A ping still unanswered counts with its wait so far (its lag is at least that).
  const end = performance.now();
  const lags = pings.map((ping) => ping.lag ?? end - ping.asked);
  const waiting = pings.filter((ping) => ping.lag == null).length;  const floodCalls = Object.entries(engine.counts).filter(([method]) => method !== "ping" && method !== "guest_join");
  const calls = floodCalls.reduce((sum, [, n]) => sum + n, 0);
  const west = /** @type {any} */ (book.seat(1));
  const dropped = `${west.dropped ?? 0}${west.cut ? ", channel closed" : ""}`;
  book.leave("host-left");
  console.log(
    `${name.padEnd(7)} ping lag median ${median(lags).toFixed(1).padStart(8)} ms, max ${Math.max(...lags).toFixed(1).padStart(8)} ms ` +
      `(${waiting} of ${pings.length} unanswered) | engine calls for the flood ${String(calls).padStart(6)} | texts ${texts}, host replies ${sent}, dropped ${dropped}`,
  );
}

/** @param {number} perSecond @param {number} seconds @param {() => string} text */
const stream = (perSecond, seconds, text) => async (/** @type {(text: string) => void} */ send) => {
  const start = performance.now();
  let done = 0;
  while (performance.now() - start < seconds * 1000) {
    const due = Math.floor(((performance.now() - start) / 1000) * perSecond);
    for (; done < due; done += 1) send(text());
    await sleep(10);
  }
};

const SCENARIOS = {
  burst: async (/** @type {(text: string) => void} */ send) => {
    for (let i = 0; i < 3000; i += 1) send(`{"t":"move","move":"junk ${i}"}`);
    await sleep(5000);
  },
  stream: stream(2000, SECONDS, () => "{"),
  shapes: stream(2000, 5, () => guestSays.aspect(0.5 + Math.random())),
};

console.log(`engine: ${COST} ms a snapshot request, ${COST / 5} ms a count, ${args.ping} ms a ping, one at a time`);
for (const [name, flood] of Object.entries(SCENARIOS)) {
  if (!args.only || args.only === name) await scenario(name, flood);
}
process.exit(0);
