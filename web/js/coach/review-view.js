// The coach's view: draws a review's state (review-ctrl.js holds it) in its panel, and
// turns the reader's taps and keys into the controller's intents. Stepping through the
// moves draws each position with the game's table renderer: the table after the best move
// (the best tile highlighted) or after the move played. Heading the list of moves, a chart
// of the team's chance to win after each move (losschart.js): a tap on a point goes to that
// move. Once the review is done, the head says which moves cost the most
// ([data-review-headline]); a tap on one goes to it.
//
// Test hooks: [data-review] around the panel (data-review-state running|done|cancelled|
// failed, data-review-requests: worker requests made, data-review-searched: moves that
// needed a search), [data-review-move] per analysed move with data-seat, data-loss (expected
// points), data-win-loss (the drop in the chance to win, 0..1), data-sure, data-best,
// [data-review-point] per move in the chart (data-index, data-round, data-number,
// data-chance: the chance to win drawn after it, empty when forced),
// [data-review-swing] per costly move the head names (data-round, data-number), and
// [data-review-board] data-drawn="round-number" once that move's board is on it.

import { esc } from "../util/html.js";
import { seatName, t } from "../util/i18n.js";
import { lossChart } from "./losschart.js";
import { captionText, chartLabel, headlineTexts, markName, moveLabel, number, percent, reasonTexts, summaryText } from "./review-text.js";
import { tileCountOn } from "../ui/settings.js";
import { TableView, afterReshape } from "../table/table.js";
import { drawCount, makeCountStrip } from "../table/tilecount.js";
import { tileSvg } from "../table/tiles.js";
import { setText } from "../util/write.js";

/** @typedef {import("./review-ctrl.js").ReviewCtrl} ReviewCtrl */
/** @typedef {import("./review-ctrl.js").ReviewedMove} ReviewedMove */

/** The panel's markup: every text comes from its data-i18n key or from `draw`. */
export const REVIEW_HTML = `<div class="review" data-review data-review-state="running">
      <header class="review__head">
        <h2 data-review-title></h2>
        <div class="review__headline" data-review-headline hidden></div>
        <div class="review__head-actions">
          <button type="button" class="button button--primary review__retry" data-action="review-retry" data-i18n="trainer.retry" hidden></button>
          <button type="button" class="button" data-action="close-panel" data-i18n="review.close"></button>
        </div>
      </header>
      <div class="review__progress" data-review-progress-box>
        <progress data-review-progress max="1" value="0"></progress>
        <span class="review__progress-text" data-review-progress-text aria-live="polite"></span>
        <button type="button" class="button" data-action="review-cancel" data-i18n="review.cancel"></button>
      </div>
      <p class="review__summary" data-review-summary></p>
      <p class="review__cache-note" data-review-cache-note hidden></p>
      <div class="review__main">
        <section class="review__board" data-review-board hidden>
          <div class="review__position">
            <div class="review__toggle" role="group">
              <button type="button" class="button" data-review-show="best" aria-pressed="true" data-i18n="review.show_best"></button>
              <button type="button" class="button" data-review-show="played" aria-pressed="false" data-i18n="review.show_played"></button>
            </div>
            <svg class="table review__table" data-review-table viewBox="-8 -5 16 10" preserveAspectRatio="xMidYMid meet" role="img"><g data-layout=""></g></svg>
            <div class="review__hand" data-review-hand></div>
          </div>
          <div class="review__move">
            <p class="review__caption" data-review-caption></p>
            <ul class="review__reasons" data-review-reasons></ul>
            <div class="review__steps">
              <button type="button" class="button" data-review-step="prev" data-i18n="review.prev"></button>
              <button type="button" class="button button--primary" data-review-step="next" data-i18n="review.next"></button>
            </div>
          </div>
        </section>
        <div class="review__list" data-review-list>
          <div class="review__chart" data-review-chart hidden></div>
          <div data-review-rounds></div>
        </div>
      </div>
    </div>`;

/** @type {Record<string, number>} */
const STEP_KEYS = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };

export class ReviewView {
  /**
   * @param {HTMLDialogElement} dialog  the open panel, holding REVIEW_HTML
   * @param {ReviewCtrl} ctrl
   */
  constructor(dialog, ctrl) {
    this.dialog = dialog;
    this.ctrl = ctrl;
    this.root = /** @type {HTMLElement} */ (dialog.querySelector("[data-review]"));
    this.root.dataset.reviewSeat = String(ctrl.seat);
    this.table = new TableView(/** @type {SVGSVGElement} */ (dialog.querySelector("[data-review-table]")));
    /** @type {string | null} the reasons list as last written */
    this.reasonsShown = null;
    /** @type {string} the headline as last written */
    this.headlineShown = "";
    // A new shape for the board (the progress bar gone, the phone turned): the position is
    // laid out again for it. Drawn while the review ran, it kept that shape's view.
    this.table.onReshape = afterReshape(() => dialog.isConnected && ctrl.selected >= 0 && ctrl.select(ctrl.selected));
    ctrl.listen((change) => this.changed(change));
    dialog.addEventListener("click", (event) => this.onClick(/** @type {Element} */ (event.target)));
    dialog.addEventListener("keydown", (event) => {
      if (/** @type {Element} */ (event.target).closest?.("select, input")) return;
      const delta = STEP_KEYS[event.key];
      if (!delta || !ctrl.moves.length) return;
      event.preventDefault();
      ctrl.step(delta, { focus: true });
    });
    this.draw();
  }

  /** @param {Element} target */
  onClick(target) {
    const ctrl = this.ctrl;
    if (target.closest("[data-action='review-cancel']")) ctrl.cancel();
    if (target.closest("[data-action='review-retry']")) this.retry();
    const swing = /** @type {HTMLElement | null} */ (target.closest("[data-review-swing]"));
    if (swing) {
      const index = ctrl.indexOf({ round: Number(swing.dataset.round), number: Number(swing.dataset.number) });
      if (index >= 0) {
        ctrl.choose(index, { scroll: true });
        this.showBoard();
      }
    }
    const move = /** @type {HTMLElement | null} */ (target.closest("[data-review-move]"));
    const bar = /** @type {HTMLElement | null} */ (target.closest("[data-review-point]"));
    if (move || bar) {
      // Upright, the list runs on below the board: bring its position back.
      ctrl.choose(Number((move ?? bar)?.dataset.index), { scroll: Boolean(bar) });
      this.showBoard();
    }
    const show = /** @type {HTMLElement | null} */ (target.closest("[data-review-show]"))?.dataset.reviewShow;
    if (show === "best" || show === "played") ctrl.showing(show);
    const step = /** @type {HTMLElement | null} */ (target.closest("[data-review-step]"))?.dataset.reviewStep;
    if (step) ctrl.step(step === "next" ? 1 : -1);
  }

  /** @param {import("./review-ctrl.js").ReviewChange} change */
  changed(change) {
    if (!this.dialog.isConnected) return;
    if (change.type === "all") this.draw();
    else if (change.type === "counts") this.drawCounts();
    else if (change.type === "board") this.drawBoard();
    else {
      this.markSelected();
      this.drawBoard();
      if (change.scroll) this.bringIntoView(change.focus);
    }
  }

  drawCounts() {
    this.root.dataset.reviewRequests = String(this.ctrl.requests);
    this.root.dataset.reviewSearched = String(this.ctrl.searched);
  }

  draw() {
    if (!this.dialog.isConnected) return;
    const { ctrl, dialog: d } = this;
    this.root.dataset.reviewState = ctrl.phase;
    this.drawCounts();
    setText(/** @type {HTMLElement} */ (d.querySelector("[data-review-title]")), t("review.title", { seat: seatName(ctrl.seat) }));
    const box = /** @type {HTMLElement} */ (d.querySelector("[data-review-progress-box]"));
    box.hidden = ctrl.phase !== "running";
    const bar = /** @type {HTMLProgressElement} */ (d.querySelector("[data-review-progress]"));
    bar.max = Math.max(1, ctrl.total ?? 1);
    bar.value = ctrl.done ?? 0;
    const progress = t("review.progress", { done: ctrl.done ?? 0, total: ctrl.total ?? "…" });
    bar.setAttribute("aria-valuetext", progress);
    setText(/** @type {HTMLElement} */ (d.querySelector("[data-review-progress-text]")), progress);
    const summary = /** @type {HTMLElement} */ (d.querySelector("[data-review-summary]"));
    if (ctrl.review) {
      summary.textContent = t("review.game", { summary: summaryText(ctrl.review, ctrl.moves) });
      summary.dataset.accuracy = String(ctrl.review.accuracy ?? "");
    } else summary.textContent = ctrl.phase === "cancelled" ? t("review.cancelled", { done: ctrl.done ?? 0, count: ctrl.total ?? 0 }) : "";
    const retry = /** @type {HTMLElement} */ (d.querySelector("[data-action='review-retry']"));
    retry.hidden = !(ctrl.phase === "done" && ctrl.review && ctrl.review.mistakes + ctrl.review.blunders > 0);
    const note = /** @type {HTMLElement} */ (d.querySelector("[data-review-cache-note]"));
    note.textContent = ctrl.cacheError ? t("review.cache_left_out") : ctrl.differed ? t("review.cache_differed", { count: ctrl.differed }) : "";
    note.hidden = !note.textContent;
    this.drawHeadline();
    this.drawChart();
    this.drawList();
    if (ctrl.selected >= 0) this.drawBoard();
  }

  /** The costliest moves in the head, once the review is done: each a button to its move.
   *  Written only when it changes, so a reader's tap never lands on a node being replaced. */
  drawHeadline() {
    const { ctrl } = this;
    const lines = ctrl.phase === "done" && ctrl.headline ? headlineTexts(ctrl.headline, { seat: ctrl.seat, you: ctrl.yours }) : [];
    const go = esc(t("review.headline.go"));
    const html = lines
      .map(({ text, swing }) =>
        swing
          ? `<button type="button" class="review__swing review__swing--${esc(swing.mark)}" data-review-swing data-round="${swing.round}" data-number="${swing.number}" data-sure="${swing.sure}" title="${go}">${esc(text)}</button>`
          : `<span class="review__clean" data-review-clean>${esc(text)}</span>`,
      )
      .join("");
    if (html === this.headlineShown) return;
    const box = /** @type {HTMLElement} */ (this.dialog.querySelector("[data-review-headline]"));
    box.innerHTML = html;
    box.hidden = !html;
    this.headlineShown = html;
  }

  drawChart() {
    const moves = this.ctrl.moves;
    const chart = /** @type {HTMLElement} */ (this.dialog.querySelector("[data-review-chart]"));
    chart.hidden = !moves.length;
    chart.style.setProperty("--columns", String(moves.length)); // its width (css/coach.css)
    const plot = lossChart(moves, this.ctrl.selected, { label: chartLabel(moves), title: captionText });
    // The scale in percent beside the line, and what the line is, over its top left corner.
    const axis = [100, 50, 0].map((p) => `<span class="loss-chart__tick loss-chart__tick--${p}">${esc(number(p))}%</span>`).join("");
    chart.innerHTML = moves.length
      ? `<div class="loss-chart__axis" aria-hidden="true">${axis}</div><div class="loss-chart__plot"><span class="loss-chart__title" aria-hidden="true">${esc(t("review.chart_title"))}</span>${plot}</div>`
      : "";
  }

  drawList() {
    const { moves, review } = this.ctrl;
    /** @type {Map<number, Array<[ReviewedMove, number]>>} */
    const rounds = new Map();
    moves.forEach((m, index) => {
      const round = rounds.get(m.round) ?? [];
      round.push([m, index]);
      rounds.set(m.round, round);
    });
    const summaries = new Map((review?.rounds ?? []).map((r) => [r.round, r]));
    const html = [...rounds]
      .map(([round, items]) => {
        const s = summaries.get(round);
        const head = s ? t("review.round_summary", { round, summary: summaryText(s, items.map(([m]) => m)) }) : t("review.round", { round });
        return `<section class="review__round" data-review-round="${round}"${s ? ` data-accuracy="${s.accuracy ?? ""}"` : ""}>
          <h3>${esc(head)}</h3><ol class="review__moves">${items.map(([m, i]) => this.moveItem(m, i)).join("")}</ol></section>`;
      })
      .join("");
    const list = /** @type {HTMLElement} */ (this.dialog.querySelector("[data-review-rounds]"));
    list.innerHTML = html || `<p class="muted">${esc(t("review.waiting"))}</p>`;
  }

  /**
   * @param {ReviewedMove} m
   * @param {number} index
   */
  moveItem(m, index) {
    const current = index === this.ctrl.selected ? ' aria-current="true"' : "";
    const drop = m.win_loss ?? 0;
    const loss = m.mark === "forced" || drop <= 0 ? "" : `<span class="review-move__loss">−${esc(percent(drop))}</span>`;
    const best = m.best !== m.move ? `<span class="review-move__best">${esc(t("review.best_was", { move: moveLabel(m.best) }))}</span>` : "";
    return `<li><button type="button" class="review-move review-move--${m.mark}" data-review-move data-index="${index}"
      data-seat="${m.seat}" data-loss="${m.loss}" data-win-loss="${m.win_loss ?? 0}" data-sure="${m.sure !== false}" data-best="${esc(m.best)}" data-mark="${m.mark}" data-round="${m.round}" data-number="${m.number}"${current}>
      <span class="review-move__no">${m.number}</span>
      <span class="review-move__played">${esc(moveLabel(m.move))}</span>
      <span class="review-move__mark">${esc(markName(m.mark, m.sure))}</span>${loss}${best}</button></li>`;
  }

  /** "Retry your mistakes": the reviewed seat's mistakes in the trainer (loaded on first use). */
  async retry() {
    const ctrl = this.ctrl;
    const host = /** @type {import("../ui/panel-host.js").PanelHost} */ (ctrl.host);
    try {
      const [part, record] = await Promise.all([import("./trainer-retry.js"), ctrl.record ?? host.call("record")]);
      await part.openRetry(host, { record, seat: ctrl.seat, moves: ctrl.moves });
    } catch {
      host.notify("notice.part_missing");
    }
  }

  /** The selected move marked in the list and in the chart. */
  markSelected() {
    const index = this.ctrl.selected;
    for (const el of /** @type {NodeListOf<HTMLElement>} */ (this.dialog.querySelectorAll("[data-review-move]"))) {
      if (Number(el.dataset.index) === index) el.setAttribute("aria-current", "true");
      else el.removeAttribute("aria-current");
    }
    for (const el of /** @type {NodeListOf<HTMLElement>} */ (this.dialog.querySelectorAll("[data-review-point]"))) {
      el.classList.toggle("chance-point--current", Number(el.dataset.index) === index);
    }
  }

  /**
   * The selected move's line in sight: the keyboard (`focus`) follows to it; a tap on
   * Previous or Next stays on its button. The list scrolls to the move only where it is
   * beside the board: stacked under it (a phone upright), scrolling would take the board
   * being stepped through off the screen.
   * @param {boolean} focus
   */
  bringIntoView(focus) {
    const item = /** @type {HTMLElement | null} */ (this.dialog.querySelector(`[data-review-move][data-index="${this.ctrl.selected}"]`));
    if (!item) return;
    if (focus) item.focus({ preventScroll: true });
    const board = /** @type {Element} */ (this.dialog.querySelector("[data-review-table]")).getBoundingClientRect();
    if (item.getBoundingClientRect().left >= board.right) item.scrollIntoView({ block: "nearest" });
  }

  /** After a tap on the chart or on a move in the list, the board it changed in sight:
   *  upright, the list (the chart at its head) runs on under the board, which a reader far
   *  down the list has scrolled away. Beside the list the board is always in sight. */
  showBoard() {
    const position = /** @type {HTMLElement} */ (this.dialog.querySelector(".review__position"));
    const main = /** @type {HTMLElement} */ (this.dialog.querySelector(".review__main"));
    if (position.getBoundingClientRect().top < main.getBoundingClientRect().top - 1) position.scrollIntoView({ block: "start" });
  }

  drawBoard() {
    const { ctrl, dialog: d } = this;
    const m = ctrl.moves[ctrl.selected];
    const section = /** @type {HTMLElement} */ (d.querySelector("[data-review-board]"));
    section.hidden = !m;
    if (!m) return;
    section.dataset.round = String(m.round);
    section.dataset.number = String(m.number);
    const board = ctrl.position;
    for (const button of /** @type {NodeListOf<HTMLButtonElement>} */ (d.querySelectorAll("[data-review-show]"))) {
      button.setAttribute("aria-pressed", String(button.dataset.reviewShow === ctrl.show));
      button.disabled = m.best === m.move;
    }
    // Written only when they change: drawn again as the board arrives (or the area reshapes),
    // the same caption and reasons stay the same nodes under a reader's eyes and finger.
    setText(/** @type {HTMLElement} */ (d.querySelector("[data-review-caption]")), captionText(m));
    const reasons = reasonTexts(m)
      .map((line) => `<li>${esc(line)}</li>`)
      .join("");
    if (reasons !== this.reasonsShown) {
      /** @type {HTMLElement} */ (d.querySelector("[data-review-reasons]")).innerHTML = reasons;
      this.reasonsShown = reasons;
    }
    const prev = /** @type {HTMLButtonElement} */ (d.querySelector("[data-review-step='prev']"));
    const next = /** @type {HTMLButtonElement} */ (d.querySelector("[data-review-step='next']"));
    const focused = document.activeElement;
    prev.disabled = ctrl.selected <= 0;
    next.disabled = ctrl.selected >= ctrl.moves.length - 1;
    // Stepped to an end with the keyboard on that step's button: keep the focus in the panel.
    if (focused === next && next.disabled && !prev.disabled) prev.focus();
    else if (focused === prev && prev.disabled && !next.disabled) next.focus();
    if (!board) return;
    section.dataset.drawn = `${m.round}-${m.number}`; // a hook for tests: this move's board is in
    const shown = ctrl.show === "best" && m.best !== m.move ? board.best : board.played;
    const svg = /** @type {SVGElement} */ (d.querySelector("[data-review-table]"));
    svg.dataset.showing = shown === board.best && m.best !== m.move ? "best" : "played";
    svg.setAttribute("aria-label", moveLabel(shown.move));
    this.table.render({ table: shown.table, lastTile: shown.tile, newTile: null, targets: [], labels: { spinner: t("table.spinner"), targets: {} }, animate: false, showEnds: true });
    /** @type {HTMLElement} */ (d.querySelector("[data-review-hand]")).innerHTML = board.hand
      .map((/** @type {string} */ tile) => {
        const marks = [tile === board.played.tile ? "played" : "", tile === board.best.tile ? "best" : ""].filter(Boolean);
        const cls = marks.map((k) => ` review-tile--${k}`).join("");
        return `<span class="mini-tile${cls}" data-tile="${tile}" title="${tile}">${tileSvg(tile)}</span>`;
      })
      .join("");
    this.drawCount(board.count);
  }

  /**
   * With the tile count on (the game's setting), what the seat could have counted at this
   * position, under its hand: the coach's way of teaching the count.
   * @param {{hidden: number[], lacking: number[][]} | undefined} count
   */
  drawCount(count) {
    let strip = /** @type {HTMLElement | null} */ (this.dialog.querySelector("[data-review-count]"));
    if (!tileCountOn() || !count) {
      strip?.remove();
      return;
    }
    if (!strip) {
      strip = makeCountStrip("reviewCount", count);
      /** @type {HTMLElement} */ (this.dialog.querySelector("[data-review-hand]")).after(strip);
    }
    drawCount(strip, count);
  }
}
