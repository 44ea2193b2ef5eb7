// Opens the trainer (trainer.js, trainer-view.js) in a panel over a list of positions: the
// puzzles' and the coach's "Retry your mistakes" way in. One trainer at a time; the bots
// wait while it is open, and its words follow a change of language.

import { onLanguageChange } from "../util/i18n.js";
import { openPanel } from "../ui/modal.js";
import { Trainer } from "./trainer.js";
import { TRAINER_HTML, TrainerView } from "./trainer-view.js";

/** @typedef {import("./trainer.js").TrainerItem} TrainerItem */
/** @typedef {import("./trainer.js").TrainerHost} TrainerHost */
/** @typedef {import("./trainer-view.js").TrainerWords} TrainerWords */
/** @typedef {import("./trainer-state.js").TrainerResult} TrainerResult */

/** @type {TrainerView | null} the open trainer */
let active = null;
onLanguageChange(() => active?.draw());

/**
 * @param {TrainerHost & {hold(reason?: string): () => void}} host
 * @param {TrainerItem[]} items
 * @param {{words: TrainerWords, start?: number, onResult?: (item: TrainerItem, result: TrainerResult) => void, hook?: string}} options
 * @returns {{trainer: Trainer, dialog: HTMLDialogElement} | null}  null when one is open already
 */
export function openTrainer(host, items, { words, start = 0, onResult, hook = "trainerPanel" }) {
  if (document.querySelector("dialog[data-trainer-panel]")) return null;
  /** @type {TrainerView | null} */
  let view = null;
  const trainer = new Trainer(host, items, { aspect: () => view?.table.aspect() ?? 1, onResult });
  const { dialog } = openPanel({
    hold: { hold: (reason) => host.hold(reason) },
    className: "dialog--trainer",
    hook: "trainerPanel",
    html: TRAINER_HTML,
    onClose: () => {
      trainer.close();
      if (active === view) active = null;
    },
  });
  if (hook !== "trainerPanel") dialog.dataset[hook] = "";
  view = new TrainerView(/** @type {HTMLDialogElement} */ (dialog), trainer, words);
  active = view;
  trainer.go(start);
  return { trainer, dialog: /** @type {HTMLDialogElement} */ (dialog) };
}
