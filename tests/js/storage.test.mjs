// What the browser remembers, checked before use: saved games and game settings.
import assert from "node:assert/strict";
import { test } from "node:test";

import { SAVE_FORMAT, SAVE_VERSION, checkSave, checkSettings, saveMatches } from "../../web/js/util/storage.js";

const BOTS = ["random", "greedy", "expert", "master"];
const save = (extra = {}) => ({
  format: SAVE_FORMAT,
  version: SAVE_VERSION,
  bots: [null, "expert", "expert", "expert"],
  record: { rounds: [], seed: 7 },
  ...extra,
});

test("a save is checked for shape and version", () => {
  assert.deepEqual(checkSave(null), { save: null, problem: null });
  assert.equal(checkSave("{nope").problem, "corrupt");
  assert.equal(checkSave(JSON.stringify({ format: "other" })).problem, "corrupt");
  assert.equal(checkSave(JSON.stringify(save({ version: 99 }))).problem, "old");
  assert.equal(checkSave(JSON.stringify(save({ bots: [null, 3, null, null] }))).problem, "corrupt");
  assert.equal(checkSave(JSON.stringify(save({ record: [] }))).problem, "corrupt");
  assert.deepEqual(checkSave(JSON.stringify(save())).save, save());
});

test("a link for a given game resumes only that game", () => {
  const bots = [null, "expert", "expert", "expert"];
  assert.equal(saveMatches(save(), {}), true);
  assert.equal(saveMatches(save(), { explicit: true, bots }), true);
  assert.equal(saveMatches(save(), { explicit: true, bots, seed: 7 }), true);
  assert.equal(saveMatches(save(), { explicit: true, bots, seed: 8 }), false);
  assert.equal(saveMatches(save(), { explicit: true, bots: [null, "random", "expert", "expert"] }), false);
});

test("settings fall back part by part to the defaults", () => {
  const defaults = { levels: [null, "expert", "expert", "expert"], speed: 800, names: [null, null, null, null] };
  assert.deepEqual(checkSettings(null, BOTS), defaults);
  assert.deepEqual(checkSettings("garbage", BOTS), defaults);
  assert.deepEqual(checkSettings({ levels: [null, "master", "random", "greedy"], speed: 0 }, BOTS), {
    ...defaults,
    levels: [null, "master", "random", "greedy"],
    speed: 0,
  });
  assert.deepEqual(checkSettings({ levels: [null, "wizard", "random", "greedy"], speed: 300 }, BOTS), { ...defaults, speed: 300 });
  assert.deepEqual(checkSettings({ levels: ["expert", "expert", "expert", "expert"] }, BOTS), defaults);
  for (const speed of [-1, 5001, 1.5, "800"]) assert.equal(checkSettings({ speed }, BOTS).speed, 800);
});

test("settings keep people at any seat but South's, and their names", () => {
  const people = checkSettings({ levels: [null, null, null, "master"], names: ["Ana", null, "Bia", "Cy"] }, BOTS);
  assert.deepEqual(people.levels, [null, null, null, "master"]);
  assert.deepEqual(people.names, ["Ana", null, "Bia", "Cy"]);
  assert.deepEqual(checkSettings({ names: ["x".repeat(21), null, null, null] }, BOTS).names, [null, null, null, null]);
  assert.deepEqual(checkSettings({ names: ["Ana", 3, null, null] }, BOTS).names, [null, null, null, null]);
  assert.deepEqual(checkSettings({ names: ["Ana"] }, BOTS).names, [null, null, null, null]);
});

test("version 2 saves carry names; version 1 saves (no names) still load", () => {
  assert.equal(SAVE_VERSION, 2);
  const named = save({ bots: [null, "expert", null, "expert"], names: ["Ana", null, "Bia", null] });
  assert.deepEqual(checkSave(JSON.stringify(named)).save, named);
  const old = save({ version: 1 });
  assert.deepEqual(checkSave(JSON.stringify(old)), { save: old, problem: null });
  assert.equal(checkSave(JSON.stringify(save({ names: ["Ana", null] }))).problem, "corrupt");
  assert.equal(checkSave(JSON.stringify(save({ names: [7, null, null, null] }))).problem, "corrupt");
});
