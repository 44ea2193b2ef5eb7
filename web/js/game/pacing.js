// The bots' pace: how long a bot's move, a forced knock and a round summary stay on screen
// at a given speed, and an explicit hold. While anything holds the game (a panel such as the
// score sheet or a replay is open), the game loop waits in `whenFree()` and resumes when the
// last hold is released: no polling, and nothing needs to know who is holding.

/**
 * How long to wait after a bot's move that took `elapsedMs` to choose: the speed at least.
 * @param {number} speed
 * @param {number} elapsedMs
 */
export const botWait = (speed, elapsedMs) => Math.max(0, speed - elapsedMs);

/**
 * A forced knock shows a little longer than a move, so the player sees why.
 * @param {number} speed
 */
export const knockWait = (speed) => Math.max(speed, 0) + (speed ? 400 : 0);

/**
 * A round summary closes by itself after this long when no one is at the table (else null).
 * @param {number} speed
 * @param {boolean} autoplay
 */
export const summaryWait = (speed, autoplay) => (autoplay ? Math.max(speed * 3, 0) : null);

/** @typedef {(resume: () => void, ms: number) => unknown} SetTimer */

export class Pacer {
  /** @param {{ setTimer?: SetTimer }} [options] the clock (tests pass their own) */
  constructor({ setTimer = (resume, ms) => setTimeout(resume, ms) } = {}) {
    this.setTimer = setTimer;
    /** @type {Set<{ reason: string }>} */
    this.holds = new Set();
    /** @type {(() => void)[]} */
    this.waiting = [];
  }

  /** True while anything holds the game. */
  get held() {
    return this.holds.size > 0;
  }

  /** Hold the game until the returned function is called (calling it twice is harmless). */
  hold(reason = "hold") {
    const token = { reason };
    this.holds.add(token);
    return () => this.release(token);
  }

  /** @param {{ reason: string }} token */
  release(token) {
    if (!this.holds.delete(token) || this.held) return;
    const waiting = this.waiting;
    this.waiting = [];
    for (const resume of waiting) resume();
  }

  /** Resolves at once when nothing holds the game, else when the last hold is released. */
  /** @returns {Promise<void>} */
  whenFree() {
    if (!this.held) return Promise.resolve();
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  /**
   * Wait `ms` milliseconds (none when `ms` is not positive).
   * @param {number} ms
   * @returns {Promise<void>}
   */
  sleep(ms) {
    if (!(ms > 0)) return Promise.resolve();
    return new Promise((resolve) => this.setTimer(resolve, ms));
  }
}
