// A short first-game tour: four cards pointing at the hand, the table, the scores and the hint
// button; the computer players wait while it shows. Shown once (remembered in localStorage)
// on a first visit whose address names no seed or seats (links to a given deal, and the tests
// that use them, are not interrupted); again from the rules dialog. A non-modal <dialog>: the
// game stays usable behind it; Skip, Escape or a phone's back gesture dismisses it, and so do
// South's own move and the end of the round; focus returns to where it was.
//
// Hooks: dialog[data-tour][data-step="hand|table|scores|hint"]; the element pointed at gets
// [data-tour-target].

import { onCloseRequest } from "../shell/close-request.js";
import { onLanguageChange, t } from "../util/i18n.js";
import { onGameEvents } from "../game/page-events.js";

/** @typedef {{ left: number, top: number, right: number, bottom: number }} Rect a screen rectangle, in CSS px */
/** @typedef {{ width: number, height: number }} Size */
/** @typedef {"over" | "below" | "above" | "right" | "left"} Side where a bubble is from its subject */
/** @typedef {{ left: number, top: number, side: Side, cost: number[] }} Placed */
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
// Better left in sight: the tiles (it may be the player's turn already).
const KEEP_CLEAR = "#table [data-tile], [data-hand='0'] [data-tile]";
// Never covered: a tile's lit places. A player who picks a tile while the tour is open plays
// it there (the bubble sat over them above the hand, and the tap went to the bubble).
const LIT = "#table [data-target]";
// Kept in sight unless the bubble points into it: the header (the scores and the buttons;
// the first visit's "works offline" banner waits for the tour, and shows there).
const HEADER = ".masthead";
const MARGIN = 8;
/** The bubble's widths, tried in turn (fitBubble): the style sheet's, a narrower one that fits
 *  beside a subject, a wider and shorter one that fits above or below it. */
const WIDTHS = ["", "min(15rem, calc(100vw - 1rem))", "min(30rem, calc(100vw - 1rem))", "min(40rem, calc(100vw - 1rem))"];

/**
 * The on-screen rectangles of everything `selector` matches.
 * @param {string} selector
 */
const rectsOf = (selector) => [...document.querySelectorAll(selector)].map((el) => el.getBoundingClientRect());

/**
 * The smallest rectangle around `rects` (null for none).
 * @param {readonly DOMRect[]} rects
 */
function union(rects) {
  const seen = rects.filter((r) => r.width > 0 && r.height > 0);
  if (!seen.length) return null;
  const left = Math.min(...seen.map((r) => r.left));
  const top = Math.min(...seen.map((r) => r.top));
  const right = Math.max(...seen.map((r) => r.right));
  const bottom = Math.max(...seen.map((r) => r.bottom));
  return { left, top, right, bottom, width: right - left, height: bottom - top };
}

/**
 * The area `a` and `b` share.
 * @param {Rect} a
 * @param {Rect} b
 */
const overlap = (a, b) =>
  Math.max(0, Math.min(a.right, b.right) - Math.max(a.left, b.left)) * Math.max(0, Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top));

/**
 * How far apart `a` and `b` are (0 when they touch or overlap).
 * @param {Rect} a
 * @param {Rect} b
 */
const gap = (a, b) => Math.hypot(Math.max(0, a.left - b.right, b.left - a.right), Math.max(0, a.top - b.bottom, b.top - a.bottom));

/**
 * Whether cost `a` (a list of numbers, most important first) is lower than `b`.
 * @param {readonly number[]} a
 * @param {readonly number[]} b
 */
function cheaper(a, b) {
  for (let i = 0; i < a.length; i += 1) if (a[i] !== b[i]) return a[i] < b[i];
  return false;
}

/**
 * Where a bubble of `size` ({width, height}) goes in a `view` ({width, height}). In order, each
 * settling only what the ones before leave open: nowhere over `subject` (the rectangle it
 * points at) nor over `free` (what must stay tappable: a picked tile's lit places); over as
 * little of `avoid` (the header, whose buttons and banner must stay in sight) as it can;
 * within `reach` of the subject (a quarter of the screen's short side) if it can, so that the
 * arrow is seen to point at it; over as little of `clear` (the tiles) as it can; then as near
 * the subject as it can (a lit place with `margin` to spare). Closeness comes before the
 * tiles: taken again mid-round on a phone, a bubble about the hand kept off the full table
 * by going to the top of the screen, its arrow pointing down at the table. Returns {left,
 * top, side}: `side` is where the bubble is from its subject (its arrow points the other
 * way). Pure, for the unit tests.
 * @param {Size} size
 * @param {Rect} subject
 * @param {readonly Rect[]} clear
 * @param {Size} view
 * @param {readonly Rect[]} [avoid]
 * @param {number} [margin]
 * @param {readonly Rect[]} [free]
 * @returns {Placed}
 */
export function placeBubble(size, subject, clear, view, avoid = [], margin = MARGIN, free = []) {
  // The subject a pixel bigger all round: the bubble may sit flush against it, and rounding
  // its place to whole pixels must not then put it half a pixel over.
  const keep = { left: subject.left - 1, top: subject.top - 1, right: subject.right + 1, bottom: subject.bottom + 1 };
  // A lit place is kept a margin clear: the table is still settling when the bubble is
  // placed (its view eases to the new layout), and a place that moves a few pixels, or a
  // bubble flush against it, must not end up over it.
  const lit = free.map((r) => ({ left: r.left - margin, top: r.top - margin, right: r.right + margin, bottom: r.bottom + margin }));
  const maxLeft = Math.max(margin, view.width - size.width - margin);
  const maxTop = Math.max(margin, view.height - size.height - margin);
  const reach = Math.min(view.width, view.height) / 4;
  /**
   * @param {Rect} box
   * @param {readonly Rect[]} rects
   */
  const covered = (box, rects) => rects.reduce((sum, r) => sum + overlap(box, r), 0);
  // Candidates: a grid over the screen plus the places flush against the subject's sides.
  /**
   * @param {number} max
   * @param {number} near
   * @param {number} far
   * @param {number} length
   * @param {number} steps
   */
  const spots = (max, near, far, length, steps) => {
    const out = [max, near + margin, far - margin - length];
    for (let k = 0; k <= steps; k += 1) out.push(margin + ((max - margin) * k) / steps);
    return out.map((v) => Math.min(max, Math.max(margin, v)));
  };
  /** @type {{ cost: number[], box: Rect } | null} */
  let best = null;
  for (const top of spots(maxTop, subject.bottom, subject.top, size.height, 60)) {
    for (const left of spots(maxLeft, subject.right, subject.left, size.width, 30)) {
      const box = { left, top, right: left + size.width, bottom: top + size.height };
      const distance = gap(box, subject);
      const cost = [overlap(box, keep) + covered(box, lit), covered(box, avoid), distance > reach ? 1 : 0, covered(box, clear), distance];
      if (!best || cheaper(cost, best.cost)) best = { cost, box };
    }
  }
  // The grid always holds a spot: `best` is set.
  const { box, cost } = /** @type {{ cost: number[], box: Rect }} */ (best);
  /** @type {Side} */
  let side = "over";
  if (box.top >= subject.bottom) side = "below";
  else if (box.bottom <= subject.top) side = "above";
  else if (box.left >= subject.right) side = "right";
  else if (box.right <= subject.left) side = "left";
  return { left: Math.round(box.left), top: Math.round(box.top), side, cost };
}

/**
 * The bubble's shape and place: `sizeAt(i)` is its size at the i-th width the caller can
 * give it (the style sheet's first). The first width whose bubble fits on the screen and
 * can stay off its subject and off the header is kept; only if none can, the one that
 * does least harm (spilling off the screen first, then what {@link placeBubble} weighs).
 * On a phone on its side (360 px tall) the usual bubble fits neither above nor below the
 * table's first tiles nor beside them: a narrower one fits beside them, a wider and so
 * shorter one above the hand. Returns placeBubble's answer and `index`, the width kept.
 * @param {(index: number) => Size} sizeAt
 * @param {number} count how many widths there are (at least one)
 * @param {Rect} subject
 * @param {readonly Rect[]} clear
 * @param {Size} view
 * @param {readonly Rect[]} [avoid]
 * @param {number} [margin]
 * @param {readonly Rect[]} [free]
 * @returns {Placed & { index: number }}
 */
export function fitBubble(sizeAt, count, subject, clear, view, avoid = [], margin = MARGIN, free = []) {
  /** @type {(Placed & { index: number }) | null} */
  let best = null;
  for (let index = 0; index < count; index += 1) {
    const size = sizeAt(index);
    const spill =
      Math.max(0, size.height - (view.height - 2 * margin)) + Math.max(0, size.width - (view.width - 2 * margin));
    const at = placeBubble(size, subject, clear, view, avoid, margin, free);
    const cost = [spill, ...at.cost];
    if (spill === 0 && at.cost[0] === 0 && at.cost[1] === 0) return { ...at, index, cost };
    if (!best || cheaper(cost, best.cost)) best = { ...at, index, cost };
  }
  if (!best) throw new RangeError("a bubble needs at least one width to try");
  return best;
}

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

function markSeen() {
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

/** Show the tour on a first visit (a fresh game page, nothing else open). `hold()` holds the
 *  computer players and returns what lets them go (see startTour).
 * @param {{ hold?: Hold | null }} [options]
 */
export function maybeStartTour({ hold = null } = {}) {
  if (!tourDue() || document.querySelector("dialog[open]")) return null;
  return startTour({ hold });
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
    const target = document.querySelector(STEPS[index][1]);
    clearTarget();
    if (!target) return;
    const name = STEPS[index][0];
    target.setAttribute("data-tour-target", name);
    target.scrollIntoView?.({ block: "nearest" });
    // Beside what it points at, covering neither it nor the tiles if the screen allows;
    // placed with CSSOM properties, not a style attribute (the Content-Security-Policy).
    const subject = subjectRect(name, target);
    const avoid = rectsOf(HEADER).filter((r) => !overlap(r, subject));
    /** @param {number} i */
    const sizeAt = (i) => {
      dialog.style.width = WIDTHS[i];
      return dialog.getBoundingClientRect();
    };
    const view = { width: innerWidth, height: innerHeight };
    const lit = rectsOf(LIT);
    const fit = (/** @type {boolean} */ compact) => {
      dialog.toggleAttribute("data-compact", compact);
      return fitBubble(sizeAt, WIDTHS.length, subject, rectsOf(KEEP_CLEAR), view, avoid, MARGIN, lit);
    };
    let at = fit(false);
    // A player who picked a tile is playing: where no width keeps the bubble off the tile's
    // lit places (and its subject), it folds its text away, its title and buttons left.
    if (lit.length && at.cost[1] > 0) {
      const compact = fit(true);
      at = cheaper(compact.cost, at.cost) ? compact : fit(false);
    }
    const box = sizeAt(at.index);
    Object.assign(dialog.style, { top: `${at.top}px`, left: `${at.left}px` });
    dialog.dataset.side = at.side;
    // The arrow points at the subject's middle, along the bubble's edge nearest to it.
    const along = at.side === "below" || at.side === "above";
    const offset = along ? (subject.left + subject.right) / 2 - at.left : (subject.top + subject.bottom) / 2 - at.top;
    const room = along ? box.width : box.height;
    dialog.style.setProperty("--arrow", `${Math.round(Math.min(room - 18, Math.max(18, offset)))}px`);
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
    if (!dialog.isConnected) return;
    stopWatching?.();
    removeEventListener("resize", render);
    document.removeEventListener("seven-rocks:rendered", onDraw);
    stopListening();
    stopTranslating();
    clearTarget();
    dialog.close();
    dialog.remove();
    release();
    if (returnFocus?.isConnected && returnFocus !== document.body) returnFocus.focus({ preventScroll: true });
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
  // The game goes on behind the tour: new tiles may come where the bubble is; move it away
  // at the frame after they are drawn (when reading the layout forces nothing), and again
  // once the table has eased to its new view (table.js), where its places end up.
  const placeAgain = () => dialog.isConnected && place();
  const onDraw = () =>
    requestAnimationFrame(() => {
      placeAgain();
      for (const easing of document.querySelector("#table")?.getAnimations() ?? []) easing.finished.then(placeAgain, () => {});
    });
  document.addEventListener("seven-rocks:rendered", onDraw);
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
