// The engine's warm-up (web/js/game/warm-engine.js): scratch moves one at a time, until enough are
// made, the person touches the page, or the engine fails.
import assert from "node:assert/strict";
import { test } from "node:test";

import { WARM_UP_MOVES, warmEngine, warmUpMoves } from "../../web/js/game/warm-engine.js";

/** An engine whose `warm_up` answers like the worker's: the moves made so far. */
function fakeEngine({ failAt = null, error = null } = {}) {
  const engine = {
    calls: [],
    made: 0,
    async call(method) {
      engine.calls.push(method);
      if (failAt != null && engine.made === failAt) throw error;
      engine.made += 1;
      return { moves: engine.made };
    },
  };
  return engine;
}

test("asks for one scratch move at a time until it has made enough", async () => {
  const engine = fakeEngine();
  const marks = [];
  const made = await warmEngine(engine, { moves: 5, target: new EventTarget(), mark: (m) => marks.push(m) });
  assert.equal(made, 5);
  assert.deepEqual(engine.calls, Array(5).fill("warm_up"));
  assert.deepEqual(marks, ["running", "done"]);
  assert.ok(WARM_UP_MOVES >= 20, "enough moves to make the engine's move path hot");
});

for (const type of ["pointerdown", "keydown"]) {
  test(`stops at the person's first ${type}, without asking for another move`, async () => {
    const engine = fakeEngine();
    const target = new EventTarget();
    const marks = [];
    const call = engine.call;
    engine.call = async (method) => {
      const reply = await call(method);
      if (reply.moves === 3) target.dispatchEvent(new Event(type)); // while the third is made
      return reply;
    };
    const made = await warmEngine(engine, { moves: 60, target, mark: (m) => marks.push(m) });
    assert.equal(made, 3);
    assert.equal(engine.calls.length, 3);
    assert.deepEqual(marks, ["running", "stopped"]);
    // It listens no more: a later touch changes nothing and nothing is asked.
    target.dispatchEvent(new Event(type));
    assert.equal(engine.calls.length, 3);
  });
}

test("a lost engine ends it quietly; any other failure is a bug said on the console", async (t) => {
  const errors = [];
  t.mock.method(console, "error", (text) => errors.push(text));
  const lost = Object.assign(new Error("the engine stopped"), { type: "EngineLost" });
  const marks = [];
  let made = await warmEngine(fakeEngine({ failAt: 2, error: lost }), { target: null, mark: (m) => marks.push(m) });
  assert.equal(made, 2);
  assert.deepEqual(errors, []);
  const bug = Object.assign(new Error("warm-up step: no move offered"), { type: "InternalError" });
  made = await warmEngine(fakeEngine({ failAt: 0, error: bug }), { target: null, mark: (m) => marks.push(m) });
  assert.equal(made, 0);
  assert.deepEqual(errors, ["engine warm-up: warm-up step: no move offered"]);
  assert.deepEqual(marks, ["running", "stopped", "running", "stopped"]);
});

test("a browser that says it runs WebAssembly in the baseline tier alone gets no scratch moves", () => {
  assert.equal(warmUpMoves(), WARM_UP_MOVES);
  for (const [said, moves] of [[true, 0], [false, WARM_UP_MOVES], ["true", WARM_UP_MOVES]]) {
    globalThis.sevenRocksBaselineTier = said;
    try {
      assert.equal(warmUpMoves(), moves, `said ${JSON.stringify(said)}`);
    } finally {
      delete globalThis.sevenRocksBaselineTier;
    }
  }
});
