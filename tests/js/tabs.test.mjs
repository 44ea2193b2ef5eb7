// One game, one writer: a tab that finds another one owning the saved game stops writing
// it, holds its bots and offers to take the game over; starting a game again ends that.
// The browser's storage, events and elements are stand-ins.
import assert from "node:assert/strict";
import { beforeEach, test } from "node:test";

import { OWNER_KEY, SAVE_KEY } from "../../web/js/util/storage.js";
import { TabClaim } from "../../web/js/game/tabs.js";

const store = new Map();
const listeners = new Map();
const listen = (name, fn) => listeners.set(name, [...(listeners.get(name) ?? []), fn]);
const fire = (name, event = {}) => (listeners.get(name) ?? []).forEach((fn) => fn(event));

/** A stand-in element: what the notice and its button need. */
function element() {
  return {
    dataset: {},
    children: [],
    removed: false,
    clicks: [],
    append(child) {
      this.children.push(child);
    },
    remove() {
      this.removed = true;
    },
    querySelector: () => null,
    addEventListener(name, fn) {
      if (name === "click") this.clicks.push(fn);
    },
  };
}

globalThis.localStorage = {
  getItem: (key) => (store.has(key) ? store.get(key) : null),
  setItem: (key, value) => store.set(key, String(value)),
  removeItem: (key) => store.delete(key),
};
globalThis.addEventListener = listen;
globalThis.document = { visibilityState: "visible", addEventListener: listen, createElement: () => element() };

/** A tab whose host records what it was asked to do. */
function tab({ playing = true } = {}) {
  const host = {
    calls: [],
    notices: [],
    playing: () => playing,
    hold: () => {
      host.calls.push("hold");
      return () => host.calls.push("release");
    },
    notify: (key) => {
      const notice = element();
      notice.key = key;
      host.notices.push(notice);
      return notice;
    },
    changed: () => host.calls.push("changed"),
    takeOver: () => host.calls.push("take over"),
  };
  const root = element();
  const claim = new TabClaim(host, root);
  return { host, root, claim };
}

beforeEach(() => {
  store.clear();
  listeners.clear();
});

test("the tab that claims the game writes it; no owner yet means any tab may", () => {
  const { claim, host } = tab();
  assert.equal(claim.mayWrite(), true);
  claim.claim();
  assert.equal(store.get(OWNER_KEY), claim.id);
  assert.equal(claim.mayWrite(), true);
  assert.deepEqual(host.calls, []);
});

test("another owner stops the tab once: bots held, one notice with a way back, no writes", () => {
  const { claim, host, root } = tab();
  claim.claim();
  store.set(OWNER_KEY, "another-tab");
  assert.equal(claim.mayWrite(), false);
  assert.equal(claim.mayWrite(), false);
  assert.equal(claim.elsewhere, true);
  assert.deepEqual(host.calls, ["hold", "changed"]);
  assert.equal(host.notices.length, 1);
  const [notice] = host.notices;
  assert.equal(notice.key, "notice.elsewhere");
  assert.equal(root.dataset.elsewhere, "");
  const [button] = notice.children;
  assert.equal(button.dataset.action, "take-over");
  button.clicks.forEach((fn) => fn());
  assert.deepEqual(host.calls, ["hold", "changed", "take over"]);
});

test("coming back lets the bots go, removes the notice, and the tab may claim again", () => {
  const { claim, host, root } = tab();
  store.set(OWNER_KEY, "another-tab");
  claim.mayWrite();
  claim.comeBack();
  assert.equal(claim.elsewhere, false);
  assert.equal(host.notices[0].removed, true);
  assert.equal("elsewhere" in root.dataset, false);
  assert.deepEqual(host.calls, ["hold", "changed", "release"]);
  claim.claim();
  assert.equal(claim.mayWrite(), true);
});

test("another tab's claim or save, heard through storage, stops a tab with a game", () => {
  for (const key of [OWNER_KEY, SAVE_KEY]) {
    listeners.clear();
    const { claim, host } = tab();
    claim.claim();
    claim.watch();
    fire("storage", { storageArea: localStorage, key: OWNER_KEY, newValue: claim.id }); // its own
    assert.equal(claim.elsewhere, false);
    if (key === SAVE_KEY) store.set(OWNER_KEY, "another-tab");
    fire("storage", { storageArea: localStorage, key, newValue: key === OWNER_KEY ? "another-tab" : "{}" });
    assert.equal(claim.elsewhere, true, key);
    assert.equal(host.notices.length, 1);
  }
});

test("a tab with no game yet, or shown again while it owns the game, goes on", () => {
  const idle = tab({ playing: false });
  idle.claim.watch();
  fire("storage", { storageArea: localStorage, key: OWNER_KEY, newValue: "another-tab" });
  assert.equal(idle.claim.elsewhere, false);
  listeners.clear();
  const { claim } = tab();
  claim.claim();
  claim.watch();
  fire("pageshow");
  fire("visibilitychange");
  assert.equal(claim.elsewhere, false);
  store.set(OWNER_KEY, "another-tab");
  fire("pageshow"); // back from the back-forward cache, another tab playing meanwhile
  assert.equal(claim.elsewhere, true);
});
