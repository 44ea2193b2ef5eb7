// One game's life against a fake engine: the bots' turns paced, a person's move sent to the
// engine, a forced knock, a panel holding the bots, the device passed, and a new game that
// ends every pending step of the old one where it waits.
import assert from "node:assert/strict";
import { test } from "node:test";

import { GameLoop } from "../../web/js/game/game-loop.js";
import { Pacer } from "../../web/js/game/pacing.js";
import { UiStore } from "../../web/js/game/ui-store.js";
import { fakeEngine } from "./fake-engine.js";

const tick = () => new Promise((resolve) => setImmediate(resolve));
const BOTS = [null, "expert", "expert", "expert"];

/** A snapshot as the engine sends it (only what the loop reads). */
const snap = (fields = {}) => ({ bots: BOTS, events: [], events_total: 0, over: false, human_turn: false, turn: 1, ...fields });
const placed = (seat, tile) => ({ type: "placed", seat, tile, team: seat % 2, points: 0 });

/** A promise the test settles. */
function deferred() {
  let resolve;
  const promise = new Promise((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/** The view, recording what it was asked to show. */
function fakeView() {
  const said = [];
  const emitted = [];
  return {
    said,
    emitted,
    draws: 0,
    passedTo: null,
    parkedNow: false,
    render() {
      this.draws += 1;
    },
    renderNow() {
      this.draws += 1;
    },
    parked(on) {
      this.parkedNow = on;
    },
    shown() {},
    sayEvent: (event) => said.push(event.type),
    sayKnock: () => said.push("knock"),
    passTo(s, onReady) {
      this.passedTo = { seat: s.pass_to, onReady };
    },
    hidePass() {
      this.passedTo = null;
    },
    seatTaken: (s, seat) => said.push(`taken ${seat}`),
    emit: (name, detail) => emitted.push({ name, detail }),
  };
}

/** A loop over `engine` with a clock the test moves and pacing that only records waits. */
function loopOver(engine, { speed = 500, pacer = null, gameOver = async () => null } = {}) {
  const waits = [];
  const saved = [];
  const after = [];
  const view = fakeView();
  const store = new UiStore();
  let clock = 0;
  const pace = pacer ?? new Pacer({ setTimer: (resume, ms) => (waits.push(ms), resume()) });
  const loop = new GameLoop({
    request: engine.call,
    aspect: () => 1.5,
    pacer: pace,
    speed: () => speed,
    now: () => (clock += 100), // every engine reply takes 100 ms of the clock
    store,
    view,
    dialogs: { roundSummary: async () => {}, gameOver },
    save: () => saved.push("save"),
    over: () => saved.push("over"),
    afterGame: (choice) => after.push(choice),
  });
  return { loop, view, store, waits, saved, after };
}

test("the bots' turns are asked for one at a time and paced by the speed", async () => {
  const replies = [
    snap({ turn: 2, events: [placed(1, "6-6")], events_total: 1 }),
    snap({ turn: 3, events: [placed(2, "6-5")], events_total: 2 }),
    snap({ turn: 0, human_turn: true, events: [placed(3, "5-5")], events_total: 3 }),
  ];
  const engine = fakeEngine((method) => (method === "step" ? replies.shift() : null));
  const { loop, view, store, waits } = loopOver(engine, { speed: 500 });
  loop.show(snap());
  await loop.run();
  assert.deepEqual(engine.methods(), ["step", "step", "step"]);
  // Each reply took 100 ms of the clock: the bot's move stays up the rest of the speed.
  assert.deepEqual(waits, [400, 400, 400]);
  assert.deepEqual(view.said, ["placed", "placed", "placed"]);
  assert.equal(loop.count, 3);
  assert.equal(loop.events.length, 3);
  assert.equal(store.ui.thinking, null);
  assert.deepEqual(store.ui.actions.slice(1), [
    { type: "play", tile: "6-6" },
    { type: "play", tile: "6-5" },
    { type: "play", tile: "5-5" },
  ]);
  // The person's turn came after a bot's move: the page is told.
  assert.deepEqual(view.emitted.at(-1), { name: "seven-rocks:your-turn", detail: { seat: 0 } });
  // Every request carries the table's shape and the events already seen.
  assert.deepEqual(engine.calls[1].params, { aspect: 1.5, since: 1 });
});

test("on a guest's page, a person on another device is to play, a bot is thinking", async () => {
  // The guest's table: North here, the host (South) and East remote, West a bot.
  const bots = ["remote", "expert", null, "remote"];
  const pending = deferred();
  const engine = fakeEngine((method) => (method === "step" ? pending.promise : null));
  const { loop, store } = loopOver(engine);
  loop.show(snap({ bots, turn: 0 }));
  loop.run();
  await tick();
  assert.deepEqual(engine.methods(), ["step"]); // the table's move is waited for...
  assert.equal(store.ui.thinking, null); // ...and nobody is said to think
  loop.show(snap({ bots, turn: 1 }));
  loop.run();
  await tick();
  assert.equal(store.ui.thinking, 1);
});

test("a new game ends the old game's pending step where it waits", async () => {
  const pending = deferred();
  const engine = fakeEngine((method) => (method === "step" ? pending.promise : null));
  const { loop, view } = loopOver(engine);
  loop.show(snap({ seed: 1 }));
  const oldRun = loop.run();
  await tick();
  assert.deepEqual(engine.methods(), ["step"]);
  const oldSignal = loop.signal;
  // A new game is shown while the old game's bot is thinking.
  loop.show(snap({ seed: 2, human_turn: true, turn: 0 }));
  assert.equal(oldSignal.aborted, true);
  assert.equal(await oldRun, undefined, "the old loop ends quietly");
  // The old engine reply arrives late: nothing of it reaches the new game.
  pending.resolve(snap({ seed: 1, events: [placed(1, "6-6")], events_total: 1 }));
  await tick();
  assert.equal(loop.snap.seed, 2);
  assert.deepEqual(loop.events, []);
  assert.deepEqual(view.said, []);
  assert.deepEqual(engine.methods(), ["step"], "the old loop asked nothing more");
});

test("a new game ends the old game's pacing delay too", async () => {
  let resumeLater = null;
  const pacer = new Pacer({
    setTimer: (resume) => {
      resumeLater = resume;
    },
  });
  const engine = fakeEngine((method) => (method === "step" ? snap({ turn: 2, events: [placed(1, "6-6")], events_total: 1 }) : null));
  const { loop, view } = loopOver(engine, { pacer, speed: 800 });
  loop.show(snap({ seed: 1 }));
  const oldRun = loop.run();
  await tick();
  assert.ok(resumeLater, "the bot's move is being paced");
  loop.show(snap({ seed: 2, human_turn: true, turn: 0 }));
  await oldRun;
  resumeLater();
  await tick();
  assert.deepEqual(view.said, [], "the paced move of the old game is never shown");
  assert.equal(loop.snap.seed, 2);
});

test("a person's move goes through the engine, then the bots answer", async () => {
  const moves = { "3-5": { "1-1:a": "3-5@1-1:a" } };
  const engine = fakeEngine((method) => {
    if (method === "play") return snap({ turn: 1, events: [placed(0, "3-5")], events_total: 1 });
    if (method === "step") return snap({ turn: 0, human_turn: true, moves, events: [placed(1, "1-3")], events_total: 2 });
    return null;
  });
  const { loop, store, saved } = loopOver(engine);
  loop.show(snap({ turn: 0, human_turn: true, moves }));
  await loop.run();
  const busy = [];
  const playing = loop.play("3-5", "1-1:a");
  busy.push(store.ui.busy);
  await playing;
  busy.push(store.ui.busy);
  assert.deepEqual(busy, [true, false]);
  assert.deepEqual(engine.calls[0], { method: "play", params: { move: "3-5@1-1:a", aspect: 1.5, since: 0 } });
  assert.deepEqual(engine.methods(), ["play", "step"]);
  assert.equal(loop.count, 2);
  assert.deepEqual(saved, ["save", "save"], "each move's position is kept");
});

test("a refused move leaves the game as it was, the selection put down", async () => {
  const moves = { "3-5": { "1-1:a": "3-5@1-1:a" } };
  const engine = fakeEngine(() => null);
  const { loop, store } = loopOver(engine);
  loop.show(snap({ turn: 0, human_turn: true, moves, legal: { "3-5": ["1-1:a"] } }));
  store.dispatch({ type: "choose", snap: loop.snap, tile: "3-5" });
  store.dispatch({ type: "choose", snap: { legal: { "3-5": ["1-1:a", "1-1:b"] } }, tile: "3-5" });
  await loop.play("3-5", "1-1:a");
  assert.equal(store.ui.selected, null);
  assert.equal(store.ui.busy, false);
  assert.equal(loop.count, 0);
});

test("a forced knock shows first, then the engine is asked for the knock", async () => {
  const engine = fakeEngine((method) =>
    method === "play" ? snap({ turn: 1, human_turn: true, must_pass: false, events: [{ type: "passed", seat: 0 }], events_total: 1 }) : null,
  );
  const { loop, view, store, waits } = loopOver(engine, { speed: 500 });
  loop.show(snap({ turn: 0, human_turn: true, must_pass: true, pass_move: "pass" }));
  await loop.run();
  assert.deepEqual(view.said, ["knock", "passed"]);
  assert.deepEqual(waits, [900], "a knock stays up longer than a move");
  assert.equal(engine.calls[0].params.move, "pass");
  assert.equal(store.ui.knocking, false);
  assert.deepEqual(store.ui.actions[0], { type: "pass" });
});

test("while a panel holds the bots the loop is parked; released, it goes on", async () => {
  const pacer = new Pacer({ setTimer: (resume) => resume() });
  const engine = fakeEngine((method) => (method === "step" ? snap({ turn: 0, human_turn: true, events_total: 0 }) : null));
  const { loop, view } = loopOver(engine, { pacer });
  const release = pacer.hold("sheet");
  loop.show(snap());
  const running = loop.run();
  await tick();
  assert.equal(view.parkedNow, true);
  assert.deepEqual(engine.methods(), [], "no bot moves behind the panel");
  release();
  await running;
  assert.equal(view.parkedNow, false);
  assert.deepEqual(engine.methods(), ["step"]);
});

test("a new game while parked leaves the park and asks nothing", async () => {
  const pacer = new Pacer({ setTimer: (resume) => resume() });
  const engine = fakeEngine(() => null);
  const { loop, view } = loopOver(engine, { pacer });
  const release = pacer.hold("sheet");
  loop.show(snap({ seed: 1 }));
  const running = loop.run();
  await tick();
  loop.show(snap({ seed: 2, human_turn: true, turn: 0 }));
  await running;
  assert.equal(view.parkedNow, false);
  release();
  await tick();
  assert.deepEqual(engine.methods(), []);
});

test("passing the device: the person's view is asked for only when they take it", async () => {
  const engine = fakeEngine((method, params) =>
    method === "view" ? snap({ turn: params.seat, human_turn: true, legal: { "2-4": ["open"] }, hand: ["2-4", "6-6"], events_total: 0 }) : null,
  );
  const { loop, view, store } = loopOver(engine);
  loop.show(snap({ bots: [null, null, null, null], pass_to: 1, turn: 1 }));
  await loop.run();
  assert.equal(view.passedTo.seat, 1);
  assert.deepEqual(engine.methods(), [], "the hand stays with the engine until the tap");
  await view.passedTo.onReady();
  assert.deepEqual(engine.calls[0].params, { seat: 1, aspect: 1.5, since: 0 });
  assert.equal(view.passedTo, null);
  assert.deepEqual(view.said, ["taken 1"]);
  assert.equal(store.ui.focusTile, "2-4", "the keyboard lands on the first playable tile");
});

test("the end of the game: the dialog's choice goes to the page", async () => {
  const won = { type: "game_won", team: 0, scores: [250, 120] };
  const engine = fakeEngine((method) => (method === "step" ? snap({ over: true, events: [won], events_total: 1 }) : null));
  const seen = [];
  const { loop, saved, after } = loopOver(engine, {
    gameOver: async (args) => {
      seen.push(args.won);
      return "same-deal";
    },
  });
  loop.show(snap());
  await loop.run();
  assert.deepEqual(seen, [won]);
  assert.deepEqual(after, ["same-deal"]);
  assert.deepEqual(saved, ["save", "over"], "a finished game is kept: a reload shows its end");
});

test("the game's end, closed, shows again on asking; a restored finished game shows it at once", async () => {
  const won = { type: "game_won", team: 0, scores: [250, 120] };
  const engine = fakeEngine((method) => (method === "step" ? snap({ over: true, events: [won], events_total: 1 }) : null));
  const seen = [];
  const { loop, after } = loopOver(engine, {
    gameOver: async (args) => {
      seen.push(args.won);
      return seen.length < 3 ? null : "again";
    },
  });
  loop.show(snap());
  await loop.run();
  await loop.showEnding();
  assert.deepEqual(seen, [won, won], "closed, then opened again");
  loop.show(snap({ over: true, events: [won], events_total: 1 })); // a reload restored it
  await loop.run();
  assert.deepEqual(seen, [won, won, won]);
  assert.deepEqual(after, ["again"]);
  loop.show(snap());
  await loop.showEnding();
  assert.equal(seen.length, 3, "a new game has no end to show");
});

test("Play again at the game's end: the old game's loop stops there", async () => {
  const won = { type: "game_won", team: 1, scores: [90, 251] };
  const engine = fakeEngine((method) => (method === "step" ? snap({ over: true, events: [won], events_total: 1 }) : null));
  let loop;
  const setup = loopOver(engine, { gameOver: async () => "again" });
  loop = setup.loop;
  loop.host.afterGame = () => loop.begin(); // the page deals the next game
  loop.show(snap());
  await loop.run();
  assert.deepEqual(setup.saved, ["save"], "the finished game's loop does nothing after the new game began");
});
