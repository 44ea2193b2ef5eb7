// The coach: a review of one seat's moves, modelled on an analysis board, as a controller
// (review-ctrl.js: the review's state and the worker's part) and a view (review-view.js:
// draws that state). This module opens the pair in a panel, one review at a time, and
// offers the coach in the replay viewer. The analysis is the engine's
// (seven_rocks/app/review/coach.py): the marks, losses and accuracies are its; the sentences
// come from review-text.js.

import { ENGINE_LOST, EngineError } from "../../bridge.js";
import { esc } from "../util/html.js";
import { onLanguageChange, seatName, t } from "../util/i18n.js";
import { openPanel } from "../ui/modal.js";
import { ReviewCtrl } from "./review-ctrl.js";
import { REVIEW_HTML, ReviewView } from "./review-view.js";

export { moveLabel, reasonTexts } from "./review-text.js";

/** @typedef {import("../ui/panel-host.js").PanelHost} PanelHost */

/** @type {ReviewView | null} the open panel (re-worded when the language changes) */
let active = null;
/** @type {Promise<unknown>} the previous review's loop, until it has let go of the worker */
let running = Promise.resolve();
onLanguageChange(() => active?.draw());

/** @param {unknown} error */
const lost = (error) => error instanceof EngineError && error.type === ENGINE_LOST; // said once already

/**
 * Open the review of `seat`: the live game's (no `record`; South only) or a record's (the
 * replay viewer). `onReviews(reviews)` receives the record's updated cache (record reviews).
 * @param {PanelHost} host
 * @param {{seat?: number, record?: object | null, onReviews?: (reviews: unknown) => void}} [options]
 */
export function openReview(host, { seat = 0, record = null, onReviews = () => {} } = {}) {
  if (document.querySelector("dialog[data-review-panel]")) return null;
  /** @type {ReviewView | null} */
  let view = null;
  const ctrl = new ReviewCtrl(host, { seat, record, onReviews, lost, aspect: () => view?.table.aspect() ?? 1 });
  const { dialog } = openPanel({
    hold: host, // the game waits while the review is open
    className: "dialog--review",
    hook: "reviewPanel",
    html: REVIEW_HTML,
    onClose: () => {
      ctrl.close();
      if (active === view) active = null;
    },
  });
  view = new ReviewView(/** @type {HTMLDialogElement} */ (dialog), ctrl);
  active = view;
  running = running.then(() => ctrl.run());
  return ctrl;
}

/**
 * The replay viewer's way in: a seat picker and a Review button added to `head` (the
 * viewer's header) for `record`, the record as it was opened; a finished review is cached
 * in it (`record.reviews`), so opening the review again in this viewer is instant.
 * @param {Element | null} head
 * @param {PanelHost} host
 * @param {any} record
 */
export function offerReview(head, host, record) {
  if (!head || !record || typeof record !== "object") return;
  const seats = Array.isArray(record.seats) ? record.seats : [];
  const first = Math.max(0, seats.indexOf("human"));
  const wrap = document.createElement("div");
  wrap.className = "review-offer";
  wrap.innerHTML = `<label class="review-offer__seat"><span data-i18n="review.seat">${esc(t("review.seat"))}</span>
    <select data-review-seat-select>${[0, 1, 2, 3]
      .map((s) => `<option value="${s}" data-i18n="seat.${s}"${s === first ? " selected" : ""}>${esc(seatName(s))}</option>`)
      .join("")}</select></label>
    <button type="button" class="button" data-action="review" data-i18n-title="dialog.review_title" title="${esc(t("dialog.review_title"))}" data-i18n="dialog.review">${esc(t("dialog.review"))}</button>`;
  const close = head.querySelector("[data-action='close-panel']");
  if (close) close.before(wrap);
  else head.append(wrap);
  const select = /** @type {HTMLSelectElement} */ (wrap.querySelector("[data-review-seat-select]"));
  /** @type {HTMLElement} */ (wrap.querySelector("[data-action='review']")).addEventListener("click", () =>
    openReview(host, {
      seat: Number(select.value),
      record,
      onReviews: (reviews) => {
        record.reviews = reviews;
      },
    }),
  );
}
