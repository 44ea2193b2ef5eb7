// Statistics kept in this browser: games played and won (by South's team), the winning
// streak, the record against each level of opponents, average points per round (the team's
// placement points), and South's best placement. Updated once per finished game, from the
// game's public history; validated on load like a saved game.

import { botName, capitalised, t } from "../util/i18n.js";
import { esc } from "../util/html.js";
import { openPanel } from "../ui/modal.js";
import { onGameEvents } from "../model/page-events.js";
import { readRaw, writeJSON } from "../util/storage.js";

export const STATS_KEY = "seven-rocks:stats";
const STATS_VERSION = 2;
/** Opponents of different levels, or people: the two keys besides a bot's name. */
export const MIXED = "mixed";
export const PEOPLE = "people";
const OPPONENT_KEY = /^[a-z][a-z0-9-]{0,31}$/;
const MAX_OPPONENT_KEYS = 32;

/** @typedef {import("../protocol").WorkerEvent} WorkerEvent */
/** @typedef {{points: number, tile: string, round: number, sum?: string | null}} Best */
/**
 * The statistics as stored.
 * @typedef {object} StatsData
 * @property {number} version
 * @property {number} played
 * @property {number} won
 * @property {number} rounds
 * @property {number} points
 * @property {Best | null} best
 * @property {string | null} last  the latest counted game's fingerprint
 * @property {number} streak
 * @property {number} longest
 * @property {Record<string, {played: number, won: number}>} against
 */

/** @returns {StatsData} */
export const emptyStats = () => ({
  version: STATS_VERSION,
  played: 0,
  won: 0,
  rounds: 0,
  points: 0,
  best: null,
  last: null,
  streak: 0,
  longest: 0,
  against: {},
});

/** @type {(n: unknown) => boolean} */
const count = (n) => Number.isInteger(n) && /** @type {number} */ (n) >= 0;
/**
 * @param {unknown} value
 * @returns {value is Record<string, any>}
 */
const isObject = (value) => value != null && typeof value === "object" && !Array.isArray(value);

/**
 * True if `data` holds the figures every version has, each sound.
 * @param {Record<string, any>} data
 */
function soundTotals(data) {
  const best = data.best;
  return (
    [data.played, data.won, data.rounds, data.points].every(count) &&
    data.won <= data.played &&
    (best === null || (isObject(best) && count(best.points) && typeof best.tile === "string" && count(best.round))) &&
    (data.last === null || typeof data.last === "string")
  );
}

/**
 * True if version 2's own figures are sound: streaks within the games, a bounded record per level.
 * @param {Record<string, any>} data
 */
function soundV2(data) {
  if (!count(data.streak) || !count(data.longest) || data.streak > data.longest || data.longest > data.won) return false;
  if (!isObject(data.against)) return false;
  const keys = Object.keys(data.against);
  if (keys.length > MAX_OPPONENT_KEYS) return false;
  let games = 0;
  for (const key of keys) {
    const record = data.against[key];
    if (!OPPONENT_KEY.test(key) || !isObject(record) || !count(record.played) || !count(record.won)) return false;
    if (record.won > record.played) return false;
    games += record.played;
  }
  return games <= data.played;
}

/**
 * {stats, problem: null | "corrupt"}: unusable statistics are replaced by empty ones. Version
 * 1's figures are kept as they were; its games had no streak or level counted, so those
 * start from the first game finished after the upgrade.
 * @returns {{stats: StatsData, problem: null | "corrupt"}}
 */
export function readStats() {
  const raw = readRaw(STATS_KEY);
  if (raw == null) return { stats: emptyStats(), problem: null };
  let data;
  try {
    data = JSON.parse(raw);
  } catch {
    return { stats: emptyStats(), problem: "corrupt" };
  }
  if (!isObject(data) || !soundTotals(data)) return { stats: emptyStats(), problem: "corrupt" };
  if (data.version === 1) {
    const { played, won, rounds, points, best, last } = data;
    return { stats: { ...emptyStats(), played, won, rounds, points, best, last }, problem: null };
  }
  return data.version === STATS_VERSION && soundV2(data)
    ? { stats: /** @type {StatsData} */ (data), problem: null } // every figure checked above
    : { stats: emptyStats(), problem: "corrupt" };
}

/**
 * Which opponents a game was against, for the record per level: the bot's name when West
 * and East are the same bot, PEOPLE when both are people, MIXED otherwise. `bots` lists
 * each seat's bot (null: a person), South first, clockwise.
 * @param {readonly (string | null)[] | null | undefined} bots
 * @returns {string}
 */
export function opponentsOf(bots) {
  const west = bots?.[1] ?? null;
  const east = bots?.[3] ?? null;
  if (west === null && east === null) return PEOPLE;
  return west !== null && west === east && OPPONENT_KEY.test(west) ? west : MIXED;
}

/**
 * Add one finished game (its whole event list) to the statistics; idempotent per game.
 * `bots` (each seat's bot, null for a person) says whom it was against.
 * @param {StatsData} stats
 * @param {readonly WorkerEvent[]} events
 * @param {unknown} seed
 * @param {readonly (string | null)[] | null} [bots]
 * @returns {StatsData}
 */
export function recordGame(stats, events, seed, bots = null) {
  const won = events.find((e) => e.type === "game_won");
  if (!won) return stats;
  const placed = events.flatMap((e) => (e.type === "placed" ? [e] : []));
  const fingerprint = `${seed}:${won.scores.join(",")}:${events.length}`;
  if (stats.last === fingerprint) return stats;
  const victory = won.team === 0;
  const next = { ...stats, played: stats.played + 1, won: stats.won + (victory ? 1 : 0), last: fingerprint };
  next.streak = victory ? stats.streak + 1 : 0;
  next.longest = Math.max(stats.longest, next.streak);
  const key = opponentsOf(bots);
  const before = stats.against[key] ?? { played: 0, won: 0 };
  if (key in stats.against || Object.keys(stats.against).length < MAX_OPPONENT_KEYS) {
    next.against = { ...stats.against, [key]: { played: before.played + 1, won: before.won + (victory ? 1 : 0) } };
  }
  next.rounds += events.filter((e) => e.type === "round_started").length;
  for (const e of placed) {
    if (e.team !== 0 || e.points <= 0) continue; // South's team
    next.points += e.points;
    if (e.seat === 0 && (!next.best || e.points > next.best.points)) {
      next.best = { points: e.points, tile: e.tile, round: e.round, sum: e.sum_text };
    }
  }
  return next;
}

/**
 * The keys of `against` in the ladder's order (`ladder`: the offered bots, weakest first), then the rest.
 * @param {Record<string, unknown>} against
 * @param {readonly string[]} [ladder]
 */
export function opponentOrder(against, ladder = []) {
  /** @param {string} key */
  const rank = (key) => {
    const at = ladder.indexOf(key);
    if (at >= 0) return at;
    return ladder.length + (key === MIXED ? 2 : key === PEOPLE ? 3 : 1);
  };
  return Object.keys(against).sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}

export class Stats {
  /** @param {import("../ui/panel-host.js").PanelHost} host */
  constructor(host) {
    this.host = host;
    const { stats, problem } = readStats();
    this.stats = stats;
    if (problem) {
      host.notify("notice.stats_reset", {}, "warning");
      writeJSON(STATS_KEY, stats);
    }
    onGameEvents(({ events }) => {
      if (events.some((e) => e.type === "game_won")) this.finished();
    });
  }

  finished() {
    const snap = this.host.snap();
    this.stats = recordGame(this.stats, this.host.events(), snap?.seed, snap?.bots ?? null);
    writeJSON(STATS_KEY, this.stats);
    document.body.dataset.statsPlayed = String(this.stats.played);
  }

  reset() {
    this.stats = emptyStats();
    writeJSON(STATS_KEY, this.stats);
  }

  body() {
    const s = this.stats;
    const avg = s.rounds ? (s.points / s.rounds).toFixed(1) : "—";
    /** @type {(won: number, played: number) => number} */
    const percent = (won, played) => (played ? Math.round((100 * won) / played) : 0); // a hand-edited 0 of 0
    const best = s.best
      ? t("stats.best_value", { points: s.best.points, tile: s.best.tile, round: s.best.round })
      : "—";
    const streak = s.longest ? t("stats.streak_value", { streak: s.streak, longest: s.longest }) : String(s.streak);
    /** @type {(label: string, value: string, hook: string) => string} */
    const row = (label, value, hook) =>
      `<div class="stats__row"><dt>${esc(label)}</dt><dd ${hook}>${esc(value)}</dd></div>`;
    /** @type {(key: string) => string} */
    const opponent = (key) =>
      key === PEOPLE ? t("stats.vs_people") : key === MIXED ? t("stats.vs_mixed") : capitalised(botName(key));
    const levels = opponentOrder(s.against, [...this.host.levels]).map((key) => {
      const { played, won } = s.against[key];
      const value = t("stats.level_value", { won, played, rate: percent(won, played) });
      return row(opponent(key), value, `data-stat-against="${esc(key)}"`);
    });
    return (
      `<dl class="stats">` +
      row(t("stats.played"), String(s.played), `data-stat="played"`) +
      row(t("stats.won"), s.played ? t("stats.won_value", { won: s.won, rate: percent(s.won, s.played) }) : "0", `data-stat="won"`) +
      row(t("stats.streak"), streak, `data-stat="streak"`) +
      row(t("stats.average"), avg, `data-stat="average"`) +
      row(t("stats.best"), best, `data-stat="best"`) +
      `</dl>` +
      (levels.length
        ? `<h3 class="stats__heading">${esc(t("stats.by_level"))}</h3><dl class="stats" data-stats-levels>${levels.join("")}</dl>`
        : "")
    );
  }

  open() {
    if (document.querySelector("dialog[data-stats]")) return;
    const { dialog } = openPanel({
      hold: this.host, // the bots wait while the statistics are open
      className: "dialog--stats",
      hook: "stats",
      html: `<div class="dialog__body">
        <h2>${esc(t("stats.title"))}</h2>
        <p class="muted">${esc(t("stats.intro"))}</p>
        <div data-stats-body>${this.body()}</div>
        <div class="dialog__actions" data-stats-actions>
          <button type="button" class="button" data-action="reset-stats"${this.stats.played ? "" : " disabled"}>${esc(t("stats.reset"))}</button>
          <button type="button" class="button button--primary" data-action="close-panel" autofocus>${esc(t("dialog.close"))}</button>
        </div>
        <div class="dialog__actions stats__confirm" data-stats-confirm hidden>
          <p class="stats__question">${esc(t("stats.reset_question"))}</p>
          <button type="button" class="button" data-action="keep-stats">${esc(t("dialog.cancel"))}</button>
          <button type="button" class="button button--primary" data-action="confirm-reset">${esc(t("stats.reset_confirm"))}</button>
        </div>
      </div>`,
    });
    // Resetting wipes every game counted so far, so it asks first (one tap could not undo it);
    // the focus starts on Close, never on Reset.
    /** @type {(selector: string) => HTMLButtonElement} */
    const part = (selector) => /** @type {HTMLButtonElement} */ (dialog.querySelector(selector));
    const actions = part("[data-stats-actions]");
    const confirm = part("[data-stats-confirm]");
    const reset = part("[data-action='reset-stats']");
    /** @param {boolean} ask */
    const asking = (ask) => {
      actions.hidden = ask;
      confirm.hidden = !ask;
      reset.disabled = !this.stats.played; // nothing counted, nothing to reset
      const next = ask ? "keep-stats" : reset.disabled ? "close-panel" : "reset-stats";
      part(`[data-action='${next}']`).focus();
    };
    reset.addEventListener("click", () => asking(true));
    part("[data-action='keep-stats']").addEventListener("click", () => asking(false));
    part("[data-action='confirm-reset']").addEventListener("click", () => {
      this.reset();
      part("[data-stats-body]").innerHTML = this.body();
      asking(false);
    });
  }
}
