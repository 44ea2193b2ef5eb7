// Where the tour's bubble goes: never over what it points at when the screen has room,
// and over as little of the tiles as it can (it may be the player's turn already).
import assert from "node:assert/strict";
import { test } from "node:test";

import { placeBubble } from "../../web/js/tour.js";

const rect = (left, top, width, height) => ({ left, top, width, height, right: left + width, bottom: top + height });
const box = ({ left, top }, size) => rect(left, top, size.width, size.height);
const overlaps = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

const PHONE = { width: 390, height: 844 };
const SIZE = { width: 330, height: 170 };

test("the bubble sits beside its subject, not on it", () => {
  const hand = rect(20, 700, 350, 100);
  const at = placeBubble(SIZE, hand, [], PHONE);
  assert.equal(overlaps(box(at, SIZE), hand), false);
  assert.equal(at.side, "above");
  assert.ok(hand.top - (at.top + SIZE.height) < 40, "and near it");
});

test("pointing at the table's tiles it keeps off them and off the hand", () => {
  const tiles = rect(60, 300, 270, 200);
  const hand = rect(20, 720, 350, 90);
  const at = placeBubble(SIZE, tiles, [tiles, hand], PHONE);
  const bubble = box(at, SIZE);
  assert.equal(overlaps(bubble, tiles), false);
  assert.equal(overlaps(bubble, hand), false);
  assert.ok(["above", "below"].includes(at.side));
});

test("on a phone on its side it goes beside the subject when above and below are full", () => {
  const land = { width: 844, height: 390 };
  const tiles = rect(320, 40, 180, 250);
  const at = placeBubble(SIZE, tiles, [tiles], land);
  assert.equal(overlaps(box(at, SIZE), tiles), false);
  assert.ok(["left", "right"].includes(at.side));
});

test("it stays on screen", () => {
  const at = placeBubble(SIZE, rect(0, 0, 390, 844), [], PHONE);
  assert.ok(at.left >= 8 && at.top >= 8 && at.left + SIZE.width <= 390 - 8 + 1 && at.top + SIZE.height <= 844 - 8 + 1);
});

test("mid-round, about the hand under a full table, it stays by the hand", () => {
  // Before, it kept off the table's tiles by going to the top of the screen, its arrow
  // pointing down at the table, 400 px from the hand.
  const hand = rect(20, 660, 350, 130);
  const header = rect(0, 0, 390, 110);
  const table = [rect(40, 160, 40, 480), rect(150, 160, 40, 440), rect(260, 160, 40, 440), rect(30, 500, 150, 100)];
  const at = placeBubble(SIZE, hand, [...table, hand], PHONE, [header]);
  const bubble = box(at, SIZE);
  assert.equal(overlaps(bubble, hand), false);
  assert.equal(overlaps(bubble, header), false);
  assert.equal(at.side, "above");
  assert.ok(hand.top - bubble.bottom < 40, `near the hand (bottom at ${bubble.bottom})`);
});

test("near the header it keeps off the header before it keeps close or off the tiles", () => {
  // The first tiles on the table just under the header: above them the bubble would be close
  // and over no tile, but over the header (where the scores are, and the banner shows).
  const header = rect(0, 0, 390, 60);
  const tiles = rect(150, 200, 90, 45);
  const below = [rect(150, 245, 90, 300), rect(20, 700, 350, 100)];
  const at = placeBubble(SIZE, tiles, [tiles, ...below], PHONE, [header]);
  const bubble = box(at, SIZE);
  assert.equal(overlaps(bubble, tiles), false);
  assert.equal(overlaps(bubble, header), false, `over the header (top at ${bubble.top})`);
  assert.equal(at.side, "below");
  assert.ok(bubble.top - tiles.bottom < 40, `and near the tiles (top at ${bubble.top})`);
});
