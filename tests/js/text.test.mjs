// Text for the page: escaping, signed numbers, keyboard moves, shortcuts, and the move
// log's sentences (with a stand-in catalogue: the facts come from the events).
import assert from "node:assert/strict";
import { test } from "node:test";

import { describeEvent, describeEvents, howRoundEnded } from "../../web/js/model/announce.js";
import { decimal, esc, num, signed, signedDecimal } from "../../web/js/util/html.js";
import { nextIndex } from "../../web/js/game/input.js";
import { shortcutFor } from "../../web/js/shell/shortcuts.js";
import { tileLabel } from "../../web/js/table/tiles.js";

const i18n = {
  t: (key, vars = {}) => `${key}${Object.keys(vars).length ? JSON.stringify(vars) : ""}`,
  seatName: (seat) => ["South", "West", "North", "East"][seat],
  teamName: (team) => ["Us", "Them"][team],
  pointName: (point) => `<${point}>`,
};

test("esc makes text safe in markup and attributes", () => {
  assert.equal(esc(`<a href="x">'&'</a>`), "&#60;a href=&#34;x&#34;&#62;&#39;&#38;&#39;&#60;/a&#62;");
  assert.equal(esc(42), "42");
});

test("tile names in running text get a hyphen no line breaks at, and nothing else changes", () => {
  assert.equal(tileLabel("0-6"), "0\u20116");
  assert.equal(tileLabel("3-5 on 1-1 (branch A) - 7-8"), "3\u20115 on 1\u20111 (branch A) - 7-8");
  assert.equal(tileLabel("pass"), "pass");
});

test("signed numbers use a real minus sign", () => {
  assert.deepEqual([10, -5, 0].map(signed), ["+10", "−5", "0"]);
});

test("one-decimal figures follow the language and use the real minus sign", () => {
  assert.deepEqual([2.5, -2.94, 3, 0].map((v) => decimal(v, "en")), ["2.5", "\u22122.9", "3", "0"]);
  assert.deepEqual([2.5, -2.94, 1234.5].map((v) => decimal(v, "pt-BR")), ["2,5", "\u22122,9", "1.234,5"]);
  assert.deepEqual([7.84, -2.9, 0].map((v) => signedDecimal(v, "en")), ["+7.8", "\u22122.9", "0"]);
  assert.equal(signedDecimal(-10.72, "pt-BR"), "\u221210,7");
});

test("a value that rounds to nothing is 0, never −0 or +0", () => {
  assert.deepEqual([-0.04, 0.04, -0].map((v) => signedDecimal(v, "en")), ["0", "0", "0"]);
  assert.equal(decimal(-0.04, "pt-BR"), "0");
});

test("a score below zero is shown with U+2212, never a hyphen", () => {
  assert.deepEqual([-15, 0, 40, "3-5"].map(num), ["\u221215", "0", "40", "3-5"]);
});

test("arrows wrap around; Home and End only where asked", () => {
  assert.equal(nextIndex("ArrowRight", 6, 7), 0);
  assert.equal(nextIndex("ArrowLeft", 0, 7), 6);
  assert.equal(nextIndex("ArrowUp", 3, 7), 2);
  assert.equal(nextIndex("Home", 3, 7, { homeEnd: true }), 0);
  assert.equal(nextIndex("End", 3, 7, { homeEnd: true }), 6);
  assert.equal(nextIndex("Home", 3, 7), null);
  assert.equal(nextIndex("Enter", 3, 7), null);
  assert.equal(nextIndex("ArrowRight", 0, 0), null);
});

test("shortcuts ignore modified or handled keys", () => {
  const key = (k, extra = {}) => ({ key: k, defaultPrevented: false, ctrlKey: false, metaKey: false, altKey: false, ...extra });
  assert.equal(shortcutFor(key("S")), "sheet");
  assert.equal(shortcutFor(key("h")), "hint");
  assert.equal(shortcutFor(key("C")), "count");
  assert.equal(shortcutFor(key("?")), "rules");
  assert.equal(shortcutFor(key(",")), "settings");
  assert.equal(shortcutFor(key("s", { ctrlKey: true })), null);
  assert.equal(shortcutFor(key("s", { defaultPrevented: true })), null);
  assert.equal(shortcutFor(key("x")), null);
});

test("a placement is told with the engine's sum text and points", () => {
  const placed = { type: "placed", seat: 1, tile: "3-5", at: "5-5:branch_a", sum_text: "5 + 5 = 10", points: 10 };
  assert.equal(
    describeEvent(placed, i18n),
    'announce.plays{"seat":"West","tile":"3-5","point":"<5-5:branch_a>"}, announce.ends{"sum":"5 + 5 = 10"}, announce.points{"points":10}',
  );
  assert.match(describeEvent({ ...placed, at: null, points: 0 }, i18n), /^announce\.opens.*announce\.no_points$/);
});

test("who dominoed is the settlement's own seat", () => {
  const domino = { type: "round_settled", round: 2, end: "domino", seat: 3, scores: [40, 65] };
  assert.equal(howRoundEnded(domino, i18n), 'round.domino{"seat":"East"}');
  assert.equal(howRoundEnded({ ...domino, end: "blocked", seat: null }, i18n), "round.blocked");
  assert.match(describeEvent(domino, i18n), /announce\.round_over.*"score0":40,"score1":65/);
});

test("several events make one line; silent ones are left out", () => {
  const events = [{ type: "passed", seat: 2 }, { type: "unknown" }, { type: "game_won", team: 1, scores: [200, 250] }];
  assert.equal(describeEvents(events, i18n), 'announce.knocks{"seat":"North"}. announce.won{"team":"Them","score0":200,"score1":250}');
});
