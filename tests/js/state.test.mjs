// The pure game state: selection, event folding and the prompt, from snapshots as the
// worker sends them (no DOM, no engine).
import assert from "node:assert/strict";
import { test } from "node:test";

import * as state from "../../web/js/model/state.js";

const snap = (extra = {}) => ({
  bots: [null, "expert", "expert", "expert"],
  human_turn: true,
  must_pass: false,
  over: false,
  turn: 0,
  winner: null,
  scores: [0, 0],
  table: { tiles: [{ tile: "5-5" }] },
  legal: { "3-5": ["5-5:branch_a", "5-5:line_a"], "0-5": ["5-5:line_a"] },
  moves: { "3-5": { "5-5:branch_a": "3-5@5-5:branch_a", "5-5:line_a": "3-5@5-5:line_a" }, "0-5": { "5-5:line_a": "0-5@5-5:line_a" } },
  ...extra,
});

test("South may choose only on a turn of their own that is not a forced knock", () => {
  const ui = state.freshUi();
  assert.equal(state.isInteractive(snap(), ui), true);
  assert.equal(state.isInteractive(snap({ must_pass: true }), ui), false);
  assert.equal(state.isInteractive(snap({ human_turn: false }), ui), false);
  assert.equal(state.isInteractive(snap({ over: true }), ui), false);
  assert.equal(state.isInteractive(snap(), { ...ui, busy: true }), false);
  assert.equal(state.isInteractive(snap(), ui, { table: {} }), false);
  assert.equal(state.isInteractive(null, ui), false);
});

test("autoplay means a bot in every seat", () => {
  assert.equal(state.isAutoplay(snap()), false);
  assert.equal(state.isAutoplay(snap({ bots: ["random", "expert", "expert", "expert"] })), true);
});

test("the move sent back is the engine's own text, never built here", () => {
  assert.equal(state.moveText(snap(), "3-5", "5-5:line_a"), "3-5@5-5:line_a");
  assert.equal(state.moveText(snap(), "3-5", "6-6:high"), null);
  assert.equal(state.moveText(snap(), "1-1", "5-5:line_a"), null);
});

test("choosing a tile selects it with its first target; choosing it again cancels", () => {
  const s = snap();
  const chosen = state.chooseTile(state.freshUi(), s, "3-5");
  assert.equal(chosen.selected, "3-5");
  assert.equal(chosen.activeTarget, "5-5:branch_a");
  const again = state.chooseTile(chosen, s, "3-5");
  assert.equal(again.selected, null);
  assert.equal(again.focusTile, "3-5");
  const blocked = state.chooseTile(state.freshUi(), s, "1-1");
  assert.equal(blocked.selected, null);
  assert.equal(blocked.focusTile, "1-1");
});

test("folding events records each seat's last action and the last placement", () => {
  const placed = { type: "placed", seat: 1, tile: "3-5", team: 1, points: 10 };
  const events = [placed, { type: "passed", seat: 2 }, { type: "round_settled", seat: 1 }, { type: "round_started", opener: 1 }];
  const before = { ...state.freshUi(), selected: "0-5", hinted: "0-5" };
  const { ui, settled, started, won } = state.foldEvents(before, events);
  assert.deepEqual(ui.actions, [null, { type: "play", tile: "3-5" }, { type: "pass" }, null]);
  assert.equal(ui.lastPlaced, placed);
  assert.equal(ui.newTile, "3-5");
  assert.equal(ui.selected, null);
  assert.equal(ui.hinted, null);
  assert.equal(settled.type, "round_settled");
  assert.equal(started.opener, 1);
  assert.equal(won, null);
  assert.deepEqual(before.actions, [null, null, null, null], "the old state is left alone");
});

test("a finished round shows every hand and the previous table with its last tile", () => {
  const settled = { hands: [["1-2"], [], ["0-0", "6-6"], ["3-3"]] };
  const next = snap({ previous_table: { tiles: [], last_tile: "4-5" } });
  const { snap: shownSnap, shown } = state.finishedRound(next, settled);
  assert.deepEqual(shownSnap.hand_sizes, [1, 0, 2, 1]);
  assert.deepEqual(shownSnap.hand, ["1-2"]);
  assert.equal(shown.lastTile, "4-5");
  assert.equal(shown.table, next.previous_table);
});

test("the prompt says what South can do, as catalogue keys", () => {
  const ui = state.freshUi();
  assert.equal(state.prompt(snap(), ui).key, "prompt.choose_tile");
  assert.equal(state.prompt(snap({ table: { tiles: [] } }), ui).key, "prompt.open");
  assert.equal(state.prompt(snap({ must_pass: true }), ui).key, "prompt.must_pass");
  assert.deepEqual(state.prompt(snap(), { ...ui, selected: "3-5" }), { key: "prompt.choose_target", vars: { tile: "3-5", count: 2 } });
  assert.deepEqual(state.prompt(snap(), { ...ui, selected: "0-5" }), { key: "prompt.choose_target", vars: { tile: "0-5", count: 1 } });
  assert.deepEqual(state.prompt(snap({ human_turn: false, turn: 3 }), ui), { key: "prompt.waiting", vars: { seat: 3 } });
  assert.equal(state.prompt(snap({ over: true, winner: 1, scores: [100, 255] }), ui), null, "the move log says it once");
  assert.equal(state.prompt(snap(), ui, { autoplay: true }).key, "prompt.autoplay");
  assert.equal(state.prompt(snap(), ui, { shown: {} }), null);
  // A friend's table the host left: at the person's turn or another's, nobody plays on.
  assert.equal(state.prompt(snap(), { ...ui, selected: "3-5" }, { ended: true }).key, "prompt.table_ended");
  assert.equal(state.prompt(snap({ human_turn: false, turn: 3 }), ui, { ended: true }).key, "prompt.table_ended");
});

test("a hint lights its target only when the tile has one", () => {
  const ui = state.showHint(state.freshUi(), snap(), { tile: "0-5", at: "5-5:line_a" });
  assert.equal(ui.selected, "0-5");
  assert.equal(ui.activeTarget, "5-5:line_a");
  const none = state.showHint(state.freshUi(), snap(), { tile: "6-6", at: "open" });
  assert.equal(none.selected, null);
  assert.equal(none.hinted, "6-6");
});

test("the table is laid out again only when the shape changes by a quarter", () => {
  assert.equal(state.needsRelayout(1.6, 1.6), false);
  assert.equal(state.needsRelayout(2.1, 1.6), true);
  assert.equal(state.needsRelayout(1.2, 1.6), true);
  assert.equal(state.needsRelayout(1.4, 1.6), false);
  assert.equal(state.needsRelayout(1.4, null), false);
});

test("a resumed game gets back its round so far: each seat's last action and the sum banner", () => {
  const events = [
    { type: "round_started", round: 1, opener: 0 },
    { type: "placed", round: 1, seat: 0, tile: "6-6", points: 0 },
    { type: "round_settled", round: 1 },
    { type: "round_started", round: 2, opener: 1 },
    { type: "placed", round: 2, seat: 1, tile: "5-5", points: 10 },
    { type: "passed", round: 2, seat: 2 },
  ];
  const ui = state.resumedUi(events);
  assert.deepEqual(ui.actions, [null, { type: "play", tile: "5-5" }, { type: "pass" }, null]);
  assert.equal(ui.lastPlaced.tile, "5-5");
  assert.equal(ui.newTile, null, "nothing animates on a reload");
  assert.equal(state.latestToSay(events).type, "passed");
  assert.equal(state.latestToSay(events.slice(0, 4)).type, "round_started");
  assert.equal(state.latestToSay([]), null);
  assert.deepEqual(state.resumedUi([]).actions, [null, null, null, null]);
});

test("the keyboard starts a turn on the first tile that has a place", () => {
  assert.equal(state.firstPlayable(snap({ hand: ["1-2", "0-5", "3-5"] })), "0-5");
  assert.equal(state.firstPlayable(snap({ hand: ["1-2"] })), null);
  assert.equal(state.firstPlayable(null), null);
});

test("while the device is passed, the prompt names who it goes to", () => {
  const passing = { ...snap({ human_turn: false, pass_to: 2, turn: 2 }) };
  assert.deepEqual(state.prompt(passing, state.freshUi()), { key: "prompt.pass", vars: { seat: 2 } });
});

test("a person taking the device missed the moves since their own, within the round", () => {
  const started = { type: "round_started", round: 2, opener: 1 };
  const placed = (/** @type {number} */ seat, /** @type {string} */ tile) => ({ type: "placed", seat, tile, at: null, points: 0, sum_text: "0" });
  const passed = (/** @type {number} */ seat) => ({ type: "passed", seat });
  const settled = { type: "round_settled", round: 1 };
  const events = /** @type {any[]} */ ([placed(0, "1-1"), settled, started, placed(1, "3-3"), placed(2, "3-5"), passed(3), placed(0, "5-6"), placed(1, "6-6"), passed(2)]);
  // North moved (3-5), then East knocked, South and West placed: North missed those three;
  // once North has knocked in turn, nothing.
  assert.deepEqual(state.missedMoves(events.slice(0, 8), 2).map((e) => [e.type, e.seat]), [["passed", 3], ["placed", 0], ["placed", 1]]);
  assert.deepEqual(state.missedMoves(events, 2), []);
  // South has not moved in this round yet: everything since the round began, nothing of the last.
  assert.deepEqual(state.missedMoves(events.slice(0, 6), 0).map((e) => e.seat), [1, 2, 3]);
  assert.deepEqual(state.missedMoves([started], 0), []);
});
