// The coach's controller: one review's state and the worker's part in it. The engine's
// worker does the analysis, a slice of moves per request (`review_start`, then
// `review_step` until finished), so it is never busy for long; cancelling stops it, and
// what was found is cached with the game (or in the record, through `onReviews`). This
// module holds which move is shown, what the reader chose and how far the review is, as
// plain data; the view (review-view.js) draws that state and reports the reader's intents.
// Nothing here touches the DOM.

/** How long each slice of a review may keep the engine busy (ms). */
export const SLICE_MS = 200;

/**
 * One analysed move, as the engine sent it.
 * @typedef {{round: number, number: number, seat: number, move: string, best: string, mark: string, loss: number, win_loss?: number, chance?: number | null, best_chance?: number | null, sure?: boolean, reasons?: Array<{code: string, [key: string]: any}>}} ReviewedMove
 */
/** @typedef {{accuracy: number | null, mistakes: number, blunders: number, lost: number, analysed: number, rounds?: Array<{round: number, accuracy: number | null, [key: string]: any}>}} ReviewSummary */
/** @typedef {"running" | "done" | "cancelled" | "failed"} ReviewPhase */
/** @typedef {"best" | "played"} ReviewShow  the position after the best move, or after the move played */
/**
 * What a change asks of the view.
 * ("counts": only the request and search counters moved.)
 * @typedef {{type: "all"} | {type: "counts"} | {type: "selected", scroll: boolean, focus: boolean} | {type: "board"}} ReviewChange
 */

/**
 * @typedef {object} ReviewHost
 * @property {(method: string, params?: Record<string, unknown>) => Promise<any>} call  the engine
 * @property {() => {over?: boolean} | null} snap  the live game (its save keeps the review)
 * @property {() => void} saveGame
 * @property {(key: string, vars?: Record<string, unknown>) => unknown} notify
 */

export class ReviewCtrl {
  /**
   * @param {ReviewHost} host
   * @param {{seat: number, record?: object | null, onReviews?: (reviews: unknown) => void, aspect: () => number, lost: (error: unknown) => boolean}} options
   *   `aspect`: the board's shape (the engine lays the position out for it); `lost`: whether an
   *   error is the engine's loss (said once by the page, not again here)
   */
  constructor(host, { seat, record = null, onReviews = () => {}, aspect, lost }) {
    this.host = host;
    this.seat = seat;
    this.record = record;
    this.onReviews = onReviews;
    this.aspect = aspect;
    this.lost = lost;
    /** @type {ReviewedMove[]} the engine's reviewed moves, in order */
    this.moves = [];
    /** @type {ReviewSummary | null} the finished review (with summaries) */
    this.review = null;
    /** @type {import("../protocol").HeadlineJson | null} the finished review's costliest moves */
    this.headline = null;
    /** @type {ReviewPhase} */
    this.phase = "running";
    this.requests = 0; // worker requests made
    this.searched = 0; // moves that needed a search
    this.differed = 0; // cached verdicts in an opened record that the engine found different
    /** @type {string | null} why a record's cached review was left out */
    this.cacheError = null;
    /** @type {number | null} */
    this.total = null;
    this.done = 0;
    this.selected = -1;
    this.navigated = false; // the reader has chosen a move (then it stays theirs)
    /** @type {ReviewShow} */
    this.show = "best";
    /** @type {{round: number, number: number, [key: string]: any} | null} the latest position from the worker */
    this.board = null;
    this.stopped = false; // cancelled, or the panel closed
    this.open = true;
    /** @type {(change: ReviewChange) => void} */
    this.listener = () => {};
  }

  /**
   * The view listens (one listener).
   * @param {(change: ReviewChange) => void} listener
   */
  listen(listener) {
    this.listener = listener;
  }

  /** @param {ReviewChange} change */
  #changed(change) {
    if (this.open) this.listener(change);
  }

  /**
   * @param {string} method
   * @param {Record<string, unknown>} [params]
   */
  async #call(method, params = {}) {
    this.requests += 1;
    this.#changed({ type: "counts" });
    return this.host.call(method, params);
  }

  /** Start, then a slice per request until finished, cancelled or closed. */
  async run() {
    let reply;
    try {
      /** @type {Record<string, unknown>} */
      const params = { seat: this.seat, budget_ms: SLICE_MS };
      if (this.record) params.record = this.record;
      reply = await this.#call("review_start", params);
      this.#take(reply);
      while (!reply.finished && !this.stopped) {
        reply = await this.#call("review_step", { budget_ms: SLICE_MS });
        this.#take(reply);
      }
      if (!reply.finished) {
        const stop = await this.#call("review_cancel");
        if (stop.reviews) this.onReviews(stop.reviews);
        this.#enter("cancelled");
        return;
      }
      if (reply.reviews) this.onReviews(reply.reviews);
      else if (!this.host.snap()?.over) this.host.saveGame(); // the live game's save keeps it
      this.#enter("done");
    } catch (error) {
      this.#enter("failed");
      if (!this.lost(error) && this.open) this.host.notify("review.failed", { message: error instanceof Error ? error.message : String(error) });
    }
  }

  /** @param {ReviewPhase} phase */
  #enter(phase) {
    this.phase = phase;
    this.#changed({ type: "all" });
  }

  /** @param {any} reply */
  #take(reply) {
    this.moves.push(...reply.moves);
    this.searched = reply.searched;
    // The review saved in an opened record is checked, never trusted: say what it held.
    this.differed = reply.differed ?? 0;
    this.cacheError = reply.cache_error ?? null;
    this.total = reply.total;
    this.done = reply.done;
    if (reply.review) this.review = reply.review;
    if (reply.headline) this.headline = reply.headline;
    this.#changed({ type: "all" });
    if (this.selected < 0 && this.moves.length) this.select(this.firstToStudy());
    // Finished: the first move worth a look, unless the reader has already chosen one (the
    // moves shown while it ran were only the first analysed).
    else if (reply.review && !this.navigated && this.firstToStudy() !== this.selected) this.select(this.firstToStudy(), { scroll: true });
  }

  /** Whether the reviewed seat is the reader's: the live game's (South), or a record's
   *  seat the record says a person played. */
  get yours() {
    if (!this.record) return true;
    const seats = /** @type {{seats?: unknown}} */ (this.record).seats;
    return Array.isArray(seats) && seats[this.seat] === "human";
  }

  /**
   * The index in `moves` of the move at round `round`, number `number` (-1 if not listed).
   * @param {{round: number, number: number}} at
   */
  indexOf({ round, number }) {
    return this.moves.findIndex((m) => m.round === round && m.number === number);
  }

  /** The first move worth a look once the review is finished: the first mistake or
   *  blunder, else the first move (while it runs, the first move). */
  firstToStudy() {
    const index = this.moves.findIndex((m) => m.mark === "mistake" || m.mark === "blunder");
    return index >= 0 && this.review ? index : 0;
  }

  /** The reader cancels the review (what was found is kept). */
  cancel() {
    this.stopped = true;
  }

  /** The panel closed: the review stops, nothing more is drawn. */
  close() {
    this.stopped = true;
    this.open = false;
  }

  /**
   * The reader chose move `index` (from the list, the chart or a step).
   * @param {number} index
   * @param {{scroll?: boolean, focus?: boolean}} [how]
   */
  choose(index, how) {
    this.navigated = true;
    return this.select(index, how);
  }

  /**
   * Go `delta` moves on (kept within the moves).
   * @param {number} delta
   * @param {{focus?: boolean}} [how]
   */
  step(delta, { focus = false } = {}) {
    if (!this.moves.length) return undefined;
    this.navigated = true;
    return this.select(Math.min(this.moves.length - 1, Math.max(0, this.selected + delta)), { scroll: true, focus });
  }

  /** @param {ReviewShow} show */
  showing(show) {
    this.show = show;
    this.#changed({ type: "board" });
  }

  /**
   * Show move `index`: its position comes from the worker (the table after each choice).
   * @param {number} index
   * @param {{scroll?: boolean, focus?: boolean}} [how]  the view brings the move into sight
   */
  async select(index, { scroll = false, focus = false } = {}) {
    const m = this.moves[index];
    if (!m) return;
    this.selected = index;
    this.#changed({ type: "selected", scroll, focus });
    try {
      const board = await this.host.call("review_board", { round: m.round, number: m.number, aspect: this.aspect() });
      if (this.selected === index && this.open) {
        this.board = board;
        this.#changed({ type: "board" });
      }
    } catch {
      // another review took the worker's place: keep the list, without the board
    }
  }

  /** The position of the selected move, once the worker sent it (else null). */
  get position() {
    const m = this.moves[this.selected];
    const board = this.board;
    return m && board && board.round === m.round && board.number === m.number ? board : null;
  }
}
