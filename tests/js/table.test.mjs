// The table's closest zoom: how many tile units the view shows at least across the drawing
// area's short side, before the layout's own bounds widen it.
import assert from "node:assert/strict";
import { test } from "node:test";

import { closestSpan } from "../../web/js/table/table.js";

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
