// The table's closest zoom: how many tile units the view shows at least across the drawing
// area's short side, before the layout's own bounds widen it.
import assert from "node:assert/strict";
import { test } from "node:test";

import { closestSpan } from "../../web/js/table/table.js";
import { MIN_SPAN, spanForTile, viewFor } from "../../web/js/table/view-box.js";

/** The geometry's starting table for an area (seven_rocks.app.geometry: 200 square units,
 *  the area's shape, centred on the first tile). */
function startTable({ width, height }, area = 200) {
  const h = Math.sqrt(area / (width / height));
  const w = area / h;
  return [-w / 2, -h / 2, w / 2, h / 2];
}

const laptop = { width: 982, height: 368 }; // the felt of a 1366x768 laptop
const phone = { width: 380, height: 592 }; // ... of a 390x844 phone upright
const onItsSide = { width: 684, height: 246 }; // ... of the same phone on its side

test("a laptop's wide felt zooms in to the table a round starts with", () => {
  const [, y0, , y1] = startTable(laptop);
  const span = closestSpan(laptop, startTable(laptop));
  assert.ok(span < closestSpan(laptop), `${span} is no closer than without the table`);
  assert.ok(span >= y1 - y0, "the starting table's height stays in view");
  assert.ok(span <= y1 - y0 + 2, "with no more than a tile's width of felt around it");
});

test("upright, the starting table's width is what the view spans", () => {
  const [x0, , x1] = startTable(phone);
  const span = closestSpan(phone, startTable(phone));
  assert.ok(span >= x1 - x0 && span <= closestSpan(phone), span);
});

test("a short felt keeps its own closest zoom: the table never zooms it out", () => {
  assert.equal(closestSpan(onItsSide, startTable(onItsSide)), closestSpan(onItsSide));
  const tall = [-20, -20, 20, 20]; // a table laid out for another shape, mid-turn
  assert.equal(closestSpan(laptop, tall), closestSpan(laptop));
});

test("however thin the starting table, the view shows eight units at least", () => {
  assert.equal(closestSpan(laptop, [-50, -1, 50, 1]), 8);
});

test("an area with no size yet gets the usual zoom", () => {
  assert.equal(closestSpan({ width: 0, height: 0 }, startTable(laptop)), closestSpan({ width: 0, height: 0 }));
});

/** A tile's drawn length in CSS px, for a view box `box` over a drawing area `size`. */
const tileLength = (size, box) => 2 * Math.min(size.width / box[2], size.height / box[3]);

test("beside a hand, a lone opening tile is drawn as long as a hand tile", () => {
  const phone = { width: 374, height: 553 };
  const lone = [-2, -1, 2, 1]; // a tile across the middle, its two free ends' cells beside it
  const box = viewFor(lone, phone.width / phone.height, spanForTile(phone, 98));
  assert.ok(Math.abs(tileLength(phone, box) - 98) < 0.5, `${tileLength(phone, box)} px`);
});

test("as the layout grows the view zooms out, showing it whole on the felt", () => {
  const laptop = { width: 1050, height: 410 };
  const span = spanForTile(laptop, 117);
  const small = viewFor([-4, -1, 4, 1], laptop.width / laptop.height, span);
  const large = viewFor([-14, -4, 12, 5], laptop.width / laptop.height, span);
  assert.ok(tileLength(laptop, large) < tileLength(laptop, small));
  assert.ok(large[0] <= -14 && large[0] + large[2] >= 12 && large[1] <= -4 && large[1] + large[3] >= 5);
});

test("no hand measured yet: the usual closest zoom", () => {
  assert.equal(spanForTile({ width: 390, height: 500 }, 0), MIN_SPAN);
});

test("once the line has grown, a table tile may be drawn up to half as long again", () => {
  const felt = { width: 1050, height: 410 };
  assert.equal(spanForTile(felt, 117, 4), spanForTile(felt, 117, 1));
  assert.ok(spanForTile(felt, 117, 8) < spanForTile(felt, 117, 4));
  assert.equal(spanForTile(felt, 117, 28), spanForTile(felt, 117 * 1.5));
});
