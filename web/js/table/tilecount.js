// The tile count under the table (a setting, off by default): for each number, how many of
// its tiles the player has not seen yet (neither on the table nor in their hand), and the
// letters of the players known to have none of it (they knocked while it was open). Good
// players keep this in their head; a learner can read it here. The engine computes it from
// the player's own view (snapshot `count`, seven_rocks/app/tally.py); this module only
// draws it, after each of the game's draws (RENDERED, page-events.js), and lends its
// strip to the coach (review.js), which shows the count of each reviewed position.

import { listOf, onLanguageChange, seatName, t } from "../util/i18n.js";
import { RENDERED } from "../model/page-events.js";
import { onPrefChange, tileCountOn } from "../ui/settings.js";
import { setAttr, setData, setText, toggleClass } from "../util/write.js";

/** @typedef {import("../protocol").TileCount} TileCount */

/**
 * What a screen reader says of one number, in the reader's language.
 * @param {number} number
 * @param {number} hidden
 * @param {readonly number[]} lacking
 */
function numberLabel(number, hidden, lacking) {
  const seen = t("count.number", { number, count: hidden });
  return lacking.length ? `${seen}; ${t("count.lacking", { seats: listOf(lacking.map(seatName)) })}` : seen;
}

/**
 * A strip for `count` (the engine's: one cell per number it lists), empty until
 * `drawCount` fills it, with `data-<hook>` for tests.
 * @param {string} hook
 * @param {Pick<TileCount, "hidden">} count
 */
export function makeCountStrip(hook, count) {
  const el = document.createElement("section");
  el.className = "tile-count";
  el.dataset[hook] = "";
  el.setAttribute("role", "group");
  const cells = Array.from(
    { length: count.hidden.length },
    (_, n) =>
      `<li class="tile-count__number" data-number="${n}"><span class="tile-count__said"></span>` +
      `<span class="tile-count__face" aria-hidden="true">${n}</span>` +
      `<span class="tile-count__hidden" aria-hidden="true"></span>` +
      `<span class="tile-count__lacks" aria-hidden="true"></span></li>`,
  ).join("");
  el.innerHTML = `<span class="tile-count__label" aria-hidden="true"></span><ol class="tile-count__numbers">${cells}</ol>`;
  return el;
}

/**
 * Fill a strip with a count (the engine's `count`), writing only what changed.
 * @param {HTMLElement} el
 * @param {Pick<TileCount, "hidden" | "lacking">} count
 */
export function drawCount(el, count) {
  setAttr(el, "aria-label", t("count.title"));
  setText(/** @type {HTMLElement} */ (el.querySelector(".tile-count__label")), t("count.label"));
  const cells = /** @type {NodeListOf<HTMLElement>} */ (el.querySelectorAll(".tile-count__number"));
  for (let number = 0; number < count.hidden.length; number++) {
    const cell = cells[number];
    const hidden = count.hidden[number];
    const lacking = count.lacking[number];
    setData(cell, "hidden", String(hidden));
    setData(cell, "lacking", lacking.join(" "));
    toggleClass(cell, "tile-count__number--out", hidden === 0);
    /** @type {(selector: string) => HTMLElement} */
    const part = (selector) => /** @type {HTMLElement} */ (cell.querySelector(selector));
    setText(part(".tile-count__said"), numberLabel(number, hidden, lacking));
    setText(part(".tile-count__hidden"), String(hidden));
    setText(part(".tile-count__lacks"), lacking.map((seat) => t(`seat.initial.${seat}`)).join(""));
  }
}

export class TileCountView {
  /** @param {Pick<import("../ui/panel-host.js").PanelHost, "snap" | "roundShown">} host */
  constructor(host) {
    this.host = host;
    /** @type {HTMLElement | null} */
    this.el = null;
    // The phone menu's switch (static markup) says whether the count is on.
    this.toggle = document.querySelector("#toolbar [data-action='count']");
    const draw = () => this.draw();
    document.addEventListener(RENDERED, draw);
    onPrefChange((/** @type {string} */ name) => name === "tile_count" && draw());
    onLanguageChange(draw);
  }

  /** The count to show now, or null: the setting off, no hand on show (a pass screen), or
   *  a finished round's table under its summary (the count is the next round's). */
  current() {
    const snap = this.host.snap();
    if (!tileCountOn() || !snap?.count || this.host.roundShown()) return null;
    return snap.count;
  }

  draw() {
    if (this.toggle) setAttr(this.toggle, "aria-pressed", String(tileCountOn()));
    const count = this.current();
    if (!count) {
      this.el?.remove();
      this.el = null;
      return;
    }
    if (!this.el?.isConnected) {
      // At the foot of the table, above an open hint.
      this.el = makeCountStrip("tileCount", count);
      const area = /** @type {HTMLElement} */ (document.querySelector(".table-area"));
      area.insertBefore(this.el, area.querySelector(".hint-panel"));
    }
    drawCount(this.el, count);
  }
}
