// The screen shapes the layout changes at: written once (web/css/breakpoints.css), named by
// every style sheet's @media rule, and given to the scripts as the same query strings
// (web/js/breakpoints.js, generated from that file; web/js/util/screens.js hands them on), so
// the hand's flat tiles and the sheets' compact layout agree.
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { test } from "node:test";

import * as breakpoints from "../../web/js/breakpoints.js";
import { NARROW, ON_ITS_SIDE, VERY_NARROW, screenIs } from "../../web/js/util/screens.js";

const CSS = new URL("../../web/css/", import.meta.url);
const read = (name) => readFileSync(new URL(name, CSS), "utf8").replace(/\/\*[\s\S]*?\*\//g, "");
const definitions = [...read("breakpoints.css").matchAll(/@custom-media\s+(--[\w-]+)\s+([^;]+);/g)].map(
  (m) => ({ name: m[1], query: m[2].trim() }),
);
const sheets = readdirSync(CSS)
  .filter((name) => name.endsWith(".css") && name !== "breakpoints.css")
  .map((name) => ({ name, text: read(name) }));
/** Every @media rule's condition, with the file it is in. */
const conditions = sheets.flatMap(({ name, text }) =>
  [...text.matchAll(/@media([^{]*)\{/g)].map((m) => ({ name, condition: m[1].trim() })),
);
/** `--on-its-side` as the scripts' constant: `ON_ITS_SIDE`. */
const constant = (name) => name.slice(2).replaceAll("-", "_").toUpperCase();

test("the style sheets have breakpoints and @media rules to check", () => {
  assert.ok(definitions.length >= 5, definitions.map((d) => d.name).join(", "));
  assert.ok(conditions.length >= 15, `${conditions.length} rules`);
});

test("no @media rule writes a size: each names a breakpoint, and only defined ones", () => {
  const names = new Set(definitions.map((d) => d.name));
  const sized = conditions.filter(({ condition }) => /width|height/.test(condition));
  assert.deepEqual(sized, []);
  const unknown = conditions.flatMap(({ name, condition }) =>
    [...condition.matchAll(/\((--[\w-]+)\)/g)].filter((m) => !names.has(m[1])).map((m) => `${name}: ${m[1]}`),
  );
  assert.deepEqual(unknown, []);
});

test("no breakpoint measures the screen in pixels", () => {
  // In a media query rem is the browser's font size: a reader who set a very large font
  // gets the layout of a screen that holds as few letters, not a page that scrolls.
  assert.deepEqual(
    definitions.filter(({ query }) => /\d\s*px/.test(query)),
    [],
  );
});

test("the scripts get every breakpoint as the style sheets' own query", () => {
  for (const { name, query } of definitions) {
    const script = breakpoints[constant(name)];
    assert.equal(typeof script, "string", `breakpoints.js has no ${constant(name)}: run make`);
    if (!query.includes("(--")) assert.equal(script, query, name);
    else assert.ok(!script.includes("--"), `${name} is written out in full: ${script}`);
  }
  assert.deepEqual(Object.keys(breakpoints).sort(), definitions.map((d) => constant(d.name)).sort());
  assert.equal(NARROW, breakpoints.NARROW);
  assert.equal(ON_ITS_SIDE, breakpoints.ON_ITS_SIDE);
  assert.equal(VERY_NARROW, breakpoints.VERY_NARROW);
  assert.equal(ON_ITS_SIDE, "(max-height: 31.25rem) and (orientation: landscape)");
});

test("screenIs asks the browser about the query it is given", () => {
  const asked = [];
  globalThis.matchMedia = (query) => {
    asked.push(query);
    return { matches: query === NARROW };
  };
  try {
    assert.equal(screenIs(NARROW), true);
    assert.equal(screenIs(ON_ITS_SIDE), false);
    assert.deepEqual(asked, [NARROW, ON_ITS_SIDE]);
  } finally {
    delete globalThis.matchMedia;
  }
});
