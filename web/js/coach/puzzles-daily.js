// The daily puzzle and the streak, as pure functions of a date and the stored progress (no
// DOM, no storage: puzzles.js reads and writes them). A day is the device's local calendar
// day, so a puzzle changes at the player's midnight and needs no network.
//
// The set grows by appending puzzles, and each addition joins the daily round from a day
// the puzzle file names (its `daily` list): a day's puzzle is chosen among the puzzles that
// had joined by then, so growing the set never changes a day already passed (a player's
// yesterday, or a streak's days) nor today's.
//
// Within an edition the round is the stride's order from its first day with the themes
// interleaved (puzzle-order.js): a day keeps the stride's puzzle until the first place the
// stride would show one theme a third time in a row.

import { interleaved } from "./puzzle-order.js";

/** @typedef {{solved: number[], days: number, last: string | null}} PuzzleProgress */
/** @typedef {{from: string, count: number}} DailyEdition - from day `from` on, puzzles 1..count take part */

/**
 * "2026-12-05": the local calendar day of `date`.
 * @param {Date} date
 */
export function dayOf(date) {
  const pad = (/** @type {number} */ n) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * Whole days from 1970-01-01 to `day` ("YYYY-MM-DD"), counted on the calendar.
 * @param {string} day
 */
const dayNumber = (day) => {
  const [y, m, d] = day.split("-").map(Number);
  return Math.round(Date.UTC(y, m - 1, d) / 86_400_000);
};

/**
 * The day's puzzle, 1..count: consecutive days step through the set by a stride that shares
 * no factor with its size, so every puzzle comes once before any comes again and
 * neighbouring days do not get neighbouring (same game) puzzles.
 * @param {string} day
 * @param {number} count
 */
export function dailyNumber(day, count) {
  if (count < 1) return 0;
  let stride = Math.max(1, Math.round(count * 0.618));
  while (gcd(stride, count) !== 1) stride += 1;
  return ((((dayNumber(day) * stride) % count) + count) % count) + 1;
}

/**
 * How many puzzles take part in the daily round on `day`: the count of the latest edition
 * begun by then (`editions` in the file's order, each from a later day with more puzzles;
 * the first holds for every day before it too), never more than the `total` loaded; every
 * puzzle when the file names no edition.
 * @param {string} day
 * @param {readonly DailyEdition[]} editions
 * @param {number} total
 */
export function roundSize(day, editions, total) {
  let count = editions[0]?.count ?? total;
  for (const edition of editions) if (edition.from <= day) count = edition.count;
  return Math.min(count, total);
}

/**
 * The day's puzzle, 1..count, in the round of the edition begun by `day` (the first edition
 * for the days before it): the stride's order (dailyNumber) from the edition's first day,
 * with the themes of `puzzles` (in number order) interleaved, so no theme comes three days
 * in a row where the round allows it.
 * @param {string} day
 * @param {readonly DailyEdition[]} editions
 * @param {readonly {theme: string}[]} puzzles
 */
export function dailyPuzzle(day, editions, puzzles) {
  const count = roundSize(day, editions, puzzles.length);
  if (count < 1) return 0;
  const from = [...editions].reverse().find((e) => e.from <= day)?.from ?? editions[0]?.from ?? "1970-01-01";
  const start = dayNumber(from);
  const order = interleaved(
    Array.from({ length: count }, (_, k) => {
      const number = dailyNumber(dayText(start + k), count);
      return { id: k, theme: puzzles[number - 1].theme, number };
    }),
  );
  return order[(((dayNumber(day) - start) % count) + count) % count].number;
}

/** "YYYY-MM-DD" of a day counted from 1970-01-01. @param {number} n */
const dayText = (n) => new Date(n * 86_400_000).toISOString().slice(0, 10);

/**
 * A file's `daily` list, checked (anything malformed is no edition: every puzzle takes part).
 * @param {unknown} raw
 * @returns {DailyEdition[]}
 */
export function readEditions(raw) {
  if (!Array.isArray(raw)) return [];
  const ok = raw.every(
    (e) => e && typeof e === "object" && typeof e.from === "string" && /^\d{4}-\d{2}-\d{2}$/.test(e.from) && Number.isInteger(e.count) && e.count > 0,
  );
  return ok ? raw.map((e) => ({ from: e.from, count: e.count })) : [];
}

/**
 * @param {number} a
 * @param {number} b
 * @returns {number}
 */
const gcd = (a, b) => (b === 0 ? a : gcd(b, a % b));

/** No puzzle solved yet. @returns {PuzzleProgress} */
export const noProgress = () => ({ solved: [], days: 0, last: null });

/**
 * Stored progress, checked part by part: a malformed entry is dropped alone (a solved number
 * that is no puzzle's, a streak without its day), never the valid solves and streak beside it.
 * @param {unknown} raw
 * @returns {PuzzleProgress}
 */
export function readProgress(raw) {
  if (!raw || typeof raw !== "object" || Array.isArray(raw)) return noProgress();
  const { solved, days, last } = /** @type {Record<string, unknown>} */ (raw);
  const numbers = Array.isArray(solved) ? solved.filter((n) => Number.isInteger(n) && n > 0) : [];
  const streak = Number.isInteger(days) && Number(days) >= 0 && typeof last === "string" && /^\d{4}-\d{2}-\d{2}$/.test(last);
  return { solved: [...new Set(numbers)], days: streak ? Number(days) : 0, last: streak ? /** @type {string} */ (last) : null };
}

/**
 * The streak as it stands on `today`: the days in a row, up to yesterday or today, on which
 * a puzzle was solved (a day missed ends it).
 * @param {PuzzleProgress} progress
 * @param {string} today
 */
export function streakOn(progress, today) {
  if (!progress.last) return 0;
  return dayNumber(today) - dayNumber(progress.last) <= 1 ? progress.days : 0;
}

/**
 * The progress after puzzle `number` was solved on `today`: the puzzle counted once, the
 * streak one longer on the first solve of a day (or started again after a missed day).
 * @param {PuzzleProgress} progress
 * @param {number} number
 * @param {string} today
 * @returns {PuzzleProgress}
 */
export function afterSolve(progress, number, today) {
  const solved = progress.solved.includes(number) ? progress.solved : [...progress.solved, number];
  if (progress.last === today) return { ...progress, solved };
  return { solved, days: streakOn(progress, today) + 1, last: today };
}
