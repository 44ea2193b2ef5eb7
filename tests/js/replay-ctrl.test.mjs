// The replay viewer's controller against a fake engine: a long record is checked a slice at
// a time (with progress, and a way out), positions step within rounds and across them, each
// round is asked for once per layout, and a step made while a round loads wins.
import assert from "node:assert/strict";
import { test } from "node:test";

import { ReplayCtrl, SLICE_MS, checkRecord, roundEvents } from "../../web/js/replay/replay-ctrl.js";

const SUMMARY = { turns: [2, 3], record: { seats: ["human", "expert", "expert", "expert"] } };

/** A fake engine whose `replay_round` replies are settled by the test (or at once). */
function engine({ hold = false } = {}) {
  const calls = [];
  const pending = [];
  const call = (method, params) => {
    calls.push({ method, params });
    const story = { events: [{ type: "round_started", round: params.round }], round: params.round };
    if (!hold) return Promise.resolve(story);
    return new Promise((resolve) => pending.push(() => resolve(story)));
  };
  return { call, calls, pending };
}

test("a long record is checked a slice at a time, its progress told", async () => {
  const replies = [
    { finished: false, done: 10, total: 30 },
    { finished: false, done: 20, total: 30 },
    { finished: true, summary: SUMMARY },
  ];
  const calls = [];
  const progress = [];
  const summary = await checkRecord(
    async (method, params) => {
      calls.push(params);
      return replies.shift();
    },
    { rounds: [] },
    { progress: (done, total) => progress.push([done, total]), cancelled: () => false },
  );
  assert.equal(summary, SUMMARY);
  assert.deepEqual(calls, [{ record: { rounds: [] }, budget_ms: SLICE_MS }, { budget_ms: SLICE_MS }, { budget_ms: SLICE_MS }]);
  assert.deepEqual(progress, [
    [10, 30],
    [20, 30],
  ]);
});

test("a cancelled check ends with nothing to show", async () => {
  let cancelled = false;
  const summary = await checkRecord(async () => ({ finished: false, done: 1, total: 9 }), {}, {
    progress: () => {
      cancelled = true;
    },
    cancelled: () => cancelled,
  });
  assert.equal(summary, null);
});

test("positions: the deal and each turn of each round, stepped within and across rounds", () => {
  const ctrl = new ReplayCtrl(engine().call, SUMMARY, 1.5);
  assert.equal(ctrl.positions.length, 3 + 4);
  assert.deepEqual(ctrl.position, { r: 0, k: 0 });
  assert.equal(ctrl.first, true);
  ctrl.step("prev");
  assert.deepEqual(ctrl.position, { r: 0, k: 0 });
  ctrl.step("end");
  assert.deepEqual(ctrl.position, { r: 0, k: 2 });
  ctrl.step("next");
  assert.deepEqual(ctrl.position, { r: 1, k: 0 });
  ctrl.step("end");
  assert.equal(ctrl.last, true);
  ctrl.step("next");
  assert.deepEqual(ctrl.position, { r: 1, k: 3 });
  ctrl.step("start");
  assert.deepEqual(ctrl.position, { r: 1, k: 0 });
  ctrl.step("prev_round");
  assert.deepEqual(ctrl.position, { r: 0, k: 0 });
  ctrl.step("next_round");
  ctrl.step("next_round");
  assert.deepEqual(ctrl.position, { r: 1, k: 0 });
});

test("each round is asked for once per layout; a new shape asks again", async () => {
  const fake = engine();
  const ctrl = new ReplayCtrl(fake.call, SUMMARY, 1.5);
  const round = await ctrl.current();
  await ctrl.current();
  assert.deepEqual(fake.calls, [{ method: "replay_round", params: { round: 1, aspect: 1.5 } }]);
  assert.deepEqual(round.events, roundEvents([{ type: "round_started", round: 1 }]));
  assert.equal(ctrl.relayout(1.6), false, "a little change keeps the layout");
  assert.equal(ctrl.relayout(0.7), true);
  await ctrl.current();
  assert.deepEqual(fake.calls.at(-1), { method: "replay_round", params: { round: 1, aspect: 0.7 } });
});

test("a step made while a round loads wins over the one before", async () => {
  const fake = engine({ hold: true });
  const ctrl = new ReplayCtrl(fake.call, SUMMARY, 1.5);
  const first = ctrl.current();
  ctrl.step("next_round");
  const second = ctrl.current();
  fake.pending.forEach((resolve) => resolve());
  assert.equal(await first, null, "the earlier position is not drawn");
  assert.equal((await second).story.round, 2);
});

test("a round's events grouped: its start, its turns, its end", () => {
  const events = [
    { type: "round_started" },
    { type: "placed", seat: 0 },
    { type: "passed", seat: 1 },
    { type: "round_settled" },
    { type: "game_won" },
  ];
  const grouped = roundEvents(events);
  assert.equal(grouped.started, events[0]);
  assert.deepEqual(grouped.turns, [events[1], events[2]]);
  assert.equal(grouped.settled, events[3]);
  assert.equal(grouped.won, events[4]);
});
