// The replay viewer's controller: which position of a checked record is shown, and the
// engine's part. A long record (thousands of rounds) takes the engine seconds to check, so
// it is checked a slice at a time (`replay_load`), with the count of rounds done for a
// progress bar; once checked, the viewer asks for one round at a time (`replay_round`): the
// whole story of a long game, every position's table, would be far too big to send at once.
// A position is (round, k): the table after the round's first k turns; k = 0 is the deal.
// The view (replay-view.js) draws what this holds; nothing here touches the DOM.

/** How long each slice of a record's check may keep the engine busy (ms). */
export const SLICE_MS = 150;

/** @typedef {import("../protocol").WorkerEvent} GameEvent */
/**
 * @typedef {object} RoundEvents
 * @property {import("../protocol").RoundStartedJSON | null} started
 * @property {Array<import("../protocol").PlacedJSON | import("../protocol").PassedJSON>} turns
 * @property {import("../protocol").RoundSettledJSON | null} settled
 * @property {import("../protocol").GameWonJSON | null} won
 */
/** @typedef {{story: {[key: string]: any}, events: RoundEvents}} Round  a round as the engine told it */
/** @typedef {{r: number, k: number}} Position */
/** @typedef {"next" | "prev" | "start" | "end" | "next_round" | "prev_round"} ReplayStep */
/** @typedef {(method: string, params?: Record<string, unknown>) => Promise<any>} EngineCall */

/**
 * Group one round's events: {started, turns: [placed|passed], settled, won}.
 * @param {GameEvent[]} events
 * @returns {RoundEvents}
 */
export function roundEvents(events) {
  /** @type {RoundEvents} */
  const out = { started: null, turns: [], settled: null, won: null };
  for (const event of events) {
    if (event.type === "round_started") out.started = event;
    else if (event.type === "placed" || event.type === "passed") out.turns.push(event);
    else if (event.type === "round_settled") out.settled = event;
    else if (event.type === "game_won") out.won = event;
  }
  return out;
}

/**
 * Have the engine check `record`, a slice at a time. `progress(done, total)` hears of every
 * slice after the first; `cancelled()` stops the check. Resolves to the engine's summary,
 * or null when cancelled; rejects when the record is refused.
 * @param {EngineCall} call
 * @param {unknown} record
 * @param {{progress: (done: number, total: number) => void, cancelled: () => boolean}} watch
 */
export async function checkRecord(call, record, { progress, cancelled }) {
  let reply = await call("replay_load", { record, budget_ms: SLICE_MS });
  while (!reply.finished) {
    progress(reply.done, reply.total);
    reply = await call("replay_load", { budget_ms: SLICE_MS });
    if (cancelled()) return null;
  }
  return reply.summary;
}

export class ReplayCtrl {
  /**
   * @param {EngineCall} call
   * @param {{turns: number[], record: {seats?: string[], [key: string]: any}}} summary  the engine's `replay_load` summary
   * @param {number} aspect  the table's shape the rounds are laid out for
   */
  constructor(call, summary, aspect) {
    this.call = call;
    this.summary = summary;
    this.record = summary.record;
    this.aspect = aspect;
    /** @type {Map<number, Promise<Round>>} round index -> its story (asked for when shown) */
    this.rounds = new Map();
    /** @type {Position[]} */
    this.positions = [];
    summary.turns.forEach((turns, r) => {
      for (let k = 0; k <= turns; k += 1) this.positions.push({ r, k });
    });
    this.index = 0;
  }

  /** The position shown. */
  get position() {
    return this.positions[this.index];
  }

  get first() {
    return this.index === 0;
  }

  get last() {
    return this.index === this.positions.length - 1;
  }

  /**
   * Round `r` (from 0) as the engine tells it, asked for once per layout.
   * @param {number} r
   * @returns {Promise<Round>}
   */
  round(r) {
    let asked = this.rounds.get(r);
    if (!asked) {
      asked = this.call("replay_round", { round: r + 1, aspect: this.aspect }).then((story) => ({ story, events: roundEvents(story.events) }));
      asked.catch(() => this.rounds.delete(r));
      this.rounds.set(r, asked);
    }
    return asked;
  }

  /**
   * Move through the record.
   * @param {ReplayStep} action
   */
  step(action) {
    const { r } = this.position;
    const last = this.positions.length - 1;
    if (action === "next") this.index = Math.min(last, this.index + 1);
    else if (action === "prev") this.index = Math.max(0, this.index - 1);
    else if (action === "start") this.index = this.positions.findIndex((p) => p.r === r);
    else if (action === "end") this.index = this.positions.findLastIndex((p) => p.r === r);
    else if (action === "next_round") this.jumpToRound(Math.min(this.summary.turns.length - 1, r + 1));
    else if (action === "prev_round") this.jumpToRound(Math.max(0, r - 1));
  }

  /** @param {number} r */
  jumpToRound(r) {
    const index = this.positions.findIndex((p) => p.r === r);
    if (index >= 0) this.index = index;
  }

  /**
   * The drawing area has shape `aspect`: when it differs much from the one the rounds were
   * laid out for, they are asked for again. Whether they will be.
   * @param {number} aspect
   */
  relayout(aspect) {
    const ratio = aspect / this.aspect;
    if (ratio < 1.25 && ratio > 0.8) return false;
    this.aspect = aspect;
    this.rounds.clear();
    return true;
  }

  /**
   * The shown position's round, once it is here; null when the reader has moved on (or the
   * layout changed) meanwhile: a later step wins over an earlier one.
   * @returns {Promise<Round | null>}
   */
  async current() {
    const index = this.index;
    const aspect = this.aspect;
    const round = await this.round(this.positions[index].r);
    return index === this.index && aspect === this.aspect ? round : null;
  }
}
