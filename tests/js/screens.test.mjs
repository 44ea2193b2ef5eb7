// The screen shapes the layout changes at: every style sheet's @media rule is written in
// rem (the reader's font size), and the scripts' shapes (web/js/screens.js) are the ones
// the style sheets use, so the hand's flat tiles and the sheets' compact layout agree.
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { test } from "node:test";

import { NARROW, ON_ITS_SIDE, VERY_NARROW } from "../../web/js/screens.js";

const WEB = new URL("../../web/", import.meta.url);
const sheets = readdirSync(WEB)
  .filter((name) => name.endsWith(".css"))
  .map((name) => ({ name, text: readFileSync(new URL(name, WEB), "utf8") }));

/** Every @media rule's condition, with the file it is in. */
const conditions = sheets.flatMap(({ name, text }) =>
  [...text.matchAll(/@media([^{]*)\{/g)].map((m) => ({ name, condition: m[1].trim() })),
);

test("the style sheets have @media rules to check", () => {
  assert.ok(sheets.length >= 4, sheets.map((s) => s.name).join(", "));
  assert.ok(conditions.length >= 15, `${conditions.length} rules`);
});

test("no @media rule measures the screen in pixels", () => {
  // In a media query rem is the browser's font size: a reader who set a very large font
  // gets the layout of a screen that holds as few letters, not a page that scrolls.
  const inPixels = conditions.filter(({ condition }) => /\d\s*px/.test(condition));
  assert.deepEqual(inPixels, []);
});

test("the scripts' shapes are the style sheets' own", () => {
  const all = conditions.map(({ condition }) => condition).join("\n");
  for (const shape of [ON_ITS_SIDE, NARROW]) {
    assert.ok(all.includes(shape), `no style sheet changes at ${shape}`);
  }
  assert.match(VERY_NARROW, /^\(max-width: [\d.]+rem\)$/);
});
