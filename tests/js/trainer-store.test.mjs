// The trainer's memory on this device: JSON back as it was kept, and nothing (never an
// error) when storage holds garbage or is switched off.
import assert from "node:assert/strict";
import { test } from "node:test";

import { keep, recall } from "../../web/js/coach/trainer-store.js";

/** A localStorage of a Map; `off` throws as a browser with storage disabled does. */
function storage({ off = false } = {}) {
  const items = new Map();
  const fail = () => {
    throw new DOMException("storage is disabled", "SecurityError");
  };
  globalThis.localStorage = /** @type {any} */ ({
    getItem: (key) => (off ? fail() : items.get(key) ?? null),
    setItem: (key, value) => (off ? fail() : void items.set(key, String(value))),
  });
  return items;
}

test("a value kept is recalled as it was", () => {
  storage();
  assert.equal(keep("k", { solved: [3, 7], days: 2 }), true);
  assert.deepEqual(recall("k"), { solved: [3, 7], days: 2 });
});

test("nothing kept, or garbage edited by hand, is recalled as null", () => {
  const items = storage();
  assert.equal(recall("missing"), null);
  items.set("k", "{not json");
  assert.equal(recall("k"), null);
});

test("with storage off nothing is kept and nothing throws", () => {
  storage({ off: true });
  assert.equal(keep("k", 1), false);
  assert.equal(recall("k"), null);
});
