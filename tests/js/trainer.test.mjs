// The "find the move" trainer without a browser: its rules (a wrong first try earns a second,
// then the answer), its controller against a fake engine, the daily puzzle and the streak,
// and the stored progress of retried mistakes.
import assert from "node:assert/strict";
import { test } from "node:test";

import { afterSolve, dailyNumber, dayOf, noProgress, readProgress, streakOn } from "../../web/js/coach/puzzles-daily.js";
import { Trainer } from "../../web/js/coach/trainer.js";
import { KEPT_GAMES, gameKey, mistakesOf, readRetryStore, withResult } from "../../web/js/coach/trainer-progress.js";
import { TRIES, afterTry, freshTry } from "../../web/js/coach/trainer-state.js";
import { fakeEngine } from "./fake-engine.js";

test("a right first try solves the position", () => {
  const state = afterTry(freshTry(), "1-2@2-2:low", true);
  assert.deepEqual(state, { phase: "answered", tries: ["1-2@2-2:low"], result: "solved" });
});

test("a wrong first try earns a second; right then solves it", () => {
  const second = afterTry(freshTry(), "a", false);
  assert.equal(second.phase, "second");
  assert.equal(second.result, null);
  assert.deepEqual(afterTry(second, "b", true), { phase: "answered", tries: ["a", "b"], result: "solved" });
});

test("two wrong tries fail the position, and a late try changes nothing", () => {
  let state = freshTry();
  for (let i = 0; i < TRIES; i += 1) state = afterTry(state, `m${i}`, false);
  assert.deepEqual(state, { phase: "answered", tries: ["m0", "m1"], result: "failed" });
  assert.equal(afterTry(state, "best", true), state);
});

/** A trainer over a fake engine: `trainer_check` calls `correct(move)`. */
function trainer(correct, items = [{ position: { p: 1 }, candidates: [["a", 1]], key: "1" }]) {
  const results = [];
  const board = {
    seat: 1,
    hand: ["1-2", "3-4"],
    legal: { "1-2": ["2-2:low", "2-2:high"], "3-4": ["4-4:low"] },
    moves: { "1-2": { "2-2:low": "1-2@2-2:low", "2-2:high": "1-2@2-2:high" }, "3-4": { "4-4:low": "3-4@4-4:low" } },
    table: { points: [] },
  };
  const { calls, call } = fakeEngine((method, params) => {
    if (method === "trainer_board") return board;
    return { correct: correct(params.move), move: params.move, best: { move: "1-2@2-2:high" }, played: { move: params.move }, loss: 3, reasons: [] };
  });
  const host = {
    call,
    notify: () => {},
  };
  const ctrl = new Trainer(host, items, { aspect: () => 0.5, onResult: (item, result) => results.push([item.key, result]) });
  return { ctrl, calls, results };
}

test("picking a tile lights its places; a place is then judged by the engine", async () => {
  const { ctrl, calls, results } = trainer((move) => move === "1-2@2-2:high");
  await ctrl.go(0);
  assert.deepEqual(calls[0], { method: "trainer_board", params: { position: { p: 1 }, aspect: 0.5 } });
  ctrl.pick("1-2");
  assert.equal(ctrl.selected, "1-2");
  await ctrl.place("2-2:low");
  assert.equal(ctrl.state.phase, "second");
  assert.equal(ctrl.selected, null);
  assert.deepEqual(calls.at(-1).params.candidates, [["a", 1]]);
  ctrl.pick("1-2");
  await ctrl.place("2-2:high");
  assert.equal(ctrl.state.result, "solved");
  assert.deepEqual(results, [["1", "solved"]]);
});

test("a tile with one place is lit, not tried; a second tap or its place tries it", async () => {
  const { ctrl, calls, results } = trainer(() => false);
  await ctrl.go(0);
  await ctrl.pick("3-4");
  assert.equal(ctrl.selected, "3-4");
  assert.equal(calls.length, 1, "a pick alone asks the engine nothing");
  assert.equal(ctrl.state.phase, "first");
  await ctrl.pick("3-4");
  assert.equal(ctrl.state.phase, "second");
  ctrl.pick("3-4");
  await ctrl.place("4-4:low");
  assert.equal(ctrl.state.result, "failed");
  assert.deepEqual(results, [["1", "failed"]]);
  const asked = calls.length;
  ctrl.pick("1-2");
  await ctrl.place("2-2:high");
  assert.equal(calls.length, asked);
  assert.equal(ctrl.selected, null);
});

test("a tile that cannot be played, or a place for no tile, is no try", async () => {
  const { ctrl, calls } = trainer(() => true);
  await ctrl.go(0);
  ctrl.pick("6-6");
  await ctrl.place("2-2:low");
  assert.equal(calls.length, 1);
  assert.equal(ctrl.state.phase, "first");
});

test("the daily puzzle depends on the date alone and runs through every puzzle", () => {
  assert.equal(dayOf(new Date(2026, 11, 5, 23, 59)), "2026-12-05");
  const count = 240;
  const seen = new Set();
  for (let d = 0; d < count; d += 1) seen.add(dailyNumber(dayOf(new Date(2026, 0, 1 + d)), count));
  assert.equal(seen.size, count);
  assert.equal(dailyNumber("2026-12-05", count), dailyNumber("2026-12-05", count));
  assert.notEqual(dailyNumber("2026-12-05", count), dailyNumber("2026-12-06", count));
  assert.ok([...seen].every((n) => n >= 1 && n <= count));
});

test("the streak grows once a day, holds through today, and ends after a missed day", () => {
  let progress = afterSolve(noProgress(), 7, "2026-12-05");
  assert.deepEqual(progress, { solved: [7], days: 1, last: "2026-12-05" });
  progress = afterSolve(progress, 8, "2026-12-05");
  assert.equal(progress.days, 1);
  progress = afterSolve(progress, 7, "2026-12-06");
  assert.deepEqual(progress, { solved: [7, 8], days: 2, last: "2026-12-06" });
  assert.equal(streakOn(progress, "2026-12-07"), 2);
  assert.equal(streakOn(progress, "2026-12-08"), 0);
  assert.equal(afterSolve(progress, 9, "2026-12-09").days, 1);
  // across a month's end
  assert.equal(afterSolve({ solved: [], days: 4, last: "2026-11-30" }, 1, "2026-12-01").days, 5);
});

test("stored puzzle progress is checked; what is not progress at all is none", () => {
  assert.deepEqual(readProgress({ solved: [1, 2], days: 3, last: "2026-12-05" }), { solved: [1, 2], days: 3, last: "2026-12-05" });
  for (const bad of [null, "x", [1, 2], { solved: ["1"], days: 1, last: null }, { solved: [], days: -1, last: null }, { solved: [], days: 1, last: "today" }]) {
    assert.deepEqual(readProgress(bad), noProgress());
  }
});

test("one malformed entry of puzzle progress is dropped alone: the solves and the streak stay", () => {
  const twelve = Array.from({ length: 12 }, (_, i) => i + 1);
  for (const bad of ["13", null, -4, 2.5, { n: 13 }, 7]) {
    const progress = readProgress({ solved: [...twelve.slice(0, 6), bad, ...twelve.slice(6)], days: 5, last: "2026-12-05" });
    assert.deepEqual(progress, { solved: twelve, days: 5, last: "2026-12-05" });
    assert.deepEqual(afterSolve(progress, 40, "2026-12-06"), { solved: [...twelve, 40], days: 6, last: "2026-12-06" });
  }
  // A streak whose day is malformed is no streak; the solves stay.
  assert.deepEqual(readProgress({ solved: twelve, days: 5, last: "yesterday" }), { solved: twelve, days: 0, last: null });
  assert.deepEqual(readProgress({ solved: "many", days: 5, last: "2026-12-05" }), { solved: [], days: 5, last: "2026-12-05" });
});

test("one malformed game or result of the retried mistakes is dropped alone", () => {
  const kept = { g1: { "1-4": "solved" }, g3: { "2-3": "failed", "5-5": "solved" } };
  const stored = { g0: "x", ...kept, g2: [1], g4: { "6-6": "maybe" }, g5: null };
  stored.g3 = { ...stored.g3, "0-0": 7 };
  assert.deepEqual(readRetryStore(stored), kept);
  for (const bad of [null, "x", [kept]]) assert.deepEqual(readRetryStore(bad), {});
});

test("retried mistakes: only mistakes and blunders with their analysis; solved stays solved", () => {
  const moves = [
    { mark: "mistake", candidates: [] },
    { mark: "blunder", candidates: [] },
    { mark: "good", candidates: [] },
    { mark: "mistake" },
  ];
  assert.equal(mistakesOf(moves).length, 2);
  let store = withResult({}, "g", "1-4", "solved");
  store = withResult(store, "g", "1-4", "failed");
  store = withResult(store, "g", "2-3", "failed");
  assert.deepEqual(store, { g: { "1-4": "solved", "2-3": "failed" } });
});

test("retry progress is kept per game, for the newest games only", () => {
  const a = gameKey({ seed: 4, rounds: [{ moves: [{ seat: 0, tile: "6-6" }] }] }, 0);
  const b = gameKey({ seed: 4, rounds: [{ moves: [{ seat: 0, tile: "5-5" }] }] }, 0);
  assert.notEqual(a, b);
  assert.notEqual(a, gameKey({ seed: 4, rounds: [{ moves: [{ seat: 0, tile: "6-6" }] }] }, 2));
  let store = {};
  for (let g = 0; g < KEPT_GAMES + 5; g += 1) store = withResult(store, `game${g}`, "1-1", "solved");
  const games = Object.keys(store);
  assert.equal(games.length, KEPT_GAMES);
  assert.equal(games.at(-1), `game${KEPT_GAMES + 4}`);
  assert.ok(!games.includes("game0"));
});
