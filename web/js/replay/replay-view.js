// The replay viewer's view: draws the position its controller (replay-ctrl.js) holds, every
// hand face up, with the game's own table renderer on its own <svg>, and turns the reader's
// buttons and keys into steps. It never touches the game in progress.

import { I18N, describeEvent, howRoundEnded } from "../model/announce.js";
import { esc } from "../util/html.js";
import { botName, pointName, seatName, t, teamName } from "../util/i18n.js";
import { onlyPerson, parseSeatLabel } from "../model/people.js";
import { sumText } from "../table/render.js";
import { TableView } from "../table/table.js";
import { tileSvg } from "../table/tiles.js";

/** @typedef {import("./replay-ctrl.js").ReplayCtrl} ReplayCtrl */
/** @typedef {import("./replay-ctrl.js").Round} Round */
/** @typedef {import("./replay-ctrl.js").ReplayStep} ReplayStep */

/** @type {import("../protocol").Table} */
const EMPTY_TABLE = { tiles: [], ends: [], points: [], bounds: [-1, -0.5, 1, 0.5], table: [], initial_table: [], sum: 0, spinner: null, last_tile: null };
const SEATS_SHOWN = [2, 1, 3, 0]; // north, west, east, south (the board's reading order)
/** @type {Record<number, string>} */
const AREA = { 0: "south", 1: "west", 2: "north", 3: "east" };
/** @param {string} d */
const icon = (d) => `<svg class="replay__icon" viewBox="0 0 16 16" aria-hidden="true" focusable="false"><path d="${d}"/></svg>`;
const ICONS = {
  start: icon("M3 3h2v10H3zM13 3v10L6 8z"),
  prev: icon("M12 3v10L4 8z"),
  next: icon("M4 3v10l8-5z"),
  end: icon("M11 3h2v10h-2zM3 3v10l7-5z"),
};
/** @type {Record<string, ReplayStep>} */
const KEYS = {
  ArrowRight: "next",
  ArrowLeft: "prev",
  Home: "start",
  End: "end",
  ArrowUp: "prev_round",
  PageUp: "prev_round",
  ArrowDown: "next_round",
  PageDown: "next_round",
};

/**
 * The viewer's markup for a record of `rounds` rounds named `name`.
 * @param {number} rounds
 * @param {string} name
 */
export function replayHtml(rounds, name) {
  const seatBox = (/** @type {number} */ seat) =>
    `<section class="replay__seat replay__seat--${AREA[seat]}" data-replay-seat="${seat}">` +
    `<h3 class="replay__seat-name"></h3><div class="replay__hand" data-replay-hand="${seat}"></div></section>`;
  /**
   * @param {keyof typeof ICONS} step
   * @param {string} label
   */
  const stepButton = (step, label, primary = false) =>
    `<button type="button" class="button${primary ? " button--primary" : ""}" data-replay-step="${step}" aria-label="${esc(label)}" title="${esc(label)}">${ICONS[step]}</button>`;
  return `<div class="replay" data-step="0">
      <header class="replay__head">
        <h2>${esc(t("replay.title"))}</h2>
        <span class="replay__name muted" data-replay-name>${esc(name)}</span>
        <button type="button" class="button" data-action="close-panel">${esc(t("replay.close"))}</button>
      </header>
      <div class="replay__controls" role="group" aria-label="${esc(t("replay.controls"))}">
        <label class="replay__round"><span>${esc(t("replay.round_label"))}</span>
          <select data-replay-round>${Array.from({ length: rounds }, (_, r) => `<option value="${r}">${esc(t("replay.round", { round: r + 1 }))}</option>`).join("")}</select></label>
        ${stepButton("start", t("replay.start"))}
        ${stepButton("prev", t("replay.prev"))}
        ${stepButton("next", t("replay.next"), true)}
        ${stepButton("end", t("replay.end"))}
        <span class="replay__position" data-replay-position aria-live="polite"></span>
      </div>
      <div class="replay__board">
        ${SEATS_SHOWN.map(seatBox).join("")}
        <div class="replay__table">
          <svg class="table" data-replay-table viewBox="-8 -5 16 10" preserveAspectRatio="xMidYMid meet" role="img" aria-label="${esc(t("table.label"))}"><g data-layout=""></g></svg>
        </div>
      </div>
      <div class="replay__caption">
        <p data-replay-caption></p>
        <p class="replay__sum" data-replay-sum></p>
        <p class="replay__settle" data-replay-settlement></p>
        <p class="replay__scores" data-replay-scores></p>
      </div>
      <p class="replay__keys muted">${esc(t("replay.keys"))}</p>
    </div>`;
}

export class ReplayView {
  /**
   * @param {HTMLDialogElement} dialog  the open panel, holding replayHtml
   * @param {ReplayCtrl} ctrl
   * @param {{levels: readonly string[], failed: (error: unknown) => void}} options
   *   `levels`: the bots this page knows (others' names are shown as written); `failed`: a
   *   round the engine would not tell (the viewer closes)
   */
  constructor(dialog, ctrl, { levels, failed }) {
    this.dialog = dialog;
    this.ctrl = ctrl;
    this.levels = levels;
    this.failed = failed;
    // The record's own table names its teams ("You & North" only if one person played).
    const you = onlyPerson((ctrl.record.seats ?? []).map((label) => parseSeatLabel(label).bot));
    this.teamName = (/** @type {number} */ team) => teamName(team, you, null);
    this.table = new TableView(/** @type {SVGSVGElement} */ (dialog.querySelector("[data-replay-table]")));
    dialog.addEventListener("click", (event) => {
      const step = /** @type {HTMLElement | null} */ (/** @type {Element} */ (event.target).closest("[data-replay-step]"))?.dataset.replayStep;
      if (step) this.go(() => ctrl.step(/** @type {ReplayStep} */ (step)));
    });
    const select = /** @type {HTMLSelectElement} */ (dialog.querySelector("[data-replay-round]"));
    select.addEventListener("change", () => this.go(() => ctrl.jumpToRound(Number(select.value))));
    dialog.addEventListener("keydown", (event) => {
      if (/** @type {Element} */ (event.target).closest?.("select, input") && !["PageUp", "PageDown"].includes(event.key)) return;
      const action = KEYS[event.key];
      if (!action) return;
      event.preventDefault();
      this.go(() => ctrl.step(action));
    });
  }

  /**
   * Do `change` to the controller, then show where it leads.
   * @param {() => void} change
   */
  go(change) {
    change();
    return this.render();
  }

  /** Lay the tables out again if the drawing area's shape differs much from the guess;
   *  whether it did. */
  relayout() {
    if (!this.ctrl.relayout(this.table.aspect())) return false;
    this.render();
    return true;
  }

  /** Show the current position once its round is here (a later step wins over an earlier). */
  async render() {
    let round;
    try {
      round = await this.ctrl.current();
    } catch (error) {
      this.failed(error);
      return;
    }
    if (round && this.dialog.isConnected) this.draw(round);
  }

  /** @param {Round} round */
  draw({ story: rnd, events }) {
    const { ctrl, dialog } = this;
    const { r, k } = ctrl.position;
    /** @type {(selector: string) => HTMLElement} */
    const el = (selector) => /** @type {HTMLElement} */ (dialog.querySelector(selector));
    el(".replay").dataset.step = String(ctrl.index);
    dialog.dataset.round = String(r + 1);
    dialog.dataset.move = String(k);
    /** @type {HTMLSelectElement} */ (el("[data-replay-round]")).value = String(r);
    el("[data-replay-position]").textContent = t("replay.position", { round: r + 1, rounds: ctrl.summary.turns.length, move: k, moves: rnd.turns.length });
    /** @type {HTMLButtonElement} */ (el("[data-replay-step='prev']")).disabled = ctrl.first;
    /** @type {HTMLButtonElement} */ (el("[data-replay-step='next']")).disabled = ctrl.last;

    // The table after k turns (the last placement highlighted).
    const table = k ? rnd.tables[k - 1] : EMPTY_TABLE;
    const turn = k ? rnd.turns[k - 1] : null;
    const lastTile = turn?.tile ?? null;
    this.table.render({ table, lastTile, newTile: null, targets: [], labels: { spinner: t("table.spinner"), targets: {} }, animate: false, showEnds: true });

    // Every hand face up, as the engine says it was at this position.
    for (const seat of [0, 1, 2, 3]) {
      const box = el(`[data-replay-seat="${seat}"]`);
      /** @type {string[]} */
      const left = rnd.hands[k][seat];
      const player = parseSeatLabel(ctrl.record.seats?.[seat]);
      const who = player.name ?? (player.bot == null || this.levels.includes(player.bot) ? botName(player.bot) : null);
      /** @type {HTMLElement} */ (box.querySelector(".replay__seat-name")).textContent = `${seatName(seat)}${who ? ` · ${who}` : ""} · ${left.length}`;
      box.classList.toggle("replay__seat--turn", Boolean(turn && turn.seat === seat));
      const hand = /** @type {HTMLElement} */ (box.querySelector("[data-replay-hand]"));
      hand.dataset.count = String(left.length);
      hand.innerHTML = left.length
        ? left.map((tile) => `<span class="mini-tile" data-tile="${tile}" title="${tile}">${tileSvg(tile)}</span>`).join("")
        : `<span class="muted">${esc(t("round.empty_hand"))}</span>`;
    }

    // What happened, and its scoring ("2 + 5 + 3 = 10 → +10").
    const event = k ? events.turns[k - 1] : events.started;
    const caption = el("[data-replay-caption]");
    const sum = el("[data-replay-sum]");
    sum.textContent = "";
    sum.dataset.points = "";
    if (!event) caption.textContent = "";
    else if (event.type === "placed") {
      caption.textContent = event.at
        ? t("announce.plays", { seat: seatName(event.seat), tile: event.tile, point: pointName(event.at) })
        : t("announce.opens", { seat: seatName(event.seat), tile: event.tile });
      sum.textContent = sumText(event);
      sum.dataset.points = String(event.points);
      sum.dataset.team = String(event.team);
    } else caption.textContent = describeEvent(event, { ...I18N, teamName: this.teamName });

    const settle = el("[data-replay-settlement]");
    const atEnd = k === rnd.turns.length;
    if (atEnd && events.settled) {
      const s = events.settled;
      const how = howRoundEnded(s);
      const parts = [0, 1, 2, 3].map((seat) => t("replay.deduction", { seat: seatName(seat), count: s.pips[seat], points: s.deductions[seat] ? `−${s.deductions[seat]}` : "0" }));
      settle.textContent = `${how}. ${parts.join(" · ")}`;
    } else if (atEnd && events.won) {
      settle.textContent = t("over.winner", { team: this.teamName(events.won.team) });
    } else settle.textContent = "";

    /** @type {number[]} */
    const scores = rnd.scores[k];
    const scoresEl = el("[data-replay-scores]");
    scoresEl.dataset.scores = scores.join(",");
    scoresEl.textContent = t("replay.scores", { team0: this.teamName(0), team1: this.teamName(1), score0: scores[0], score1: scores[1] });
  }
}
