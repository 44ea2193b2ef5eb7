// The sentence that names a puzzle's idea after a try, in table words: "You lock the round",
// "North has no 3 or 5 and must knock", "that takes your team to 230 of 250". The facts are
// the engine's (`trainer_check`'s `facts`, seven_rocks/app/puzzle_facts.py), whole numbers a
// player counts at the table; the words are the catalogue's (`puzzle.idea.*`), one sentence
// for the solver and one for the person shown the answer.

import { language, seatName, t } from "../util/i18n.js";

/** @typedef {import("../protocol").PuzzleFacts} PuzzleFacts */

/**
 * Which of the theme's sentences fits the facts: a block that locks the round, the race
 * scored or guarded, the spinner made, played on or kept off, a double or a heavy tile
 * shed, the count of what the next opponent lacks or can score. The race is said from the
 * side nearer the target: the team's score, or the other team's.
 * @param {PuzzleFacts} facts
 */
export function ideaOf(facts) {
  switch (facts.theme) {
    case "blocking":
      return facts.locked ? "locked" : "blocking";
    case "race":
      return facts.them > facts.score ? "race_guard" : "race_score";
    case "spinner":
      return facts.spinner ? "spinner_make" : facts.arm ? "spinner_arm" : "spinner_keep";
    case "shedding":
      return facts.double ? "shedding_double" : "shedding_heavy";
    default:
      return facts.lacks.length ? "counting_lacks" : "counting_threat";
  }
}

/**
 * "3 or 5" / "3 ou 5": numbers the next opponent has none of.
 * @param {readonly number[]} numbers
 */
const either = (numbers) => new Intl.ListFormat(language(), { type: "disjunction" }).format(numbers.map(String));

/**
 * The sentence after the try: `solved`, what the person saw; else what the answer does.
 * @param {PuzzleFacts} facts
 * @param {boolean} solved
 */
export function ideaText(facts, solved) {
  const seat = seatName(facts.next_seat);
  const threat = facts.threat ?? 0;
  const vars = {
    tile: facts.tile,
    seat,
    numbers: either(facts.lacks),
    points: facts.points,
    score: facts.score,
    them: facts.them,
    target: facts.target,
    count: facts.pips,
    reply: t(threat ? "puzzle.idea.reply" : "puzzle.idea.reply_none", { seat, threat }),
  };
  return t(`puzzle.idea.${ideaOf(facts)}.${solved ? "solved" : "failed"}`, vars);
}
