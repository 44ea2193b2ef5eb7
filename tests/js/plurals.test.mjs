// Counted words agree with their number in both languages: "1 ponto", "2 pontos", "1 tile".
// The plural form comes from the catalogue (`key_one` beside the plain key) through
// Intl.PluralRules, so every text that counts something must count it through `{count}`.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

import { setLanguage, t } from "../../web/js/util/i18n.js";

/** The counted nouns of each language, singular and plural. */
const NOUNS = {
  en: [["tile", "tiles"], ["pip", "pips"], ["point", "points"], ["move", "moves"], ["day", "days"], ["place", "places"]],
  "pt-BR": [["peça", "peças"], ["ponto", "pontos"], ["jogada", "jogadas"], ["dia", "dias"]],
};
/** Texts that show a decimal in the page's own format ({average}, {margin}) and are counted by
 *  the same value passed as `count`. */
const SHOWN_APART = new Set(["review.reason.best_margin"]);
const catalogue = (/** @type {string} */ lang) =>
  JSON.parse(readFileSync(new URL(`../../web/i18n/${lang}.json`, import.meta.url), "utf8"));

async function speak(/** @type {string} */ lang) {
  globalThis.fetch = /** @type {any} */ (async (/** @type {URL} */ url) => ({ ok: true, json: async () => JSON.parse(readFileSync(fileURLToPath(url), "utf8")) }));
  globalThis.document = /** @type {any} */ ({ documentElement: {}, querySelectorAll: () => [] });
  await setLanguage(/** @type {any} */ (lang), { remember: false });
}

for (const [lang, nouns] of Object.entries(NOUNS)) {
  const words = nouns.flat().join("|");
  const counted = new RegExp(`\\{(\\w+)\\} (?:${words})\\b`, "u");

  test(`${lang}: a number directly before a counted noun is the {count}, with a singular form`, () => {
    const strings = catalogue(lang);
    for (const [key, text] of Object.entries(strings)) {
      const found = counted.exec(text);
      if (!found || /_(one|other)$/.test(key)) continue;
      if (!SHOWN_APART.has(key)) assert.equal(found[1], "count", `${key}: "${text}" counts through {${found[1]}}`);
      assert.ok(`${key}_one` in strings, `${key} has no singular form (${key}_one)`);
    }
  });

  test(`${lang}: one of a thing is singular, two are plural, in every counting text`, async () => {
    await speak(lang);
    const plurals = nouns.map(([, plural]) => plural).join("|");
    const singulars = nouns.map(([singular]) => singular).join("|");
    const keys = Object.keys(catalogue(lang)).filter((key) => !/_(zero|one|two|few|many)$/.test(key) && catalogue(lang)[key].includes("{count}"));
    assert.ok(keys.length >= 10, "the counting texts were found");
    for (const key of keys) {
      const one = t(key, { count: 1 });
      const two = t(key, { count: 2 });
      assert.doesNotMatch(one, new RegExp(`\\b1 (?:${plurals})\\b`, "u"), `${key}: "${one}"`);
      assert.doesNotMatch(two, new RegExp(`\\b2 (?:${singulars})\\b`, "u"), `${key}: "${two}"`);
    }
  });
}
