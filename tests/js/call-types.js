// Checked by `tsc` (make typecheck), never run: the engine's `call()` takes only the worker's
// requests, each with its own params, and gives each its own reply type. Each call marked
// as an expected error must fail to type-check; should the typing loosen, tsc reports the
// directive unused and `make typecheck` fails.
import { engine } from "../../web/bridge.js";

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
