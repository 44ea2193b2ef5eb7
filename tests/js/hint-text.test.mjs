// The hint's last sentence: what the master's search found, in the reader's language. The
// master plays for the game, so its lead over the next best move is said as points of the
// chance to win. The page's catalogues are read from web/i18n, as the page fetches them.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

import { hintSentences } from "../../web/js/game/hint.js";
import { setLanguage } from "../../web/js/util/i18n.js";

/** The catalogues as the page would fetch them, and the little of a document i18n.js touches. */
async function speak(/** @type {string} */ lang) {
  globalThis.fetch = /** @type {any} */ (async (/** @type {URL} */ url) => ({ ok: true, json: async () => JSON.parse(readFileSync(fileURLToPath(url), "utf8")) }));
  globalThis.document = /** @type {any} */ ({ documentElement: {}, querySelectorAll: () => [] });
  await setLanguage(lang, { remember: false });
}

/** South opens with 6-6 after a search of `samples` deals that put it `margin` ahead. */
const opening = (/** @type {number} */ samples, /** @type {number | undefined} */ margin) => /** @type {any} */ ({
  kind: "open", tile: "6-6", at: "open", sum: 12, terms: [6, 6], sum_text: "6 + 6 = 12", points: 0,
  domino: false, double: true, spinner: true, next_seat: 1, open: [6], next_lacks: [], next_blocked: false,
  threat: null, only: false, samples, ...(margin === undefined ? {} : { margin }),
});

test("the search's lead is said as more chance to win, in both languages", async () => {
  await speak("en");
  assert.equal(hintSentences(opening(1000, 3.4)).at(-1), "Tried against many ways the hidden tiles could lie, it gives your team 3.4% more chance to win than the next best move.");
  assert.equal(hintSentences(opening(1000, 0)).at(-1), "Tried against many ways the hidden tiles could lie, no other move does better.");
  await speak("pt-BR");
  assert.equal(hintSentences(opening(1000, 3.4)).at(-1), "Testada contra muitas maneiras de as peças ocultas estarem distribuídas, dá à sua dupla 3,4% a mais de chance de vitória que a segunda melhor jogada.");
});
