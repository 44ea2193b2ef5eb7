// The guided first hand: a first visit is dealt the lesson's hand (guide-steps.js) and the
// page walks the newcomer through it while they play: "tap this tile" (the tile lit), "that
// scored 10: 6 + 4 = 10" (the engine's own figures for their move), "your partner is North"
// (pointing at North); then the game goes on. The computer players wait while it shows. A
// non-modal <dialog> with Skip on every step (Escape and a phone's back gesture too); it is
// shown once (the tour's memory, tour.js), and the four cards stay in the rules dialog.
//
// Hooks: dialog[data-guide][data-step="tap|scored|partner"]; the element pointed at gets
// [data-guide-target].

import { onCloseRequest } from "../ui/close-request.js";
import { onLanguageChange, t } from "../util/i18n.js";
import { onGameEvents } from "../model/page-events.js";

import { againAtRest, followTable, placeDialog, putAway, rectsOf, union } from "./bubble.js";
import { markSeen, tourDue } from "./tour.js";
import { afterEvents, afterNext, firstStep, LESSON } from "./guide-steps.js";

/** @typedef {import("./guide-steps.js").GuideState} GuideState */
/** @typedef {import("./guide-steps.js").GuideStep} GuideStep */

/** What each step points at: the tile to tap, the table's tiles and their ends' numbers
 *  (the sum just scored), North's name. @type {Record<GuideStep, string>} */
const TARGET = {
  tap: `[data-hand='0'] [data-tile='${LESSON.tile}']`,
  scored: "#table [data-tile], #table [data-end]",
  partner: "[data-seat='2'] .seat__head",
};
/** The steps whose subject is lit (the table's tiles are already marked as the last move). */
const LIT_STEPS = new Set(["tap", "partner"]);

/** Each step's title and text. @type {Record<GuideStep, [string, string]>} */
const WORDS = {
  tap: ["guide.tap.h", "guide.tap"],
  scored: ["guide.scored.h", "guide.scored"],
  partner: ["guide.partner.h", "guide.partner"],
};

/**
 * On a first visit with nothing else open, start the guide on `snap` (the first table, on
 * screen); it takes over `release`. Returns the guide's dialog, or null when none starts.
 * @param {import("../protocol").Snapshot | null} snap
 * @param {() => void} release
 */
export function maybeStartGuide(snap, release) {
  if (!snap || !tourDue() || document.querySelector("dialog[open]")) return null;
  markSeen();
  return startGuide(snap, release);
}

/**
 * Walk the newcomer through the hand now on the table (`snap`). `release` lets the computer
 * players go (they are held from before the first move): called when the guide ends.
 * @param {import("../protocol").Snapshot} snap
 * @param {() => void} release
 */
function startGuide(snap, release) {
  /** @type {GuideState} */
  let state = firstStep(snap);
  const active = document.activeElement;
  const returnFocus = active instanceof HTMLElement ? active : null;
  const dialog = document.createElement("dialog");
  dialog.className = "tour guide";
  dialog.dataset.guide = "";
  dialog.setAttribute("aria-labelledby", "guide-title");
  dialog.setAttribute("aria-describedby", "guide-text");
  dialog.innerHTML = `<div class="tour__body">
    <h2 class="tour__title" id="guide-title"></h2>
    <p class="tour__text" id="guide-text"></p>
    <div class="tour__actions">
      <button type="button" class="button" data-action="skip-tour"></button>
      <button type="button" class="button button--primary" data-guide-action="next"></button>
    </div>
  </div>`;
  document.body.append(dialog);
  /** @param {string} selector */
  const part = (selector) => /** @type {HTMLElement} */ (dialog.querySelector(selector));
  /** @type {(() => void) | null} */
  let stopWatching = null;

  const clearTarget = () => {
    for (const el of document.querySelectorAll("[data-guide-target]")) el.removeAttribute("data-guide-target");
  };
  const place = () => {
    const { step } = state;
    clearTarget();
    if (!dialog.isConnected || step == null) return;
    const target = document.querySelector(TARGET[step]);
    if (!target) return;
    if (LIT_STEPS.has(step)) target.setAttribute("data-guide-target", step);
    const subject = union(rectsOf(TARGET[step])) ?? target.getBoundingClientRect();
    placeDialog(dialog, subject);
    againAtRest([...document.querySelectorAll(TARGET[step])], () => state.step === step && place());
  };
  const render = () => {
    const { step, scored } = state;
    if (!dialog.isConnected || step == null) return;
    dialog.dataset.step = step;
    dialog.setAttribute("aria-label", t("guide.label"));
    const vars = scored ? { sum: scored.sum, count: scored.points } : {};
    const [title, text] = WORDS[step];
    part(".tour__title").textContent = t(title, vars);
    part(".tour__text").textContent = t(text, vars);
    part("[data-action='skip-tour']").textContent = t("tour.skip");
    const next = part("[data-guide-action='next']");
    // At "tap" the person answers by playing the tile: no Next.
    next.hidden = step === "tap";
    next.textContent = step === "partner" ? t("tour.done") : t("tour.next");
    place();
  };
  const close = () => {
    const stops = [stopWatching, () => removeEventListener("resize", render), stopFollowing, stopListening, stopTranslating, clearTarget];
    putAway(dialog, stops, release, returnFocus);
  };
  /** @param {GuideState} next */
  const go = (next) => {
    if (next === state) return;
    state = next;
    if (state.step == null) close();
    else {
      render();
      if (state.step !== "tap") part("[data-guide-action='next']").focus();
    }
  };
  dialog.addEventListener("click", (event) => {
    const target = event.target instanceof Element ? event.target : null;
    if (target?.closest("[data-action='skip-tour']")) close();
    else if (target?.closest("[data-guide-action='next']")) go(afterNext(state));
  });
  addEventListener("resize", render);
  // The game goes on behind the bubble: it follows its subject.
  const stopFollowing = followTable(() => dialog.isConnected && place());
  const stopListening = onGameEvents(({ events, fresh }) => {
    if (fresh) close(); // another game shown (a new game, a save opened): the lesson is gone
    else go(afterEvents(state, events));
  });
  const stopTranslating = onLanguageChange(render);
  dialog.show();
  // After show(): ours must be the newer close-request watcher (see tour.js).
  stopWatching = onCloseRequest(close);
  render();
  if (state.step !== "tap") part("[data-guide-action='next']").focus();
  return dialog;
}
