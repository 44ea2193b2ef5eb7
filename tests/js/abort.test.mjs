// A wait tied to a game's signal: it ends when the game does, never after, and its own
// failures stay failures.
import assert from "node:assert/strict";
import { test } from "node:test";

import { abortable, isAbort } from "../../web/js/model/abort.js";

test("a wait ends with an AbortError when its game ends first", async () => {
  const game = new AbortController();
  const waiting = abortable(new Promise(() => {}), game.signal);
  game.abort();
  await assert.rejects(waiting, (error) => isAbort(error));
});

test("a reply that comes after its game ended is not delivered", async () => {
  const game = new AbortController();
  let reply;
  const waiting = abortable(new Promise((resolve) => (reply = resolve)), game.signal);
  game.abort();
  reply("late");
  await assert.rejects(waiting, (error) => isAbort(error));
  await assert.rejects(abortable(Promise.resolve("too late"), game.signal), (error) => isAbort(error));
});

test("a live game gets its reply, and a failure is a failure, not an abort", async () => {
  const game = new AbortController();
  assert.equal(await abortable(Promise.resolve(42), game.signal), 42);
  await assert.rejects(abortable(Promise.reject(new TypeError("bug")), game.signal), (error) => !isAbort(error) && error instanceof TypeError);
});
