// The keeper of the saved game, with a fake engine and stand-ins for the browser's storage
// and events: a move's save is stored, a save for a game that is gone is dropped, a bad
// save is one notice, a hidden page writes the latest save again, and a tab that does not
// own the game never writes it.
import assert from "node:assert/strict";
import { beforeEach, test } from "node:test";

import { SaveKeeper } from "../../web/js/game/saves.js";
import { OWNER_KEY, SAVE_FORMAT, SAVE_KEY, SAVE_VERSION } from "../../web/js/util/storage.js";
import { fakeEngine } from "./fake-engine.js";

const store = new Map();
const session = new Map();
const listeners = new Map();
const listen = (name, fn) => listeners.set(name, [...(listeners.get(name) ?? []), fn]);
const fire = (name, event = {}) => (listeners.get(name) ?? []).forEach((fn) => fn(event));
const storage = (map) => ({
  getItem: (key) => (map.has(key) ? map.get(key) : null),
  setItem: (key, value) => map.set(key, String(value)),
  removeItem: (key) => map.delete(key),
});

globalThis.localStorage = storage(store);
globalThis.sessionStorage = storage(session);
globalThis.addEventListener = listen;
const element = () => ({ dataset: {}, append() {}, remove() {}, querySelector: () => null, addEventListener() {} });
globalThis.document = { visibilityState: "visible", addEventListener: listen, createElement: element };

const SAVE = { format: SAVE_FORMAT, version: SAVE_VERSION, bots: [null, "expert", "expert", "expert"], names: [null, null, null, null], record: { seed: 7, rounds: [] } };

/** A keeper over a fake engine; `game` is the game going on, `controller` its signal. */
function keeper({ answer = () => SAVE, game = { snap: { over: false }, autoplay: false } } = {}) {
  const notices = [];
  const state = { game, controller: new AbortController() };
  const { calls, call } = fakeEngine(answer);
  const host = {
    call,
    notify: (key) => {
      notices.push(key);
      return element();
    },
    game: () => state.game,
    signal: () => state.controller.signal,
    hold: () => () => {},
    changed: () => {},
    takeOver: () => {},
  };
  return { keeper: new SaveKeeper(host, element()), calls, notices, state };
}

beforeEach(() => {
  store.clear();
  session.clear();
  listeners.clear();
  document.visibilityState = "visible";
});

test("a game shown anew is claimed by this tab and its save stored", async () => {
  const { keeper: k, calls } = keeper();
  k.shown();
  await new Promise(setImmediate);
  assert.deepEqual(calls.map((c) => c.method), ["save"]);
  assert.equal(store.get(SAVE_KEY), JSON.stringify(SAVE));
  assert.equal(store.get(OWNER_KEY), k.tabs.id);
});

test("a game the bots play alone is not kept", async () => {
  const { keeper: k, calls } = keeper({ game: { snap: { over: false }, autoplay: true } });
  k.shown();
  await new Promise(setImmediate);
  assert.deepEqual(calls, []);
  assert.equal(store.has(SAVE_KEY), false);
});

test("a finished game is kept until another starts: a reload shows its end", async () => {
  const { keeper: k } = keeper({ game: { snap: { over: true }, autoplay: false } });
  k.shown();
  await new Promise(setImmediate);
  assert.equal(store.get(SAVE_KEY), JSON.stringify(SAVE));
  k.claimForNewGame();
  assert.equal(store.has(SAVE_KEY), false);
});

test("a save that arrives after its game is gone is not stored", async () => {
  let reply;
  const { keeper: k, state } = keeper({ answer: () => new Promise((resolve) => (reply = resolve)) });
  const saving = k.save();
  state.controller.abort(); // a new game began meanwhile
  reply(SAVE);
  await saving;
  assert.equal(store.has(SAVE_KEY), false);
  assert.equal(k.latest, null);
});

test("resuming: a good save is restored for the table's shape and said once", async () => {
  store.set(SAVE_KEY, JSON.stringify(SAVE));
  const restored = { seed: 7 };
  const { keeper: k, calls, notices } = keeper({ answer: (method) => (method === "restore" ? restored : null) });
  const snap = await k.resume({}, () => ({ aspect: 1.4 }));
  assert.equal(snap, restored);
  assert.deepEqual(calls, [{ method: "restore", params: { save: SAVE, aspect: 1.4 } }]);
  assert.deepEqual(notices, ["notice.resumed"]);
});

test("resuming: a corrupt or refused save is one notice and is dropped", async () => {
  store.set(SAVE_KEY, "{not json");
  const first = keeper();
  assert.equal(await first.keeper.resume({}, () => ({})), null);
  assert.deepEqual(first.notices, ["notice.save_corrupt"]);
  assert.equal(store.has(SAVE_KEY), false);

  store.set(SAVE_KEY, JSON.stringify(SAVE));
  const refused = keeper({ answer: () => new Error("bad move in save") });
  assert.equal(await refused.keeper.resume({}, () => ({})), null);
  assert.deepEqual(refused.notices, ["notice.save_corrupt"]);
  assert.equal(store.has(SAVE_KEY), false);
});

test("a link for another game leaves the saved game alone", async () => {
  store.set(SAVE_KEY, JSON.stringify(SAVE));
  const { keeper: k, calls } = keeper();
  assert.equal(await k.resume({ explicit: true, seed: 8, bots: SAVE.bots }, () => ({})), null);
  assert.deepEqual(calls, []);
  assert.equal(store.get(SAVE_KEY), JSON.stringify(SAVE));
});

test("a hidden page writes the latest save again and asks for a fresh one", async () => {
  const { keeper: k, calls } = keeper();
  k.watch();
  k.shown();
  await new Promise(setImmediate);
  store.delete(SAVE_KEY); // lost meanwhile (another write failed, say)
  document.visibilityState = "hidden";
  fire("visibilitychange");
  assert.equal(store.get(SAVE_KEY), JSON.stringify(SAVE), "written at once, before any reply");
  await new Promise(setImmediate);
  assert.deepEqual(calls.map((c) => c.method), ["save", "save"]);
});

test("a tab that another tab took the game from never writes it", async () => {
  const { keeper: k, notices } = keeper();
  k.shown();
  await new Promise(setImmediate);
  store.set(OWNER_KEY, "another-tab");
  const other = JSON.stringify({ ...SAVE, record: { seed: 9, rounds: [] } });
  store.set(SAVE_KEY, other);
  assert.equal(k.write(SAVE), false);
  assert.equal(store.get(SAVE_KEY), other);
  assert.equal(k.elsewhere, true);
  assert.deepEqual(notices, ["notice.elsewhere"]);
  // Starting a game here makes it this tab's again: the old save goes.
  k.claimForNewGame();
  assert.equal(k.elsewhere, false);
  assert.equal(store.get(OWNER_KEY), k.tabs.id);
  assert.equal(store.has(SAVE_KEY), false);
});
