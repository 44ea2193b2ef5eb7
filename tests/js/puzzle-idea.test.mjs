// The sentence naming a puzzle's idea after a try, in both languages, over the worker's own
// replies for shipped puzzles of every theme (puzzle-facts.json: tests/test_puzzle_facts.py
// holds it to `trainer_check`'s replies). Table words, whole numbers, no expected points.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

import { ideaOf, ideaText } from "../../web/js/coach/puzzle-idea.js";
import { setLanguage } from "../../web/js/util/i18n.js";

/** @type {Record<string, import("../../web/js/protocol").PuzzleFacts>} */
const FACTS = JSON.parse(readFileSync(new URL("./puzzle-facts.json", import.meta.url), "utf8"));

/** The catalogues as the page would fetch them, and the little of a document i18n.js touches. */
async function speak(/** @type {string} */ lang) {
  globalThis.fetch = /** @type {any} */ (async (/** @type {URL} */ url) => ({ ok: true, json: async () => JSON.parse(readFileSync(fileURLToPath(url), "utf8")) }));
  globalThis.document = /** @type {any} */ ({ documentElement: {}, querySelectorAll: () => [] });
  await setLanguage(lang, { remember: false });
}

/** Puzzle number -> [idea, solved (en), failed (en), solved (pt-BR)]. */
const EXPECTED = {
  57: ["locked", "You lock the round: after 1-3 no tile left fits an end.", "1-3 locks the round: after it no tile left fits an end.", "Você tranca o jogo: depois da 1-3, nenhuma peça que resta encaixa."],
  11: ["blocking", "You block East: after 4-5 they have no 3 or 4 and must knock.", "4-5 blocks East: after it they have no 3 or 4 and must knock.", "Você tranca Leste: depois da 4-5, não tem 3 ou 4 e tem de passar."],
  334: ["race_score", "Your team reaches 215 of 250 with 0-5, and after it East cannot score.", "The race to 250: 0-5 takes your team to 215, and after it East cannot score.", "A sua dupla chega a 215 de 250 com a 0-5, e depois dela Leste não marca nada."],
  140: ["race_guard", "They have 205 of 250: after 0-5, West can score at most 5.", "The race to 250: they have 205, and after 0-5 West can score at most 5.", "Eles têm 205 de 250: depois da 0-5, Oeste marca no máximo 5."],
  12: ["spinner_make", "You make the spinner with 1-1: once both its sides are covered, it opens two more arms.", "The spinner: 1-1 makes it, and once both its sides are covered it opens two more arms.", "Você faz a carroça de ramificação com a 1-1: com os dois lados cobertos, ela abre mais dois ramos."],
  48: ["spinner_arm", "2-4 goes on the spinner's arm: after it, South can score at most 15.", "The spinner's arms: 2-4 goes on an arm, and after it South can score at most 15.", "A 2-4 vai no ramo da carroça de ramificação: depois dela, Sul marca no máximo 15."],
  2: ["spinner_keep", "3-4 stays off the spinner's arms: after it, North can score at most 15.", "The spinner's arms: 3-4 stays off them, and after it North can score at most 15.", "A 3-4 fica fora dos ramos da carroça de ramificação: depois dela, Norte marca no máximo 15."],
  3: ["shedding_double", "You get rid of the double 5-5 before it is stuck in your hand.", "Shed the double: 5-5 could be stuck in your hand to the end.", "Você se livra da carroça 5-5 antes que ela fique presa na sua mão."],
  9: ["shedding_heavy", "You shed 4-5: 9 pips out of your hand if the round is blocked or lost.", "Shed weight: 4-5 takes 9 pips out of your hand.", "Você se livra da 4-5: 9 pontos a menos na mão se o jogo trancar ou a rodada for perdida."],
  4: ["counting_lacks", "Counted right: after 1-6, West can have no 6.", "Count the tiles: after 1-6, West can have no 6.", "Bem contado: depois da 1-6, Oeste não pode ter 6."],
  1: ["counting_threat", "Counted right: after 0-4, South cannot score.", "Count the tiles: after 0-4, South cannot score.", "Bem contado: depois da 0-4, Sul não marca nada."],
};

test("every theme's idea is named from the engine's facts, solved and shown", async () => {
  await speak("en");
  assert.deepEqual(Object.keys(EXPECTED).sort(), Object.keys(FACTS).sort());
  for (const [number, [idea, solved, failed]] of Object.entries(EXPECTED)) {
    const facts = FACTS[number];
    assert.equal(ideaOf(facts), idea, `puzzle ${number}`);
    assert.equal(ideaText(facts, true), solved, `puzzle ${number}`);
    assert.equal(ideaText(facts, false), failed, `puzzle ${number}`);
  }
});

test("in Portuguese, as a player says it: trancar a block, carroça a double", async () => {
  await speak("pt-BR");
  for (const [number, [, , , solved]] of Object.entries(EXPECTED)) assert.equal(ideaText(FACTS[number], true), solved, `puzzle ${number}`);
});

test("no sentence shows a decimal or a figure the facts do not hold", async () => {
  for (const lang of ["en", "pt-BR"]) {
    await speak(lang);
    for (const facts of Object.values(FACTS)) {
      const said = [ideaText(facts, true), ideaText(facts, false)].join(" ");
      assert.doesNotMatch(said, /\d[.,]\d/);
      assert.doesNotMatch(said, /[{}]/);
      const held = new Set([facts.points, facts.score, facts.them, facts.target, facts.threat, facts.pips, ...facts.lacks].map(String));
      for (const n of said.replace(/\d-\d/g, "").match(/\d+/g) ?? []) assert.ok(held.has(n), `${n} in "${said}"`);
    }
  }
});
