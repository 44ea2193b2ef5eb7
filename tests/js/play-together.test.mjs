// Friends on other devices, against a fake link and a fake engine: the host's book of its
// guests (joins, each guest's own snapshots, moves for the loop, late moves, away and the
// stand-in, the end), the host's loop at a remote seat's turn, and the guest's side (the
// host's snapshots answering the guest's loop, refusals, junk ignored).
import assert from "node:assert/strict";
import { afterEach, test } from "node:test";

import { GameLoop } from "../../web/js/game/game-loop.js";
import { LinkEngine } from "../../web/js/guest/link-engine.js";
import { guestSays, hostSays, readGuest, readHost } from "../../web/js/link/wire.js";
import { Pacer } from "../../web/js/game/pacing.js";
import { AWAY_OFFER_MS, DROPPED_LIMIT, GuestBook, MESSAGE_BURST, MESSAGE_RATE, TURN_OFFER_MS } from "../../web/js/host/guests.js";
import { UiStore } from "../../web/js/game/ui-store.js";
import { fakeEngine } from "./fake-engine.js";

const tick = () => new Promise((resolve) => setImmediate(resolve));
const BOTS = [null, "remote", "expert", "remote"];
const TABLE = { tiles: [], points: [], bounds: [0, 0, 1, 1], ends: [] };
const snap = (fields = {}) => ({
  game: 1,
  round: 1,
  bots: BOTS,
  names: [null, null, null, null],
  scores: [0, 0],
  hand_sizes: [7, 7, 7, 7],
  table: TABLE,
  legal: {},
  moves: {},
  events: [],
  events_total: 0,
  over: false,
  human_turn: false,
  turn: 1,
  hand: [],
  ...fields,
});
const placed = (seat, tile) => ({ type: "placed", seat, tile, team: seat % 2, points: 0 });

/** A fake HostLink: what each seat was sent, parsed. */
function fakeLink() {
  const sent = { 1: [], 3: [] };
  const released = [];
  return { sent, released, send: (seat, text) => sent[seat].push(JSON.parse(text)), state: () => "connected", release: (seat) => released.push(seat), close() {} };
}

/** A fake engine answering the book's and the loop's calls; `calls` records them. */
function tableEngine(answer = () => null) {
  return fakeEngine((method, params) => {
    const own = answer(method, params);
    if (own !== undefined && own !== null) return own;
    if (method === "guest_view") return snap({ viewer: params.seat, events_total: 2, events: [placed(0, "6-6"), placed(1, "6-5")].slice(params.since) });
    if (method === "guest_join") return snap({ names: [null, params.name, null, null] });
    if (method === "guest_refused") return { refused: [0, 0, 0, 0].map((n, seat) => (seat === params.seat ? params.count : n)) };
    return null;
  });
}

/** Every book a test opened, ended after it: a turn's pending offer timer would keep Node waiting. */
const opened = [];
afterEach(() => {
  for (const guests of opened.splice(0)) guests.leave();
});

function book({ engine = tableEngine(), latest = snap(), clock = { now: 0 } } = {}) {
  const link = fakeLink();
  let changes = 0;
  const guests = new GuestBook({
    link,
    seats: [1, 3],
    request: engine.call,
    latest: () => latest,
    now: () => clock.now,
    changed: () => (changes += 1),
  });
  opened.push(guests);
  return { guests, link, engine, clock, changes: () => changes };
}

test("a guest's join is named to the engine and answered with hello and its own snapshot", async () => {
  const { guests, link, engine } = book();
  guests.onMessage(1, guestSays.join("Bia", 0.55));
  await tick();
  await guests.sending;
  assert.deepEqual(engine.calls[0], { method: "guest_join", params: { seat: 1, name: "Bia" } });
  assert.deepEqual(engine.calls[1], { method: "guest_view", params: { seat: 1, aspect: 0.55, since: 0 } });
  assert.deepEqual(link.sent[1].map((m) => m.t), ["hello", "snap"]);
  assert.equal(link.sent[1][1].snap.viewer, 1);
  assert.deepEqual(link.sent[3], [], "a guest that has not joined is sent nothing");
  // The next snapshot carries only the events this guest has not had.
  await guests.update();
  assert.deepEqual(engine.calls.at(-1).params, { seat: 1, aspect: 0.55, since: 2 });
  assert.deepEqual(link.sent[1][2].snap.events, []);
});

test("a move at the seat's turn goes to the loop; one sent before the turn is refused at once, without the engine", async () => {
  const { guests, link, engine } = book({ latest: snap({ turn: 1, events_total: 4 }) });
  const counts = [];
  guests.parts.counted = (refused) => counts.push(refused);
  guests.onMessage(1, guestSays.move("6-4@6-6:high"));
  guests.onMessage(3, guestSays.move("6-3@6-6:low"));
  const controller = new AbortController();
  assert.deepEqual(await guests.nextMove(1, controller.signal), { seat: 1, text: '{"t":"move","move":"6-4@6-6:high"}', late: false });
  assert.deepEqual(link.sent[3], [{ t: "refused", reason: "not-your-turn" }]);
  await tick();
  assert.deepEqual(engine.calls, [{ method: "guest_refused", params: { seat: 3, count: 1 } }], "the engine only counts it");
  assert.deepEqual(counts, [[0, 0, 0, 1]]);
  // Nothing queued: the wait lasts until a message, and ends with the game.
  const waiting = guests.nextMove(1, controller.signal);
  controller.abort();
  await assert.rejects(waiting, { name: "AbortError" });
});

test("a second move sent during a turn is refused as out of turn, never played at the seat's next turn", async () => {
  let latest = snap({ turn: 1, events_total: 4 });
  const { guests, link, engine } = book();
  guests.parts.latest = () => latest;
  guests.onMessage(1, guestSays.move("6-4@6-6:high"));
  guests.onMessage(1, guestSays.move("4-4@6-4:high"));
  const controller = new AbortController();
  assert.deepEqual(await guests.nextMove(1, controller.signal), { seat: 1, text: '{"t":"move","move":"6-4@6-6:high"}', late: false });
  // The first is played; the table comes round to seat 1 again.
  latest = snap({ turn: 1, events_total: 8 });
  const waiting = guests.nextMove(1, controller.signal);
  await tick();
  assert.deepEqual(link.sent[1], [{ t: "refused", reason: "not-your-turn" }]);
  assert.deepEqual(engine.calls.at(-1), { method: "guest_refused", params: { seat: 1, count: 1 } });
  // The seat's turn waits for a move sent now.
  guests.onMessage(1, guestSays.move("4-3@4-4:high"));
  assert.deepEqual(await waiting, { seat: 1, text: '{"t":"move","move":"4-3@4-4:high"}', late: false });
});

test("junk, oversized and unknown messages go to the engine as moves, to be refused and counted", () => {
  for (const text of ["{", "x".repeat(5000), '{"t":"hello"}', "[]", '{"t":"aspect","aspect":-1}']) {
    assert.deepEqual(readGuest(text), { t: "move", text });
  }
  assert.deepEqual(readGuest('{"t":"aspect","aspect":0.5}'), { t: "aspect", aspect: 0.5 });
  assert.deepEqual(readGuest('{"t":"join","name":7}'), { t: "join", name: null, aspect: null });
});

test("a guest away a minute is offered to a bot; back, the seat is theirs again", async () => {
  const { guests, clock } = book({ latest: snap({ turn: 3 }) });
  guests.onMessage(3, guestSays.join(null, 1));
  guests.onState(3, "away");
  assert.equal(guests.away(3), true);
  assert.equal(guests.offerStandIn(3), false);
  clock.now = AWAY_OFFER_MS;
  assert.equal(guests.offerStandIn(3), true);
  const signal = new AbortController().signal;
  const waiting = guests.nextMove(3, signal);
  guests.standIn(3);
  assert.deepEqual(await waiting, { seat: 3, standIn: true });
  guests.onState(3, "connected");
  assert.equal(guests.away(3), false);
  assert.equal(guests.seat(3).standIn, false);
  guests.leave("host-left");
});

test("a guest's flood is dropped past its budget, and past the limit its channel is closed", async () => {
  const { guests, link, clock } = book({ latest: snap({ turn: 0 }) });
  guests.onMessage(1, guestSays.join("Bia", 0.6));
  const junk = () => guests.onMessage(1, "{");
  for (let i = 1; i < MESSAGE_BURST; i += 1) junk();
  const refusals = () => link.sent[1].filter((m) => m.t === "refused").length;
  assert.equal(refusals(), MESSAGE_BURST - 1, "a burst is read");
  junk();
  assert.equal(refusals(), MESSAGE_BURST - 1, "past the burst, dropped unread");
  assert.equal(guests.seat(1).dropped, 1);
  clock.now = 1000; // a second later: a second's worth more
  for (let i = 0; i < 2 * MESSAGE_RATE; i += 1) junk();
  assert.equal(refusals(), MESSAGE_BURST - 1 + MESSAGE_RATE);
  assert.deepEqual(link.released, []);
  for (let i = guests.seat(1).dropped; i < DROPPED_LIMIT; i += 1) junk();
  assert.deepEqual(link.released, [1], "the channel is closed");
  assert.equal(guests.away(1), true);
  assert.equal(guests.offerStandIn(1), true, "the host may give the seat to a bot at once");
  assert.equal(guests.offerStandIn(3), false);
  guests.onMessage(1, "{");
  assert.equal(refusals(), MESSAGE_BURST - 1 + MESSAGE_RATE);
  guests.leave("host-left");
});

test("out-of-turn messages are refused at once and counted by the engine a batch at a time", async () => {
  const { guests, link, engine } = book({ latest: snap({ turn: 0 }) });
  const counts = [];
  guests.parts.counted = (refused) => counts.push(refused[3]);
  for (let i = 0; i < 30; i += 1) guests.onMessage(3, guestSays.move("6-6"));
  assert.equal(link.sent[3].length, 30);
  await tick();
  await tick();
  const calls = engine.calls.filter((c) => c.method === "guest_refused").map((c) => c.params.count);
  assert.deepEqual(calls, [1, 29], "one call in flight; the rest wait together");
  assert.deepEqual(engine.methods().filter((m) => m !== "guest_refused"), [], "no move goes to the engine");
  assert.deepEqual(counts, [1, 29]);
});

test("a flood of shapes and 'next' is one snapshot per seat at a time, built for the latest shape", async () => {
  const { guests, link, engine } = book();
  guests.onMessage(1, guestSays.join("Bia", 0.5));
  await tick();
  for (let i = 1; i <= 15; i += 1) {
    guests.onMessage(1, guestSays.aspect(1 + i / 100));
    guests.onMessage(1, guestSays.next());
  }
  await guests.sending;
  const views = engine.calls.filter((c) => c.method === "guest_view");
  assert.ok(views.length <= 3, `${views.length} snapshots built`);
  assert.equal(views.at(-1).params.aspect, 1.15, "the latest shape wins");
  assert.ok(link.sent[1].filter((m) => m.t === "snap").length <= 3);
});

test("a connected guest's turn left unplayed a while offers the host a bot, counted from the turn's start", async () => {
  const latest = { snap: snap({ turn: 0, events_total: 3 }) };
  const { guests, clock } = book();
  guests.parts.latest = () => latest.snap;
  guests.onMessage(1, guestSays.join("Bia", 0.6));
  guests.onState(1, "connected");
  clock.now = 5_000;
  latest.snap = snap({ turn: 1, events_total: 4 });
  const controller = new AbortController();
  const waiting = guests.nextMove(1, controller.signal);
  clock.now = 5_000 + TURN_OFFER_MS - 1;
  assert.equal(guests.offerStandIn(1), false);
  guests.onMessage(1, guestSays.move("9-9")); // refused by the loop: the turn goes on
  assert.deepEqual(await waiting, { seat: 1, text: '{"t":"move","move":"9-9"}', late: false });
  const again = guests.nextMove(1, controller.signal);
  assert.equal(guests.offerStandIn(1), false, "a refusal does not start the turn again");
  clock.now = 5_000 + TURN_OFFER_MS;
  assert.equal(guests.offerStandIn(1), true);
  assert.equal(guests.offerStandIn(3), false);
  guests.standIn(1);
  assert.deepEqual(await again, { seat: 1, standIn: true });
  // The bot played; the seat's next turn: a fresh minute, and the guest's move is theirs.
  latest.snap = snap({ turn: 1, events_total: 8 });
  guests.onMessage(1, guestSays.move("6-6"));
  assert.equal(guests.seat(1).standIn, false, "a move from the guest gives the seat back");
  assert.deepEqual(await guests.nextMove(1, controller.signal), { seat: 1, text: '{"t":"move","move":"6-6"}', late: false });
  assert.equal(guests.offerStandIn(1), false);
  guests.leave("host-left");
});

test("the host leaving tells every guest, and nothing is taken after", async () => {
  const { guests, link } = book();
  guests.leave("host-left");
  assert.deepEqual(link.sent[1], [{ t: "end", reason: "host-left" }]);
  assert.deepEqual(link.sent[3], [{ t: "end", reason: "host-left" }]);
  guests.onMessage(1, guestSays.move("6-6"));
  assert.deepEqual(guests.queue, []);
});

test("the host's loop waits at a remote turn, tells a refusal to its sender and plays the next move", async () => {
  const moved = snap({ turn: 0, human_turn: true, events: [placed(1, "6-5")], events_total: 1, refused: [0, 1, 0, 0] });
  let answers = [
    { accepted: false, reason: "illegal", snap: snap({ refused: [0, 1, 0, 0] }) },
    { accepted: true, reason: null, snap: moved },
  ];
  const engine = tableEngine((method) => (method === "guest_move" ? answers.shift() : undefined));
  const holder = {};
  const { guests, link } = book({ engine, latest: null });
  guests.parts.latest = () => holder.loop.latest;
  const view = { render() {}, renderNow() {}, parked() {}, shown() {}, sayEvent() {}, sayKnock() {}, passTo() {}, hidePass() {}, seatTaken() {}, emit() {} };
  const loop = new GameLoop({
    request: engine.call,
    aspect: () => 1.5,
    pacer: new Pacer(),
    speed: () => 0,
    now: () => 0,
    store: new UiStore(),
    view,
    dialogs: { roundSummary: async () => {}, gameOver: async () => null },
    save() {},
    over() {},
    afterGame() {},
    guests: () => guests,
  });
  holder.loop = loop;
  loop.show(snap({ turn: 1 }));
  const running = loop.run();
  await tick();
  assert.ok(!engine.methods().includes("step"), "no bot is asked to move for a friend");
  guests.onMessage(1, guestSays.move("9-9"));
  await tick();
  await tick();
  assert.deepEqual(link.sent[1].at(-1), { t: "refused", reason: "illegal" });
  assert.deepEqual(loop.snap.refused, [0, 1, 0, 0]);
  guests.onMessage(1, guestSays.move("6-5@6-6:high"));
  await running;
  const moves = engine.calls.filter((c) => c.method === "guest_move");
  assert.deepEqual(moves.map((c) => [c.params.seat, c.params.late]), [[1, false], [1, false]]);
  assert.equal(loop.snap, moved);
  answers = [];
});

test("the guest's engine: a move waits for the table, a refusal answers null, history comes from any index", async () => {
  const sent = [];
  const told = [];
  const engine = new LinkEngine({ send: (text) => sent.push(JSON.parse(text)), told: (m) => told.push(m.t) });
  engine.onMessage(hostSays.snap(snap({ turn: 1, human_turn: true, events: [placed(0, "6-6")], events_total: 1 })));
  const refused = engine.call("play", { move: "9-9", since: 1, aspect: 0.6 });
  assert.deepEqual(sent.slice(-2), [{ t: "aspect", aspect: 0.6 }, { t: "move", move: "9-9" }]);
  engine.onMessage(hostSays.refused("illegal"));
  assert.equal(await refused, null);
  const played = engine.call("play", { move: "6-5@6-6:high", since: 1, aspect: 0.6 });
  engine.onMessage(hostSays.snap(snap({ turn: 2, events: [placed(1, "6-5")], events_total: 2 })));
  const after = await played;
  assert.deepEqual(after.events, [placed(1, "6-5")]);
  assert.deepEqual(engine.snapshot(0).events.map((e) => e.tile), ["6-6", "6-5"]);
  const step = engine.call("step", { since: 2 });
  engine.onMessage("not json");
  engine.onMessage(JSON.stringify({ t: "snap", snap: "nothing" }));
  engine.onMessage(hostSays.snap(snap({ turn: 3, events: [placed(2, "5-5")], events_total: 3 })));
  assert.deepEqual((await step).events, [placed(2, "5-5")]);
  assert.deepEqual(told, ["snap", "refused", "snap", "unreadable", "snap"]);
  await assert.rejects(engine.call("hint"), { name: "NotForGuests" });
  assert.deepEqual(readHost('{"t":"end","reason":"bored"}'), { t: "unreadable" });
  assert.equal(readHost('{"t":"gossip"}'), null);
});

test("a host's snap or end in a shape the guest's page cannot read is reported, never read halfway", async () => {
  const malformed = [
    { t: "snap", snap: null },
    { t: "snap", snap: [] },
    { t: "snap", snap: snap({ events: null }) },
    { t: "snap", snap: snap({ events: "6-6" }) },
    { t: "snap", snap: snap({ events: [null] }) },
    { t: "snap", snap: snap({ events_total: "1" }) },
    { t: "snap", snap: snap({ events: [placed(0, "6-6")], events_total: 0 }) },
    { t: "snap", snap: snap({ hand: [6] }) },
    { t: "snap", snap: snap({ table: null }) },
    { t: "snap", snap: snap({ turn: 9 }) },
    { t: "snap", snap: snap({ game: undefined }) },
    { t: "snap", snap: snap({ names: "Ana" }) },
    { t: "end", reason: "game-over", record: "a record" },
    { t: "end", reason: 5 },
  ];
  for (const message of malformed) {
    const told = [];
    const engine = new LinkEngine({ send() {}, told: (m) => told.push(m.t) });
    engine.onMessage(hostSays.snap(snap({ events: [placed(0, "6-6")], events_total: 1 })));
    const step = engine.call("step", { since: 1 });
    assert.doesNotThrow(() => engine.onMessage(JSON.stringify(message)), JSON.stringify(message));
    assert.deepEqual(told, ["snap", "unreadable"], JSON.stringify(message));
    assert.equal(engine.latest.events_total, 1, "nothing of it was taken");
    // The page goes on: the host's next good snapshot answers the waiting loop.
    engine.onMessage(hostSays.snap(snap({ events: [placed(1, "6-5")], events_total: 2 })));
    assert.deepEqual((await step).events, [placed(1, "6-5")]);
  }
});

test("the guest's engine tells the host's next game by its number (a guest is never sent the seed)", () => {
  const sent = [];
  const engine = new LinkEngine({ send: (text) => sent.push(JSON.parse(text)), told: () => {} });
  const six = ["6-6", "6-5", "5-5", "5-4", "4-4", "4-3"].map((tile, i) => placed(i % 4, tile));
  engine.onMessage(hostSays.snap(snap({ events: six, events_total: 6 })));
  // The next game's snapshot, with only its latest events: this page missed the others.
  engine.onMessage(hostSays.snap(snap({ game: 2, events: [placed(1, "3-3")], events_total: 5 })));
  assert.deepEqual(sent, [{ t: "next" }]);
  assert.equal(engine.latest.game, 1);
  engine.onMessage(hostSays.snap(snap({ game: 2, events: [placed(0, "2-2"), placed(1, "3-3")], events_total: 2 })));
  assert.deepEqual(engine.snapshot(0).events.map((e) => e.tile), ["2-2", "3-3"]);
  assert.equal("seed" in engine.latest, false);
});

test("a guest's name is kept by the engine's name rule: an emoji sequence stays, what it refuses goes", () => {
  const join = (name) => readGuest(JSON.stringify({ t: "join", name, aspect: 0.6 })).name;
  assert.equal(join("Bia 👩\u200d💻"), "Bia 👩\u200d💻");
  assert.equal(join("Bia\u202e\u0007 🏳️\u200d🌈"), "Bia 🏳️\u200d🌈");
  assert.equal(join("x".repeat(60)), "x".repeat(20));
  assert.equal(join("\u200b\u2066"), null);
});
