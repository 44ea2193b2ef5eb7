// Checked by `tsc` (make typecheck), never run: the engine's `call()` takes only the worker's
// requests, each with its own params, and gives each its own reply type. Each call marked
// as an expected error must fail to type-check; should the typing loosen, tsc reports the
// directive unused and `make typecheck` fails.
import { engine } from "../../web/bridge.js";
import { fakeEngine } from "./fake-engine.js";

export async function callsTheCheckerRefuses() {
  // @ts-expect-error: no such request
  await engine.call("stat", {});
  // @ts-expect-error: a misspelt parameter
  await engine.call("play", { mvoe: "6-6" });
  // @ts-expect-error: `play` needs its move
  await engine.call("play");
  // @ts-expect-error: a parameter of the wrong type
  await engine.call("view", { seat: "north" });
  const snap = await engine.call("state", { since: 3 });
  // @ts-expect-error: a snapshot's turn is a seat number
  const turn = /** @type {string} */ (snap.turn);
  return turn;
}

export async function callsTheCheckerTakes() {
  const snap = await engine.call("new_game", { bots: [null, "expert", "expert", "expert"], seed: 5 });
  const hint = await engine.call("hint");
  const save = await engine.call("save");
  return [snap.hand.length, hint.move, save.version];
}

/** @param {import("../../web/bridge.js").EngineCall<null>} request */
export async function aDoorThatAnswersNull(request) {
  const snap = await request("state", { since: 0 });
  // @ts-expect-error: a refused call answers null
  return snap.turn;
}

/** The tests' fake engine is the same door: what the engine refuses, it refuses. */
export async function callsTheFakeRefuses() {
  const fake = fakeEngine();
  // @ts-expect-error: no such request
  await fake.call("stpe", {});
  // @ts-expect-error: a misspelt parameter
  await fake.call("play", { mvoe: "6-6" });
  // @ts-expect-error: a parameter of the wrong type
  await fake.call("guest_view", { seat: "east" });
  return fake.calls.map((c) => c.method);
}
