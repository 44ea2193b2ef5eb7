// The four seats: South's hand face up (buttons), the others face down with their counts.
// Pure renderers of a plain model; events are handled by the controller on the board.

import { t } from "../util/i18n.js";
import { ON_ITS_SIDE } from "../util/screens.js";
import { backSvg, tileLabel, tileSvg } from "./tiles.js";
import { setAttr, setText } from "../util/write.js";

/**
 * South's hand as drawn: its tiles, where each may go, the tile chosen, the one to focus
 * (now, or at the next frame: `focusLater`), whether the player may move, the hint's tile.
 * @typedef {object} HandModel
 * @property {readonly string[]} tiles
 * @property {Readonly<Record<string, readonly string[]>>} legal
 * @property {string | null} [selected]
 * @property {string | null} [focusTile]
 * @property {boolean} [focusLater]
 * @property {boolean} interactive
 * @property {string | null} [hinted]
 */
/**
 * A seat's caption: its name, bot level, tile count and what it is doing.
 * @typedef {object} SeatHeadModel
 * @property {number} seat
 * @property {number} count
 * @property {string} level
 * @property {boolean | null} turn
 * @property {boolean | null} thinking
 * @property {{ type: "pass" } | { type: "play", tile: string } | null} action its last move this round
 * @property {boolean} knocking
 * @property {string} [name] the caption, when not the seat's own name
 */

/** A phone on its side lays the hand's tiles flat: a short row leaves the height to the table. */
const FLAT = matchMedia(ON_ITS_SIDE);
/**
 * The markup a revealed hand was last drawn with: an unchanged hand is not drawn again.
 * @type {WeakMap<HTMLElement, string>}
 */
const drawn = new WeakMap();

/**
 * Each tile is a real <button data-tile="a-b">; tiles with no legal place are dimmed and
 * marked aria-disabled (still focusable, so the keyboard can read the whole hand).
 * @param {HTMLElement} el
 * @param {HandModel} model
 */
export function renderSouthHand(el, model) {
  const { tiles, legal, selected, interactive } = model;
  const flat = FLAT.matches;
  const keep = document.activeElement?.closest("[data-face='up'] [data-tile]")?.getAttribute("data-tile");
  // Keyed by tile, as chessground keys its pieces: a tile already in the hand keeps its
  // button (and its focus) and only what changed is written; a played tile's button goes.
  // A hand that showed backs or a revealed hand (pass and play turns the table) starts anew.
  if (el.dataset.face !== "up" || el.dataset.flat !== String(flat)) {
    el.replaceChildren();
    el.dataset.flat = String(flat);
  }
  el.dataset.face = "up";
  delete el.dataset.vertical; // a hidden hand drawn here later must draw its backs afresh
  drawn.delete(el);
  const buttons = new Map(
    [...el.children].flatMap((b) => (b instanceof HTMLButtonElement ? [[b.dataset.tile, b]] : [])),
  );
  /** @type {HTMLButtonElement | null} */
  let previous = null;
  for (const tile of tiles) {
    const playable = interactive && tile in legal;
    const classes = ["hand-tile"];
    if (flat) classes.push("hand-tile--flat");
    if (interactive && !playable) classes.push("hand-tile--dim");
    if (playable) classes.push("hand-tile--playable");
    if (tile === selected) classes.push("hand-tile--selected");
    if (tile === model.hinted) classes.push("hand-tile--hinted");
    const label = !interactive
      ? t("hand.tile", { tile })
      : playable
        ? t("hand.tile_playable", { tile })
        : t("hand.tile_blocked", { tile });
    let button = buttons.get(tile);
    buttons.delete(tile);
    if (!button) {
      button = document.createElement("button");
      button.type = "button";
      button.dataset.tile = tile;
      button.innerHTML = tileSvg(tile, { vertical: !flat });
    }
    const className = classes.join(" ");
    if (button.className !== className) button.className = className;
    setAttr(button, "aria-label", label);
    setAttr(button, "aria-pressed", tile === selected ? "true" : "false");
    setAttr(button, "aria-disabled", interactive && !playable ? "true" : null);
    if (tile !== model.hinted && button.hasAttribute("data-hinted")) button.removeAttribute("data-hinted");
    /** @type {ChildNode | null} */
    const next = previous ? previous.nextSibling : el.firstChild;
    if (next !== button) el.insertBefore(button, next);
    previous = button;
  }
  for (const gone of buttons.values()) gone.remove();
  const refocus = model.focusTile ?? keep;
  const target = refocus ? /** @type {HTMLElement | null} */ (el.querySelector(`[data-tile="${refocus}"]`)) : null;
  if (!target || target === document.activeElement) return;
  if (!model.focusLater) target.focus({ preventScroll: true });
  // Focusing needs an up-to-date layout: in the middle of a frame's writes that would be a
  // forced one, so a drawn-ahead frame focuses at the next, when layout is clean; unless
  // the focus moved in between. A quick player may already be on another tile, or on a lit
  // place after Enter; the first-visit tour may have opened on its Next button.
  else {
    const before = document.activeElement;
    requestAnimationFrame(() => {
      if (target.isConnected && document.activeElement === before && focusStayed()) target.focus({ preventScroll: true });
    });
  }
}

/** Nothing took the focus outside the board (a dialog, the tour, the toolbar). */
function focusStayed() {
  const active = document.activeElement;
  if (document.querySelector("dialog[open]:modal")) return false;
  return !active || active === document.body || Boolean(active.closest("#board"));
}

/**
 * A hidden hand: `count` tile backs.
 * @param {HTMLElement} el
 * @param {number} seat
 * @param {number} count
 * @param {boolean} vertical
 */
export function renderHiddenHand(el, seat, count, vertical) {
  // The label first: it must follow a language switch even when the tiles stay as they are.
  const label = t("hand.hidden_label", { seat: t(`seat.${seat}`), count });
  if (el.getAttribute("aria-label") !== label) el.setAttribute("aria-label", label);
  if (el.childElementCount === count && el.dataset.vertical === String(vertical) && el.dataset.face === "down") return;
  el.dataset.vertical = String(vertical);
  el.dataset.face = "down";
  drawn.delete(el);
  el.innerHTML = Array.from(
    { length: count },
    () => `<span class="back-tile" data-tile="hidden">${backSvg({ vertical })}</span>`,
  ).join("");
}

/**
 * The seat's caption: name, bot level, tile count and what it is doing.
 * @param {HTMLElement} el the seat's head (index.html: its name, level, count and status)
 * @param {SeatHeadModel} model
 */
export function renderSeatHead(el, model) {
  const { seat, count, level, turn, thinking, action, knocking } = model;
  /** @param {string} selector */
  const part = (selector) => /** @type {HTMLElement} */ (el.querySelector(selector));
  const name = model.name ?? (seat === 0 ? `${t("seat.0")} · ${t("seat.you")}` : t(`seat.${seat}`));
  setText(part(".seat__name"), name);
  const human = level === t("bot.human");
  setText(part(".seat__level"), human ? "" : seat === 2 ? `${t("seat.partner")} · ${level}` : level);
  setText(part(".seat__count"), t("seat.tiles", { count }));
  const status = part(".seat__status");
  let text = "";
  if (thinking) text = t("seat.thinking");
  else if (knocking) text = t("seat.knock");
  else if (turn) text = human ? t("seat.your_turn") : t("seat.to_play");
  else if (action?.type === "pass") text = t("seat.knock");
  else if (action?.type === "play") text = t("seat.played", { tile: tileLabel(action.tile) });
  setText(status, text);
  const kind = thinking ? "thinking" : knocking ? "pass" : turn ? "turn" : (action?.type ?? "");
  if (status.dataset.kind !== kind) status.dataset.kind = kind;
}

/**
 * A hand revealed at the end of a round (face up, not clickable).
 * @param {HTMLElement} el
 * @param {readonly string[]} tiles
 * @param {boolean} vertical
 */
export function renderRevealedHand(el, tiles, vertical) {
  el.dataset.vertical = "revealed";
  el.dataset.face = "revealed";
  const markup = tiles
    .map((tile) => `<span class="back-tile back-tile--open" data-tile="${tile}">${tileSvg(tile, { vertical })}</span>`)
    .join("");
  if (drawn.get(el) !== markup) {
    el.innerHTML = markup;
    drawn.set(el, markup);
  }
}
