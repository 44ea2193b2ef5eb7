// The coach's words about the chance to win: the headline's sentences from the swings the
// engine picked, the chart's name, and how a drop in the chance reads. The page's
// catalogues are read from web/i18n (as the page fetches them); the marks' tests run
// before any is loaded, so their keys show.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

import { setLanguage } from "../../web/js/util/i18n.js";
import { chartLabel, headlineTexts, markName, moveLabel, percent } from "../../web/js/coach/review-text.js";

/** The catalogues as the page would fetch them, and the little of a document i18n.js touches. */
async function speak(/** @type {string} */ lang) {
  globalThis.fetch = /** @type {any} */ (async (/** @type {URL} */ url) => ({ ok: true, json: async () => JSON.parse(readFileSync(fileURLToPath(url), "utf8")) }));
  globalThis.document = /** @type {any} */ ({ documentElement: {}, querySelectorAll: () => [] });
  await setLanguage(lang, { remember: false });
}

/** @param {number} number @param {string} mark @param {number} before @param {number} after @param {boolean} [sure] */
const swing = (number, mark, before, after, sure = true) => ({ round: 2, number, move: "pass", best: "pass", mark, before, after, drop: before - after, sure });

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

test("the headline names the costliest move with the chance before and after, then the next one", async () => {
  await speak("en");
  const headline = { swings: [swing(7, "blunder", 62, 41), swing(3, "mistake", 55, 50.5)], mistake: 3 };
  const lines = headlineTexts(headline, { seat: 0, you: true });
  assert.deepEqual(lines.map((l) => l.text), [
    "Your costliest move: pass (round 2) took your chance to win from 62% to 41%.",
    "Second costliest: pass (round 2), −4.5%.",
  ]);
  assert.deepEqual(lines.map((l) => l.swing?.number), [7, 3]);
  await speak("pt-BR");
  assert.deepEqual(headlineTexts(headline, { seat: 0, you: true }).map((l) => l.text), [
    "Sua jogada mais cara: passe (rodada 2) levou sua chance de vitória de 62% para 41%.",
    "A segunda mais cara: passe (rodada 2), −4,5%.",
  ]);
});

test("an opening move is named as one, with no second pair of brackets before the round's", async () => {
  const opening = { swings: [{ ...swing(1, "mistake", 50, 44), move: "0-0" }], mistake: 3 };
  const plain = (/** @type {string} */ text) => text.replaceAll("\u2011", "-"); // a tile's hyphen does not break
  await speak("en");
  assert.equal(plain(moveLabel("0-0")), "0-0 to open");
  assert.equal(plain(headlineTexts(opening, { seat: 0, you: true })[0].text), "Your costliest move: 0-0 to open (round 2) took your chance to win from 50% to 44%.");
  await speak("pt-BR");
  assert.equal(plain(moveLabel("0-0")), "0-0 de saída");
  assert.equal(plain(headlineTexts(opening, { seat: 0, you: true })[0].text), "Sua jogada mais cara: 0-0 de saída (rodada 2) levou sua chance de vitória de 50% para 44%.");
});

test("a mark the search could not settle says its chances with an about, and another seat is named", async () => {
  await speak("en");
  const [line] = headlineTexts({ swings: [swing(7, "mistake", 52, 48, false)], mistake: 3 }, { seat: 1, you: false });
  assert.equal(line.text, "West's costliest move: pass (round 2) took the team's chance to win from about 52% to about 48%.");
});

test("a game without a costly move says so, with no move to go to", async () => {
  await speak("en");
  const lines = headlineTexts({ swings: [], mistake: 3 }, { seat: 0, you: true });
  assert.deepEqual(lines, [{ text: "No costly move: each of your choices kept your chance to win within 3% of the best.", swing: null }]);
});

test("the chart's name says where the chance started and ended and the biggest drop", async () => {
  await speak("en");
  const move = (number, mark, chance, best_chance) => ({ round: 1, number, seat: 0, move: "pass", best: "pass", mark, loss: 0, chance, best_chance, win_loss: best_chance - chance });
  const label = chartLabel([move(1, "best", 0.55, 0.55), move(2, "blunder", 0.41, 0.62), move(3, "good", 0.4, 0.41)]);
  assert.equal(label, "Chance to win after each move: 55% after the first, 40% after the last; the biggest drop, −21%, at round 1, move 2.");
  assert.match(chartLabel([move(1, "best", 0.55, 0.55)]), /no move lowered it/);
  assert.match(chartLabel([{ ...move(1, "forced", 0, 0), chance: null }]), /every move was forced/);
});

