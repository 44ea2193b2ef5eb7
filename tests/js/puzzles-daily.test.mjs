// The daily puzzle of a set that grows: each addition joins the daily round from the day the
// puzzle file names, so the days before keep the puzzles they had (a player's yesterday and
// the days of a streak), and from that day on the round runs through the grown set.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import { dailyNumber, dailyPuzzle, readEditions, roundSize } from "../../web/js/coach/puzzles-daily.js";

/** The shipped file: its puzzles (number order) and the days each addition joined. */
const SHIPPED = JSON.parse(readFileSync(new URL("../../web/data/puzzles.json", import.meta.url), "utf8"));

const FIRST = { from: "1970-01-01", count: 319 };
const GROWN = { from: "2026-12-06", count: 425 };

/** The day `offset` days after 2026-12-06 ("YYYY-MM-DD", on the calendar). @param {number} offset */
const day = (offset) => new Date(Date.UTC(2026, 11, 6 + offset)).toISOString().slice(0, 10);

/** The day's puzzle in a set of `total` puzzles with these editions. */
const daily = (/** @type {string} */ d, /** @type {{from: string, count: number}[]} */ editions, /** @type {number} */ total) =>
  dailyNumber(d, roundSize(d, editions, total));

test("growing the set keeps every earlier day's daily puzzle and today's", () => {
  for (let offset = -400; offset < 0; offset += 1) {
    assert.equal(daily(day(offset), [FIRST, GROWN], 425), daily(day(offset), [FIRST], 319), day(offset));
  }
});

test("from the day it joins, the daily round runs through the grown set", () => {
  const seen = new Set();
  for (let offset = 0; offset < GROWN.count; offset += 1) seen.add(daily(day(offset), [FIRST, GROWN], 425));
  assert.equal(seen.size, GROWN.count);
  assert.ok([...seen].some((n) => n > FIRST.count));
});

test("the round never names a puzzle the file does not hold; no editions means every puzzle", () => {
  assert.equal(roundSize("2026-12-07", [FIRST, GROWN], 400), 400);
  assert.equal(roundSize("2026-12-07", [], 425), 425);
  // the first edition holds for the days before it too
  assert.equal(roundSize("1969-07-20", [{ from: "2000-01-01", count: 10 }], 20), 10);
});

test("a file's editions are checked; anything malformed is none", () => {
  assert.deepEqual(readEditions([FIRST, GROWN]), [FIRST, GROWN]);
  for (const bad of [null, "x", [{ from: "today", count: 3 }], [{ from: "2026-12-06", count: 0 }], [{ from: "2026-12-06" }]]) {
    assert.deepEqual(readEditions(bad), []);
  }
});

test("the shipped round shows no theme three days in a row, every puzzle once a cycle", () => {
  const { puzzles, daily: editions } = SHIPPED;
  const latest = editions.at(-1);
  const start = Date.UTC(...(/** @type {[number, number, number]} */ (latest.from.split("-").map((n, i) => Number(n) - (i === 1 ? 1 : 0)))));
  const days = Array.from({ length: latest.count }, (_, k) => new Date(start + k * 86_400_000).toISOString().slice(0, 10));
  const numbers = days.map((d) => dailyPuzzle(d, editions, puzzles));
  assert.equal(new Set(numbers).size, latest.count);
  const themes = numbers.map((n) => puzzles[n - 1].theme);
  const stride = days.map((d) => puzzles[dailyNumber(d, latest.count) - 1].theme);
  const third = (/** @type {string[]} */ list) => list.findIndex((theme, i) => i >= 2 && list[i - 1] === theme && list[i - 2] === theme);
  assert.ok(third(stride) > 0, "the stride alone shows a theme three days running");
  assert.equal(third(themes), -1);
  // The days up to the stride's first third in a row keep their puzzle: the edition's first
  // day (its release's morrow), and every day a player may already have opened.
  const kept = third(stride);
  assert.ok(kept >= 7);
  assert.deepEqual(numbers.slice(0, kept), days.slice(0, kept).map((d) => dailyNumber(d, latest.count)));
});

test("growing the set keeps the interleaved round's earlier days and today's too", () => {
  const { puzzles } = SHIPPED;
  for (let offset = -400; offset < 0; offset += 1) {
    assert.equal(dailyPuzzle(day(offset), [FIRST, GROWN], puzzles.slice(0, 425)), dailyPuzzle(day(offset), [FIRST], puzzles.slice(0, 319)), day(offset));
  }
});
