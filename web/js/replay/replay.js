// The replay viewer: a game record checked by the engine (every move is replayed and
// re-checked), then shown move by move with every hand face up. A controller
// (replay-ctrl.js: which position, the engine's part) and a view (replay-view.js: draws
// it); this module opens the pair in a panel, with a progress bar while a long record is
// checked and the coach offered in its header. The game's bots wait while it is open.

import { ENGINE_LOST, EngineError } from "../../bridge.js";
import { esc } from "../util/html.js";
import { t } from "../util/i18n.js";
import { openPanel } from "../ui/modal.js";
import { ReplayCtrl, checkRecord } from "./replay-ctrl.js";
import { ReplayView, replayHtml } from "./replay-view.js";
import { offerReview } from "../coach/review.js";
import { NARROW, screenIs } from "../util/screens.js";
import { afterReshape } from "../table/table.js";

/** @typedef {import("../ui/panel-host.js").PanelHost} PanelHost */

/** The drawing area's shape before it exists (the engine clamps it to what it lays out). */
function guessAspect() {
  const wide = !screenIs(NARROW);
  const w = wide ? innerWidth * 0.62 : innerWidth - 16;
  const h = wide ? innerHeight * 0.5 : innerHeight * 0.36;
  return Math.round((w / h) * 100) / 100;
}

/**
 * The panel shown while a long record is checked: a determinate bar, and a way out.
 * @param {PanelHost} host
 * @param {() => void} onCancel
 */
function progressPanel(host, onCancel) {
  const html = `<div class="replay-loading">
      <h2>${esc(t("replay.loading_title"))}</h2>
      <p data-replay-progress-text aria-live="polite"></p>
      <progress data-replay-progress max="1" value="0"></progress>
      <button type="button" class="button" data-action="close-panel">${esc(t("replay.cancel"))}</button>
    </div>`;
  let finished = false;
  const { dialog, close } = openPanel({
    hold: host,
    className: "dialog--replay-loading",
    hook: "replayLoading",
    html,
    onClose: () => {
      if (!finished) onCancel();
    },
  });
  const bar = /** @type {HTMLProgressElement} */ (dialog.querySelector("[data-replay-progress]"));
  const text = /** @type {HTMLElement} */ (dialog.querySelector("[data-replay-progress-text]"));
  return {
    /**
     * @param {number} done
     * @param {number} total
     */
    update(done, total) {
      bar.max = Math.max(1, total);
      bar.value = done;
      bar.setAttribute("aria-valuetext", t("replay.loading", { done, total }));
      text.textContent = t("replay.loading", { done, total });
    },
    close() {
      finished = true;
      close();
    },
  };
}

/** @param {unknown} error */
const message = (error) => (error instanceof Error ? error.message : String(error));
/** @param {unknown} error */
const lost = (error) => error instanceof EngineError && error.type === ENGINE_LOST; // said once

/**
 * Check a record with the engine (a slice at a time, with a progress bar when it takes
 * more than one) and open the viewer; a bad record becomes one notice.
 * @param {PanelHost} host
 * @param {unknown} record
 * @param {string} [name]  what to call it (a file name)
 */
export async function openReplay(host, record, name = "") {
  const aspect = guessAspect();
  /** @type {ReturnType<typeof progressPanel> | null} */
  let progress = null;
  let cancelled = false;
  let summary;
  try {
    summary = await checkRecord(host.call, record, {
      progress: (done, total) => {
        progress ??= progressPanel(host, () => {
          cancelled = true;
        });
        progress.update(done, total);
      },
      cancelled: () => cancelled,
    });
  } catch (error) {
    if (!lost(error)) host.notify("replay.invalid", { message: message(error) }, "error");
    return null;
  } finally {
    /** @type {ReturnType<typeof progressPanel> | null} */ (progress)?.close();
  }
  if (!summary) return null;
  const ctrl = new ReplayCtrl(host.call, summary, aspect);
  const { dialog, close } = openPanel({
    hold: host, // the game's bots wait while the viewer is open
    className: "dialog--replay",
    hook: "replay",
    html: replayHtml(summary.turns.length, name),
  });
  const view = new ReplayView(/** @type {HTMLDialogElement} */ (dialog), ctrl, {
    levels: host.levels,
    failed: (error) => {
      if (!lost(error)) host.notify("replay.invalid", { message: message(error) }, "error");
      close();
    },
  });
  view.render();
  /** @type {HTMLElement} */ (dialog.querySelector("[data-replay-step='next']")).focus();
  view.relayout();
  // A new shape for the table (the viewer settling as it opens, the phone turned): lay out
  // or fit the table for it. Re-fitted only within a window resize, the view stayed fitted
  // to the shape the table had when first drawn, letterboxed.
  view.table.onReshape = afterReshape(() => dialog.isConnected && !view.relayout() && view.render());
  offerReview(dialog.querySelector(".replay__head"), host, record); // the coach
  return ctrl;
}
