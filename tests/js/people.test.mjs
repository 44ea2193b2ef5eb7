// Pass-and-play's pure parts: who is a person, names, record seat texts, the turning table,
// and ?seats= with people at any seat.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import { readParams } from "../../web/js/util/params.js";
import { MAX_NAME } from "../../web/js/facts.js";
import { bottomSeat, cleanName, isShared, nameHolds, namedSeat, onlyPerson, parseSeatLabel, peopleOf, positionOf } from "../../web/js/model/people.js";
import { readSettings } from "../../web/js/util/storage.js";

const BOTS = ["random", "greedy", "expert", "master"];
const SEATS = ["South", "West", "North", "East"];
const seatName = (seat) => SEATS[seat];

test("people are the seats without a bot; the device is shared with two or more", () => {
  assert.deepEqual(peopleOf([null, "expert", null, "greedy"]), [0, 2]);
  assert.deepEqual(peopleOf(["expert", "expert", "expert", "expert"]), []);
  assert.equal(isShared([null, "expert", null, "expert"]), true);
  assert.equal(isShared([null, "expert", "expert", "expert"]), false);
});

test("the only person's seat is there only when exactly one person plays", () => {
  assert.equal(onlyPerson([null, "greedy", "expert", "master"]), 0);
  assert.equal(onlyPerson(["greedy", null, "expert", "master"]), 1);
  assert.equal(onlyPerson(["greedy", "expert", "master", "random"]), null);
  assert.equal(onlyPerson([null, "greedy", null, "master"]), null);
  assert.equal(onlyPerson(undefined), null);
});

test("names are cleaned as the engine keeps them", () => {
  assert.equal(cleanName("  Ana   Maria "), "Ana Maria");
  assert.equal(cleanName("   "), null);
  assert.equal(cleanName(null), null);
  assert.equal(cleanName("x".repeat(30)).length, 20);
  assert.equal(namedSeat(2, [null, null, "Bia", null], seatName), "Bia (North)");
  assert.equal(namedSeat(1, [null, null, "Bia", null], seatName), "West");
  assert.equal(namedSeat(1, null, seatName), "West");
});

/** The engine's table of names (tests/test_names.py reads it too): [text, the rule takes it, why]. */
const NAMES = JSON.parse(readFileSync(new URL("../support/names.json", import.meta.url), "utf-8")).cases;

test("the page's name rule is the engine's: the same table of names, taken or refused alike", () => {
  for (const [text, holds, why] of NAMES) {
    assert.equal(nameHolds(text), holds, why);
    const name = cleanName(text);
    if (holds) assert.equal(name, text.split(/\s+/).filter(Boolean).join(" "), why);
    else assert.ok(name === null || (nameHolds(name) && name !== text), why); // what the rule refuses is dropped
  }
  assert.equal(cleanName("Ana \u202eevil"), "Ana evil");
  assert.equal(cleanName("a\u0007b"), "ab");
  assert.equal(cleanName("👩\u200d\u200d💻"), "👩💻");
});

test("a name is cut at MAX_NAME code points, never leaving half an emoji's joiner", () => {
  const coder = "👩\u200d💻";
  assert.equal(cleanName("x".repeat(MAX_NAME - 1) + coder), "x".repeat(MAX_NAME - 1) + "👩");
  assert.equal(cleanName("x".repeat(MAX_NAME - 3) + coder), "x".repeat(MAX_NAME - 3) + coder);
  assert.equal([...cleanName("👩".repeat(30))].length, MAX_NAME);
});

test("stored names the engine would refuse are not read back (no new game fails on them)", () => {
  const store = new Map();
  globalThis.localStorage = /** @type {any} */ ({ getItem: (k) => store.get(k) ?? null, setItem: (k, v) => store.set(k, v), removeItem: (k) => store.delete(k) });
  try {
    const settings = (names) => (store.set("seven-rocks:settings", JSON.stringify({ names })), readSettings([]).names);
    assert.deepEqual(settings(["Ana 👩\u200d💻", null, null, null]), ["Ana 👩\u200d💻", null, null, null]);
    assert.deepEqual(settings(["Ana\u202e", null, null, null]), [null, null, null, null]);
    assert.deepEqual(settings(["👩".repeat(MAX_NAME), null, null, null]), ["👩".repeat(MAX_NAME), null, null, null]);
  } finally {
    delete globalThis.localStorage;
  }
});

test("a record's seat text reads back as a bot or a person with a name", () => {
  assert.deepEqual(parseSeatLabel("human:Ana"), { bot: null, name: "Ana" });
  assert.deepEqual(parseSeatLabel("human:a:b"), { bot: null, name: "a:b" });
  assert.deepEqual(parseSeatLabel("human"), { bot: null, name: null });
  assert.deepEqual(parseSeatLabel("expert"), { bot: "expert", name: null });
});

test("the table turns to the person the device goes to, and stays while bots play", () => {
  const two = { bots: [null, "expert", null, "expert"] };
  assert.equal(bottomSeat({ ...two, pass_to: 2, viewer: null }), 2);
  assert.equal(bottomSeat({ ...two, pass_to: null, viewer: 2 }), 2);
  assert.equal(bottomSeat({ ...two, pass_to: null, viewer: null }, { previous: 2 }), 2);
  assert.equal(bottomSeat({ ...two, pass_to: null, viewer: null }), 0);
  assert.equal(bottomSeat({ ...two, pass_to: 2, viewer: null }, { turning: false }), 0);
  // One person (even at West) or none: no turning at all.
  assert.equal(bottomSeat({ bots: ["expert", null, "expert", "expert"], pass_to: null, viewer: 1 }), 1);
  assert.equal(bottomSeat({ bots: [null, "expert", "expert", "expert"], pass_to: null, viewer: 0 }, { previous: 2 }), 0);
  assert.equal(bottomSeat({ bots: ["expert", "expert", "expert", "expert"], viewer: 0 }), 0);
});

test("seats keep their clockwise order around the turned table", () => {
  assert.deepEqual([0, 1, 2, 3].map((seat) => positionOf(seat, 0)), ["south", "west", "north", "east"]);
  assert.deepEqual([0, 1, 2, 3].map((seat) => positionOf(seat, 2)), ["north", "east", "south", "west"]);
  assert.deepEqual([0, 1, 2, 3].map((seat) => positionOf(seat, 1)), ["east", "south", "west", "north"]);
});

test("?seats= takes a person at any seat", () => {
  assert.deepEqual(readParams("?seats=human,bot,human,expert", BOTS).seats, [null, "bot", null, "expert"]);
  assert.deepEqual(readParams("?seats=human,human,human,human", BOTS).seats, [null, null, null, null]);
  assert.deepEqual(readParams("?seats=greedy,human,random,bot", BOTS).seats, ["greedy", null, "random", "bot"]);
  const bad = readParams("?seats=human,wizard,human,bot", BOTS);
  assert.equal(bad.seats, null);
  assert.equal(bad.notices[0][0], "notice.bad_seats");
});
