// The bots' pace and the explicit hold: the game loop waits while anything holds it and
// goes on when the last hold is released, with no polling.
import assert from "node:assert/strict";
import { test } from "node:test";

import { Pacer, botWait, knockWait, summaryWait } from "../../web/js/game/pacing.js";

const settled = (promise) => {
  let done = false;
  promise.then(() => {
    done = true;
  });
  return () => done;
};
const tick = () => new Promise((resolve) => setImmediate(resolve));

test("nothing holding: the loop goes on at once", async () => {
  const pacer = new Pacer();
  assert.equal(pacer.held, false);
  const done = settled(pacer.whenFree());
  await tick();
  assert.equal(done(), true);
});

test("the loop waits until the last hold is released", async () => {
  const pacer = new Pacer();
  const releaseSheet = pacer.hold("sheet");
  const releaseReplay = pacer.hold("replay");
  const done = settled(pacer.whenFree());
  await tick();
  assert.equal(done(), false);
  releaseSheet();
  releaseSheet(); // twice is harmless
  await tick();
  assert.equal(done(), false, "the replay still holds");
  releaseReplay();
  await tick();
  assert.equal(done(), true);
  assert.equal(pacer.held, false);
});

test("sleep uses the timer it was given, and not at all for nothing", async () => {
  const asked = [];
  const pacer = new Pacer({ setTimer: (resume, ms) => asked.push(ms) && resume() });
  await pacer.sleep(300);
  await pacer.sleep(0);
  await pacer.sleep(-5);
  assert.deepEqual(asked, [300]);
});

test("a bot's move shows for the game speed, its thinking time included", () => {
  assert.equal(botWait(800, 300), 500);
  assert.equal(botWait(800, 1200), 0);
  assert.equal(knockWait(800), 1200);
  assert.equal(knockWait(0), 0);
  assert.equal(summaryWait(800, true), 2400);
  assert.equal(summaryWait(800, false), null);
});
