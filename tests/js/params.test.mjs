// The URL's options: a speed is one of SPEEDS' names or whole milliseconds, nothing else.
import assert from "node:assert/strict";
import { test } from "node:test";

import { SPEEDS, parseSpeed, readParams } from "../../web/js/util/params.js";

test("a speed is a name from SPEEDS or whole milliseconds up to the limit", () => {
  assert.equal(parseSpeed("fast"), SPEEDS.fast);
  assert.equal(parseSpeed(" Instant "), 0);
  assert.equal(parseSpeed("1200"), 1200);
  assert.equal(parseSpeed("6000"), null);
  assert.equal(parseSpeed("1.5"), null);
});

test("the names every object inherits are not speeds", () => {
  for (const name of ["constructor", "__proto__", "hasOwnProperty", "toString"]) {
    assert.equal(parseSpeed(name), null, name);
  }
  const params = readParams("?speed=constructor", []);
  assert.equal(params.speed, null);
  assert.deepEqual(params.notices, [["notice.bad_speed", { value: "constructor" }]]);
});
