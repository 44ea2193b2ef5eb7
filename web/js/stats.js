// Statistics kept in this browser: games played and won (by South's team), average points
// per round (the team's placement points), and South's best placement. Updated once per
// finished game, from the game's public history; validated on load like a saved game.

import { t } from "./i18n.js";
import { esc } from "./html.js";
import { openPanel } from "./modal.js";
import { readRaw, writeJSON } from "./storage.js";

export const STATS_KEY = "seven-rocks:stats";
const STATS_VERSION = 1;

export const emptyStats = () => ({ version: STATS_VERSION, played: 0, won: 0, rounds: 0, points: 0, best: null, last: null });

const count = (n) => Number.isInteger(n) && n >= 0;

/** {stats, problem: null | "corrupt"}: unusable statistics are replaced by empty ones. */
export function readStats() {
  const raw = readRaw(STATS_KEY);
  if (raw == null) return { stats: emptyStats(), problem: null };
  let data;
  try {
    data = JSON.parse(raw);
  } catch {
    return { stats: emptyStats(), problem: "corrupt" };
  }
  const best = data?.best;
  const fine =
    data != null &&
    typeof data === "object" &&
    data.version === STATS_VERSION &&
    [data.played, data.won, data.rounds, data.points].every(count) &&
    data.won <= data.played &&
    (best === null ||
      (typeof best === "object" && count(best.points) && typeof best.tile === "string" && count(best.round))) &&
    (data.last === null || typeof data.last === "string");
  return fine ? { stats: data, problem: null } : { stats: emptyStats(), problem: "corrupt" };
}

/** Add one finished game (its whole event list) to the statistics; idempotent per game. */
export function recordGame(stats, events, seed) {
  const won = events.find((e) => e.type === "game_won");
  if (!won) return stats;
  const placed = events.filter((e) => e.type === "placed");
  const fingerprint = `${seed}:${won.scores.join(",")}:${events.length}`;
  if (stats.last === fingerprint) return stats;
  const next = { ...stats, played: stats.played + 1, won: stats.won + (won.team === 0 ? 1 : 0), last: fingerprint };
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

export class Stats {
  constructor(controller) {
    this.controller = controller;
    const { stats, problem } = readStats();
    this.stats = stats;
    if (problem) {
      controller.notify("notice.stats_reset", {}, "warning");
      writeJSON(STATS_KEY, stats);
    }
    controller.root.addEventListener("seven-rocks:events", (event) => {
      if (event.detail.events.some((e) => e.type === "game_won")) this.finished();
    });
  }

  finished() {
    const c = this.controller;
    this.stats = recordGame(this.stats, c.events, c.snap?.seed);
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
    const rate = s.played ? Math.round((100 * s.won) / s.played) : 0;
    const best = s.best
      ? t("stats.best_value", { points: s.best.points, tile: s.best.tile, round: s.best.round })
      : "—";
    const row = (key, value, hook) =>
      `<div class="stats__row"><dt>${esc(t(key))}</dt><dd data-stat="${hook}">${esc(value)}</dd></div>`;
    return (
      `<dl class="stats">` +
      row("stats.played", String(s.played), "played") +
      row("stats.won", s.played ? t("stats.won_value", { won: s.won, rate }) : "0", "won") +
      row("stats.average", avg, "average") +
      row("stats.best", best, "best") +
      `</dl>`
    );
  }

  open() {
    if (document.querySelector("dialog[data-stats]")) return;
    const { dialog } = openPanel({
      hold: this.controller.pacer, // the bots wait while the statistics are open
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
    const actions = dialog.querySelector("[data-stats-actions]");
    const confirm = dialog.querySelector("[data-stats-confirm]");
    const reset = dialog.querySelector("[data-action='reset-stats']");
    const asking = (ask) => {
      actions.hidden = ask;
      confirm.hidden = !ask;
      reset.disabled = !this.stats.played; // nothing counted, nothing to reset
      const next = ask ? "keep-stats" : reset.disabled ? "close-panel" : "reset-stats";
      dialog.querySelector(`[data-action='${next}']`).focus();
    };
    reset.addEventListener("click", () => asking(true));
    dialog.querySelector("[data-action='keep-stats']").addEventListener("click", () => asking(false));
    dialog.querySelector("[data-action='confirm-reset']").addEventListener("click", () => {
      this.reset();
      dialog.querySelector("[data-stats-body]").innerHTML = this.body();
      asking(false);
    });
  }
}
