// The review's chart of points lost: the coach's answer to the analysis board's advantage
// chart. Dominoes has no single evaluation to plot across a game (each verdict is from one
// seat's view, on its own round), so the chart shows what the review is about: one bar per
// reviewed move in the order played, as tall as the expected points it lost, coloured by the
// engine's mark, with a gap where a round ends. A game's costly moves stand out at a glance,
// and a tap on one goes to it.
//
// A pure renderer: it is given the moves the engine sent (round, number, loss, mark) and
// which one is selected, and returns SVG markup; it decides nothing (the marks are the
// engine's, the thresholds live in seven_rocks/app/review/model.py). review.js places it, words
// its label and turns a tap on a bar ([data-review-bar], data-index) into a step.

import { esc } from "./html.js";

/** Losses drawn at full height from here on (expected points): twice a blunder's, so a
 *  blunder's bar is about half the chart and anything worse still looks worse. */
export const CAP = 30;

/** The chart's units: a bar's width, the space after it, the extra space where a round
 *  ends, the height, and the least bar (an analysed move that lost nothing still shows). */
export const BAR = 8;
export const SPACE = 3;
export const ROUND_SPACE = 8;
export const HEIGHT = 40;
export const STUB = 2.5;

/** A forced move's mark: drawn as a low grey dot, the move had no choice to judge. */
const FORCED = "forced";

/** @typedef {Pick<import("./protocol").MoveReviewJson, "round" | "number" | "mark" | "loss">} ChartMove */

/** The height of `move`'s bar in chart units: the stub, and above it a part of the rest
 *  in proportion to its loss up to `CAP`, so any loss stands above a move that lost none.
 * @param {Pick<ChartMove, "mark" | "loss">} move
 */
export function barHeight(move) {
  if (move.mark === FORCED) return STUB / 2;
  const loss = Math.max(0, Number(move.loss) || 0);
  return STUB + ((HEIGHT - STUB) * Math.min(loss, CAP)) / CAP;
}

/**
 * Where each move's column starts, and the chart's width: rounds apart by `ROUND_SPACE`.
 * @param {readonly Pick<ChartMove, "round">[]} moves
 */
export function columns(moves) {
  /** @type {number[]} */
  const xs = [];
  let x = 0;
  moves.forEach((move, i) => {
    if (i > 0 && move.round !== moves[i - 1].round) x += ROUND_SPACE;
    xs.push(x);
    x += BAR + SPACE;
  });
  return { xs, width: Math.max(BAR + SPACE, x) };
}

/**
 * The index of the move that lost the most (the first of equals), or -1 if none lost any.
 * @param {readonly Pick<ChartMove, "mark" | "loss">[]} moves
 */
export function costliest(moves) {
  let worst = -1;
  moves.forEach((move, i) => {
    if (move.mark !== FORCED && move.loss > 0 && (worst < 0 || move.loss > moves[worst].loss)) worst = i;
  });
  return worst;
}

/**
 * The chart's SVG for `moves` with `selected` highlighted. `label` is its accessible name
 * (the chart is one image to assistive technology: the list of moves beside it says the
 * same, move by move); `title(move)` gives each bar's tooltip.
 * @template {ChartMove} M
 * @param {readonly M[]} moves
 * @param {number} selected
 * @param {{ label?: string, title?: (move: M) => string }} [options]
 */
export function lossChart(moves, selected, { label = "", title = () => "" } = {}) {
  const { xs, width } = columns(moves);
  const bars = moves
    .map((move, i) => {
      const h = barHeight(move);
      const current = i === selected ? " loss-bar--current" : "";
      return `<g class="loss-bar loss-bar--${esc(move.mark)}${current}" data-review-bar data-index="${i}" data-round="${move.round}" data-number="${move.number}">`
        + `<title>${esc(title(move))}</title>`
        + `<rect class="loss-bar__hit" x="${xs[i] - SPACE / 2}" y="0" width="${BAR + SPACE}" height="${HEIGHT}"></rect>`
        + `<rect class="loss-bar__bar" x="${xs[i]}" y="${HEIGHT - h}" width="${BAR}" height="${h}"></rect></g>`;
    })
    .join("");
  // Wide and short: the bars stretch across the width the page gives it (css/coach.css, from
  // the number of moves), never taller than the chart.
  return `<svg class="loss-chart__svg" viewBox="${-SPACE / 2} 0 ${width} ${HEIGHT}" preserveAspectRatio="none" role="img" aria-label="${esc(label)}">`
    + `<line class="loss-chart__base" x1="${-SPACE / 2}" x2="${width - SPACE / 2}" y1="${HEIGHT}" y2="${HEIGHT}"></line>${bars}</svg>`;
}
