// "Retry your mistakes": after a review, each move it marked a mistake or a blunder is
// played again from the reviewer's seat in the trainer, to find the better move before
// seeing it. Which were solved is kept in storage keyed by the game (its seed and first
// moves), so it survives a reload and a review opened again shows the same progress.

import { t } from "../util/i18n.js";
import { gameKey, mistakesOf, readRetryStore, withResult } from "./trainer-progress.js";
import { openTrainer } from "./trainer-panel.js";
import { keep, recall } from "./trainer-store.js";
import { standingText } from "./trainer-view.js";

/** @typedef {import("./review-ctrl.js").ReviewedMove} ReviewedMove */
/** @typedef {import("./trainer.js").TrainerItem} TrainerItem */
/** @typedef {import("./trainer.js").Trainer} Trainer */
/** @typedef {import("./trainer-progress.js").RetryStore} RetryStore */

const RETRY_KEY = "seven-rocks:retried";

/** @returns {RetryStore} */
function readRetries() {
  return readRetryStore(recall(RETRY_KEY));
}

/**
 * Open the reviewed seat's mistakes in the trainer, from the first not solved yet.
 * @param {import("../ui/panel-host.js").PanelHost} host
 * @param {{record: {seed?: unknown, rounds?: unknown}, seat: number, moves: ReadonlyArray<ReviewedMove>}} review
 */
export async function openRetry(host, { record, seat, moves }) {
  const mistakes = mistakesOf(moves);
  if (!mistakes.length) return null;
  const game = gameKey(record, seat);
  /** @type {TrainerItem[]} */
  const items = [];
  try {
    for (const m of mistakes) {
      const { position } = await host.call("trainer_retry", { record, round: m.round, number: m.number });
      items.push({ position, candidates: m.candidates, key: `${m.round}-${m.number}` });
    }
  } catch (error) {
    host.notify("trainer.failed", { message: error instanceof Error ? error.message : String(error) });
    return null;
  }
  const results = () => readRetries()[game] ?? {};
  const start = Math.max(0, items.findIndex((item) => results()[item.key] !== "solved"));
  const words = {
    mode: /** @type {const} */ ("retry"),
    /** @param {Trainer} ctrl */
    title: (ctrl) => t("trainer.retry_title", { index: ctrl.index + 1, count: items.length }),
    /** @param {Trainer} ctrl */
    meta: (ctrl) => {
      const done = Object.values(results()).filter((r) => r === "solved").length;
      const [round, number] = (ctrl.item?.key ?? "0-0").split("-");
      return [t("trainer.retry_move", { round, number }), ...(ctrl.board ? [standingText(ctrl.board)] : []), t("trainer.retry_solved", { solved: done, count: items.length })].join(" · ");
    },
  };
  const opened = openTrainer(host, items, {
    words,
    start,
    onResult: (item, result) => keep(RETRY_KEY, withResult(readRetries(), game, item.key, result)),
  });
  return opened?.trainer ?? null;
}
