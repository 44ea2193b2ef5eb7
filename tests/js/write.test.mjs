// The renderers' writes: each helper leaves an element alone when it already is as asked
// (a write costs the browser a layout pass and loses a reader's place in the text), and
// changes it when it is not.  A stand-in element counts every write it receives.
import assert from "node:assert/strict";
import { test } from "node:test";

import { setAttr, setData, setText, toggleAttr, toggleClass } from "../../web/js/util/write.js";

/** An element with the parts of the DOM the helpers use, counting every write. */
function element() {
  const attrs = new Map();
  const classes = new Set();
  const el = {
    writes: 0,
    text: "",
    get textContent() {
      return el.text;
    },
    set textContent(value) {
      el.writes += 1;
      el.text = String(value);
    },
    getAttribute: (name) => (attrs.has(name) ? attrs.get(name) : null),
    hasAttribute: (name) => attrs.has(name),
    setAttribute(name, value) {
      el.writes += 1;
      attrs.set(name, String(value));
    },
    removeAttribute(name) {
      el.writes += 1;
      attrs.delete(name);
    },
    toggleAttribute(name, on) {
      el.writes += 1;
      if (on) attrs.set(name, "");
      else attrs.delete(name);
    },
    classList: {
      contains: (name) => classes.has(name),
      toggle(name, on) {
        el.writes += 1;
        if (on) classes.add(name);
        else classes.delete(name);
      },
    },
    dataset: new Proxy(
      {},
      {
        set(target, key, value) {
          el.writes += 1;
          target[key] = String(value);
          return true;
        },
      },
    ),
  };
  return el;
}

test("a text is written when it changes and left alone when it does not", () => {
  const el = element();
  setText(el, "Your turn");
  setText(el, "Your turn");
  assert.equal(el.textContent, "Your turn");
  assert.equal(el.writes, 1);
  setText(el, "West is thinking");
  assert.equal(el.textContent, "West is thinking");
  assert.equal(el.writes, 2);
});

test("an attribute is written once, and null removes it (once)", () => {
  const el = element();
  setAttr(el, "aria-disabled", "true");
  setAttr(el, "aria-disabled", "true");
  assert.equal(el.getAttribute("aria-disabled"), "true");
  assert.equal(el.writes, 1);
  setAttr(el, "aria-disabled", null);
  setAttr(el, "aria-disabled", null);
  setAttr(el, "aria-disabled", undefined);
  assert.equal(el.hasAttribute("aria-disabled"), false);
  assert.equal(el.writes, 2);
  setAttr(el, "aria-label", "");
  assert.equal(el.getAttribute("aria-label"), "", "an empty value is a value, not a removal");
});

test("data values, classes and boolean attributes are switched only when they differ", () => {
  const el = element();
  setData(el, "turn", "2");
  setData(el, "turn", "2");
  toggleClass(el, "seat--turn", true);
  toggleClass(el, "seat--turn", true);
  toggleClass(el, "seat--idle", false);
  toggleAttr(el, "data-active", true);
  toggleAttr(el, "data-active", true);
  toggleAttr(el, "data-over", false);
  assert.equal(el.dataset.turn, "2");
  assert.equal(el.classList.contains("seat--turn"), true);
  assert.equal(el.hasAttribute("data-active"), true);
  assert.equal(el.writes, 3);
  toggleClass(el, "seat--turn", false);
  toggleAttr(el, "data-active", false);
  assert.equal(el.classList.contains("seat--turn"), false);
  assert.equal(el.hasAttribute("data-active"), false);
  assert.equal(el.writes, 5);
});
