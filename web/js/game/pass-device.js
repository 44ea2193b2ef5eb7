// The pass screen of pass-and-play: when the turn moves from one person to another, it covers
// the board ("Pass to North — tap when ready") until that person taps. It shows no tiles:
// while it is up, the engine has sent nobody's hand (the page asks for that seat's view only
// after the tap: controller.takeSeat). It covers the board alone, so the toolbar (new game,
// score sheet, rules) stays usable; focus goes to its button, then to the hand. Above the
// button it lists what the person missed since their last turn, each move with its seat and
// points, as the move log said them: the table alone does not tell who laid what.
//
// Hooks: [data-pass-device][data-seat="<the person to hand the device to>"], and its
// [data-pass-missed] li, one a move missed.

import { describeEvent } from "../model/announce.js";
import { esc } from "../util/html.js";
import { onLanguageChange, seatName, t } from "../util/i18n.js";

/** @typedef {import("../protocol").PlacedJSON | import("../protocol").PassedJSON} Move */
/** @typedef {{ seat: number, name: string | null, missed: readonly Move[] }} Who the person the
 *  device goes to, and the moves since their last turn */

/** @type {(Who & { el: HTMLElement }) | null} */
let screen = null;

/** @param {Who} who */
function text({ seat, name }) {
  const who = name ? t("pass.named", { name, seat: seatName(seat) }) : seatName(seat);
  return { title: t("pass.title", { seat: who }), ready: t("pass.ready"), note: t("pass.note", { seat: who }) };
}

/**
 * @param {HTMLElement} el the pass screen (its markup: showPassScreen)
 * @param {Who} who
 */
function fill(el, who) {
  const words = text(who);
  /** @param {string} selector */
  const part = (selector) => /** @type {HTMLElement} */ (el.querySelector(selector));
  part("[data-pass-title]").textContent = words.title;
  part("[data-pass-note]").textContent = words.note;
  part("[data-pass-ready]").textContent = words.ready;
  part("[data-pass-ready]").setAttribute("aria-label", `${words.title} — ${words.ready}`);
  const missed = part("[data-pass-missed]");
  missed.hidden = who.missed.length === 0;
  part("[data-pass-missed-title]").textContent = t("pass.missed");
  part("[data-pass-missed] ol").innerHTML = who.missed.map((move) => `<li>${esc(describeEvent(move))}</li>`).join("");
}

onLanguageChange(() => {
  if (screen?.el.isConnected) fill(screen.el, screen);
});

/**
 * Cover `board` with the pass screen for `seat` (named `name`, or null), listing the moves it
 * `missed`; `onReady()` runs once when the person taps (or presses Enter/Space on the focused
 * button). Showing it again for the same seat keeps the one already up.
 * @param {HTMLElement} board
 * @param {{ seat: number, name?: string | null, missed?: readonly Move[], onReady: () => void }} options
 */
export function showPassScreen(board, { seat, name = null, missed = [], onReady }) {
  if (screen?.el.isConnected && screen.seat === seat) return screen.el;
  hidePassScreen();
  const el = document.createElement("section");
  el.className = "pass-screen";
  el.dataset.passDevice = "";
  el.dataset.seat = String(seat);
  el.setAttribute("role", "dialog");
  el.setAttribute("aria-labelledby", "pass-title");
  el.setAttribute("aria-describedby", "pass-note");
  el.innerHTML =
    `<h2 class="pass-screen__title" id="pass-title" data-pass-title></h2>` +
    `<p class="pass-screen__note" id="pass-note" data-pass-note></p>` +
    `<section class="pass-screen__missed" data-pass-missed aria-labelledby="pass-missed-title">` +
    `<h3 class="pass-screen__missed-title" id="pass-missed-title" data-pass-missed-title></h3><ol></ol></section>` +
    `<button type="button" class="button button--primary pass-screen__ready" data-pass-ready>${esc(t("pass.ready"))}</button>`;
  screen = { el, seat, name, missed };
  fill(el, screen);
  let done = false;
  const ready = /** @type {HTMLButtonElement} */ (el.querySelector("[data-pass-ready]"));
  ready.addEventListener("click", () => {
    if (done) return;
    done = true;
    onReady();
  });
  board.append(el);
  board.dataset.passing = String(seat);
  ready.focus({ preventScroll: true });
  return el;
}

/** Take the pass screen away (the person took the device, or a new game began). */
export function hidePassScreen() {
  if (!screen) return;
  const board = screen.el.parentElement;
  screen.el.remove();
  if (board) delete board.dataset.passing;
  screen = null;
}
