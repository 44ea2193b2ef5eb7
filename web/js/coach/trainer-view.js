// The trainer's view: draws a Trainer's state (trainer.js) in its panel with the game's own
// table renderer and hand, and turns taps and keys into the controller's intents. The words
// for a verdict's reasons are the coach's (review-text.js).
//
// Test hooks: [data-trainer] around the panel (data-trainer-phase first|second|answered,
// data-trainer-busy while the engine judges), data-puzzle="N" on it for a puzzle and
// data-retry="i" for a retried mistake, data-puzzle-result="solved"|"failed" once answered, and
// [data-puzzle-idea] on the line naming a puzzle's idea;
// the hand's tiles [data-tile], the lit places [data-target] (table.js), and
// [data-trainer-board] data-drawn="index" once that position is on the board.

import { esc } from "../util/html.js";
import { pointName, seatName, t } from "../util/i18n.js";
import { moveLabel, reasonTexts } from "./review-text.js";
import { TableView, afterReshape } from "../table/table.js";
import { renderSouthHand } from "../table/hand.js";
import { setText } from "../util/write.js";
import { ideaText } from "./puzzle-idea.js";

/** @typedef {import("./trainer.js").Trainer} Trainer */

/** The panel's markup: the texts come from data-i18n keys or from `draw`. */
export const TRAINER_HTML = `<div class="trainer" data-trainer data-trainer-phase="first">
      <header class="trainer__head">
        <h2 data-trainer-title></h2>
        <button type="button" class="button" data-action="close-panel" data-i18n="trainer.close"></button>
      </header>
      <p class="trainer__meta" data-trainer-meta></p>
      <section class="trainer__board" data-trainer-board>
        <p class="trainer__prompt" data-trainer-prompt aria-live="polite"></p>
        <svg class="table review__table trainer__table" data-trainer-table viewBox="-8 -5 16 10" preserveAspectRatio="xMidYMid meet" role="group"><g data-layout=""></g></svg>
        <div class="hand hand--south trainer__hand" data-trainer-hand role="group" data-i18n-label="hand.label"></div>
      </section>
      <div class="trainer__answer" data-trainer-answer hidden>
        <div class="trainer__toggle" role="group">
          <button type="button" class="button" data-trainer-show="best" aria-pressed="true" data-i18n="trainer.show_answer"></button>
          <button type="button" class="button" data-trainer-show="played" aria-pressed="false" data-i18n="trainer.show_yours"></button>
        </div>
        <ul class="trainer__reasons" data-trainer-reasons></ul>
      </div>
      <div class="trainer__actions" data-trainer-actions>
        <button type="button" class="button button--primary" data-trainer-next data-i18n="trainer.next"></button>
      </div>
    </div>`;

/**
 * How the opener names what is being tried: the panel's title and the line under it.
 * @typedef {{title: (ctrl: Trainer) => string, meta: (ctrl: Trainer) => string, mode: "puzzle" | "retry"}} TrainerWords
 */

export class TrainerView {
  /**
   * @param {HTMLDialogElement} dialog  the open panel, holding TRAINER_HTML
   * @param {Trainer} ctrl
   * @param {TrainerWords} words
   */
  constructor(dialog, ctrl, words) {
    this.dialog = dialog;
    this.ctrl = ctrl;
    this.words = words;
    this.root = /** @type {HTMLElement} */ (dialog.querySelector("[data-trainer]"));
    this.svg = /** @type {SVGSVGElement} */ (dialog.querySelector("[data-trainer-table]"));
    this.table = new TableView(this.svg);
    this.hand = /** @type {HTMLElement} */ (dialog.querySelector("[data-trainer-hand]"));
    this.table.onReshape = afterReshape(() => dialog.isConnected && ctrl.redraw());
    ctrl.listen(() => this.draw());
    dialog.addEventListener("click", (event) => this.onClick(/** @type {Element} */ (event.target)));
    this.svg.addEventListener("keydown", (event) => {
      const target = /** @type {Element} */ (event.target).closest?.("[data-target]");
      if (!target || (event.key !== "Enter" && event.key !== " ")) return;
      event.preventDefault();
      ctrl.place(target.getAttribute("data-target") ?? "");
    });
    this.draw();
  }

  /** @param {Element} target */
  onClick(target) {
    const ctrl = this.ctrl;
    const tile = target.closest("[data-trainer-hand] [data-tile]")?.getAttribute("data-tile");
    if (tile) ctrl.pick(tile);
    const point = target.closest("[data-trainer-table] [data-target]")?.getAttribute("data-target");
    if (point) ctrl.place(point);
    const show = /** @type {HTMLElement | null} */ (target.closest("[data-trainer-show]"))?.dataset.trainerShow;
    if (show === "best" || show === "played") ctrl.showing(show);
    if (target.closest("[data-trainer-next]")) ctrl.go(ctrl.index + 1);
  }

  draw() {
    if (!this.dialog.isConnected) return;
    const { ctrl, root, words } = this;
    const item = ctrl.item;
    root.dataset.trainerPhase = ctrl.state.phase;
    root.toggleAttribute("data-trainer-busy", ctrl.busy);
    if (words.mode === "puzzle") root.dataset.puzzle = String(item?.puzzle ?? "");
    else root.dataset.retry = String(ctrl.index);
    if (ctrl.state.result) root.dataset.puzzleResult = ctrl.state.result;
    else delete root.dataset.puzzleResult;
    setText(/** @type {HTMLElement} */ (root.querySelector("[data-trainer-title]")), words.title(ctrl));
    setText(/** @type {HTMLElement} */ (root.querySelector("[data-trainer-meta]")), words.meta(ctrl));
    setText(/** @type {HTMLElement} */ (root.querySelector("[data-trainer-prompt]")), this.prompt());
    const next = /** @type {HTMLButtonElement} */ (root.querySelector("[data-trainer-next]"));
    next.hidden = !ctrl.answered || ctrl.index >= ctrl.items.length - 1;
    this.drawAnswer();
    this.drawBoard();
  }

  /** What the person is asked, or told. */
  prompt() {
    const { ctrl } = this;
    const board = ctrl.board;
    if (ctrl.failed) return t("trainer.unavailable");
    if (!board) return t("trainer.loading");
    const check = ctrl.check;
    const { phase, result, tries } = ctrl.state;
    if (phase === "first") return t(board.table.tiles.length ? "trainer.find" : "trainer.find_open", { seat: seatName(board.seat) });
    if (phase === "second") return t("trainer.again", { move: moveLabel(tries[0]) });
    if (result === "solved") return tries.length === 1 ? t("trainer.right", { move: moveLabel(tries[0]) }) : t("trainer.right_second", { move: moveLabel(tries[1]) });
    return t("trainer.answer", { move: moveLabel(check?.best.move ?? "") });
  }

  drawAnswer() {
    const { ctrl, root } = this;
    const box = /** @type {HTMLElement} */ (root.querySelector("[data-trainer-answer]"));
    const check = ctrl.check;
    box.hidden = !ctrl.answered || !check;
    if (box.hidden || !check) return;
    const solved = ctrl.state.result === "solved";
    for (const button of /** @type {NodeListOf<HTMLButtonElement>} */ (root.querySelectorAll("[data-trainer-show]"))) {
      button.setAttribute("aria-pressed", String(button.dataset.trainerShow === ctrl.show));
      button.hidden = solved;
    }
    // A puzzle's idea in table words (the engine's facts); then, shown the answer, the
    // coach's words for why it is better (a retried mistake has only those).
    /** @type {import("./review-text.js").Verdict} */
    const verdict = { best: check.best.move, mark: solved ? "best" : "mistake", reasons: check.reasons, chance: null, best_chance: null };
    const idea = check.facts ? [ideaText(check.facts, solved)] : [];
    const lines = check.facts && solved ? idea : [...idea, ...reasonTexts(verdict)];
    const list = /** @type {HTMLElement} */ (root.querySelector("[data-trainer-reasons]"));
    list.innerHTML = lines.map((line, i) => `<li${i < idea.length ? " data-puzzle-idea" : ""}>${esc(line)}</li>`).join("");
  }

  drawBoard() {
    const { ctrl, root } = this;
    const board = ctrl.board;
    const section = /** @type {HTMLElement} */ (root.querySelector("[data-trainer-board]"));
    if (!board) {
      delete section.dataset.drawn;
      this.hand.replaceChildren();
      return;
    }
    const check = ctrl.answered ? ctrl.check : null;
    const shown = check ? (ctrl.show === "played" && ctrl.state.result === "failed" ? check.played : check.best) : null;
    const selected = ctrl.selected;
    const places = selected ? (ctrl.legal[selected] ?? []) : [];
    const table = shown?.table ?? board.table;
    const targets = table.points.filter((p) => places.includes(p.point));
    /** @type {Record<string, string>} */
    const labels = {};
    for (const p of targets) labels[p.point] = t("target.label", { tile: selected ?? "", point: pointName(p.point, p.angle) });
    this.table.render({
      table,
      lastTile: shown?.tile ?? table.last_tile,
      newTile: null,
      targets,
      selectedTile: selected,
      labels: { spinner: t("table.spinner"), targets: labels },
      animate: false,
      showEnds: true,
    });
    this.svg.dataset.showing = shown ? ctrl.show : "position";
    this.svg.setAttribute("aria-label", t("trainer.table", { seat: seatName(board.seat) }));
    const hand = shown?.tile ? board.hand.filter((tile) => tile !== shown.tile) : board.hand;
    renderSouthHand(this.hand, { tiles: hand, legal: check ? {} : board.legal, selected, interactive: !check });
    section.dataset.drawn = String(ctrl.index);
  }
}

/**
 * "your team 120, theirs 85 (to 250)": the position's scores, from the seat's side.
 * @param {{seat: number, scores: number[], target: number}} board
 */
export function standingText(board) {
  const mine = board.seat & 1;
  return t("trainer.standing", { us: board.scores[mine], them: board.scores[1 - mine], target: board.target });
}
