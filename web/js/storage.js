// What the browser remembers between visits (localStorage), read defensively: a saved game
// or the statistics may come from an older version of the page, or be garbage (edited by
// hand, cut off by a full disk). Every reader here validates what it finds and says what is
// wrong in one word, so the page can explain it in one sentence and start afresh.

export const SAVE_KEY = "seven-rocks:save";
/** The engine's save format and its version (seven_rocks/app/session.py: SAVE_FORMAT, PROTOCOL). */
export const SAVE_FORMAT = "seven-rocks-save";
export const SAVE_VERSION = 1;

/** The raw text under `key`, or null (storage may be disabled). */
export function readRaw(key) {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeJSON(key, value) {
  try {
    if (value == null) localStorage.removeItem(key);
    else localStorage.setItem(key, JSON.stringify(value));
    return true;
  } catch {
    return false; // storage full or disabled: simply not remembered
  }
}

const isObject = (value) => value != null && typeof value === "object" && !Array.isArray(value);

/**
 * The saved game, checked for shape (the engine re-checks every move when restoring).
 * Returns {save: object|null, problem: null | "corrupt" | "old"}.
 */
export function readSave() {
  const raw = readRaw(SAVE_KEY);
  if (raw == null) return { save: null, problem: null };
  let save;
  try {
    save = JSON.parse(raw);
  } catch {
    return { save: null, problem: "corrupt" };
  }
  if (!isObject(save) || save.format !== SAVE_FORMAT) return { save: null, problem: "corrupt" };
  if (save.version !== SAVE_VERSION) return { save: null, problem: "old" };
  const bots = save.bots;
  const fine =
    Array.isArray(bots) &&
    bots.length === 4 &&
    bots.every((b) => b === null || typeof b === "string") &&
    isObject(save.record) &&
    Array.isArray(save.record.rounds);
  return fine ? { save, problem: null } : { save: null, problem: "corrupt" };
}

const sameBots = (a, b) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Resume the saved game, if there is one the page's URL does not contradict (a link with
 * ?seed= or ?seats= resumes only the very game it asked for: reloading it must not deal
 * again). A save that cannot be used is reported in one sentence and forgotten.
 * Returns true when a game was resumed.
 */
export async function resumeSaved(controller, { explicit, seed, bots }) {
  const { save, problem } = readSave();
  if (problem) {
    controller.notify(problem === "old" ? "notice.save_old" : "notice.save_corrupt", {}, "warning");
    writeJSON(SAVE_KEY, null);
    return false;
  }
  if (!save) return false;
  if (explicit && (!sameBots(save.bots, bots) || (seed != null && save.record.seed !== seed))) {
    return false; // another game was asked for; the save stays until that one is played
  }
  let snap = null;
  try {
    snap = await controller.engine.call("restore", { save, aspect: controller.aspect });
  } catch {
    snap = null;
  }
  if (!snap) {
    controller.notify("notice.save_corrupt", {}, "warning");
    writeJSON(SAVE_KEY, null);
    return false;
  }
  controller.notify("notice.resumed", {}, "info");
  controller.install(snap);
  return true;
}
