// The UI state changes in one place: each action gives a new frozen value, and the value a
// renderer holds never changes under it.
import assert from "node:assert/strict";
import { test } from "node:test";

import { UiStore, reduceUi } from "../../web/js/game/ui-store.js";
import { freshUi } from "../../web/js/model/state.js";

const SNAP = { legal: { "3-5": ["1-1:a", "1-1:b"], "6-6": ["open"] } };

test("every change is a new frozen value; the old one stays as it was", () => {
  const store = new UiStore();
  const before = store.ui;
  const after = store.dispatch({ type: "thinking", seat: 2 });
  assert.notEqual(after, before);
  assert.equal(before.thinking, null);
  assert.equal(after.thinking, 2);
  assert.ok(Object.isFrozen(after));
  assert.throws(() => {
    "use strict";
    store.ui.selected = "3-5";
  }, TypeError);
});

test("choosing a tile lights its first place; choosing it again puts it down", () => {
  let ui = reduceUi(freshUi(), { type: "choose", snap: SNAP, tile: "3-5" });
  assert.equal(ui.selected, "3-5");
  assert.equal(ui.activeTarget, "1-1:a");
  ui = reduceUi(ui, { type: "choose", snap: SNAP, tile: "3-5" });
  assert.equal(ui.selected, null);
  assert.equal(ui.focusTile, "3-5", "the keyboard goes back to the tile");
});

test("the engine's events: each seat's last action, the selection and the hint gone", () => {
  let ui = reduceUi(freshUi(), { type: "hint", snap: SNAP, hint: { tile: "3-5", at: "1-1:b" } });
  assert.equal(ui.selected, "3-5");
  assert.equal(ui.activeTarget, "1-1:b");
  ui = reduceUi(ui, { type: "events", events: [{ type: "placed", seat: 1, tile: "1-1" }, { type: "passed", seat: 2 }] });
  assert.deepEqual(ui.actions, [null, { type: "play", tile: "1-1" }, { type: "pass" }, null]);
  assert.equal(ui.newTile, "1-1");
  assert.equal(ui.selected, null);
  assert.equal(ui.hinted, null);
});

test("a knock shows on South's seat until the engine has it", () => {
  let ui = reduceUi(freshUi(), { type: "knock", seat: 0 });
  assert.equal(ui.knocking, true);
  assert.deepEqual(ui.actions[0], { type: "pass" });
  ui = reduceUi(ui, { type: "knocked" });
  assert.equal(ui.knocking, false);
});

test("a draw animates the new tile and refocuses once", () => {
  const ui = reduceUi({ ...freshUi(), newTile: "1-1", focusTile: "3-5" }, { type: "drawn" });
  assert.equal(ui.newTile, null);
  assert.equal(ui.focusTile, null);
});

test("a game shown anew brings back its round so far, nothing animated", () => {
  const events = [
    { type: "round_started", round: 1 },
    { type: "placed", seat: 0, tile: "6-6", points: 0 },
  ];
  const ui = reduceUi({ ...freshUi(), selected: "3-5", busy: true }, { type: "shown", events });
  assert.deepEqual(ui.actions[0], { type: "play", tile: "6-6" });
  assert.equal(ui.newTile, null);
  assert.equal(ui.selected, null);
  assert.equal(ui.busy, false);
});

test("an unknown action is a bug, not a silent no-op", () => {
  assert.throws(() => reduceUi(freshUi(), { type: "teleport" }), /unknown UI action/);
});
