// The review's chart of the chance to win: each analysed move's point sits at the chance the
// engine sent, a costly move drops from the best move's chance, a forced move has no point,
// rounds stand apart, and the markup gives one tappable column per move.
import assert from "node:assert/strict";
import { test } from "node:test";

import { BAR, HEIGHT, ROUND_SPACE, SPACE, chanceAfter, chanceY, columns, costliest, lossChart } from "../../web/js/coach/losschart.js";

const move = (round, number, mark, chance, best_chance = chance) => ({ round, number, mark, chance, best_chance, win_loss: best_chance == null ? 0 : best_chance - chance });

test("a chance of 1 is drawn at the top, 0 at the foot, a half in the middle", () => {
  assert.equal(chanceY(1), 0);
  assert.equal(chanceY(0), HEIGHT);
  assert.equal(chanceY(0.5), HEIGHT / 2);
  assert.equal(chanceY(1.4), 0, "kept within the chart");
});

test("a forced move has no chance to plot", () => {
  assert.equal(chanceAfter(move(1, 1, "forced", null, null)), null);
  assert.equal(chanceAfter(move(1, 1, "forced", 0.4)), null);
  assert.equal(chanceAfter(move(1, 1, "good", 0.4)), 0.4);
});

test("a new round starts further along than the next move of the same round", () => {
  const moves = [move(1, 1, "best", 0.5), move(1, 5, "best", 0.5), move(2, 3, "best", 0.5)];
  const { xs, width } = columns(moves);
  assert.deepEqual(xs, [0, BAR + SPACE, 2 * (BAR + SPACE) + ROUND_SPACE]);
  assert.equal(width, 3 * (BAR + SPACE) + ROUND_SPACE);
});

test("the costliest move is the first of the biggest drops in the chance, never a forced one", () => {
  const moves = [move(1, 1, "forced", null, null), move(1, 5, "mistake", 0.5, 0.54), move(2, 3, "blunder", 0.3, 0.4), move(2, 7, "blunder", 0.5, 0.6)];
  assert.equal(costliest(moves), 2);
  assert.equal(costliest([move(1, 1, "best", 0.5), move(1, 5, "forced", null, null)]), -1);
  assert.equal(costliest([]), -1);
});

test("the line joins the analysed moves' chances and a costly move drops from the best move's", () => {
  const moves = [move(1, 4, "mistake", 0.45, 0.5), move(1, 8, "forced", null, null), move(2, 2, "best", 0.75)];
  const svg = lossChart(moves, 0);
  const { xs } = columns(moves);
  const line = svg.match(/class="loss-chart__line" d="([^"]+)"/)?.[1];
  assert.equal(line, `M${xs[0] + BAR / 2} ${chanceY(0.45)} L${xs[2] + BAR / 2} ${chanceY(0.75)}`);
  const drop = svg.match(/class="chance-point__drop" x1="[^"]+" x2="[^"]+" y1="([^"]+)" y2="([^"]+)"/);
  assert.deepEqual([Number(drop?.[1]), Number(drop?.[2])], [chanceY(0.5), chanceY(0.45)]);
  assert.equal((svg.match(/chance-point__drop/g) ?? []).length, 1, "only the costly move drops");
  assert.equal((svg.match(/chance-point__tick/g) ?? []).length, 1, "the forced move is a tick");
});

test("the chart has a column per move, marks the selected one and escapes its words", () => {
  const moves = [move(1, 4, "mistake", 0.4, 0.47), move(1, 8, "forced", null, null), move(2, 2, "best", 0.5)];
  const svg = lossChart(moves, 1, { label: 'Lost "most" <here>', title: (m) => `move ${m.number} & co` });
  const points = [...svg.matchAll(/<g class="([^"]+)" data-review-point data-index="(\d+)" data-round="(\d+)" data-number="(\d+)" data-chance="([^"]*)">/g)];
  assert.deepEqual(points.map((b) => [b[2], b[3], b[4], b[5]]), [["0", "1", "4", "0.4"], ["1", "1", "8", ""], ["2", "2", "2", "0.5"]]);
  assert.deepEqual(points.map((b) => b[1].includes("chance-point--current")), [false, true, false]);
  assert.ok(points[0][1].includes("chance-point--mistake"));
  assert.ok(svg.includes('role="img"'));
  assert.ok(svg.includes("aria-label=\"Lost &#34;most&#34; &#60;here&#62;\""));
  assert.ok(svg.includes("<title>move 4 &#38; co</title>"));
  assert.ok(!svg.includes("<here>"));
});

test("a review of forced moves only draws no line", () => {
  const svg = lossChart([move(1, 1, "forced", null, null)], 0);
  assert.ok(!svg.includes("loss-chart__line"));
});
