// The guided first hand's steps: pure functions of the engine's snapshot and events.
import assert from "node:assert/strict";
import { test } from "node:test";

import { afterEvents, afterNext, firstStep, LESSON, scoredBySouth, tileToTap } from "../../web/js/help/guide-steps.js";

const snap = (over = {}) => ({ human_turn: true, viewer: 0, legal: { [LESSON.tile]: ["open"], "1-5": ["open"] }, ...over });
const placed = (seat, points, sumText = "6 + 4 = 10") => ({ type: "placed", seat, points, sum_text: sumText });

test("the tile to tap is the lesson's, only on South's turn when the engine lists it", () => {
  assert.equal(tileToTap(snap()), LESSON.tile);
  assert.equal(tileToTap(snap({ human_turn: false })), null);
  assert.equal(tileToTap(snap({ viewer: 2 })), null);
  assert.equal(tileToTap(snap({ legal: { "1-5": ["open"] } })), null);
});

test("the guide starts at tap on the lesson's deal, at the partner step on any other hand", () => {
  assert.deepEqual(firstStep(snap()), { step: "tap", scored: null });
  assert.deepEqual(firstStep(snap({ legal: {} })), { step: "partner", scored: null });
});

test("the scoring step carries the engine's own points and sum, South's move only", () => {
  assert.deepEqual(scoredBySouth([placed(3, 15, "5 + 10 = 15"), placed(0, 10, "6 + 4 = 10")]), { points: 10, sum: "6 + 4 = 10" });
  assert.equal(scoredBySouth([placed(1, 10)]), null);
  assert.equal(scoredBySouth([placed(0, 0, "6 + 3 = 9")]), null);
});

test("steps follow in order: tap, then scored or partner, then the end", () => {
  const tap = firstStep(snap());
  // Another seat's move, or a batch without South's move, changes nothing.
  assert.equal(afterEvents(tap, [placed(1, 10)]), tap);
  const scored = afterEvents(tap, [placed(0, 10, "4 + 6 = 10")]);
  assert.deepEqual(scored, { step: "scored", scored: { points: 10, sum: "4 + 6 = 10" } });
  assert.equal(afterEvents(scored, [placed(1, 5)]), scored, "the bots' moves do not skip the scoring step");
  assert.equal(afterNext(tap), tap, "no Next at tap: the person plays the tile");
  const partner = afterNext(scored);
  assert.equal(partner.step, "partner");
  assert.equal(afterNext(partner).step, null);
  // South's move that scores nothing goes straight to the partner.
  assert.equal(afterEvents(tap, [placed(0, 0, "6 + 3 = 9")]).step, "partner");
});

test("the round's end ends the guide at any step", () => {
  for (const state of [firstStep(snap()), { step: "scored", scored: { points: 10, sum: "x" } }, { step: "partner", scored: null }])
    assert.equal(afterEvents(state, [{ type: "round_settled" }]).step, null);
});
