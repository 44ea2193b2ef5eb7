// The game drawn from plain data: the table (table.js), the four seats (hand.js), the sum
// banner, the team scores and the prompt line. `renderGame` is called with the whole model
// on every change and touches only the board's elements; it decides nothing about the game.

import { renderHiddenHand, renderRevealedHand, renderSeatHead, renderSouthHand } from "./hand.js";
import { signed } from "./html.js";
import { botName, pointName, seatName, t, teamName } from "./i18n.js";
import { POSITIONS, namedSeat, peopleOf, positionOf } from "./people.js";
import { prompt, targetsOf, tileOf } from "./state.js";

/** Is motion wanted? Settings may turn animations on or off: <html data-motion="on|off">. */
export const reducedMotion = () =>
  document.documentElement.dataset.motion === "off" ||
  (document.documentElement.dataset.motion !== "on" && matchMedia("(prefers-reduced-motion: reduce)").matches);

/** A catalogue entry from state.prompt's {key, vars} (seats and teams named here). */
export function promptText(line) {
  if (!line) return "";
  const vars = { ...line.vars };
  if (vars.seat != null) vars.seat = namedSeat(vars.seat, line.names, seatName);
  if (vars.team != null) vars.team = teamName(vars.team);
  return t(line.key, vars);
}

/**
 * Put each seat's section at its place on the screen, `bottom` at the bottom (the table
 * turned to the person playing); the sections keep their seat's hooks, only their place
 * (the `seat--<position>` class) changes.
 */
function placeSeats(board, bottom) {
  board.dataset.bottom = String(bottom);
  for (const seat of [0, 1, 2, 3]) {
    const el = board.querySelector(`.seat[data-seat="${seat}"]`);
    const place = positionOf(seat, bottom);
    for (const position of POSITIONS) el.classList.toggle(`seat--${position}`, position === place);
    el.dataset.position = place;
  }
}

/** A seat's caption name: "South · You" with one person, "Ana · North" for a named person. */
function captionName(seat, snap) {
  const people = peopleOf(snap.bots);
  if (people.length === 1 && people[0] === seat) return `${seatName(seat)} · ${t("seat.you")}`;
  const name = snap.names?.[seat];
  return name ? `${name} · ${seatName(seat)}` : seatName(seat);
}

/** The sum banner's text for a placement event ("2 + 5 + 3 = 10 → +10"). */
export const sumText = (placed) =>
  placed.points > 0 ? t("sum.line", { sum: placed.sum_text, points: placed.points }) : t("sum.none", { sum: placed.sum_text });

/**
 * Draw the game. `model` = {snap, ui, shown (a finished round under its summary, or null),
 * interactive, autoplay, animate, bottom (the seat drawn at the bottom)}; `dom` = {root,
 * board, tableView}. Only the engine's `viewer` has its tiles face up (with several people,
 * nobody's while a bot plays or the device is being passed); a finished round shows all.
 */
export function renderGame(dom, model) {
  const { board, tableView } = dom;
  const { snap, ui, shown, interactive, animate } = model;
  placeSeats(board, model.bottom ?? 0);
  board.dataset.turn = snap.over ? "" : String(snap.turn);
  board.dataset.round = String(snap.round);
  board.classList.toggle("board--animate", animate);
  if (ui.thinking != null) board.dataset.thinking = String(ui.thinking);
  else delete board.dataset.thinking;
  board.toggleAttribute("data-game-over", Boolean(snap.over));
  board.toggleAttribute("data-human-turn", interactive);
  board.toggleAttribute("data-knocking", ui.knocking);

  // The table: the live one, or the finished one under a round summary.
  const table = shown ? shown.table : snap.table;
  const points = new Map((table.points ?? []).map((p) => [p.point, p]));
  const targets = shown ? [] : targetsOf(snap, ui.selected).map((name) => points.get(name)).filter(Boolean);
  const labels = { spinner: t("table.spinner"), targets: {} };
  for (const p of targets) {
    labels.targets[p.point] =
      p.point === "open" ? t("target.open", { tile: ui.selected }) : t("target.label", { tile: ui.selected, point: pointName(p.point) });
  }
  tableView.render({
    table,
    lastTile: shown ? shown.lastTile : tileOf(snap.last),
    newTile: shown ? null : ui.newTile,
    targets,
    activeTarget: ui.activeTarget,
    selectedTile: ui.selected,
    labels,
    animate,
    showEnds: true,
  });
  renderSum(dom.root.querySelector("#sum"), ui.lastPlaced, table);

  for (const seat of [0, 1, 2, 3]) {
    const el = board.querySelector(`[data-seat="${seat}"]`);
    const isTurn = !snap.over && !shown && snap.turn === seat;
    el.classList.toggle("seat--turn", isTurn);
    el.classList.toggle("seat--thinking", ui.thinking === seat);
    el.toggleAttribute("data-active", isTurn);
    el.dataset.lastAction = ui.actions[seat]?.type ?? "";
    renderSeatHead(el.querySelector(".seat__head"), {
      seat,
      count: snap.hand_sizes[seat],
      level: botName(snap.bots[seat]),
      name: captionName(seat, snap),
      turn: isTurn,
      thinking: ui.thinking === seat,
      action: ui.actions[seat],
      knocking: seat === snap.viewer && ui.knocking,
    });
    const hand = el.querySelector("[data-hand]");
    const faceUp = seat === (snap.viewer ?? -1);
    hand.classList.toggle("hand--south", el.dataset.position === "south");
    hand.classList.toggle("hand--hidden", el.dataset.position !== "south");
    hand.setAttribute("role", faceUp ? "group" : "img");
    if (faceUp) {
      hand.setAttribute("aria-label", t("hand.label"));
      renderSouthHand(hand, { tiles: snap.hand, legal: snap.legal, selected: ui.selected, interactive, hinted: ui.hinted, focusTile: ui.focusTile });
    } else if (shown) renderRevealedHand(hand, shown.hands[seat], true); // after the round: face up
    else renderHiddenHand(hand, seat, snap.hand_sizes[seat], true);
  }
  renderScores(snap);
  const line = prompt(snap, ui, model);
  dom.root.querySelector("#prompt").textContent = promptText(line && { ...line, names: snap.names });
  document.querySelector("[data-action='hint']").disabled = !interactive || model.autoplay;
}

/** The sum banner: the last placement's ends and points, popping when it changes. */
function renderSum(el, placed, table) {
  if (!placed || !table.tiles.length) {
    el.textContent = table.tiles.length ? "" : t("table.empty");
    el.dataset.points = "";
    el.classList.remove("sum--scored");
    return;
  }
  const text = sumText(placed);
  const key = `${placed.round}:${placed.move}`;
  if (el.dataset.event === key && el.textContent === text) return;
  el.dataset.event = key;
  el.textContent = text;
  el.dataset.points = String(placed.points);
  el.dataset.team = String(placed.team);
  el.classList.toggle("sum--scored", placed.points > 0);
  restart(el, "sum--pop");
}

/** Restart a CSS animation class. */
function restart(el, className) {
  el.classList.remove(className);
  void el.offsetWidth;
  el.classList.add(className);
}

/** Each team's score, its progress to the target, and the last change popping up. */
function renderScores(snap) {
  for (const team of [0, 1]) {
    const box = document.querySelector(`[data-team="${team}"]`);
    const scoreEl = box.querySelector("[data-team-score]");
    const before = scoreEl.dataset.score; // undefined before the first draw
    const score = snap.scores[team];
    const gain = snap.gains?.[team] ?? 0; // the engine's change since the page's last snapshot
    scoreEl.textContent = String(score);
    scoreEl.dataset.score = String(score);
    box.querySelector(".team__name").textContent = teamName(team);
    const fill = box.querySelector(".team__fill");
    fill.style.width = `${Math.max(0, Math.min(1, score / snap.target)) * 100}%`; // the bar's length
    const bar = box.querySelector(".team__bar");
    bar.setAttribute("aria-valuenow", String(score));
    bar.setAttribute("aria-valuemax", String(snap.target));
    bar.setAttribute("aria-label", t("team.score_label", { team: teamName(team), score, target: snap.target }));
    box.querySelector(".team__target").textContent = t("team.progress", { score, target: snap.target });
    if (before != null && String(score) !== before && gain) {
      box.querySelector(".team__gain").textContent = signed(gain);
      restart(box.querySelector(".team__gain"), "team__gain--pop");
    }
    box.classList.toggle("team--winner", snap.winner === team);
  }
}
