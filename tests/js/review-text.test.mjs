// The coach's words about the chance to win: which moves the headline names, and how a drop
// in the chance reads (the catalogue is not loaded here: keys and their values show).
import assert from "node:assert/strict";
import { test } from "node:test";

import { markName, percent, swings, swingText } from "../../web/js/review-text.js";

/** @param {number} number @param {string} mark @param {number} win_loss */
const move = (number, mark, win_loss) => ({ round: 1, number, seat: 0, move: "pass", best: "pass", mark, loss: 0, win_loss });

test("the headline names the mistakes and blunders that cost the most, costliest first", () => {
  const moves = [move(1, "mistake", 0.04), move(2, "good", 0.02), move(3, "blunder", 0.11), move(4, "mistake", 0.05), move(5, "forced", 0)];
  assert.deepEqual(swings(moves).map((m) => m.number), [3, 4]);
  assert.deepEqual(swings(moves, 5).map((m) => m.number), [3, 4, 1]);
  assert.deepEqual(swings([move(1, "good", 0.02), move(2, "best", 0)]), []);
  assert.match(swingText(moves), /^review\.swings/);
  assert.match(swingText([move(2, "best", 0)]), /^review\.no_swings/);
});

test("a drop in the chance to win reads as points of percent, never below zero", () => {
  assert.equal(percent(0.1083), "10.8%");
  assert.equal(percent(0.03), "3%");
  assert.equal(percent(-0.2), "0%");
});

test("a mark the search could not settle says so (likely, borderline)", () => {
  assert.equal(markName("mistake"), "review.mark.mistake");
  assert.equal(markName("mistake", false), "review.mark.probably_mistake");
  assert.equal(markName("good", false), "review.mark.probably_fine");
  assert.equal(markName("forced", false), "review.mark.forced");
});
