// The game drawn from plain data: the table (table.js), the four seats (hand.js), the sum
// banner, the team scores and the prompt line. `renderGame` is called with the whole model
// on every change and touches only the board's elements; it decides nothing about the game.

import { renderHiddenHand, renderRevealedHand, renderSeatHead, renderSouthHand } from "./hand.js";
import { num, signed } from "../util/html.js";
import { fitLabel } from "../util/fit.js";
import { botName, pointName, seatName, setYouSeat, t, teamName, teamShortName } from "../util/i18n.js";
import { POSITIONS, namedSeat, onlyPerson, positionOf } from "../model/people.js";
import { prompt, targetsOf, tileOf } from "../model/state.js";
import { setAttr, setData, setText, toggleAttr, toggleClass } from "../util/write.js";

/** @typedef {import("../protocol").Snapshot} Snapshot */
/** @typedef {import("../protocol").Table} Table */
/** @typedef {import("../protocol").PlacedJSON} PlacedJSON */
/** @typedef {import("../model/state.js").Ui} Ui */
/** @typedef {import("../model/state.js").Shown} Shown */
/** @typedef {import("../model/state.js").SeatAction} SeatAction */
/** @typedef {import("../model/state.js").Prompt} Prompt */
/**
 * What is drawn: the snapshot, the UI state, a finished round under its summary (or null),
 * whether the person may move, whether bots play alone, whether motion is wanted, the seat
 * drawn at the bottom, and whether it is drawn at once for the player's input (not in an
 * animation frame).
 * @typedef {object} GameModel
 * @property {Snapshot} snap
 * @property {Ui} ui
 * @property {Shown | null} shown
 * @property {boolean} interactive
 * @property {boolean} autoplay
 * @property {boolean} [ended]  the table ended before the game did (the host left)
 * @property {boolean} animate
 * @property {number | null} [bottom]
 * @property {boolean} [now]
 */
/**
 * Where it is drawn: the page, its board and the table's view.
 * @typedef {{ root: ParentNode, board: HTMLElement, tableView: import("./table.js").TableView }} GameDom
 */

/**
 * An element the page's own markup (index.html) has under `root`.
 * @param {ParentNode} root
 * @param {string} selector
 */
const part = (root, selector) => /** @type {HTMLElement} */ (root.querySelector(selector));

/** Is motion wanted? Settings may turn animations on or off: <html data-motion="on|off">. */
export const reducedMotion = () =>
  document.documentElement.dataset.motion === "off" ||
  (document.documentElement.dataset.motion !== "on" && matchMedia("(prefers-reduced-motion: reduce)").matches);

/**
 * A catalogue entry from state.prompt's {key, vars} (seats and teams named here).
 * @param {(Prompt & { names?: readonly (string | null)[] | null }) | null} line
 */
function promptText(line) {
  if (!line) return "";
  const vars = { ...line.vars };
  if (vars.seat != null) vars.seat = namedSeat(Number(vars.seat), line.names, seatName);
  if (vars.team != null) vars.team = teamName(Number(vars.team));
  return t(line.key, vars);
}

/**
 * Put each seat's section at its place on the screen, `bottom` at the bottom (the table
 * turned to the person playing); the sections keep their seat's hooks, only their place
 * (the `seat--<position>` class) changes. The prompt speaks to the person at the bottom,
 * so it goes with that section, under the hand. True when they moved.
 * @param {HTMLElement} board
 * @param {number} bottom
 */
function placeSeats(board, bottom) {
  if (board.dataset.bottom === String(bottom)) return false; // nothing moves: nothing written
  board.dataset.bottom = String(bottom);
  for (const seat of [0, 1, 2, 3]) {
    const el = part(board, `.seat[data-seat="${seat}"]`);
    const place = positionOf(seat, bottom);
    for (const position of POSITIONS) el.classList.toggle(`seat--${position}`, position === place);
    el.dataset.position = place;
    if (place === "south") el.append(part(board, "#prompt"));
  }
  return true;
}

/**
 * A seat's caption name: "South · You" with one person, "Ana · North" for a named person.
 * @param {number} seat
 * @param {Snapshot} snap
 */
function captionName(seat, snap) {
  if (onlyPerson(snap.bots) === seat) return `${seatName(seat)} · ${t("seat.you")}`;
  const name = snap.names?.[seat];
  return name ? `${name} · ${seatName(seat)}` : seatName(seat);
}

/** Each seat's latest tile this round ({"a-b": seat}), while that seat has not moved again:
 *  a glance at the table shows what the partner and the opponents just did.
 * @param {readonly (SeatAction | null)[]} actions
 */
function seatTiles(actions) {
  /** @type {Record<string, number>} */
  const tiles = {};
  actions.forEach((action, seat) => {
    if (action?.type === "play") tiles[action.tile] = seat;
  });
  return tiles;
}

/**
 * The sum banner's text for a placement event ("2 + 5 + 3 = 10 → +10").
 * @param {Pick<PlacedJSON, "points" | "sum_text">} placed
 */
export const sumText = (placed) =>
  placed.points > 0 ? t("sum.line", { sum: placed.sum_text, points: placed.points }) : t("sum.none", { sum: placed.sum_text });

/**
 * Let go of the focus first when the draw is about to remove the focused element (the tile
 * just played, or a lit target once none is lit). A browser removing a focused element
 * brings the page's style up to date at once; in the middle of the draw's writes that was
 * a forced recalculation of everything written so far, 6 ms a move with the CPU 4x slower.
 * At the draw's start there is next to nothing to recalculate. Focus ends where removal
 * would leave it (the page), with the same blur event.
 * @param {HTMLElement} board
 * @param {Snapshot} snap
 * @param {boolean} targetsLit
 */
function releaseFocus(board, snap, targetsLit) {
  const el = document.activeElement;
  if (!(el instanceof HTMLElement || el instanceof SVGElement) || el === document.body || !board.contains(el)) return;
  const tile = el.closest("[data-face='up'] [data-tile]")?.getAttribute("data-tile");
  const played = tile != null && !(snap.hand ?? []).includes(tile);
  const unlit = !targetsLit && el.closest("[data-target]") != null;
  if (played || unlit) el.blur();
}

/**
 * Draw the game. `model` = {snap, ui, shown (a finished round under its summary, or null),
 * interactive, autoplay, animate, bottom (the seat drawn at the bottom), now (drawn at once
 * for the player's input, not in an animation frame)}; `dom` = {root, board, tableView}.
 * Only the engine's `viewer` has its tiles face up (with several people, nobody's while a bot
 * plays or the device is being passed); a finished round shows all. A focus about to be
 * removed is let go first (`releaseFocus`); then the table: it is the only part that reads
 * the page's layout, and it reads before anything is written.
 * @param {GameDom} dom
 * @param {GameModel} model
 */
export function renderGame(dom, model) {
  const { board, tableView } = dom;
  const { snap, ui, shown, interactive, animate } = model;
  setYouSeat(onlyPerson(snap.bots), snap.names); // the team names, everywhere, follow
  const lit = shown ? [] : targetsOf(snap, ui.selected);
  releaseFocus(board, snap, lit.length > 0);
  if (placeSeats(board, model.bottom ?? 0)) tableView.seatsMoved();

  // The table: the live one, or the finished one under a round summary.
  const table = shown ? shown.table : snap.table;
  const points = new Map((table.points ?? []).map((p) => [p.point, p]));
  const targets = lit.flatMap((name) => points.get(name) ?? []);
  /** @type {{ spinner: string, targets: Record<string, string> }} */
  const labels = { spinner: t("table.spinner"), targets: {} };
  for (const p of targets) {
    labels.targets[p.point] =
      p.point === "open" ? t("target.open", { tile: ui.selected }) : t("target.label", { tile: ui.selected, point: pointName(p.point, p.angle) });
  }
  tableView.render({
    table,
    lastTile: shown ? shown.lastTile : tileOf(snap.last),
    newTile: shown ? null : ui.newTile,
    newSeat: shown ? null : ui.lastPlaced?.seat, // a new tile travels from its player's seat
    seatTiles: shown ? {} : seatTiles(ui.actions),
    targets,
    activeTarget: ui.activeTarget,
    selectedTile: ui.selected,
    labels,
    animate,
    showEnds: true,
  });

  setData(board, "turn", snap.over ? "" : String(snap.turn));
  setData(board, "round", String(snap.round));
  toggleClass(board, "board--animate", animate);
  if (ui.thinking != null) setData(board, "thinking", String(ui.thinking));
  else if ("thinking" in board.dataset) delete board.dataset.thinking;
  toggleAttr(board, "data-game-over", Boolean(snap.over));
  toggleAttr(board, "data-human-turn", interactive);
  toggleAttr(board, "data-knocking", ui.knocking);
  renderSum(part(dom.root, "#sum"), ui.lastPlaced, table, animate);

  for (const seat of [0, 1, 2, 3]) {
    const el = part(board, `[data-seat="${seat}"]`);
    const isTurn = !snap.over && !shown && snap.turn === seat;
    toggleClass(el, "seat--turn", isTurn);
    toggleClass(el, "seat--thinking", ui.thinking === seat);
    toggleAttr(el, "data-active", isTurn);
    setData(el, "lastAction", ui.actions[seat]?.type ?? "");
    renderSeatHead(part(el, ".seat__head"), {
      seat,
      count: snap.hand_sizes[seat],
      level: botName(snap.bots[seat]),
      name: captionName(seat, snap),
      turn: isTurn,
      thinking: ui.thinking === seat,
      action: ui.actions[seat],
      knocking: seat === snap.viewer && ui.knocking,
    });
    const hand = part(el, "[data-hand]");
    const faceUp = seat === (snap.viewer ?? -1);
    toggleClass(hand, "hand--south", el.dataset.position === "south");
    toggleClass(hand, "hand--hidden", el.dataset.position !== "south");
    setAttr(hand, "role", faceUp ? "group" : "img");
    if (faceUp) {
      setAttr(hand, "aria-label", t("hand.label"));
      renderSouthHand(hand, {
        tiles: snap.hand,
        legal: snap.legal,
        selected: ui.selected,
        interactive,
        hinted: ui.hinted,
        focusTile: ui.focusTile,
        focusLater: !model.now,
      });
    } else if (shown) renderRevealedHand(hand, shown.hands[seat], true); // after the round: face up
    else renderHiddenHand(hand, seat, snap.hand_sizes[seat], true);
  }
  renderScores(snap, animate);
  const line = prompt(snap, ui, model);
  setText(part(dom.root, "#prompt"), promptText(line && { ...line, names: snap.names }));
  const hint = /** @type {HTMLButtonElement} */ (part(document, "[data-action='hint']"));
  const noHint = !interactive || model.autoplay;
  if (hint.disabled !== noHint) hint.disabled = noHint;
}

/**
 * The sum banner: the last placement's ends and points, popping when it changes.
 * @param {HTMLElement} el
 * @param {PlacedJSON | null} placed
 * @param {Table} table
 * @param {boolean} animate
 */
function renderSum(el, placed, table, animate) {
  if (!placed || !table.tiles.length) {
    setText(el, table.tiles.length ? "" : t("table.empty"));
    setData(el, "points", "");
    toggleClass(el, "sum--scored", false);
    return;
  }
  const text = sumText(placed);
  const key = `${placed.round}:${placed.move}`;
  if (el.dataset.event === key && el.textContent === text) return;
  const fresh = el.dataset.event !== key;
  el.dataset.event = key;
  setText(el, text);
  setData(el, "points", String(placed.points));
  setData(el, "team", String(placed.team));
  toggleClass(el, "sum--scored", placed.points > 0);
  if (fresh && animate) el.animate(POP, { duration: 450, easing: "ease-out" });
}

/** The banner's pop, run with the Web Animations API: restarting a CSS animation class
 *  needs a forced layout between removing and adding it. */
const POP = [
  { transform: "scale(0.6)", opacity: 0 },
  { transform: "scale(1.15)", opacity: 1, offset: 0.6 },
  { transform: "scale(1)", opacity: 1 },
];
const GAIN = [
  { opacity: 0, transform: "translateY(0.6rem)" },
  { opacity: 1, transform: "translateY(0)", offset: 0.2 },
  { opacity: 1, transform: "translateY(0)", offset: 0.8 },
  { opacity: 0, transform: "translateY(-0.4rem)" },
];
const COUNT_MS = 700;
/**
 * The score elements whose number is counting to a new score right now, each with its count
 * (a newer count takes the element over; an older one, stopping, must not end the newer).
 * @type {WeakMap<HTMLElement, object>}
 */
const counting = new WeakMap();

/** Each team's score, its progress to the target, and the last change popping up; the
 *  shown number counts up (or down) to the new score when motion is wanted.
 * @param {Snapshot} snap
 * @param {boolean} animate
 */
function renderScores(snap, animate) {
  for (const team of [0, 1]) {
    const box = part(document, `[data-team="${team}"]`);
    const scoreEl = part(box, "[data-team-score]");
    const before = scoreEl.dataset.score; // undefined before the first draw
    const score = snap.scores[team];
    const gain = snap.gains?.[team] ?? 0; // the engine's change since the page's last snapshot
    const changed = before != null && String(score) !== before;
    scoreEl.dataset.score = String(score);
    if (changed && animate) countTo(scoreEl, Number(before), score);
    else if (!counting.has(scoreEl)) setText(scoreEl, num(score));
    const name = part(box, ".team__name");
    // Named by the game from now on, not by the page's loading text (index.html's data-i18n).
    if (name.dataset.i18n) delete name.dataset.i18n;
    fitLabel(name, teamName(team), teamShortName(team));
    const fill = part(box, ".team__fill");
    const width = `${Math.max(0, Math.min(1, score / snap.target)) * 100}%`; // the bar's length
    if (fill.style.width !== width) fill.style.width = width;
    const bar = part(box, ".team__bar");
    setAttr(bar, "aria-valuenow", String(score));
    setAttr(bar, "aria-valuemax", String(snap.target));
    setAttr(bar, "aria-label", t("team.score_label", { team: teamName(team), count: score, target: snap.target }));
    setText(part(box, ".team__target"), t("team.progress", { score, target: snap.target }));
    if (changed && gain) {
      const gainEl = part(box, ".team__gain");
      gainEl.textContent = signed(gain);
      if (animate) gainEl.animate(GAIN, { duration: 1400, easing: "ease-out" });
    }
    toggleClass(box, "team--winner", snap.winner === team);
  }
}

/** Count the shown score from `from` to `to` over COUNT_MS, one text write per frame. The
 *  element's `data-score` holds the true score all along (and the meter its value). The
 *  clock starts at the first frame, not at the call: after a heavy draw on a slow phone the
 *  first frame can come late, and a clock started early had the count jump to its end.
 * @param {HTMLElement} el
 * @param {number} from
 * @param {number} to
 */
function countTo(el, from, to) {
  /** @type {number | null} */
  let start = null;
  const run = {};
  counting.set(el, run);
  /** @param {number} now */
  const step = (now) => {
    if (counting.get(el) !== run) return; // a newer count took over
    if (el.dataset.score !== String(to)) {
      // A newer score drawn without motion: it was not written while this count ran.
      counting.delete(el);
      setText(el, num(Number(el.dataset.score)));
      return;
    }
    start ??= now;
    const k = Math.min(1, Math.max(0, (now - start) / COUNT_MS));
    const eased = 1 - (1 - k) ** 3;
    setText(el, num(Math.round(from + (to - from) * eased)));
    if (k < 1) requestAnimationFrame(step);
    else counting.delete(el);
  };
  requestAnimationFrame(step);
}
