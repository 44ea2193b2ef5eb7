// The coach's words: a reviewed move, its verdict and its reasons, a round's or a game's
// summary, in the page's language. The engine sends language-neutral codes with numbers
// (seven_rocks/app/review/coach.py); only the sentences are made here.

import { decimal, signedDecimal } from "../util/html.js";
import { language, pointName, seatName, t } from "../util/i18n.js";
import { chanceAfter, costliest } from "./losschart.js";
import { tileLabel } from "../table/tiles.js";

/** @typedef {import("./review-ctrl.js").ReviewedMove} ReviewedMove */
/** @typedef {import("./review-ctrl.js").ReviewSummary} ReviewSummary */
/** @typedef {import("./review-ctrl.js").Mark} Mark */
/** @typedef {import("./review-ctrl.js").ReasonCode} ReasonCode */
/** @typedef {import("../protocol").ReasonJson} ReasonJson */
/** What the words of a verdict read of its move. @typedef {Pick<ReviewedMove, "best" | "mark" | "reasons" | "chance" | "best_chance">} Verdict */

/** A number in the page's language ("2.5", "2,5"). @type {(value: number) => string} */
export const number = (value) => decimal(value, language());
/** @type {(value: number) => string} */
const signed = (value) => signedDecimal(value, language());
/** A chance to win as a share of games: "47.8%". @type {(chance: number | null | undefined) => string} */
const share = (chance) => `${number(Math.round((Number(chance) || 0) * 1000) / 10)}%`;
/** "1 pip", "5 pips" ("1 ponto", "5 pontos"). @type {(count: number) => string} */
const pips = (count) => t("review.pips", { count });

/**
 * "3-5 on 1-1 (branch A)", "1-4 to open", "pass", from the engine's move text.
 * @param {string} text
 * @returns {string}
 */
export function moveLabel(text) {
  if (text === "pass") return t("review.pass");
  const [tile, at] = String(text).split("@");
  return tileLabel(at ? t("review.move_on", { tile, point: pointName(at) }) : t("review.move_open", { tile }));
}

/** @param {unknown[]} numbers */
function numbersText(numbers) {
  const texts = numbers.map(String);
  return texts.length < 2 ? texts.join("") : t("review.or", { first: texts.slice(0, -1).join(", "), last: texts.at(-1) });
}

/** One sentence per reason code (the engine's `Reason`s; see seven_rocks/app/review/model.py). */
/** Each code comes with its own arguments (Reason in model.py): a sentence reads only those.
 *  @type {Record<ReasonCode, (reason: Required<ReasonJson>, move: Verdict) => string>} */
const REASONS = {
  forced: (a) => (a.pass ? t("review.reason.forced_pass") : t("review.reason.forced")),
  best: (a) =>
    a.margin > 0
      ? t("review.reason.best_margin", { points: a.points, margin: number(a.margin), count: a.margin })
      : t("review.reason.best", { points: a.points }),
  scores_less: (a, m) => t("review.reason.scores_less", { points: a.points, best: moveLabel(m.best), best_points: a.best_points }),
  hands_more: (a, m) =>
    t("review.reason.hands_more", { seat: seatName(a.seat), threat: a.threat, best: moveLabel(m.best), best_threat: a.best_threat }),
  misses_block: (a, m) => t("review.reason.misses_block", { best: moveLabel(m.best), seat: seatName(a.seat), numbers: numbersText(a.numbers ?? []) }),
  keeps_double: (a, m) => t("review.reason.keeps_double", { best: moveLabel(m.best), tile: tileLabel(a.tile) }),
  keeps_heavy: (a, m) => t("review.reason.keeps_heavy", { pips: pips(a.pips), best: moveLabel(m.best), best_pips: pips(a.best_pips) }),
  greedy: (a, m) => t("review.reason.greedy", { points: a.points, best: moveLabel(m.best), best_points: a.best_points }),
  later: () => t("review.reason.later"),
  // The search's figures in the mark's own unit, the chance to win (its expected points would
  // say "-191 for the team" beside a mark of "good, -0.2%").
  search: (a, m) => t("review.reason.search", { samples: a.samples, chance: share(m.chance), best_chance: share(m.best_chance) }),
};
/**
 * @param {string} code
 * @returns {code is ReasonCode}
 */
const worded = (code) => Object.hasOwn(REASONS, code);

/**
 * The reasons of a verdict in the page's language (the search's chances only for a loss).
 * @param {Verdict} move
 * @returns {string[]}
 */
export function reasonTexts(move) {
  // The search's chances stand in for a reason only where no fact on the table explains the
  // loss ("nothing visible now tells them apart"): beside one, they say again what the
  // mark's drop already says.
  const told = move.reasons.some((r) => r.code !== "search" && r.code !== "later" && r.code !== "forced");
  const searched = move.mark !== "best" && !told && move.chance != null && move.best_chance != null;
  return move.reasons.flatMap((r) =>
    worded(r.code) && (r.code !== "search" || searched) ? [REASONS[r.code](/** @type {Required<ReasonJson>} */ (r), move)] : [],
  );
}

/** @type {Record<Mark, () => string>} */
const MARKS = {
  best: () => t("review.mark.best"),
  good: () => t("review.mark.good"),
  mistake: () => t("review.mark.mistake"),
  blunder: () => t("review.mark.blunder"),
  forced: () => t("review.mark.forced"),
};
/** A mark the search could not settle (`sure` false: close to a line after the most search
 *  the coach spends) is said with a "likely" (or "borderline", on the good side).
 *  @type {Partial<Record<Mark, () => string>>} */
const UNSURE = {
  best: () => t("review.mark.probably_fine"),
  good: () => t("review.mark.probably_fine"),
  mistake: () => t("review.mark.probably_mistake"),
  blunder: () => t("review.mark.probably_blunder"),
};
/** @type {(mark: Mark, sure?: boolean) => string} */
export const markName = (mark, sure = true) => ((!sure && UNSURE[mark]) || MARKS[mark])();

/** A drop in the chance to win (0..1) as points of percent: "4.9%" ("4,9%"). @type {(loss: number) => string} */
export const percent = (loss) => `${number(Math.round(Math.max(0, Number(loss) || 0) * 1000) / 10)}%`;

/** @typedef {import("../protocol").HeadlineJson} HeadlineJson */
/** @typedef {import("../protocol").SwingJson} SwingJson */

/** A whole percent the engine sent, said with "about" when its mark is not sure.
 * @type {(value: number, sure: boolean) => string} */
const chanceText = (value, sure) => {
  const text = `${number(value)}%`;
  return sure ? text : t("review.about", { percent: text });
};

/**
 * The review's headline in the page's language: a sentence per swing the engine picked
 * (seven_rocks/app/review/headline.py), the costliest first with the chance to win before
 * and after it ("Your costliest move: 6-4 on the 6 of 6-6 (round 3) took your chance to
 * win from 62% to 41%."), then the next one short; a game without a mistake gets
 * one sentence saying so (`swing` null). `you`: the reviewed seat is the reader's.
 * @param {HeadlineJson} headline
 * @param {{seat: number, you: boolean}} who
 * @returns {Array<{text: string, swing: SwingJson | null}>}
 */
export function headlineTexts(headline, { seat, you }) {
  const [first, ...rest] = headline.swings;
  if (!first) return [{ text: t(you ? "review.headline.clean_you" : "review.headline.clean", { seat: seatName(seat), mistake: number(headline.mistake) }), swing: null }];
  const costliest = t(you ? "review.headline.you" : "review.headline.seat", {
    seat: seatName(seat),
    move: moveLabel(first.move),
    round: first.round,
    before: chanceText(first.before, first.sure),
    after: chanceText(first.after, first.sure),
  });
  const next = rest.map((s) => ({ text: t("review.headline.next", { move: moveLabel(s.move), round: s.round, drop: `${number(s.drop)}%` }), swing: s }));
  return [{ text: costliest, swing: first }, ...next];
}

/**
 * "Round 1, move 4: 3-4 on 2-3 · Mistake, −6.6 · best: 3-6 on 2-3": the verdict in a line.
 * @param {ReviewedMove} m
 */
export function captionText(m) {
  return m.best === m.move
    ? t("review.caption_best", { round: m.round, number: m.number, move: moveLabel(m.move), mark: markName(m.mark, m.sure) })
    : t("review.caption", { round: m.round, number: m.number, move: moveLabel(m.move), best: moveLabel(m.best), loss: percent(m.win_loss ?? 0), mark: markName(m.mark, m.sure) });
}

/**
 * The chart's accessible name: what it plots, where the chance to win started and ended,
 * and the move that cost the most of it.
 * @param {ReviewedMove[]} moves
 */
export function chartLabel(moves) {
  const chances = moves.map(chanceAfter).filter((c) => c != null);
  if (!chances.length) return t("review.chart_empty");
  const whole = (/** @type {number} */ c) => `${number(Math.round(c * 100))}%`;
  const span = { first: whole(chances[0]), last: whole(/** @type {number} */ (chances.at(-1))) };
  const worst = costliest(moves);
  if (worst < 0) return t("review.chart_none", span);
  const m = moves[worst];
  return t("review.chart", { ...span, drop: percent(m.win_loss ?? 0), round: m.round, number: m.number });
}

/** A round's or a game's line: accuracy, the mistakes and blunders, and the chance to win a
 *  move gave away on average, in the marks' own unit (expected points near a game's end stop
 *  meaning anything a player can read). The mean, not the sum: a total reads like a score,
 *  where the mean says how well the moves were chosen.
 * @param {ReviewSummary} s
 * @param {readonly Pick<ReviewedMove, "mark" | "win_loss">[]} moves  the reviewed moves it sums up
 */
export function summaryText(s, moves) {
  const counts = t("review.counts", { mistakes: s.mistakes, blunders: s.blunders });
  if (s.accuracy == null) return [t("review.no_choices"), counts].join(" · ");
  const analysed = moves.filter((m) => m.mark !== "forced");
  const average = analysed.reduce((sum, m) => sum + (m.win_loss ?? 0), 0) / Math.max(1, analysed.length);
  return [t("review.accuracy", { accuracy: number(s.accuracy) }), counts, t("review.average", { average: percent(average) })].join(" · ");
}
