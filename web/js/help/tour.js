// A short tour: four cards pointing at the hand, the table, the scores and the hint button;
// the computer players wait while it shows. Opened from the rules dialog; a first visit whose
// address names no seed or seats (links to a given deal, and the tests that use them, are not
// interrupted) gets the guided first hand instead (guide.js), remembered here as seen. A non-modal <dialog>: the
// game stays usable behind it; Skip, Escape or a phone's back gesture dismisses it, and so do
// South's own move and the end of the round; focus returns to where it was.
//
// Hooks: dialog[data-tour][data-step="hand|table|scores|hint"]; the element pointed at gets
// [data-tour-target].

import { onCloseRequest } from "../ui/close-request.js";
import { onLanguageChange, t } from "../util/i18n.js";
import { onGameEvents } from "../model/page-events.js";

import { againAtRest, followTable, placeDialog, putAway, rectsOf, union } from "./bubble.js";

/** @typedef {import("./bubble.js").Rect} Rect */
/** @typedef {"hand" | "table" | "scores" | "hint"} Step */
/** @typedef {() => () => void} Hold holds the computer players; returns what lets them go */

const KEY = "seven-rocks:tour";
/** @type {[Step, string][]} each step and the selector of what it points at */
const STEPS = [
  ["hand", "[data-seat='0']"],
  ["table", ".table-area"],
  ["scores", "#scores"],
  ["hint", "[data-action='hint']"],
];
/** What a bubble must not cover at each step (its subject first) and what it had better not
 *  (the tiles on the table and in the hand: it may already be the player's turn).
 * @type {Record<Step, string>}
 */
const SUBJECT = {
  hand: "[data-hand='0'] [data-tile], [data-seat='0'] .seat__head",
  table: "#table [data-tile]",
  scores: "#scores",
  hint: "[data-action='hint']",
};

/** The rectangle a step's bubble points at: its subject's visible parts (the hint button
 *  may be folded into the menu on a phone: then the menu button).
 * @param {Step} name
 * @param {Element} target
 * @returns {Rect}
 */
function subjectRect(name, target) {
  const seen = union(rectsOf(SUBJECT[name]));
  if (seen) return seen;
  const menu = document.getElementById("menu-button")?.getBoundingClientRect();
  if (name === "hint" && menu && menu.width > 0) return menu;
  const r = target.getBoundingClientRect();
  if (name !== "table") return r;
  // An empty table: the middle of its drawing, where the first tile will go (the felt around
  // it is taller, with the sum's label at its top: its middle was 9 px higher at 569x277).
  const d = document.getElementById("table")?.getBoundingClientRect() ?? r;
  return { left: d.left + d.width / 2 - 40, right: d.left + d.width / 2 + 40, top: d.top + d.height / 2 - 20, bottom: d.top + d.height / 2 + 20 };
}

export function tourSeen() {
  try {
    return localStorage.getItem(KEY) === "seen";
  } catch {
    return true; // no storage: do not nag on every visit
  }
}

/** Remember that the first visit's help (the tour or the guided hand) was shown. */
export function markSeen() {
  try {
    localStorage.setItem(KEY, "seen");
  } catch {
    // not remembered
  }
}

/** Is this a first visit that should open with the tour (a fresh game page)? Asked before
 *  the game starts, so that the computer players can be held from their first move. */
export function tourDue() {
  const query = new URLSearchParams(location.search);
  return !tourSeen() && !query.has("seed") && !query.has("seats");
}

/** Open the tour. The computer players wait while it shows (`hold()`, called now, returns
 *  the release called when it closes): a newcomer reading the cards must not miss the
 *  opening moves behind them.
 * @param {{ hold?: Hold | null }} [options]
 */
export function startTour({ hold = null } = {}) {
  document.querySelector("dialog[data-tour]")?.remove();
  markSeen();
  const release = hold?.() ?? (() => {});
  const active = document.activeElement;
  const returnFocus = active instanceof HTMLElement ? active : null;
  const dialog = document.createElement("dialog");
  dialog.className = "tour";
  dialog.dataset.tour = "";
  dialog.setAttribute("aria-labelledby", "tour-title");
  dialog.setAttribute("aria-describedby", "tour-text");
  dialog.innerHTML = `<div class="tour__body">
    <p class="tour__count" data-tour-count></p>
    <h2 class="tour__title" id="tour-title"></h2>
    <p class="tour__text" id="tour-text"></p>
    <div class="tour__actions">
      <button type="button" class="button" data-tour-action="skip" data-action="skip-tour"></button>
      <button type="button" class="button" data-tour-action="back"></button>
      <button type="button" class="button button--primary" data-tour-action="next"></button>
    </div>
  </div>`;
  document.body.append(dialog);
  let index = 0;
  /** @type {(() => void) | null} */
  let stopWatching = null;
  /** @param {string} selector */
  const part = (selector) => /** @type {HTMLElement} */ (dialog.querySelector(selector));

  const clearTarget = () => {
    for (const el of document.querySelectorAll("[data-tour-target]")) el.removeAttribute("data-tour-target");
  };
  const place = () => {
    const shown = index;
    const target = document.querySelector(STEPS[index][1]);
    clearTarget();
    if (!target) return;
    const name = STEPS[index][0];
    target.setAttribute("data-tour-target", name);
    target.scrollIntoView?.({ block: "nearest" });
    placeDialog(dialog, subjectRect(name, target));
    againAtRest([target], () => dialog.isConnected && index === shown && place());
  };
  const render = () => {
    if (!dialog.isConnected) return;
    const [name] = STEPS[index];
    dialog.dataset.step = name;
    dialog.setAttribute("aria-label", t("tour.label"));
    part("[data-tour-count]").textContent = t("tour.step", { n: index + 1, total: STEPS.length });
    part(".tour__title").textContent = t(`tour.${name}.h`);
    part(".tour__text").textContent = t(`tour.${name}`);
    part("[data-tour-action='skip']").textContent = t("tour.skip");
    part("[data-tour-action='back']").textContent = t("tour.back");
    /** @type {HTMLButtonElement} */ (part("[data-tour-action='back']")).disabled = index === 0;
    part("[data-tour-action='next']").textContent =
      index === STEPS.length - 1 ? t("tour.done") : t("tour.next");
    place();
  };
  const close = () => {
    const stops = [stopWatching, () => removeEventListener("resize", render), stopFollowing, stopListening, stopTranslating, clearTarget];
    putAway(dialog, stops, release, returnFocus);
  };
  dialog.addEventListener("click", (event) => {
    const target = event.target instanceof Element ? event.target : null;
    const action = target?.closest("[data-tour-action]")?.getAttribute("data-tour-action");
    if (action === "skip") close();
    else if (action === "back" && index > 0) {
      index -= 1;
      render();
    } else if (action === "next") {
      if (index === STEPS.length - 1) close();
      else {
        index += 1;
        render();
        part("[data-tour-action='next']").focus();
      }
    }
  });
  addEventListener("resize", render);
  // The game goes on behind the bubble: it follows its subject.
  const stopFollowing = followTable(() => dialog.isConnected && place());
  // A player who plays on without reading it has chosen to play: the tour ends with South's
  // move (the computer players it held then answer), or at the latest with the round, not
  // to be found over the summary pointing at a hand and a table that are gone (it stays
  // seen; the rules dialog offers it again).
  const stopListening = onGameEvents(({ events, fresh }) => {
    if (!fresh && events.some((e) => e.type === "round_settled" || (e.type === "placed" && e.seat === 0))) close();
  });
  const stopTranslating = onLanguageChange(render);
  dialog.show();
  // After show(): a <dialog> watches close requests itself (and, not modal, ignores them), so
  // ours must be the newer watcher to be the one a request reaches.
  stopWatching = onCloseRequest(close);
  render();
  part("[data-tour-action='next']").focus();
  return dialog;
}

export const TOUR_STEPS = STEPS.map(([name]) => name);
