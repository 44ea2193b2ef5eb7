// The review's chart of the chance to win: the coach's answer to the analysis board's
// advantage chart. After each reviewed move, the reviewed team's chance to win the game (the
// engine's `chance`, 0..1) is a point on a line across the game, from 0% at the foot to 100%
// at the top with 50% marked; a mistake or a blunder shows as a drop in its mark's colour,
// from the chance the best move kept (`best_chance`) down to the chance left, with a dot. A
// forced move had no choice and no chance measured: its column holds only a grey tick at the
// foot, and the line runs on past it. Rounds stand apart by a gap. A tap on a move's column
// goes to it.
//
// A pure renderer: it is given the moves the engine sent (round, number, mark, chance,
// best_chance, win_loss) and which one is selected, and returns SVG markup; it decides
// nothing (the chances and marks are the engine's). review-view.js places it, words its
// label and turns a tap on a column ([data-review-point], data-index) into a step.

import { esc } from "../util/html.js";

/** The chart's units: a move's column, the space after it, the extra space where a round
 *  ends, and the height (a chance of 1 at the top, 0 at the foot). */
export const BAR = 8;
export const SPACE = 3;
export const ROUND_SPACE = 8;
export const HEIGHT = 40;

/** A forced move's mark: a tick at the foot, the move had no choice to judge. */
const FORCED = "forced";
/** The marks drawn as a drop with a dot. */
const COSTLY = new Set(["mistake", "blunder"]);

/** What the chart reads of a reviewed move (import("../protocol").MoveReviewJson).
 * @typedef {{round: number, number: number, mark: string, win_loss?: number, chance?: number | null, best_chance?: number | null}} ChartMove */

/** A chance (0..1) as a height in the chart: 1 at the top (0), 0 at the foot (HEIGHT).
 * @param {number} chance */
export const chanceY = (chance) => HEIGHT * (1 - Math.min(1, Math.max(0, chance)));

/** The chance the chart plots after `move`, or null when none was measured (forced).
 * @param {Pick<ChartMove, "mark" | "chance">} move */
export function chanceAfter(move) {
  return move.mark === FORCED || move.chance == null || !Number.isFinite(Number(move.chance)) ? null : Number(move.chance);
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
 * The index of the move that cost the most of the chance to win (the first of equals), or
 * -1 if none cost any.
 * @param {readonly Pick<ChartMove, "mark" | "win_loss">[]} moves
 */
export function costliest(moves) {
  let worst = -1;
  moves.forEach((move, i) => {
    const drop = Number(move.win_loss) || 0;
    if (move.mark !== FORCED && drop > 0 && (worst < 0 || drop > (Number(moves[worst].win_loss) || 0))) worst = i;
  });
  return worst;
}

/** A dot: a line of no length with round caps (see css/coach.css), round however the
 *  chart is stretched. @type {(cls: string, x: number, y: number) => string} */
const dot = (cls, x, y) => `<line class="${cls}" x1="${x}" x2="${x}" y1="${y}" y2="${y}"></line>`;

/**
 * The chart's SVG for `moves` with `selected` highlighted. `label` is its accessible name
 * (the chart is one image to assistive technology: the list of moves beside it says the
 * same, move by move); `title(move)` gives each column's tooltip.
 * @template {ChartMove} M
 * @param {readonly M[]} moves
 * @param {number} selected
 * @param {{ label?: string, title?: (move: M) => string }} [options]
 */
export function lossChart(moves, selected, { label = "", title = () => "" } = {}) {
  const { xs, width } = columns(moves);
  const centre = (/** @type {number} */ i) => xs[i] + BAR / 2;
  const points = moves.flatMap((move, i) => {
    const chance = chanceAfter(move);
    return chance == null ? [] : [`${centre(i)} ${chanceY(chance)}`];
  });
  const left = -SPACE / 2;
  const right = width - SPACE / 2;
  const line = points.length ? `M${points.join(" L")}` : "";
  const first = points[0]?.split(" ")[0];
  const last = points.at(-1)?.split(" ")[0];
  const area = points.length ? `${line} L${last} ${HEIGHT} L${first} ${HEIGHT} Z` : "";
  const columnsSvg = moves
    .map((move, i) => {
      const chance = chanceAfter(move);
      const current = i === selected ? " chance-point--current" : "";
      const x = centre(i);
      let marks = "";
      if (chance == null) marks = `<line class="chance-point__tick" x1="${x}" x2="${x}" y1="${HEIGHT}" y2="${HEIGHT - 3}"></line>`;
      else {
        const before = move.best_chance == null ? chance : Number(move.best_chance);
        if (COSTLY.has(move.mark)) marks += `<line class="chance-point__drop" x1="${x}" x2="${x}" y1="${chanceY(before)}" y2="${chanceY(chance)}"></line>`;
        marks += dot("chance-point__dot", x, chanceY(chance)); // shown for a costly or the selected move
      }
      return `<g class="chance-point chance-point--${esc(move.mark)}${current}" data-review-point data-index="${i}" data-round="${move.round}" data-number="${move.number}" data-chance="${chance ?? ""}">`
        + `<title>${esc(title(move))}</title>`
        + `<rect class="chance-point__hit" x="${xs[i] - SPACE / 2}" y="0" width="${BAR + SPACE}" height="${HEIGHT}"></rect>${marks}</g>`;
    })
    .join("");
  // Wide and short: the line stretches across the width the page gives it (css/coach.css,
  // from the number of moves); strokes and dots keep their size (non-scaling strokes).
  return `<svg class="loss-chart__svg" viewBox="${left} 0 ${width} ${HEIGHT}" preserveAspectRatio="none" role="img" aria-label="${esc(label)}">`
    + `<line class="loss-chart__half" x1="${left}" x2="${right}" y1="${HEIGHT / 2}" y2="${HEIGHT / 2}"></line>`
    + `<line class="loss-chart__base" x1="${left}" x2="${right}" y1="${HEIGHT}" y2="${HEIGHT}"></line>`
    + (area ? `<path class="loss-chart__area" d="${area}"></path><path class="loss-chart__line" d="${line}"></path>` : "")
    + `${columnsSvg}</svg>`;
}
