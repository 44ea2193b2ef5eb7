// The table's numbers drawn as strokes (web/js/table/digits.js): every digit has its own glyph,
// numbers are centred on the origin whatever their length, and only whole numbers draw.
import assert from "node:assert/strict";
import { test } from "node:test";

import { GLYPH_HEIGHT, GLYPH_WIDTH, numberPath, numberWidth } from "../../web/js/table/digits.js";

/** Every point a path names (end points and control points), from its absolute commands. */
function points(d) {
  const out = [];
  for (const [, command, args] of d.matchAll(/([MLHVCZ])([^MLHVCZ]*)/g)) {
    const n = args.trim() ? args.trim().split(/[\s,]+/).map(Number) : [];
    let last = out.at(-1) ?? [0, 0];
    if (command === "H") out.push([n[0], last[1]]);
    else if (command === "V") out.push([last[0], n[0]]);
    else for (let i = 0; i + 1 < n.length; i += 2) out.push([n[i], n[i + 1]]);
    last = out.at(-1);
  }
  return out;
}

function bounds(d) {
  const p = points(d);
  const xs = p.map(([x]) => x);
  const ys = p.map(([, y]) => y);
  return { left: Math.min(...xs), right: Math.max(...xs), top: Math.min(...ys), bottom: Math.max(...ys) };
}

test("each digit is its own glyph, one stroke starting with a move, inside its box", () => {
  const paths = new Set();
  for (let digit = 0; digit <= 9; digit++) {
    const d = numberPath(digit);
    assert.match(d, /^M/);
    assert.equal(d.match(/M/g).length, 1, `digit ${digit} is one stroke`);
    const b = bounds(d);
    const half = GLYPH_WIDTH / 2;
    assert.ok(b.left >= -half - 1e-9 && b.right <= half + 1e-9, `digit ${digit} fits its width: ${JSON.stringify(b)}`);
    assert.ok(b.top >= -GLYPH_HEIGHT / 2 - 1e-9 && b.bottom <= GLYPH_HEIGHT / 2 + 1e-9, `digit ${digit} fits its height`);
    // Each glyph reaches both the top and the bottom of its box: digits of one height.
    assert.ok(b.top <= -GLYPH_HEIGHT / 2 + 0.5 && b.bottom >= GLYPH_HEIGHT / 2 - 0.5, `digit ${digit} is full height`);
    paths.add(d);
  }
  assert.equal(paths.size, 10);
});

test("a number's digits are set left to right and the whole is centred", () => {
  for (const value of [0, 5, 10, 12, 25, 40, 105]) {
    const text = String(value);
    const d = numberPath(value);
    assert.equal(d.match(/M/g).length, text.length);
    const b = bounds(d);
    assert.ok(b.right - b.left <= numberWidth(text) + 1e-9);
    // Centred: the space left of the ink and right of it differ by less than a stroke.
    assert.ok(Math.abs(b.left + b.right) < 1.5, `${value} is centred: ${JSON.stringify(b)}`);
    // Each digit's glyph is the single digit's, moved right.
    const strokes = d.split(/(?=M)/);
    strokes.forEach((stroke, i) => {
      const alone = bounds(numberPath(text[i]));
      const here = bounds(stroke);
      assert.ok(Math.abs(here.right - here.left - (alone.right - alone.left)) < 1e-6);
      if (i > 0) assert.ok(here.left > bounds(strokes[i - 1]).left, "left to right");
    });
  }
  assert.ok(numberWidth("12") > numberWidth("7"));
});

test("only whole numbers are drawn", () => {
  for (const bad of [-1, 1.5, "", "7a", "<text>"]) {
    assert.throws(() => numberPath(bad), RangeError);
  }
  assert.throws(() => numberPath("x".repeat(500)), (error) => error.message.length < 80);
});
