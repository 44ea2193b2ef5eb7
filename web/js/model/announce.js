// What just happened, in words: one line per engine event ("West plays 3-5 on 5-5 (branch A),
// ends 2 + 5 + 3 = 10, +10"), for the game's move log (an ARIA live log, the latest line on
// screen) and the replay viewer's captions. The sentences come from the catalogue; the
// facts (seats, points, the ends' sum as text, who dominoed) from the engine's events.

import { pointName, seatName, t, teamName } from "../util/i18n.js";

/** @typedef {import("../protocol").WorkerEvent} WorkerEvent */
/** @typedef {import("../protocol").RoundSettledJSON} RoundSettledJSON */
/**
 * The catalogue lookups a description needs (tests pass their own).
 * @typedef {{ t: typeof t, seatName: typeof seatName, teamName: typeof teamName, pointName: typeof pointName }} Lookups
 */

/** @type {Lookups} */
export const I18N = { t, seatName, teamName, pointName };

/**
 * One event as a sentence ("" for events that say nothing).
 * @param {WorkerEvent} event
 * @param {Lookups} [i18n]
 */
export function describeEvent(event, { t, seatName, teamName, pointName } = I18N) {
  switch (event.type) {
    case "placed": {
      const seat = seatName(event.seat);
      const head = event.at
        ? t("announce.plays", { seat, tile: event.tile, point: pointName(event.at) })
        : t("announce.opens", { seat, tile: event.tile });
      const points = event.points > 0 ? t("announce.points", { points: event.points }) : t("announce.no_points");
      return `${head}, ${t("announce.ends", { sum: event.sum_text })}, ${points}`;
    }
    case "passed":
      return t("announce.knocks", { seat: seatName(event.seat) });
    case "round_started":
      if (event.by_domino) return t("announce.by_domino", { seat: seatName(event.opener), round: event.round });
      if (event.round > 1 || event.draw?.length) return t("announce.by_draw", { seat: seatName(event.opener), round: event.round });
      return t("announce.round", { seat: seatName(event.opener), round: event.round });
    case "round_settled":
      return t("announce.round_over", {
        round: event.round,
        how: howRoundEnded(event, { t, seatName }),
        score0: event.scores[0],
        score1: event.scores[1],
      });
    case "game_won":
      return t("announce.won", { team: teamName(event.team), score0: event.scores[0], score1: event.scores[1] });
    default:
      return "";
  }
}

/**
 * "South dominoes" or "The game is blocked", from a `round_settled` event.
 * @param {Pick<RoundSettledJSON, "end" | "seat">} settled
 * @param {Pick<Lookups, "t" | "seatName">} [i18n]
 */
export function howRoundEnded(settled, { t, seatName } = I18N) {
  return settled.end === "domino" ? t("round.domino", { seat: seatName(settled.seat ?? 0) }) : t("round.blocked");
}

/**
 * Several events as one line ("… . …").
 * @param {readonly WorkerEvent[]} events
 * @param {Lookups} [i18n]
 */
export const describeEvents = (events, i18n = I18N) =>
  events
    .map((event) => describeEvent(event, i18n))
    .filter(Boolean)
    .join(". ");

/** The move log: each announcement is a new entry of an ARIA live log (at most 60 kept). */
export class Announcer {
  /** @param {HTMLElement} log the ARIA live log (a list) */
  constructor(log) {
    this.log = log;
    /** @type {string | (() => string) | null} */
    this.last = null;
  }

  /**
   * `text` is a string or a function giving it (re-run by `retranslate`).
   * @param {string | (() => string) | null | undefined} text
   * @param {{ replace?: boolean }} [options]
   */
  say(text, { replace = false } = {}) {
    if (!text) return;
    this.last = text;
    const value = typeof text === "function" ? text() : text;
    let item = replace ? this.log.lastElementChild : null;
    if (!item) {
      item = document.createElement("li");
      this.log.append(item);
      while (this.log.childElementCount > 60) this.log.firstElementChild?.remove();
    }
    item.textContent = value;
  }

  /** Say the last line again in the new language, in place. */
  retranslate() {
    if (this.last) this.say(this.last, { replace: true });
  }
}
