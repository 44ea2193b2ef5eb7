// The score sheet and the peg board read the engine's running scores; nothing is added up.
import assert from "node:assert/strict";
import { test } from "node:test";

import { pegText, pegs, sheetModel } from "../../web/js/sheet/scoresheet.js";

// As the worker encodes them (seven_rocks/app/protocol.py): every event carries the scores
// and each team's net points in its round so far.
const EVENTS = [
  { type: "round_started", round: 1, opener: 0, scores: [0, 0], round_net: [0, 0] },
  { type: "placed", round: 1, seat: 0, team: 0, tile: "5-5", points: 10, scores: [10, 0], round_net: [10, 0] },
  { type: "placed", round: 1, seat: 1, team: 1, tile: "0-5", points: 0, scores: [10, 0], round_net: [10, 0] },
  { type: "passed", round: 1, seat: 2, scores: [10, 0], round_net: [10, 0] },
  { type: "placed", round: 1, seat: 3, team: 1, tile: "5-6", points: 15, scores: [10, 15], round_net: [10, 15] },
  {
    type: "round_settled",
    round: 1,
    end: "domino",
    seat: 3,
    hands: [["1-2"], ["3-3"], [], []],
    pips: [3, 6, 0, 0],
    deductions: [5, 5, 0, 0],
    teams: [0, 1, 0, 1],
    team_deductions: [5, 5],
    scores: [5, 10],
    round_net: [5, 10],
  },
  { type: "round_started", round: 2, opener: 3, scores: [5, 10], round_net: [0, 0] },
  { type: "placed", round: 2, seat: 3, team: 1, tile: "4-6", points: 10, scores: [5, 20], round_net: [0, 10] },
];

test("each round lists its scoring placements, its net and the running scores", () => {
  const { rounds, totals } = sheetModel(EVENTS);
  assert.deepEqual(totals, [5, 20]);
  assert.equal(rounds.length, 2);
  assert.deepEqual(rounds[0].placed.map((p) => p.tile), ["5-5", "5-6"]);
  assert.deepEqual(rounds[0].net, [5, 10]);
  assert.deepEqual(rounds[0].scores, [5, 10]);
  assert.equal(rounds[0].settled.seat, 3);
  assert.deepEqual(rounds[1].net, [0, 10]);
  assert.deepEqual(rounds[1].scores, [5, 20]);
  assert.equal(rounds[1].settled, null);
});

test("pegs leapfrog: the front is the score, the back the score before its last change", () => {
  assert.deepEqual(pegs(EVENTS), [
    { front: 5, back: 10 },
    { front: 20, back: 10 },
  ]);
  assert.deepEqual(pegs([]), [
    { front: 0, back: 0 },
    { front: 0, back: 0 },
  ]);
});

test("after a deduction the pegs are told as a step back, not a back peg ahead of the front", () => {
  // No catalogue is loaded here, so t() gives the key: which sentence is chosen is the point.
  assert.equal(pegText(0, { front: 5, back: 10 }), "sheet.peg_label_back");
  assert.equal(pegText(1, { front: 20, back: 10 }), "sheet.peg_label");
  assert.equal(pegText(1, { front: 0, back: 0 }), "sheet.peg_label");
});
