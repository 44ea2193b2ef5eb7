// The player's intents with a fake game: a tile with one place is played at once, one with
// several lights them, a blocked tile says so, a hint asks the engine and shows its tile,
// and nothing is taken while it is not the player's turn.
import assert from "node:assert/strict";
import { test } from "node:test";

import { GameLoop } from "../../web/js/game/game-loop.js";
import { PlayerIntents } from "../../web/js/game/intents.js";
import { HINT, HINT_ASKED } from "../../web/js/model/page-events.js";
import { UiStore } from "../../web/js/game/ui-store.js";
import { fakeEngine } from "./fake-engine.js";

const heard = [];
globalThis.document = { dispatchEvent: (event) => heard.push({ name: event.type, detail: event.detail }) };

const LEGAL = { "3-5": ["1-1:a", "1-1:b"], "6-6": ["open"], "2-4": [] };
const MOVES = { "3-5": { "1-1:a": "3-5@1-1:a", "1-1:b": "3-5@1-1:b" }, "6-6": { open: "6-6" } };
const yourTurn = (fields = {}) => ({ bots: [null, "expert", "expert", "expert"], events: [], events_total: 0, over: false, human_turn: true, must_pass: false, turn: 0, legal: LEGAL, moves: MOVES, ...fields });

/** Intents over a loop whose engine answers `answer(method, params)`. */
function intents(answer = () => null, snap = yourTurn()) {
  const { calls, call } = fakeEngine(answer);
  const store = new UiStore();
  const draws = [];
  const view = { render: () => draws.push("frame"), renderNow: () => draws.push("now"), shown() {}, emit() {}, sayEvent() {}, hidePass() {}, parked() {} };
  const loop = new GameLoop({
    request: call,
    aspect: () => 1.5,
    pacer: { held: false, whenFree: async () => {}, sleep: async () => {} },
    speed: () => 0,
    now: () => 0,
    store,
    view,
    dialogs: { roundSummary: async () => {}, gameOver: async () => null },
    save() {},
    over() {},
    afterGame() {},
  });
  loop.show(snap);
  const prompt = { textContent: "" };
  const root = { querySelector: (selector) => (selector === "#prompt" ? prompt : null) };
  const board = { querySelector: () => null, querySelectorAll: () => [] };
  const player = new PlayerIntents({ root, board, loop, store, view, elsewhere: () => false });
  return { player, calls, store, draws, prompt, loop };
}

test("a tile with one place goes there at once, through the engine", async () => {
  const { player, calls } = intents();
  player.chooseTile("6-6");
  await new Promise(setImmediate);
  assert.deepEqual(calls[0], { method: "play", params: { move: "6-6", aspect: 1.5, since: 0 } });
});

test("a tile with several places lights them, the first under the keyboard", () => {
  const { player, store, calls, draws } = intents();
  player.chooseTile("3-5");
  assert.equal(store.ui.selected, "3-5");
  assert.equal(store.ui.activeTarget, "1-1:a");
  assert.deepEqual(draws.at(-1), "now", "lit at once, for the next key");
  assert.deepEqual(calls, []);
  player.cancel();
  assert.equal(store.ui.selected, null);
  assert.equal(store.ui.focusTile, "3-5");
});

test("a blocked tile says so and keeps the keyboard on it", () => {
  const { player, store, prompt } = intents();
  player.chooseTile("2-4");
  assert.equal(store.ui.focusTile, "2-4");
  assert.notEqual(prompt.textContent, "");
});

test("nothing is taken while it is not the player's turn", async () => {
  const { player, calls, store } = intents(() => null, yourTurn({ human_turn: false, turn: 1 }));
  player.chooseTile("6-6");
  await player.hint();
  assert.deepEqual(calls, []);
  assert.equal(store.ui.selected, null);
});

test("a hint asks the engine, lights its tile and tells the hint panel", async () => {
  heard.length = 0;
  const hint = { move: "3-5@1-1:b", tile: "3-5", at: "1-1:b", reason: null, why: { kind: "play", only: false } };
  const { player, store, calls } = intents((method) => (method === "hint" ? hint : null));
  await player.hint();
  assert.deepEqual(calls, [{ method: "hint", params: {} }]);
  assert.deepEqual(heard.map((e) => e.name), [HINT_ASKED, HINT]);
  assert.equal(heard[1].detail, hint);
  assert.equal(store.ui.hinted, "3-5");
  assert.equal(store.ui.selected, "3-5");
  assert.equal(store.ui.activeTarget, "1-1:b");
  player.dismissHint();
  assert.equal(store.ui.hinted, null);
  assert.equal(store.ui.selected, null);
});

test("a hint that comes after a new game began is not shown", async () => {
  heard.length = 0;
  let reply;
  const { player, store, loop } = intents((method) => (method === "hint" ? new Promise((resolve) => (reply = resolve)) : null));
  const asking = player.hint();
  await new Promise(setImmediate);
  loop.show(yourTurn({ seed: 2 }));
  reply({ move: "6-6", tile: "6-6", at: "open", reason: null, why: { kind: "open", only: false } });
  await asking;
  assert.deepEqual(heard.map((e) => [e.name, e.detail]), [
    [HINT_ASKED, null],
    [HINT, null],
  ]);
  assert.equal(store.ui.hinted, null);
});
