// The scan that measures JSON text before anything parses it.
import assert from "node:assert/strict";
import { test } from "node:test";

import { MAX_JSON_DEPTH, checkJsonText, jsonDepth, utf8Size } from "../../web/js/util/jsontext.js";

const nested = (n) => "[".repeat(n) + "]".repeat(n);

test("depth counts lists and objects, not what strings hold", () => {
  assert.equal(jsonDepth("3"), 0);
  assert.equal(jsonDepth("[]"), 1);
  assert.equal(jsonDepth('{"a": [1, "]]]", {"b": []}]}'), 4);
  assert.equal(jsonDepth('["[[[[[[", "\\"[[[", "\\\\", [[]]]'), 3);
  assert.equal(jsonDepth('[1], [2], {"x": {}}'), 2);
  assert.equal(jsonDepth("[[[["), 4); // malformed: some number, the parser refuses it
  assert.equal(jsonDepth("]]]][[]"), 2);
  assert.equal(jsonDepth(nested(3000)), 3000);
});

test("depth agrees with JSON.parse's own structure on generated values", () => {
  const depthOf = (value) =>
    value && typeof value === "object" ? 1 + Math.max(0, ...Object.values(value).map(depthOf)) : 0;
  let seed = 7;
  const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  const make = (level) => {
    const roll = random();
    if (level > 6 || roll < 0.3) return roll < 0.15 ? `s"[{\\${level}` : level;
    if (roll < 0.65) return Array.from({ length: Math.floor(random() * 4) }, () => make(level + 1));
    return Object.fromEntries(Array.from({ length: Math.floor(random() * 4) }, (_, i) => [`k[${i}"`, make(level + 1)]));
  };
  for (let i = 0; i < 300; i += 1) {
    const value = make(0);
    assert.equal(jsonDepth(JSON.stringify(value)), depthOf(value));
  }
});

test("the scan stops as soon as the limit is passed", () => {
  assert.equal(jsonDepth(nested(100_000), 64), 65);
});

test("a text is refused for its depth or its size, in one word", () => {
  assert.equal(checkJsonText(nested(MAX_JSON_DEPTH)), null);
  assert.deepEqual(checkJsonText(nested(MAX_JSON_DEPTH + 1)), { problem: "too_deep", limit: 64, depth: 65 });
  assert.deepEqual(checkJsonText(`{"a": ${nested(3000)}}`).problem, "too_deep");
  assert.equal(checkJsonText("[1, 2]", { maxBytes: 6 }), null);
  assert.deepEqual(checkJsonText("[1, 2]", { maxBytes: 5 }), { problem: "too_big", limit: 5 });
  assert.equal(checkJsonText('"éé"', { maxBytes: 6 }), null);
  assert.equal(checkJsonText('"ééé"', { maxBytes: 6 }).problem, "too_big");
});

test("sizes are UTF-8 bytes, as the engine counts them", () => {
  for (const text of ["abc", "é", "€", "😀", "a😀b\u{10FFFF}", "\ud800x"]) {
    assert.equal(utf8Size(text), text === "\ud800x" ? 4 : new TextEncoder().encode(text).length, text);
  }
});
