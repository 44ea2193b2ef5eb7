// The review's chart of points lost: bar heights follow the losses the engine sent, rounds
// stand apart, and the markup gives one tappable bar per move.
import assert from "node:assert/strict";
import { test } from "node:test";

import { BAR, CAP, HEIGHT, ROUND_SPACE, SPACE, STUB, barHeight, columns, costliest, lossChart } from "../../web/js/losschart.js";

const move = (round, number, loss, mark) => ({ round, number, loss, mark });

test("a bar is as tall as the points its move lost, up to the cap", () => {
  assert.equal(barHeight(move(1, 1, CAP / 2, "blunder")), STUB + (HEIGHT - STUB) / 2);
  assert.equal(barHeight(move(1, 1, CAP, "blunder")), HEIGHT);
  assert.equal(barHeight(move(1, 1, CAP * 3, "blunder")), HEIGHT, "a loss past the cap is drawn at full height");
  assert.ok(barHeight(move(1, 1, 6, "mistake")) > barHeight(move(1, 1, 3, "good")));
});

test("a move that lost nothing still shows, and a forced one shows lower", () => {
  assert.equal(barHeight(move(1, 1, 0, "best")), STUB);
  assert.ok(barHeight(move(1, 1, 0.1, "good")) > STUB, "any loss stands above none");
  assert.ok(barHeight(move(1, 1, 0, "forced")) < STUB);
  assert.ok(barHeight(move(1, 1, 0, "forced")) > 0);
});

test("a new round starts further along than the next move of the same round", () => {
  const moves = [move(1, 1, 0, "best"), move(1, 5, 0, "best"), move(2, 3, 0, "best")];
  const { xs, width } = columns(moves);
  assert.deepEqual(xs, [0, BAR + SPACE, 2 * (BAR + SPACE) + ROUND_SPACE]);
  assert.equal(width, 3 * (BAR + SPACE) + ROUND_SPACE);
});

test("the costliest move is the first of the biggest losses, never a forced one", () => {
  const moves = [move(1, 1, 0, "forced"), move(1, 5, 7, "mistake"), move(2, 3, 21, "blunder"), move(2, 7, 21, "blunder")];
  assert.equal(costliest(moves), 2);
  assert.equal(costliest([move(1, 1, 0, "best"), move(1, 5, 0, "forced")]), -1);
  assert.equal(costliest([]), -1);
});

test("the chart has a bar per move, marks the selected one and escapes its words", () => {
  const moves = [move(1, 4, 6.6, "mistake"), move(1, 8, 0, "forced"), move(2, 2, 0, "best")];
  const svg = lossChart(moves, 1, { label: 'Lost "most" <here>', title: (m) => `move ${m.number} & co` });
  const bars = [...svg.matchAll(/<g class="([^"]+)" data-review-bar data-index="(\d+)" data-round="(\d+)" data-number="(\d+)">/g)];
  assert.deepEqual(bars.map((b) => [b[2], b[3], b[4]]), [["0", "1", "4"], ["1", "1", "8"], ["2", "2", "2"]]);
  assert.deepEqual(bars.map((b) => b[1].includes("loss-bar--current")), [false, true, false]);
  assert.ok(bars[0][1].includes("loss-bar--mistake"));
  assert.ok(svg.includes('role="img"'));
  assert.ok(svg.includes("aria-label=\"Lost &#34;most&#34; &#60;here&#62;\""));
  assert.ok(svg.includes("<title>move 4 &#38; co</title>"));
  assert.ok(!svg.includes("<here>"));
});
