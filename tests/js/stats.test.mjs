// Statistics kept in the browser: what one finished game adds (wins, the streak, the record
// against each level), idempotence, and how a stored copy is read (version 1 upgraded with
// its figures kept, anything unsound refused).
import assert from "node:assert/strict";
import { test } from "node:test";

import { MIXED, PEOPLE, STATS_KEY, emptyStats, opponentOrder, opponentsOf, readStats, recordGame } from "../../web/js/sheet/stats.js";

const LADDER = ["random", "greedy", "expert", "master"];
const EXPERTS = [null, "expert", "expert", "expert"];

/** A finished game's events: South's team wins when `team` is 0 (games are told apart by their seed). */
const game = (team, placed = []) => [
  { type: "round_started" },
  ...placed,
  { type: "game_won", team, scores: team === 0 ? [250, 100] : [100, 250] },
];

function stored(value) {
  const items = new Map([[STATS_KEY, typeof value === "string" ? value : JSON.stringify(value)]]);
  globalThis.localStorage = { getItem: (key) => items.get(key) ?? null };
}

test("a finished game counts once, with the streak and the record against its opponents", () => {
  let stats = emptyStats();
  const results = [0, 0, 1, 0, 0, 0, 1];
  results.forEach((team, n) => {
    stats = recordGame(stats, game(team), n, EXPERTS);
  });
  assert.equal(stats.played, 7);
  assert.equal(stats.won, 5);
  assert.equal(stats.streak, 0); // the last game was lost
  assert.equal(stats.longest, 3);
  assert.deepEqual(stats.against, { expert: { played: 7, won: 5 } });
  stats = recordGame(stats, game(0), 9, EXPERTS);
  assert.equal(stats.streak, 1);
  // The same game reported again (a reload at the game's end) is not counted twice.
  const again = recordGame(stats, game(0), 9, EXPERTS);
  assert.equal(again, stats);
  // A game that is not over adds nothing.
  assert.equal(recordGame(stats, [{ type: "round_started" }], 10, EXPERTS), stats);
});

test("the opponents are West and East: one level, people, or a mix", () => {
  assert.equal(opponentsOf([null, "master", null, "master"]), "master");
  assert.equal(opponentsOf(["greedy", "random", "greedy", "random"]), "random");
  assert.equal(opponentsOf([null, "master", "expert", "expert"]), MIXED);
  assert.equal(opponentsOf([null, null, "expert", "master"]), MIXED);
  assert.equal(opponentsOf([null, null, "expert", null]), PEOPLE);
  assert.equal(opponentsOf(null), PEOPLE);
  let stats = emptyStats();
  stats = recordGame(stats, game(0), 1, [null, "master", null, "master"]);
  stats = recordGame(stats, game(1), 2, [null, null, "expert", null]);
  stats = recordGame(stats, game(0), 3, [null, "greedy", "expert", "master"]);
  stats = recordGame(stats, game(1), 4, [null, "master", null, "master"]);
  assert.deepEqual(stats.against, {
    master: { played: 2, won: 1 },
    people: { played: 1, won: 0 },
    mixed: { played: 1, won: 1 },
  });
  assert.deepEqual(opponentOrder(stats.against, LADDER), ["master", "mixed", "people"]);
  assert.deepEqual(opponentOrder({ people: 1, "master-quick": 1, random: 1, mixed: 1 }, LADDER), [
    "random",
    "master-quick",
    "mixed",
    "people",
  ]);
});

test("South's team's placements make the average and South's best", () => {
  const placed = [
    { type: "placed", team: 0, seat: 2, points: 20, tile: "5-5", round: 1 },
    { type: "placed", team: 1, seat: 1, points: 30, tile: "6-4", round: 1 },
    { type: "placed", team: 0, seat: 0, points: 10, tile: "2-3", round: 1 },
    { type: "placed", team: 0, seat: 0, points: 15, tile: "4-6", round: 1 },
  ];
  const stats = recordGame(emptyStats(), game(0, placed), 1, EXPERTS);
  assert.equal(stats.points, 45);
  assert.equal(stats.rounds, 1);
  assert.deepEqual([stats.best.points, stats.best.tile], [15, "4-6"]);
});

test("version 1's figures are kept on upgrade; streaks and levels start from there", () => {
  const v1 = { version: 1, played: 12, won: 7, rounds: 40, points: 900, best: { points: 30, tile: "6-6", round: 2 }, last: "x" };
  stored(v1);
  const { stats, problem } = readStats();
  assert.equal(problem, null);
  assert.deepEqual(stats, { ...emptyStats(), ...v1, version: 2 });
  const next = recordGame(stats, game(0), 1, EXPERTS);
  assert.deepEqual([next.played, next.won, next.streak, next.longest], [13, 8, 1, 1]);
  assert.deepEqual(next.against, { expert: { played: 1, won: 1 } });
  stored(next);
  assert.deepEqual(readStats(), { stats: next, problem: null });
});

test("unsound statistics are refused, never half read", () => {
  let good = emptyStats();
  for (let n = 0; n < 4; n += 1) good = recordGame(good, game(n % 3 === 0 ? 1 : 0), n, EXPERTS);
  stored(good);
  assert.deepEqual(readStats(), { stats: good, problem: null });
  const bad = [
    "{not json",
    "[]",
    { ...good, played: -1 },
    { ...good, won: good.played + 1 },
    { ...good, version: 3 },
    { ...good, streak: good.longest + 1 },
    { ...good, longest: good.won + 1 },
    { ...good, streak: 1.5 },
    { ...good, against: [] },
    { ...good, against: { expert: { played: 2, won: 3 } } },
    { ...good, against: { expert: { played: good.played + 1, won: 0 } } },
    { ...good, against: { "<img>": { played: 1, won: 0 } } },
    { ...good, against: Object.fromEntries(Array.from({ length: 33 }, (_, n) => [`bot${n}`, { played: 0, won: 0 }])) },
    { version: 1, played: 2, won: 3, rounds: 0, points: 0, best: null, last: null },
  ];
  for (const value of bad) {
    stored(value);
    assert.deepEqual(readStats(), { stats: emptyStats(), problem: "corrupt" }, JSON.stringify(value).slice(0, 80));
  }
  globalThis.localStorage = { getItem: () => null };
  assert.deepEqual(readStats(), { stats: emptyStats(), problem: null });
});
