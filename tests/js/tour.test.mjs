// Where the tour's bubble goes: never over what it points at when the screen has room,
// and over as little of the tiles as it can (it may be the player's turn already).
import assert from "node:assert/strict";
import { test } from "node:test";

import { fitBubble, placeBubble } from "../../web/js/help/bubble.js";

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

test("it leaves its arrow room from the subject where the screen has it, wherever the subject is", () => {
  // The grid of places a bubble may take is coarse: the place nearest the hand without
  // touching it could be a pixel away, the arrow then over the tiles' edge.
  for (let top = 640; top <= 680; top += 0.5) {
    const hand = rect(20, top, 350, 100);
    const at = placeBubble(SIZE, hand, [], PHONE);
    const gap = hand.top - (at.top + SIZE.height);
    assert.ok(gap >= 7.5 && gap <= 12, `the hand at ${top}: the bubble ends ${gap} px above it`);
  }
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

// fitBubble: the bubble's width, tried in turn (the style sheet's first).
const LANDSCAPE = { width: 640, height: 360 };
const HEADER = rect(0, 0, 640, 44);
/** Sizes at the widths tour.js tries: the style sheet's 21rem, 15rem, 30rem and 40rem. */
const SHAPES = [
  { width: 336, height: 262 },
  { width: 240, height: 330 },
  { width: 480, height: 190 },
  { width: 624, height: 140 },
];
const sizeAt = (sizes) => (i) => sizes[i];

test("the style sheet's width is kept wherever it fits", () => {
  const hand = rect(20, 700, 350, 100);
  const at = fitBubble(sizeAt([SIZE, { width: 240, height: 260 }]), 2, hand, [], PHONE);
  assert.equal(at.index, 0);
  assert.equal(at.side, "above");
});

test("on a phone on its side a bubble the usual width cannot keep off takes another width", () => {
  // The table's first tiles in the middle of a 640x360 screen: the usual bubble is too tall
  // for above or below them and too wide for beside them.
  const tiles = rect(256, 173, 126, 51);
  const usual = placeBubble(SHAPES[0], tiles, [], LANDSCAPE, [HEADER]);
  assert.ok(overlaps(box(usual, SHAPES[0]), tiles), "the usual width could stay off: no test");
  const at = fitBubble(sizeAt(SHAPES), SHAPES.length, tiles, [], LANDSCAPE, [HEADER]);
  const bubble = box(at, SHAPES[at.index]);
  assert.notEqual(at.index, 0);
  assert.equal(overlaps(bubble, tiles), false);
  assert.ok(bubble.top >= 8 && bubble.bottom <= 360 - 8, `on the screen: ${bubble.top}..${bubble.bottom}`);
});

test("a bubble flush against its subject is not over it once its place is rounded", () => {
  const hand = rect(6.4, 223.1, 405.5, 26.9);
  const size = { width: 553, height: 162.5 };
  const at = placeBubble(size, hand, [], { width: 569, height: 277 }, [rect(0, 0, 569, 50.4)]);
  assert.ok(at.top + size.height <= hand.top, `bottom ${at.top + size.height} over the hand at ${hand.top}`);
});

test("when no width can keep off the subject, one that stays on the screen wins", () => {
  const view = { width: 569, height: 277 };
  const tiles = rect(250, 140, 50, 33);
  const sizes = [
    { width: 336, height: 290 }, // taller than the screen
    { width: 240, height: 380 },
    { width: 553, height: 163 },
  ];
  const at = fitBubble(sizeAt(sizes), sizes.length, tiles, [], view);
  assert.equal(at.index, 2);
  assert.equal(at.cost[0], 0, "it spills off the screen");
});

test("a picked tile's lit places stay tappable, even where the bubble would be nearest", () => {
  const hand = rect(20, 700, 350, 100);
  const header = rect(0, 0, 390, 50);
  // Two places lit just above the hand, where the bubble about the hand would sit.
  const lit = [rect(150, 600, 44, 44), rect(250, 560, 44, 44)];
  const usual = placeBubble(SIZE, hand, [], PHONE, [header]);
  assert.ok(lit.some((r) => overlaps(box(usual, SIZE), r)), "the case in question: it covered them");
  const at = placeBubble(SIZE, hand, [], PHONE, [header], 8, lit);
  const bubble = box(at, SIZE);
  for (const r of lit) assert.equal(overlaps(bubble, r), false);
  assert.equal(overlaps(bubble, hand), false);
  assert.equal(overlaps(bubble, header), false);
  const fitted = fitBubble(() => SIZE, 1, hand, [], PHONE, [header], 8, lit);
  for (const r of lit) assert.equal(overlaps(box(fitted, SIZE), r), false);
});

test("a lit place keeps the margin clear of the bubble, so a few pixels of settling never cover it", () => {
  const hand = rect(20, 700, 350, 100);
  // A row of lit places across the screen above the hand: the nearest spot above them on
  // the placing grid ends 3 px short of them.
  const lit = [rect(0, 620, 390, 44)];
  const at = placeBubble(SIZE, hand, [], PHONE, [], 8, lit);
  const bubble = box(at, SIZE);
  for (const r of lit) {
    const near = rect(r.left - 7, r.top - 7, r.width + 14, r.height + 14);
    assert.equal(overlaps(bubble, near), false, `the bubble is within 7 px of ${JSON.stringify(r)}`);
  }
});
