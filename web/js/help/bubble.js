// Where a help bubble goes (the tour's cards, the guided first hand's steps): beside what it
// points at, off the places a picked tile lights and the header, on the screen; and the
// <dialog> placed there, its arrow pointing at its subject. The geometry is pure, for the
// unit tests; placeDialog reads the page.

/** @typedef {{ left: number, top: number, right: number, bottom: number }} Rect a screen rectangle, in CSS px */
/** @typedef {{ width: number, height: number }} Size */
/** @typedef {"over" | "below" | "above" | "right" | "left"} Side where a bubble is from its subject */
/** @typedef {{ left: number, top: number, side: Side, cost: number[] }} Placed */

import { RENDERED } from "../model/page-events.js";

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
export const rectsOf = (selector) => [...document.querySelectorAll(selector)].map((el) => el.getBoundingClientRect());

/**
 * The smallest rectangle around `rects` (null for none).
 * @param {readonly DOMRect[]} rects
 */
export function union(rects) {
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
 * arrow is seen to point at it; over as little of `clear` (the tiles) as it can; leaving its
 * arrow `margin` of room from the subject if it can; then as near the subject as it can (a
 * lit place with `margin` to spare). Closeness comes before the tiles: taken again
 * mid-round on a phone, a bubble about the hand kept off the full table by going to the
 * top of the screen, its arrow pointing down at the table. Returns {left,
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
  // The arrow's room: the margin around the subject, where the arrow pokes out of the bubble
  // (a bubble nearer than that has its arrow over the subject's edge).
  const room = { left: subject.left - margin, top: subject.top - margin, right: subject.right + margin, bottom: subject.bottom + margin };
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
      const cost = [overlap(box, keep) + covered(box, lit), covered(box, avoid), distance > reach ? 1 : 0, covered(box, clear), overlap(box, room), distance];
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


/**
 * Place `dialog` beside `subject` (a rectangle on the screen), covering neither it nor the
 * lit places, and the tiles if the screen allows; placed with CSSOM properties, not a style
 * attribute (the Content-Security-Policy). The header is kept in sight unless the subject is
 * in it. Where no width keeps the bubble off the lit places, it folds its text away
 * (`data-compact`), its title and buttons left.
 * @param {HTMLElement} dialog
 * @param {Rect} subject
 */
export function placeDialog(dialog, subject) {
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
}

/**
 * Call `place` again whenever the game draws the table: new tiles may come where the bubble
 * is. At the frame after they are drawn (when reading the layout forces nothing), and again
 * once the table has eased to its new view (table.js), where its places end up. Returns what
 * stops it.
 * @param {() => unknown} place
 */
export function followTable(place) {
  const onDraw = () =>
    requestAnimationFrame(() => {
      place();
      for (const easing of document.querySelector("#table")?.getAnimations() ?? []) easing.finished.then(place, () => {});
    });
  document.addEventListener(RENDERED, onDraw);
  return () => document.removeEventListener(RENDERED, onDraw);
}

/**
 * Call `place` again once what moves in `subjects` (and inside them) has come to rest. A
 * bubble is placed from boxes on the screen, and opening it moves them: its button takes
 * the focus from a tile lifted under it, which eases back down. Placed from that moment's
 * boxes alone, the bubble would stay wherever the easing happened to be, a few pixels off
 * on a slow phone. Looked at the frame after (the easing starts at the next style change);
 * endless animations (a seat's "thinking" spinner) never come to rest and are left out.
 * @param {readonly Element[]} subjects
 * @param {() => unknown} place
 */
export function againAtRest(subjects, place) {
  requestAnimationFrame(() => {
    const moving = subjects
      .flatMap((subject) => subject.getAnimations({ subtree: true }))
      .filter((a) => a.playState === "running" && a.effect?.getComputedTiming().endTime !== Infinity);
    if (moving.length) Promise.allSettled(moving.map((a) => a.finished)).then(place);
  });
}

/**
 * Put a bubble's dialog away (the tour's or the guide's): stop what it watched, close it, let
 * the computer players go on, and give the focus back where it was.
 * @param {HTMLDialogElement} dialog
 * @param {readonly ((() => void) | null | undefined)[]} stops
 * @param {() => void} release
 * @param {HTMLElement | null} returnFocus
 */
export function putAway(dialog, stops, release, returnFocus) {
  if (!dialog.isConnected) return;
  for (const stop of stops) stop?.();
  dialog.close();
  dialog.remove();
  release();
  if (returnFocus?.isConnected && returnFocus !== document.body) returnFocus.focus({ preventScroll: true });
}
