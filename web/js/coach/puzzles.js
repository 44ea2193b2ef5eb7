// Puzzles: positions from real games where one move clearly beats every other, found and
// checked by the engine (`seven-rocks puzzles`, docs/puzzles.md) and shipped as one data
// file that is fetched only when puzzles are first opened (the service worker keeps it for
// offline play). A daily puzzle is chosen by the device's date; the streak counts the days
// in a row on which a puzzle was solved (puzzles-daily.js); both are kept in storage.

import { dayOf, afterSolve, dailyPuzzle, readEditions, readProgress, streakOn } from "./puzzles-daily.js";
import { loadStrings, t } from "../util/i18n.js";
import { openTrainer } from "./trainer-panel.js";
import { interleaved } from "./puzzle-order.js";
import { recall, keep } from "./trainer-store.js";
import { standingText } from "./trainer-view.js";

/** @typedef {import("./trainer.js").TrainerItem} TrainerItem */
/** @typedef {import("./trainer.js").Trainer} Trainer */
/** @typedef {{id: number, theme: string, position: object, answer: string, margin: number, candidates: Array<Array<string | number>>}} Puzzle */
/** @typedef {{puzzles: Puzzle[], editions: import("./puzzles-daily.js").DailyEdition[]}} PuzzleSet */

/** The shipped puzzles, relative to the page (the build copies web/data/). */
const PUZZLES_URL = "data/puzzles.json";
const PROGRESS_KEY = "seven-rocks:puzzles";
const FORMAT = "seven-rocks-puzzles";

/** Each theme's name (the generator's themes: seven_rocks/research/puzzles.py). */
/** @type {Record<string, string>} */
const THEMES = {
  race: "puzzle.theme.race",
  blocking: "puzzle.theme.blocking",
  spinner: "puzzle.theme.spinner",
  shedding: "puzzle.theme.shedding",
  counting: "puzzle.theme.counting",
};

/** @type {Promise<PuzzleSet> | null} */
let loading = null;

/** The puzzles and the days each addition joined the daily round, fetched once (a failed
 * fetch is tried again next time). */
function loadPuzzles() {
  loading ??= fetch(PUZZLES_URL)
    .then((response) => {
      if (!response.ok) throw new Error(`${PUZZLES_URL}: ${response.status}`);
      return response.json();
    })
    .then((data) => {
      if (data?.format !== FORMAT || !Array.isArray(data.puzzles) || !data.puzzles.length) throw new Error(`${PUZZLES_URL} holds no puzzles`);
      return { puzzles: /** @type {Puzzle[]} */ (data.puzzles), editions: readEditions(data.daily) };
    })
    .catch((error) => {
      loading = null;
      throw error;
    });
  return loading;
}

/**
 * A puzzle's number from the address (`?puzzle=N`): the number, or null when it names none
 * of the `count` puzzles.
 * @param {string | null} text
 * @param {number} count
 */
function puzzleNumber(text, count) {
  const value = String(text ?? "").trim();
  if (!/^\d{1,6}$/.test(value)) return null;
  const number = Number(value);
  return number >= 1 && number <= count ? number : null;
}

const progress = () => readProgress(recall(PROGRESS_KEY));

/**
 * Open the puzzles: puzzle `asked` from the address (text, checked here: a bad one is one
 * sentence over the game, as the address's other options), else today's puzzle until it is
 * solved, then the first one not solved yet.
 * @param {import("../ui/panel-host.js").PanelHost} host
 * @param {{asked?: string | null}} [options]
 */
export async function openPuzzles(host, { asked = null } = {}) {
  let set;
  try {
    [set] = await Promise.all([loadPuzzles(), loadStrings("review")]);
  } catch {
    host.notify("notice.part_missing");
    return null;
  }
  const { puzzles, editions } = set;
  const count = puzzles.length;
  /** The day's puzzle among those that had joined the daily round by then. @param {string} day */
  const dailyOn = (day) => dailyPuzzle(day, editions, puzzles);
  const today = dayOf(new Date());
  const daily = dailyOn(today);
  let number = asked == null ? null : puzzleNumber(asked, count);
  if (asked != null && number == null) {
    // As with the address's other options: one sentence, and the game as usual.
    host.notify("puzzle.bad_number", { value: String(asked).slice(0, 40), count }, "warning");
    return null;
  }
  if (number == null) {
    const solved = new Set(progress().solved);
    number = !solved.has(daily) ? daily : (puzzles.find((p) => !solved.has(p.id))?.id ?? daily);
  }
  /** @type {TrainerItem[]} */
  // Offered with the themes interleaved; each keeps its number.
  const items = interleaved(puzzles).map((p) => ({ position: p.position, candidates: p.candidates, key: String(p.id), puzzle: p.id, theme: p.theme }));
  /** Where puzzle `id` is in the order offered. @param {number} id */
  const at = (id) => items.findIndex((item) => item.puzzle === id);
  const words = {
    mode: /** @type {const} */ ("puzzle"),
    /** @param {Trainer} ctrl */
    title: (ctrl) => {
      const id = ctrl.item?.puzzle ?? 0;
      return id === daily ? t("puzzle.title_daily", { number: id }) : t("puzzle.title", { number: id, count });
    },
    /** @param {Trainer} ctrl */
    meta: (ctrl) => {
      const state = progress();
      const parts = [t(THEMES[ctrl.item?.theme ?? ""] ?? THEMES.counting)];
      if (ctrl.board) parts.push(t("puzzle.round", { round: ctrl.board.round }), standingText(ctrl.board));
      const streak = streakOn(state, dayOf(new Date()));
      parts.push(t("puzzle.streak", { count: streak }));
      parts.push(t("puzzle.solved", { solved: state.solved.length, count }));
      return parts.join(" · ");
    },
  };
  const opened = openTrainer(host, items, {
    words,
    start: at(number),
    onResult: (item, result) => {
      if (result === "solved") keep(PROGRESS_KEY, afterSolve(progress(), Number(item.key), dayOf(new Date())));
    },
  });
  if (!opened) return null;
  const actions = /** @type {HTMLElement} */ (opened.dialog.querySelector("[data-trainer-actions]"));
  const button = document.createElement("button");
  button.type = "button";
  button.className = "button";
  button.dataset.puzzleDaily = "";
  button.dataset.i18n = "puzzle.daily";
  button.textContent = t("puzzle.daily");
  button.addEventListener("click", () => opened.trainer.go(at(dailyOn(dayOf(new Date())))));
  actions.prepend(button);
  return opened.trainer;
}
