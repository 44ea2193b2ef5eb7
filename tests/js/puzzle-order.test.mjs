// The order the puzzles are offered in: the themes interleaved (never three of a theme in a
// row where the set allows it), every puzzle once, each keeping its number.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import { interleaved } from "../../web/js/coach/puzzle-order.js";

/** @type {{id: number, theme: string}[]} */
const SHIPPED = JSON.parse(readFileSync(new URL("../../web/data/puzzles.json", import.meta.url), "utf8")).puzzles;

/** The longest run of one theme in `list`. @param {readonly {theme: string}[]} list */
function longestRun(list) {
  let best = 0;
  let run = 0;
  list.forEach((p, i) => {
    run = i > 0 && list[i - 1].theme === p.theme ? run + 1 : 1;
    best = Math.max(best, run);
  });
  return best;
}

/** A list of puzzles numbered 1.. with these themes. @param {string} themes  one letter each */
const of = (themes) => [...themes].map((theme, i) => ({ id: i + 1, theme }));

test("the shipped set, offered in order, never shows one theme three times in a row", () => {
  assert.ok(longestRun(SHIPPED) > 2, "the numbers' own order has runs to break");
  const order = interleaved(SHIPPED);
  assert.equal(longestRun(order), 2);
  assert.deepEqual(order.map((p) => p.id).sort((a, b) => a - b), SHIPPED.map((p) => p.id));
  for (const p of order) assert.equal(p, SHIPPED[p.id - 1], "a puzzle keeps its number and position");
});

test("any set is interleaved where its themes allow it, and keeps every puzzle once", () => {
  let seed = 7;
  const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  for (let trial = 0; trial < 500; trial += 1) {
    const themes = "abcde".slice(0, 1 + Math.floor(random() * 5));
    const list = of(Array.from({ length: Math.floor(random() * 40) }, () => themes[Math.floor(random() * themes.length)]));
    const order = interleaved(list);
    assert.deepEqual(order.map((p) => p.id).sort((a, b) => a - b), list.map((p) => p.id));
    // What the set allows: the largest theme split into pairs by all the others.
    /** @type {Map<string, number>} */
    const counts = new Map();
    for (const p of list) counts.set(p.theme, (counts.get(p.theme) ?? 0) + 1);
    const most = Math.max(0, ...counts.values());
    if (most <= 2 * (list.length - most + 1)) assert.ok(longestRun(order) <= 2, JSON.stringify(list.map((p) => p.theme).join("")));
  }
});

test("worked examples: the lowest number that keeps the rule comes first", () => {
  const ids = (/** @type {string} */ themes) => interleaved(of(themes)).map((p) => p.id).join(",");
  assert.equal(ids("aaab"), "1,2,4,3");
  assert.equal(ids("aaaabb"), "1,2,5,3,4,6");
  assert.equal(ids("abab"), "1,2,3,4");
  assert.equal(ids("aaaa"), "1,2,3,4"); // one theme: nothing to interleave with
});
