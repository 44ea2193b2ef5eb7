// The four seats: South's hand face up (buttons), the others face down with their counts.
// Pure renderers of a plain model; events are handled by the controller on the board.

import { t } from "./i18n.js";
import { backSvg, tileSvg } from "./tiles.js";

/**
 * model = {tiles, legal, selected, focusTile, interactive, hinted}
 * Each tile is a real <button data-tile="a-b">; tiles with no legal place are dimmed and
 * marked aria-disabled (still focusable, so the keyboard can read the whole hand).
 */
/** A phone on its side lays the hand's tiles flat: a short row leaves the height to the table. */
const FLAT = "(max-height: 500px) and (orientation: landscape)";

export function renderSouthHand(el, model) {
  const { tiles, legal, selected, interactive } = model;
  const flat = matchMedia(FLAT).matches;
  const keep = document.activeElement?.closest?.("[data-face='up'] [data-tile]")?.dataset.tile;
  el.dataset.face = "up";
  delete el.dataset.vertical; // a hidden hand drawn here later must draw its backs afresh
  el.innerHTML = tiles
    .map((tile) => {
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
      const pressed = tile === selected ? "true" : "false";
      const disabled = interactive && !playable ? ` aria-disabled="true"` : "";
      return (
        `<button type="button" class="${classes.join(" ")}" data-tile="${tile}" aria-label="${label}" aria-pressed="${pressed}"${disabled}>` +
        `${tileSvg(tile, { vertical: !flat })}</button>`
      );
    })
    .join("");
  const refocus = model.focusTile ?? keep;
  if (refocus) el.querySelector(`[data-tile="${refocus}"]`)?.focus({ preventScroll: true });
}

/** A hidden hand: `count` tile backs. */
export function renderHiddenHand(el, seat, count, vertical) {
  // The label first: it must follow a language switch even when the tiles stay as they are.
  el.setAttribute("aria-label", t("hand.hidden_label", { seat: t(`seat.${seat}`), count }));
  if (el.childElementCount === count && el.dataset.vertical === String(vertical) && el.dataset.face === "down") return;
  el.dataset.vertical = String(vertical);
  el.dataset.face = "down";
  el.innerHTML = Array.from(
    { length: count },
    () => `<span class="back-tile" data-tile="hidden">${backSvg({ vertical })}</span>`,
  ).join("");
}

/**
 * The seat's caption: name, bot level, tile count and what it is doing.
 * model = {seat, count, level, turn, thinking, action, name (the caption, optional)}
 */
export function renderSeatHead(el, model) {
  const { seat, count, level, turn, thinking, action, knocking } = model;
  const name = model.name ?? (seat === 0 ? `${t("seat.0")} · ${t("seat.you")}` : t(`seat.${seat}`));
  el.querySelector(".seat__name").textContent = name;
  const human = level === t("bot.human");
  el.querySelector(".seat__level").textContent = human ? "" : seat === 2 ? `${t("seat.partner")} · ${level}` : level;
  el.querySelector(".seat__count").textContent =
    count === 1 ? t("seat.tiles_one") : t("seat.tiles", { count });
  const status = el.querySelector(".seat__status");
  let text = "";
  if (thinking) text = t("seat.thinking");
  else if (knocking) text = t("seat.knock");
  else if (turn) text = human ? t("seat.your_turn") : t("seat.to_play");
  else if (action?.type === "pass") text = t("seat.knock");
  else if (action?.type === "play") text = t("seat.played", { tile: action.tile });
  status.textContent = text;
  status.dataset.kind = thinking ? "thinking" : knocking ? "pass" : turn ? "turn" : (action?.type ?? "");
}

/** A hand revealed at the end of a round (face up, not clickable). */
export function renderRevealedHand(el, tiles, vertical) {
  el.dataset.vertical = "revealed";
  el.dataset.face = "revealed";
  el.innerHTML = tiles
    .map((tile) => `<span class="back-tile back-tile--open" data-tile="${tile}">${tileSvg(tile, { vertical })}</span>`)
    .join("");
}
