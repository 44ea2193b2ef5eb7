// The score sheet and the peg board: pure renderers of the game's public history (the
// events the worker sends; the controller keeps them in `controller.events`).
//
// The sheet lists every scoring placement (round, seat, tile, the ends summed, points),
// every settlement (each hand's pips, its rounding, the deduction) and each round's
// subtotal, in one column per team. The peg board is the rule book's own way of keeping
// score: a cribbage-style track to the target, two pegs per team leapfrogging (the front
// peg is the score, the back peg the score before the team's last change).

import { howRoundEnded } from "../model/announce.js";
import { esc, num, signed } from "../util/html.js";
import { seatName as plainSeatName, t, teamName } from "../util/i18n.js";
import { TARGET } from "../facts.js";
import { namedSeat } from "../model/people.js";

/** @typedef {import("../protocol").WorkerEvent} WorkerEvent */
/** @typedef {import("../protocol").PlacedJSON} PlacedJSON */
/** @typedef {import("../protocol").RoundSettledJSON} RoundSettledJSON */
/** @typedef {import("../protocol").GameWonJSON} GameWonJSON */
/**
 * One round of the sheet: its scoring placements, its settlement, the win, each team's net
 * points in it so far and the running scores.
 * @typedef {object} SheetRound
 * @property {number} round
 * @property {number | undefined} opener
 * @property {PlacedJSON[]} placed
 * @property {RoundSettledJSON | null} settled
 * @property {GameWonJSON | null} won
 * @property {number[]} net
 * @property {number[]} scores
 */
/** @typedef {{ front: number, back: number }} Pegs a team's pegs: the score and the one before */

/**
 * The people's names for the sheet being drawn (a person's seat reads "Ana (North)").
 * @type {readonly (string | null)[] | null}
 */
let sheetNames = null;
/** @param {number} seat */
const seatName = (seat) => namedSeat(seat, sheetNames, plainSeatName);


/**
 * Fold the events into rounds: [{round, opener, placed: [scoring placements], settled,
 * won, net: [t0, t1] (each team's points in the round so far), scores: [t0, t1]}] and the
 * totals. Every number is the engine's (the events carry the running scores).
 * @param {readonly WorkerEvent[]} events
 * @returns {{ rounds: SheetRound[], totals: number[] }}
 */
export function sheetModel(events) {
  /** @type {SheetRound[]} */
  const rounds = [];
  let totals = [0, 0];
  /** @type {SheetRound | null} */
  let current = null;
  for (const event of events) {
    if (event.type === "round_started" || !current) {
      const opener = event.type === "round_started" ? event.opener : undefined;
      current = { round: event.round, opener, placed: [], settled: null, won: null, net: [0, 0], scores: [...totals] };
      rounds.push(current);
    }
    if (event.type === "placed" && event.points > 0) current.placed.push(event);
    else if (event.type === "round_settled") current.settled = event;
    else if (event.type === "game_won") current.won = event;
    if (event.round_net) current.net = event.round_net;
    if (event.scores) totals = event.scores;
    current.scores = [...totals];
  }
  return { rounds, totals };
}

/**
 * Pegs per team: {front, back} positions on the track, from the history.
 * @param {readonly WorkerEvent[]} events
 * @returns {Pegs[]}
 */
export function pegs(events) {
  const out = [
    { front: 0, back: 0 },
    { front: 0, back: 0 },
  ];
  /**
   * @param {number} team
   * @param {number} score
   */
  const move = (team, score) => {
    out[team] = { front: score, back: out[team].front };
  };
  for (const event of events) {
    if (event.type === "placed" && event.points > 0) move(event.team, event.scores[event.team]);
    else if (event.type === "round_settled") {
      for (const team of [0, 1]) if (event.team_deductions[team] > 0) move(team, event.scores[team]);
    }
  }
  return out;
}

/** A team's pegs in words: "front peg 40, back peg 25", or after a deduction (the score
 *  peg went back, so the other one stands ahead of it) "25, down from 40".
 * @param {number} team
 * @param {Pegs} pegs
 */
export function pegText(team, { front, back }) {
  const key = front < back ? "sheet.peg_label_back" : "sheet.peg_label";
  return t(key, { team: teamName(team), score: front, before: back });
}

// ---------------------------------------------------------------- peg board
const PER_ROW = 50; // holes per row (25 on a phone: bigger holes, twice the rows)
const UNIT = 10;
const GROUP_GAP = 6;
const LANE = 10;
const ROW_GAP = 34;
const START_X = -18;

/**
 * @param {number} hole
 * @param {number} target
 * @param {number} perRow
 */
function holeXY(hole, target, perRow) {
  // Hole 0 is the start (left of the first row); holes 1..target snake along the rows.
  const rows = Math.ceil(target / perRow);
  if (hole <= 0) return { x: START_X, y: 0, row: 0 };
  const h = Math.min(hole, target) - 1;
  const row = Math.min(Math.floor(h / perRow), rows - 1);
  let col = h - row * perRow;
  if (row % 2 === 1) col = perRow - 1 - col; // the track turns back on odd rows
  return { x: col * UNIT + Math.floor(col / 5) * GROUP_GAP, y: row * ROW_GAP, row };
}

/**
 * The SVG markup of the peg board for `positions` ([{front, back}] per team).
 * @param {readonly Pegs[]} positions
 * @param {number} [target] the game's target (the engine's default unless told)
 * @param {number} [perRow]
 */
export function pegBoardSvg(positions, target = TARGET, perRow = PER_ROW) {
  const rows = Math.ceil(target / perRow);
  const width = (perRow - 1) * UNIT + (perRow / 5 - 1) * GROUP_GAP;
  const holes = [];
  for (let hole = 1; hole <= target; hole += 1) {
    const { x, y } = holeXY(hole, target, perRow);
    for (const team of [0, 1]) {
      const five = hole % 5 === 0 ? " peg-hole--five" : "";
      holes.push(`<circle class="peg-hole peg-hole--${team}${five}" cx="${x}" cy="${y + team * LANE}" r="2"/>`);
    }
  }
  const labels = [];
  for (let row = 0; row < rows; row += 1) {
    const last = Math.min((row + 1) * perRow, target);
    const { x, y } = holeXY(last, target, perRow);
    const anchor = row % 2 === 0 ? "start" : "end";
    const dx = row % 2 === 0 ? 8 : -8;
    labels.push(`<text class="peg-label" x="${x + dx}" y="${y + LANE / 2 + 3}" text-anchor="${anchor}">${last}</text>`);
  }
  const start = [0, 1]
    .map((team) => `<circle class="peg-hole peg-hole--start peg-hole--${team}" cx="${START_X}" cy="${team * LANE}" r="2.6"/>`)
    .join("");
  const pegMarks = [];
  for (const team of [0, 1]) {
    const { front, back } = positions[team];
    for (const [role, value] of /** @type {const} */ ([
      ["back", back],
      ["front", front],
    ])) {
      const { x, y } = holeXY(value, target, perRow);
      const r = role === "front" ? 4 : 3.2;
      pegMarks.push(
        `<circle class="peg peg--${team} peg--${role}" data-peg="${team}" data-peg-role="${role}" data-value="${value}" cx="${x}" cy="${y + team * LANE}" r="${r}"/>`,
      );
    }
  }
  const label = [0, 1].map((team) => pegText(team, positions[team])).join(" ");
  const height = (rows - 1) * ROW_GAP + LANE;
  return (
    `<svg class="pegboard" data-pegboard viewBox="${START_X - 8} -8 ${width - START_X + 40} ${height + 16}" role="img" aria-label="${esc(label)}">` +
    `<rect class="pegboard__wood" x="${START_X - 8}" y="-8" width="${width - START_X + 40}" height="${height + 16}" rx="6"/>` +
    start +
    holes.join("") +
    labels.join("") +
    pegMarks.join("") +
    `</svg>`
  );
}

// ---------------------------------------------------------------- the sheet
/**
 * @param {number} team
 * @param {string} value
 * @param {string} [attrs]
 */
function teamCells(team, value, attrs = "") {
  const cells = ["", ""];
  cells[team] = value;
  return cells.map((v, i) => `<td class="num sheet__team sheet__team--${i}"${i === team ? attrs : ""}>${v}</td>`).join("");
}

/** @param {SheetRound} r */
function roundRows(r) {
  const rows = [];
  rows.push(
    `<tr class="sheet__round" data-sheet-row="round" data-round="${r.round}"><th colspan="5" scope="rowgroup">${esc(
      t("sheet.round", { round: r.round, seat: seatName(r.opener ?? 0) }),
    )}</th></tr>`,
  );
  for (const p of r.placed) {
    rows.push(
      `<tr data-sheet-row="placed" data-round="${p.round}" data-seat="${p.seat}">` +
        `<td>${esc(seatName(p.seat))}</td><td class="sheet__tile">${esc(p.tile)}</td><td class="sheet__ends">${esc(p.sum_text)}</td>` +
        teamCells(p.team, `+${p.points}`, ` data-points="${p.points}"`) +
        `</tr>`,
    );
  }
  if (!r.placed.length) {
    rows.push(`<tr data-sheet-row="none"><td colspan="5" class="muted">${esc(t("sheet.no_points"))}</td></tr>`);
  }
  const s = r.settled;
  if (s) {
    const how = howRoundEnded(s);
    // The settlement's own column heads: its rows hold hands and pips, not tiles and ends.
    rows.push(
      `<tr class="sheet__settle-head" data-sheet-row="settled"><td colspan="5">${esc(how)}</td></tr>`,
      `<tr class="sheet__settle-cols" data-sheet-row="settle-columns"><th scope="col">${esc(t("sheet.seat"))}</th>` +
        `<th scope="col">${esc(t("round.hand"))}</th><th scope="col">${esc(t("sheet.pips_head"))}</th>` +
        `<th scope="col" class="num sheet__team--0">${esc(t("round.deduction"))}</th><th scope="col" class="num sheet__team--1">${esc(t("round.deduction"))}</th></tr>`,
    );
    for (const seat of [0, 1, 2, 3]) {
      rows.push(
        `<tr data-sheet-row="deduction" data-seat="${seat}">` +
          `<td>${esc(seatName(seat))}</td><td class="sheet__tile">${esc(s.hands[seat].join(" ") || t("round.empty_hand"))}</td>` +
          `<td class="sheet__ends">${esc(t("sheet.pips", { count: s.pips[seat], rounded: s.deductions[seat] }))}</td>` +
          teamCells(s.teams[seat], s.deductions[seat] ? `−${s.deductions[seat]}` : "0", ` data-deduction="${s.deductions[seat]}"`) +
          `</tr>`,
      );
    }
  }
  if (r.won) {
    rows.push(`<tr class="sheet__won" data-sheet-row="won"><td colspan="5">${esc(t("over.winner", { team: teamName(r.won.team) }))}</td></tr>`);
  }
  const net = r.net;
  rows.push(
    `<tr class="sheet__subtotal" data-sheet-row="subtotal" data-round="${r.round}">` +
      `<th scope="row" colspan="3">${esc(t(s || r.won ? "sheet.subtotal" : "sheet.so_far", { round: r.round }))}</th>` +
      [0, 1].map((team) => `<td class="num sheet__team sheet__team--${team}" data-round-net="${team}">${signed(net[team])}</td>`).join("") +
      `</tr>`,
    `<tr class="sheet__running" data-sheet-row="running"><th scope="row" colspan="3">${esc(t("sheet.running"))}</th>` +
      [0, 1].map((team) => `<td class="num sheet__team sheet__team--${team}" data-round-score="${team}">${num(r.scores[team])}</td>`).join("") +
      `</tr>`,
  );
  return rows.join("");
}

/**
 * The sheet's table markup (most recent round last); `names`: the people's, per seat.
 * @param {readonly WorkerEvent[]} events
 * @param {readonly (string | null)[] | null} [names]
 */
export function sheetTable(events, names = null) {
  sheetNames = names;
  const { rounds, totals } = sheetModel(events);
  return (
    `<table class="sheet" data-score-sheet>` +
    `<thead><tr><th scope="col">${esc(t("sheet.seat"))}</th><th scope="col">${esc(t("sheet.tile"))}</th><th scope="col">${esc(t("sheet.ends"))}</th>` +
    `<th scope="col" class="num sheet__team--0">${esc(teamName(0))}</th><th scope="col" class="num sheet__team--1">${esc(teamName(1))}</th></tr></thead>` +
    `<tbody>${rounds.map(roundRows).join("")}</tbody>` +
    `<tfoot><tr class="sheet__total"><th scope="row" colspan="3">${esc(t("sheet.total"))}</th>` +
    [0, 1].map((team) => `<td class="num sheet__team sheet__team--${team}" data-sheet-total="${team}">${num(totals[team])}</td>`).join("") +
    `</tr></tfoot></table>`
  );
}

/**
 * The running scores as two big figures, one per team: what a player opens the sheet to
 * read, at its head, above the rounds that make them.
 * @param {readonly WorkerEvent[]} events
 */
export function sheetTotals(events) {
  const { totals } = sheetModel(events);
  return [0, 1]
    .map(
      (team) =>
        `<li class="sheet-totals__team sheet__team--${team}"><span>${esc(teamName(team))}</span>` +
        `<strong class="num" data-sheet-running="${team}">${num(totals[team])}</strong></li>`,
    )
    .join("");
}
