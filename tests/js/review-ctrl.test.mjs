// The coach's controller against a fake engine: the review runs a slice per request until
// finished, cancelled or closed; the first move worth a look is chosen unless the reader
// chose one; stepping stays within the moves; a position that comes late is kept only for
// the move still shown.
import assert from "node:assert/strict";
import { test } from "node:test";

import { ReviewCtrl, SLICE_MS } from "../../web/js/coach/review-ctrl.js";

const move = (number, mark, loss = 0) => ({ round: 1, number, seat: 0, move: `m${number}`, best: loss ? `b${number}` : `m${number}`, mark, loss });
const slice = (moves, { finished = false, done = 0, total = 4, review = null, ...rest } = {}) => ({ moves, finished, done, total, searched: 0, review, ...rest });

/** A review over a fake engine answering `replies[method]` in turn (a function of the params, or a value). */
function review(replies, { snap = { over: false }, record = null } = {}) {
  const calls = [];
  const saves = [];
  const notices = [];
  const cached = [];
  const host = {
    call: async (method, params = {}) => {
      calls.push({ method, params });
      const queue = replies[method];
      const reply = typeof queue === "function" ? queue(params) : Array.isArray(queue) ? queue.shift() : queue;
      if (reply instanceof Error) throw reply;
      return reply;
    },
    snap: () => snap,
    saveGame: () => saves.push("save"),
    notify: (key) => notices.push(key),
  };
  const ctrl = new ReviewCtrl(host, { seat: 0, record, onReviews: (r) => cached.push(r), aspect: () => 1.5, lost: () => false });
  const changes = [];
  ctrl.listen((change) => changes.push(change.type));
  return { ctrl, calls, saves, notices, cached, changes };
}

const board = (params) => ({ round: params.round, number: params.number });

test("a slice per request until finished; the live game's save keeps the review", async () => {
  const summary = { accuracy: 80, mistakes: 1, blunders: 0, lost: 3, analysed: 4 };
  const { ctrl, calls, saves } = review({
    review_start: slice([move(1, "best"), move(2, "good")], { done: 2 }),
    review_step: [slice([move(3, "mistake", 3), move(4, "best")], { done: 4, finished: true, review: summary })],
    review_board: board,
  });
  assert.equal(ctrl.phase, "running");
  await ctrl.run();
  assert.equal(ctrl.phase, "done");
  assert.deepEqual(
    calls.filter((c) => c.method.startsWith("review_") && c.method !== "review_board").map((c) => [c.method, c.params.budget_ms]),
    [
      ["review_start", SLICE_MS],
      ["review_step", SLICE_MS],
    ],
  );
  assert.equal(ctrl.moves.length, 4);
  assert.equal(ctrl.requests, 2);
  assert.equal(ctrl.review, summary);
  // While it ran the first move was shown; finished, the first mistake is.
  assert.equal(ctrl.selected, 2);
  assert.deepEqual(saves, ["save"]);
});

test("a reader's own choice stays when the review finishes", async () => {
  let ctrl;
  const setup = review({
    review_start: slice([move(1, "best"), move(2, "good")], { done: 2 }),
    review_step: () => {
      ctrl.choose(1); // the reader taps move 2 while the rest is analysed
      return slice([move(3, "blunder", 9)], { finished: true, done: 3, review: { accuracy: 50 } });
    },
    review_board: board,
  });
  ctrl = setup.ctrl;
  await ctrl.run();
  assert.equal(ctrl.selected, 1);
  assert.equal(ctrl.navigated, true);
});

test("cancelling stops after the slice under way, keeps what was found and caches it in a record", async () => {
  let ctrl;
  const setup = review(
    {
      review_start: () => {
        ctrl.cancel();
        return slice([move(1, "best")], { done: 1 });
      },
      review_cancel: { reviews: { seat0: "partial" } },
      review_board: board,
    },
    { record: { seats: [] } },
  );
  ctrl = setup.ctrl;
  await ctrl.run();
  assert.equal(ctrl.phase, "cancelled");
  assert.deepEqual(setup.calls.map((c) => c.method).filter((m) => m !== "review_board"), ["review_start", "review_cancel"]);
  assert.deepEqual(setup.calls[0].params.record, { seats: [] });
  assert.deepEqual(setup.cached, [{ seat0: "partial" }]);
  assert.equal(ctrl.moves.length, 1);
});

test("an engine error fails the review with one notice", async () => {
  const { ctrl, notices } = review({ review_start: new Error("boom") });
  await ctrl.run();
  assert.equal(ctrl.phase, "failed");
  assert.deepEqual(notices, ["review.failed"]);
});

test("closed, the review stops and draws nothing more", async () => {
  let ctrl;
  const setup = review({
    review_start: () => {
      ctrl.close();
      return slice([move(1, "best")], { done: 1 });
    },
    review_cancel: {},
    review_board: board,
  });
  ctrl = setup.ctrl;
  const before = setup.changes.length;
  await ctrl.run();
  assert.equal(setup.changes.length, before + 1, "only the first request's count was drawn");
  assert.equal(ctrl.phase, "cancelled");
});

test("steps stay within the moves; the shown position is the selected move's", async () => {
  const late = [];
  const { ctrl } = review({
    review_start: slice([move(1, "best"), move(2, "good"), move(3, "best")], { done: 3, finished: true, review: { accuracy: 100 } }),
    review_board: (params) => new Promise((resolve) => late.push(() => resolve(board(params)))),
  });
  await ctrl.run();
  assert.equal(ctrl.selected, 0);
  ctrl.step(-1);
  assert.equal(ctrl.selected, 0);
  ctrl.step(5);
  assert.equal(ctrl.selected, 2);
  // The positions come back late and out of order: only the one for the move shown counts.
  late.at(-1)();
  late[0]();
  await new Promise(setImmediate);
  assert.deepEqual(ctrl.position, { round: 1, number: 3 });
  ctrl.showing("played");
  assert.equal(ctrl.show, "played");
});
