// The coach: a review of one seat's moves, modelled on an analysis board. The
// engine's worker does the analysis (seven_rocks/app/coaching.py): every move of the seat is
// valued from that seat's view at the time, a slice of moves per request (`review_start`,
// then `review_step` until finished), so the worker is never busy for long and the panel
// shows a determinate progress bar; Cancel (or closing the panel) stops it, and what was
// found is cached with the game. The reply's reasons are language-neutral codes with numbers:
// this module only words them (English or Brazilian Portuguese) and draws what it is given;
// the marks, losses and accuracies are the engine's.
//
// Stepping through the reviewed moves draws the position with the game's table renderer:
// the table after the best move (the best tile highlighted) or after the move played.
// Heading the list of moves, a chart of the points each move lost (losschart.js): a tap on a
// bar goes to that move.
//
// Test hooks: [data-review] around the panel (data-review-state running|done|cancelled|
// failed, data-review-requests: worker requests made, data-review-searched: moves that
// needed a search), [data-review-move] per analysed move with data-seat, data-loss, data-best,
// [data-review-bar] per move in the chart (data-index, data-round, data-number), and
// [data-review-board] data-drawn="round-number" once that move's board is on it.

import { ENGINE_LOST, EngineError } from "../bridge.js";
import { decimal, esc, signedDecimal } from "./html.js";
import { language, onLanguageChange, pointName, seatName, t } from "./i18n.js";
import { costliest, lossChart } from "./losschart.js";
import { openPanel } from "./modal.js";
import { tileCountOn } from "./settings.js";
import { TableView, afterReshape } from "./table.js";
import { drawCount, makeCountStrip } from "./tilecount.js";
import { tileLabel, tileSvg } from "./tiles.js";
import { setText } from "./write.js";

/** How long each slice of a review may keep the engine busy (ms). */
const SLICE_MS = 200;

const number = (value) => decimal(value, language());
const signed = (value) => signedDecimal(value, language());
/** "1 pip", "5 pips" ("1 ponto", "5 pontos"). */
const pips = (count) => (count === 1 ? t("review.pips_one") : t("review.pips", { count }));

/** "3-5 on 1-1 (branch A)", "1-4 (opening)", "pass", from the engine's move text. */
export function moveLabel(text) {
  if (text === "pass") return t("review.pass");
  const [tile, at] = String(text).split("@");
  return tileLabel(at ? t("review.move_on", { tile, point: pointName(at) }) : t("review.move_open", { tile }));
}

function numbersText(numbers) {
  const texts = numbers.map(String);
  return texts.length < 2 ? texts.join("") : t("review.or", { first: texts.slice(0, -1).join(", "), last: texts.at(-1) });
}

/** One sentence per reason code (the engine's `Reason`s; see seven_rocks/app/review.py). */
const REASONS = {
  forced: (a) => (a.pass ? t("review.reason.forced_pass") : t("review.reason.forced")),
  best: (a) =>
    a.margin > 0
      ? t("review.reason.best_margin", { points: a.points, margin: number(a.margin) })
      : t("review.reason.best", { points: a.points }),
  scores_less: (a, m) => t("review.reason.scores_less", { points: a.points, best: moveLabel(m.best), best_points: a.best_points }),
  hands_more: (a, m) =>
    t("review.reason.hands_more", { seat: seatName(a.seat), threat: a.threat, best: moveLabel(m.best), best_threat: a.best_threat }),
  misses_block: (a, m) => t("review.reason.misses_block", { best: moveLabel(m.best), seat: seatName(a.seat), numbers: numbersText(a.numbers ?? []) }),
  keeps_double: (a, m) => t("review.reason.keeps_double", { best: moveLabel(m.best), tile: tileLabel(a.tile) }),
  keeps_heavy: (a, m) => t("review.reason.keeps_heavy", { pips: pips(a.pips), best: moveLabel(m.best), best_pips: pips(a.best_pips) }),
  greedy: (a, m) => t("review.reason.greedy", { points: a.points, best: moveLabel(m.best), best_points: a.best_points }),
  later: () => t("review.reason.later"),
  search: (a) => t("review.reason.search", { samples: a.samples, value: signed(a.value), best_value: signed(a.best_value) }),
};

/** The reasons of a verdict in the page's language (the search's averages only for a loss). */
export function reasonTexts(move) {
  return (move.reasons ?? [])
    .filter((r) => REASONS[r.code] && !(r.code === "search" && move.mark === "best"))
    .map((r) => REASONS[r.code](r, move));
}

const MARKS = {
  best: () => t("review.mark.best"),
  good: () => t("review.mark.good"),
  mistake: () => t("review.mark.mistake"),
  blunder: () => t("review.mark.blunder"),
  forced: () => t("review.mark.forced"),
};
const markName = (mark) => (MARKS[mark] ?? (() => mark))();

/** "Round 1, move 4: 3-4 on 2-3 · Mistake, −6.6 · best: 3-6 on 2-3": the verdict in a line. */
function captionText(m) {
  return m.best === m.move
    ? t("review.caption_best", { round: m.round, number: m.number, move: moveLabel(m.move), mark: markName(m.mark) })
    : t("review.caption", { round: m.round, number: m.number, move: moveLabel(m.move), best: moveLabel(m.best), loss: number(m.loss), mark: markName(m.mark) });
}

/** The chart's accessible name: what it plots and where the most was lost. */
function chartLabel(moves) {
  const worst = costliest(moves);
  if (worst < 0) return t("review.chart_none");
  const m = moves[worst];
  return t("review.chart", { loss: number(m.loss), round: m.round, number: m.number });
}

/** A round's or a game's line: accuracy, the mistakes and blunders, and what a move gave
 *  away on average. Not the sum over the game: "240.8 points lost" in a game to 250 reads
 *  like a score, where 2.4 a move says how well the moves were chosen. */
function summaryText(s) {
  const counts = t("review.counts", { mistakes: s.mistakes, blunders: s.blunders });
  if (s.accuracy == null) return [t("review.no_choices"), counts].join(" · ");
  const average = s.analysed > 0 ? s.lost / s.analysed : 0;
  return [
    t("review.accuracy", { accuracy: number(s.accuracy) }),
    counts,
    t("review.average", { average: number(Math.round(average * 10) / 10) }),
  ].join(" · ");
}

let active = null; // the open panel (re-worded when the language changes)
let running = Promise.resolve(); // the previous review's loop, until it has let go of the worker
onLanguageChange(() => active?.redraw());

/**
 * Open the review of `seat`: the live game's (no `record`; South only) or a record's (the
 * replay viewer). `onReviews(reviews)` receives the record's updated cache (record reviews).
 */
export function openReview(controller, { seat = 0, record = null, onReviews = () => {} } = {}) {
  if (document.querySelector("dialog[data-review-panel]")) return null;
  const panel = new ReviewPanel(controller, { seat, record, onReviews });
  const previous = running;
  running = previous.then(() => panel.run());
  return panel;
}

class ReviewPanel {
  constructor(controller, { seat, record, onReviews }) {
    this.controller = controller;
    this.seat = seat;
    this.record = record;
    this.onReviews = onReviews;
    this.moves = []; // the engine's reviewed moves, in order
    this.review = null; // the finished review (with summaries)
    this.requests = 0;
    this.searched = 0;
    this.stopped = false;
    this.selected = -1;
    this.navigated = false; // whether the reader has chosen a move (then it stays theirs)
    this.reasonsShown = null; // the reasons list as last written (drawBoard)
    this.show = "best";
    this.board = null;
    this.open();
  }

  open() {
    const html = `<div class="review" data-review data-review-state="running" data-review-seat="${this.seat}">
      <header class="review__head">
        <h2 data-review-title></h2>
        <button type="button" class="button" data-action="close-panel" data-i18n="review.close"></button>
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
    const { dialog, close } = openPanel({
      hold: this.controller.pacer, // the game waits while the review is open
      className: "dialog--review",
      hook: "reviewPanel",
      html,
      onClose: () => {
        this.stopped = true;
        if (active === this) active = null;
      },
    });
    this.dialog = dialog;
    this.close = close;
    this.root = dialog.querySelector("[data-review]");
    this.view = new TableView(dialog.querySelector("[data-review-table]"));
    // A new shape for the board (the progress bar gone, the phone turned): the position is
    // laid out again for it. Drawn while the review ran, it kept that shape's view.
    this.view.onReshape = afterReshape(() => this.dialog.isConnected && this.selected >= 0 && this.select(this.selected));
    active = this;
    dialog.addEventListener("click", (event) => {
      const target = event.target;
      if (target.closest("[data-action='review-cancel']")) this.stopped = true;
      const move = target.closest("[data-review-move]");
      const bar = target.closest("[data-review-bar]");
      const step = target.closest("[data-review-step]")?.dataset.reviewStep;
      if (move || bar || step) this.navigated = true;
      if (move) {
        this.select(Number(move.dataset.index));
        this.showBoard(); // upright, the list runs on below the board: bring its position back
      }
      if (bar) {
        this.goTo(Number(bar.dataset.index));
        this.showBoard();
      }
      const show = target.closest("[data-review-show]")?.dataset.reviewShow;
      if (show) {
        this.show = show;
        this.drawBoard();
      }
      if (step) this.step(step === "next" ? 1 : -1);
    });
    dialog.addEventListener("keydown", (event) => {
      if (event.target.closest?.("select, input")) return;
      const delta = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
      if (!delta || !this.moves.length) return;
      event.preventDefault();
      this.navigated = true;
      this.step(delta, { focus: true });
    });
    this.redraw();
  }

  // ------------------------------------------------------------- the worker
  async call(method, params = {}) {
    this.requests += 1;
    this.root.dataset.reviewRequests = String(this.requests);
    return this.controller.engine.call(method, params);
  }

  /** Start, then a slice per request until finished, cancelled or closed. */
  async run() {
    let reply;
    try {
      const params = { seat: this.seat, budget_ms: SLICE_MS };
      if (this.record) params.record = this.record;
      reply = await this.call("review_start", params);
      this.take(reply);
      while (!reply.finished && !this.stopped) {
        reply = await this.call("review_step", { budget_ms: SLICE_MS });
        this.take(reply);
      }
      if (!reply.finished) {
        const stop = await this.call("review_cancel");
        if (stop.reviews) this.onReviews(stop.reviews);
        this.setState("cancelled");
        return;
      }
      if (reply.reviews) this.onReviews(reply.reviews);
      else if (!this.controller.snap?.over) this.controller.save(); // the live game's save keeps it
      this.setState("done");
    } catch (error) {
      this.setState("failed");
      const lost = error instanceof EngineError && error.type === ENGINE_LOST; // said once already
      if (!lost && this.dialog.isConnected) this.controller.notify("review.failed", { message: error?.message ?? String(error) });
    }
  }

  take(reply) {
    this.moves.push(...reply.moves);
    this.searched = reply.searched;
    // The review saved in an opened record is checked, never trusted: say what it held.
    this.differed = reply.differed ?? 0;
    this.cacheError = reply.cache_error ?? null;
    this.total = reply.total;
    this.done = reply.done;
    if (reply.review) this.review = reply.review;
    this.root.dataset.reviewSearched = String(reply.searched);
    this.redraw();
    if (this.selected < 0 && this.moves.length) this.select(this.firstToStudy());
    // Finished: the first move worth a look, unless the reader has already chosen one (the
    // moves shown while it ran were only the first analysed).
    else if (reply.review && !this.navigated && this.firstToStudy() !== this.selected) this.goTo(this.firstToStudy());
  }

  /** The first move worth a look once the review is finished: the first mistake or
   *  blunder, else the first move (while it runs, the first move). */
  firstToStudy() {
    const index = this.moves.findIndex((m) => m.mark === "mistake" || m.mark === "blunder");
    return index >= 0 && this.review ? index : 0;
  }

  setState(state) {
    this.root.dataset.reviewState = state;
    this.redraw();
  }

  // ---------------------------------------------------------------- drawing
  redraw() {
    if (!this.dialog?.isConnected) return;
    const d = this.dialog;
    d.querySelector("[data-review-title]").textContent = t("review.title", { seat: seatName(this.seat) });
    const state = this.root.dataset.reviewState;
    const box = d.querySelector("[data-review-progress-box]");
    box.hidden = state !== "running";
    const bar = d.querySelector("[data-review-progress]");
    bar.max = Math.max(1, this.total ?? 1);
    bar.value = this.done ?? 0;
    const progress = t("review.progress", { done: this.done ?? 0, total: this.total ?? "…" });
    bar.setAttribute("aria-valuetext", progress);
    d.querySelector("[data-review-progress-text]").textContent = progress;
    const summary = d.querySelector("[data-review-summary]");
    if (this.review) {
      summary.textContent = t("review.game", { summary: summaryText(this.review) });
      summary.dataset.accuracy = String(this.review.accuracy ?? "");
    } else summary.textContent = state === "cancelled" ? t("review.cancelled", { done: this.done ?? 0, total: this.total ?? 0 }) : "";
    const note = d.querySelector("[data-review-cache-note]");
    note.textContent = this.cacheError
      ? t("review.cache_left_out")
      : this.differed
        ? t("review.cache_differed", { count: this.differed })
        : "";
    note.hidden = !note.textContent;
    this.drawChart();
    this.drawList();
    if (this.selected >= 0) this.drawBoard();
  }

  drawChart() {
    const chart = this.dialog.querySelector("[data-review-chart]");
    chart.hidden = !this.moves.length;
    chart.style.setProperty("--columns", String(this.moves.length)); // its width (review.css)
    chart.innerHTML = this.moves.length ? lossChart(this.moves, this.selected, { label: chartLabel(this.moves), title: captionText }) : "";
  }

  drawList() {
    const rounds = new Map();
    this.moves.forEach((m, index) => {
      if (!rounds.has(m.round)) rounds.set(m.round, []);
      rounds.get(m.round).push([m, index]);
    });
    const summaries = new Map((this.review?.rounds ?? []).map((r) => [r.round, r]));
    const html = [...rounds]
      .map(([round, moves]) => {
        const s = summaries.get(round);
        const head = s ? t("review.round_summary", { round, summary: summaryText(s) }) : t("review.round", { round });
        return `<section class="review__round" data-review-round="${round}"${s ? ` data-accuracy="${s.accuracy ?? ""}"` : ""}>
          <h3>${esc(head)}</h3><ol class="review__moves">${moves.map(([m, i]) => this.moveItem(m, i)).join("")}</ol></section>`;
      })
      .join("");
    const list = this.dialog.querySelector("[data-review-rounds]");
    list.innerHTML = html || `<p class="muted">${esc(t("review.waiting"))}</p>`;
  }

  moveItem(m, index) {
    const current = index === this.selected ? ' aria-current="true"' : "";
    const loss = m.mark === "forced" || m.loss <= 0 ? "" : `<span class="review-move__loss">−${esc(number(m.loss))}</span>`;
    const best = m.best !== m.move ? `<span class="review-move__best">${esc(t("review.best_was", { move: moveLabel(m.best) }))}</span>` : "";
    return `<li><button type="button" class="review-move review-move--${m.mark}" data-review-move data-index="${index}"
      data-seat="${m.seat}" data-loss="${m.loss}" data-best="${esc(m.best)}" data-mark="${m.mark}" data-round="${m.round}" data-number="${m.number}"${current}>
      <span class="review-move__no">${m.number}</span>
      <span class="review-move__played">${esc(moveLabel(m.move))}</span>
      <span class="review-move__mark">${esc(markName(m.mark))}</span>${loss}${best}</button></li>`;
  }

  /** Go `delta` moves on. The keyboard (`focus`) follows to the move in the list; a tap on
   *  Previous or Next stays on its button. The list scrolls to the move only where it is
   *  beside the board: stacked under it (a phone upright), scrolling would take the board
   *  being stepped through off the screen. */
  step(delta, { focus = false } = {}) {
    if (!this.moves.length) return;
    this.goTo(Math.min(this.moves.length - 1, Math.max(0, this.selected + delta)), { focus });
  }

  /** Show move `index` and bring its line of the list into view where the list is beside
   *  the board (see `step`). */
  goTo(index, { focus = false } = {}) {
    this.select(index);
    const item = this.dialog.querySelector(`[data-review-move][data-index="${this.selected}"]`);
    if (!item) return;
    if (focus) item.focus({ preventScroll: true });
    const board = this.dialog.querySelector("[data-review-table]").getBoundingClientRect();
    const beside = item.getBoundingClientRect().left >= board.right;
    if (beside) item.scrollIntoView({ block: "nearest" });
  }

  /** After a tap on the chart or on a move in the list, the board it changed in sight:
   *  upright, the list (the chart at its head) runs on under the board, which a reader far
   *  down the list has scrolled away. Beside the list the board is always in sight. */
  showBoard() {
    const position = this.dialog.querySelector(".review__position");
    const main = this.dialog.querySelector(".review__main");
    if (position.getBoundingClientRect().top < main.getBoundingClientRect().top - 1) position.scrollIntoView({ block: "start" });
  }

  /** Show move `index`: its position comes from the worker (the table after each choice). */
  async select(index) {
    const m = this.moves[index];
    if (!m) return;
    this.selected = index;
    for (const el of this.dialog.querySelectorAll("[data-review-move]")) {
      if (Number(el.dataset.index) === index) el.setAttribute("aria-current", "true");
      else el.removeAttribute("aria-current");
    }
    for (const el of this.dialog.querySelectorAll("[data-review-bar]")) {
      el.classList.toggle("loss-bar--current", Number(el.dataset.index) === index);
    }
    this.drawBoard();
    try {
      const board = await this.controller.engine.call("review_board", { round: m.round, number: m.number, aspect: this.view.aspect() });
      if (this.selected === index && this.dialog.isConnected) {
        this.board = board;
        this.drawBoard();
      }
    } catch {
      // another review took the worker's place: keep the list, without the board
    }
  }

  drawBoard() {
    const m = this.moves[this.selected];
    const d = this.dialog;
    const section = d.querySelector("[data-review-board]");
    section.hidden = !m;
    if (!m) return;
    section.dataset.round = String(m.round);
    section.dataset.number = String(m.number);
    const board = this.board && this.board.round === m.round && this.board.number === m.number ? this.board : null;
    const showBest = this.show === "best";
    for (const button of d.querySelectorAll("[data-review-show]")) {
      button.setAttribute("aria-pressed", String(button.dataset.reviewShow === this.show));
      button.disabled = m.best === m.move;
    }
    // Written only when they change: drawn again as the board arrives (or the area reshapes),
    // the same caption and reasons stay the same nodes under a reader's eyes and finger.
    setText(d.querySelector("[data-review-caption]"), captionText(m));
    const reasons = reasonTexts(m)
      .map((line) => `<li>${esc(line)}</li>`)
      .join("");
    if (reasons !== this.reasonsShown) {
      d.querySelector("[data-review-reasons]").innerHTML = reasons;
      this.reasonsShown = reasons;
    }
    const prev = d.querySelector("[data-review-step='prev']");
    const next = d.querySelector("[data-review-step='next']");
    const focused = document.activeElement;
    prev.disabled = this.selected <= 0;
    next.disabled = this.selected >= this.moves.length - 1;
    // Stepped to an end with the keyboard on that step's button: keep the focus in the panel.
    if (focused === next && next.disabled && !prev.disabled) prev.focus();
    else if (focused === prev && prev.disabled && !next.disabled) next.focus();
    if (!board) return;
    section.dataset.drawn = `${m.round}-${m.number}`; // a hook for tests: this move's board is in
    const shown = showBest && m.best !== m.move ? board.best : board.played;
    const svg = d.querySelector("[data-review-table]");
    svg.dataset.showing = shown === board.best && m.best !== m.move ? "best" : "played";
    svg.setAttribute("aria-label", moveLabel(shown.move));
    this.view.render({ table: shown.table, lastTile: shown.tile, newTile: null, targets: [], labels: { spinner: t("table.spinner"), targets: {} }, animate: false, showEnds: true });
    d.querySelector("[data-review-hand]").innerHTML = board.hand
      .map((tile) => {
        const marks = [tile === board.played.tile ? "played" : "", tile === board.best.tile ? "best" : ""].filter(Boolean);
        const cls = marks.map((k) => ` review-tile--${k}`).join("");
        return `<span class="mini-tile${cls}" data-tile="${tile}" title="${tile}">${tileSvg(tile)}</span>`;
      })
      .join("");
    this.drawCount(board.count);
  }

  /** With the tile count on (the game's setting), what the seat could have counted at this
   *  position, under its hand: the coach's way of teaching the count. */
  drawCount(count) {
    let strip = this.dialog.querySelector("[data-review-count]");
    if (!tileCountOn() || !count) {
      strip?.remove();
      return;
    }
    if (!strip) {
      strip = makeCountStrip("reviewCount", count);
      this.dialog.querySelector("[data-review-hand]").after(strip);
    }
    drawCount(strip, count);
  }
}

/**
 * The replay viewer's way in: a seat picker and a Review button added to `head` (the
 * viewer's header) for `record`, the record as it was opened; a finished review is cached
 * in it (`record.reviews`), so opening the review again in this viewer is instant.
 */
export function offerReview(head, controller, record) {
  if (!head || !record || typeof record !== "object") return;
  const seats = Array.isArray(record.seats) ? record.seats : [];
  const first = Math.max(0, seats.indexOf("human"));
  const wrap = document.createElement("div");
  wrap.className = "review-offer";
  wrap.innerHTML = `<label class="review-offer__seat"><span data-i18n="review.seat">${esc(t("review.seat"))}</span>
    <select data-review-seat-select>${[0, 1, 2, 3]
      .map((s) => `<option value="${s}" data-i18n="seat.${s}"${s === first ? " selected" : ""}>${esc(seatName(s))}</option>`)
      .join("")}</select></label>
    <button type="button" class="button" data-action="review" data-i18n-title="dialog.review_title" title="${esc(t("dialog.review_title"))}" data-i18n="dialog.review">${esc(t("dialog.review"))}</button>`;
  const close = head.querySelector("[data-action='close-panel']");
  if (close) close.before(wrap);
  else head.append(wrap);
  const select = wrap.querySelector("[data-review-seat-select]");
  wrap.querySelector("[data-action='review']").addEventListener("click", () =>
    openReview(controller, {
      seat: Number(select.value),
      record,
      onReviews: (reviews) => {
        record.reviews = reviews;
      },
    }),
  );
}
