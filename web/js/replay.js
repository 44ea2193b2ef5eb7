// The replay viewer: a game record checked by the engine (every move is replayed and
// re-checked), then shown move by move with every hand face up. It draws with the game's
// own table renderer on its own <svg>, never touches the game in progress (the controller
// holds its bots while the viewer is open), and closing it returns there.
//
// A long record (thousands of rounds) takes the engine seconds to check, so it is checked a
// slice at a time (`replay_load`), with a progress bar fed by the engine's count of rounds
// done; once checked, the viewer asks for one round at a time (`replay_round`): the whole
// story of a long game, every position's table, would be far too big to send at once.
//
// A position is (round, k): the table after the round's first k turns; k = 0 is the deal.

import { ENGINE_LOST, EngineError } from "../bridge.js";
import { botName, pointName, seatName, t, teamName } from "./i18n.js";
import { onlyPerson, parseSeatLabel } from "./people.js";
import { I18N, describeEvent, howRoundEnded } from "./announce.js";
import { esc } from "./html.js";
import { openPanel } from "./modal.js";
import { offerReview } from "./review.js";
import { sumText } from "./render.js";
import { NARROW, screenIs } from "./screens.js";
import { TableView, afterReshape } from "./table.js";
import { tileSvg } from "./tiles.js";

const EMPTY_TABLE = { tiles: [], ends: [], points: [], bounds: [-1, -0.5, 1, 0.5] };
const SEATS_SHOWN = [2, 1, 3, 0]; // north, west, east, south (the board's reading order)
const AREA = { 0: "south", 1: "west", 2: "north", 3: "east" };
const icon = (d) => `<svg class="replay__icon" viewBox="0 0 16 16" aria-hidden="true" focusable="false"><path d="${d}"/></svg>`;
const ICONS = {
  start: icon("M3 3h2v10H3zM13 3v10L6 8z"),
  prev: icon("M12 3v10L4 8z"),
  next: icon("M4 3v10l8-5z"),
  end: icon("M11 3h2v10h-2zM3 3v10l7-5z"),
};

/** How long each slice of a record's check may keep the engine busy (ms). */
const SLICE_MS = 150;

/** Group one round's events: {started, turns: [placed|passed], settled, won}. */
function roundEvents(events) {
  const out = { started: null, turns: [], settled: null, won: null };
  for (const event of events) {
    if (event.type === "round_started") out.started = event;
    else if (event.type === "placed" || event.type === "passed") out.turns.push(event);
    else if (event.type === "round_settled") out.settled = event;
    else if (event.type === "game_won") out.won = event;
  }
  return out;
}

/** The panel shown while a long record is checked: a determinate bar, and a way out. */
function progressPanel(controller, onCancel) {
  const html = `<div class="replay-loading">
      <h2>${esc(t("replay.loading_title"))}</h2>
      <p data-replay-progress-text aria-live="polite"></p>
      <progress data-replay-progress max="1" value="0"></progress>
      <button type="button" class="button" data-action="close-panel">${esc(t("replay.cancel"))}</button>
    </div>`;
  let finished = false;
  const { dialog, close } = openPanel({
    hold: controller.pacer,
    className: "dialog--replay-loading",
    hook: "replayLoading",
    html,
    onClose: () => {
      if (!finished) onCancel();
    },
  });
  const bar = dialog.querySelector("[data-replay-progress]");
  const text = dialog.querySelector("[data-replay-progress-text]");
  return {
    update(done, total) {
      bar.max = Math.max(1, total);
      bar.value = done;
      bar.setAttribute("aria-valuetext", t("replay.loading", { done, total }));
      text.textContent = t("replay.loading", { done, total });
    },
    close() {
      finished = true;
      close();
    },
  };
}

export class Replay {
  /** @param summary the engine's `replay_load` summary; @param name what to call it (a file name) */
  constructor({ controller, summary, name, aspect }) {
    this.controller = controller;
    this.summary = summary;
    this.record = summary.record;
    // The record's own table names its teams ("You & North" only if one person played).
    const you = onlyPerson((this.record.seats ?? []).map((label) => parseSeatLabel(label).bot));
    this.teamName = (team) => teamName(team, you, null);
    this.name = name;
    this.aspect = aspect;
    this.rounds = new Map(); // round index -> promise of {story, events} (asked for when shown)
    this.positions = [];
    summary.turns.forEach((turns, r) => {
      for (let k = 0; k <= turns; k += 1) this.positions.push({ r, k });
    });
    this.index = 0;
  }

  /** Check a record with the engine (a slice at a time, with a progress bar when it takes
   *  more than one) and open the viewer; a bad record becomes one notice. */
  static async open(controller, record, name = "") {
    const aspect = Replay.guessAspect();
    const engine = controller.engine;
    let progress = null;
    let cancelled = false;
    let reply;
    try {
      reply = await engine.call("replay_load", { record, budget_ms: SLICE_MS });
      while (!reply.finished) {
        progress ??= progressPanel(controller, () => {
          cancelled = true;
        });
        progress.update(reply.done, reply.total);
        reply = await engine.call("replay_load", { budget_ms: SLICE_MS });
        if (cancelled) return null;
      }
    } catch (error) {
      if (error instanceof EngineError && error.type === ENGINE_LOST) return null; // said once
      const message = error instanceof EngineError ? error.message : String(error?.message ?? error);
      controller.notify("replay.invalid", { message }, "error");
      return null;
    } finally {
      progress?.close();
    }
    const replay = new Replay({ controller, summary: reply.summary, name, aspect });
    replay.show();
    offerReview(replay.dialog.querySelector(".replay__head"), controller, record); // the coach
    return replay;
  }

  /** Round `r` (from 0) as the engine tells it, asked for once per layout. */
  round(r) {
    if (!this.rounds.has(r)) {
      const asked = this.controller.engine
        .call("replay_round", { round: r + 1, aspect: this.aspect })
        .then((story) => ({ story, events: roundEvents(story.events) }));
      asked.catch(() => this.rounds.delete(r));
      this.rounds.set(r, asked);
    }
    return this.rounds.get(r);
  }

  /** The drawing area's shape before it exists (the engine clamps it to what it lays out). */
  static guessAspect() {
    const wide = !screenIs(NARROW);
    const w = wide ? innerWidth * 0.62 : innerWidth - 16;
    const h = wide ? innerHeight * 0.5 : innerHeight * 0.36;
    return Math.round((w / h) * 100) / 100;
  }

  show() {
    const seatBox = (seat) =>
      `<section class="replay__seat replay__seat--${AREA[seat]}" data-replay-seat="${seat}">` +
      `<h3 class="replay__seat-name"></h3><div class="replay__hand" data-replay-hand="${seat}"></div></section>`;
    const html = `<div class="replay" data-step="0">
      <header class="replay__head">
        <h2>${esc(t("replay.title"))}</h2>
        <span class="replay__name muted" data-replay-name>${esc(this.name)}</span>
        <button type="button" class="button" data-action="close-panel">${esc(t("replay.close"))}</button>
      </header>
      <div class="replay__controls" role="group" aria-label="${esc(t("replay.controls"))}">
        <label class="replay__round"><span>${esc(t("replay.round_label"))}</span>
          <select data-replay-round>${this.summary.turns
            .map((_, r) => `<option value="${r}">${esc(t("replay.round", { round: r + 1 }))}</option>`)
            .join("")}</select></label>
        <button type="button" class="button" data-replay-step="start" aria-label="${esc(t("replay.start"))}" title="${esc(t("replay.start"))}">${ICONS.start}</button>
        <button type="button" class="button" data-replay-step="prev" aria-label="${esc(t("replay.prev"))}" title="${esc(t("replay.prev"))}">${ICONS.prev}</button>
        <button type="button" class="button button--primary" data-replay-step="next" aria-label="${esc(t("replay.next"))}" title="${esc(t("replay.next"))}">${ICONS.next}</button>
        <button type="button" class="button" data-replay-step="end" aria-label="${esc(t("replay.end"))}" title="${esc(t("replay.end"))}">${ICONS.end}</button>
        <span class="replay__position" data-replay-position aria-live="polite"></span>
      </div>
      <div class="replay__board">
        ${SEATS_SHOWN.map(seatBox).join("")}
        <div class="replay__table">
          <svg class="table" data-replay-table viewBox="-8 -5 16 10" preserveAspectRatio="xMidYMid meet" role="img" aria-label="${esc(t("table.label"))}"><g data-layout=""></g></svg>
        </div>
      </div>
      <div class="replay__caption">
        <p data-replay-caption></p>
        <p class="replay__sum" data-replay-sum></p>
        <p class="replay__settle" data-replay-settlement></p>
        <p class="replay__scores" data-replay-scores></p>
      </div>
      <p class="replay__keys muted">${esc(t("replay.keys"))}</p>
    </div>`;
    const { dialog, close } = openPanel({
      hold: this.controller.pacer, // the game's bots wait while the viewer is open
      className: "dialog--replay",
      hook: "replay",
      html,
    });
    this.dialog = dialog;
    this.close = close;
    this.view = new TableView(dialog.querySelector("[data-replay-table]"));
    dialog.addEventListener("click", (event) => {
      const step = event.target.closest("[data-replay-step]")?.dataset.replayStep;
      if (step) this.step(step);
    });
    dialog.querySelector("[data-replay-round]").addEventListener("change", (event) => {
      this.jumpToRound(Number(event.target.value));
    });
    dialog.addEventListener("keydown", (event) => this.onKey(event));
    this.render();
    dialog.querySelector("[data-replay-step='next']").focus();
    this.relayout();
    // A new shape for the table (the viewer settling as it opens, the phone turned): lay out
    // or fit the table for it. Re-fitted only within a window resize, the view stayed fitted
    // to the shape the table had when first drawn, letterboxed.
    this.view.onReshape = afterReshape(() => this.dialog.isConnected && !this.relayout() && this.render());
  }

  /** Lay the tables out again if the drawing area's shape differs much from the guess;
   *  whether it did. */
  relayout() {
    const real = this.view.aspect();
    const ratio = real / this.aspect;
    if (ratio < 1.25 && ratio > 0.8) return false;
    this.aspect = real;
    this.rounds.clear();
    this.render();
    return true;
  }

  onKey(event) {
    if (event.target.closest?.("select, input") && !["PageUp", "PageDown"].includes(event.key)) return;
    const action = {
      ArrowRight: "next",
      ArrowLeft: "prev",
      Home: "start",
      End: "end",
      ArrowUp: "prev_round",
      PageUp: "prev_round",
      ArrowDown: "next_round",
      PageDown: "next_round",
    }[event.key];
    if (!action) return;
    event.preventDefault();
    this.step(action);
  }

  step(action) {
    const { r } = this.positions[this.index];
    const last = this.positions.length - 1;
    if (action === "next") this.index = Math.min(last, this.index + 1);
    else if (action === "prev") this.index = Math.max(0, this.index - 1);
    else if (action === "start") this.index = this.positions.findIndex((p) => p.r === r);
    else if (action === "end") this.index = this.positions.findLastIndex((p) => p.r === r);
    else if (action === "next_round") return this.jumpToRound(Math.min(this.summary.turns.length - 1, r + 1));
    else if (action === "prev_round") return this.jumpToRound(Math.max(0, r - 1));
    this.render();
  }

  jumpToRound(r) {
    const index = this.positions.findIndex((p) => p.r === r);
    if (index >= 0) this.index = index;
    this.render();
  }

  /** Show the current position once its round is here (a later step wins over an earlier). */
  async render() {
    const index = this.index;
    const aspect = this.aspect;
    let round;
    try {
      round = await this.round(this.positions[index].r);
    } catch (error) {
      if (!(error instanceof EngineError && error.type === ENGINE_LOST)) {
        this.controller.notify("replay.invalid", { message: error?.message ?? String(error) }, "error");
      }
      this.close();
      return;
    }
    if (index === this.index && aspect === this.aspect && this.dialog.isConnected) this.draw(round);
  }

  draw({ story: rnd, events }) {
    const { r, k } = this.positions[this.index];
    const dialog = this.dialog;
    dialog.querySelector(".replay").dataset.step = String(this.index);
    dialog.dataset.round = String(r + 1);
    dialog.dataset.move = String(k);
    dialog.querySelector("[data-replay-round]").value = String(r);
    dialog.querySelector("[data-replay-position]").textContent = t("replay.position", {
      round: r + 1,
      rounds: this.summary.turns.length,
      move: k,
      moves: rnd.turns.length,
    });
    dialog.querySelector("[data-replay-step='prev']").disabled = this.index === 0;
    dialog.querySelector("[data-replay-step='next']").disabled = this.index === this.positions.length - 1;

    // The table after k turns (the last placement highlighted).
    const table = k ? rnd.tables[k - 1] : EMPTY_TABLE;
    const turn = k ? rnd.turns[k - 1] : null;
    const lastTile = turn?.tile ?? null;
    this.view.render({ table, lastTile, newTile: null, targets: [], labels: { spinner: t("table.spinner"), targets: {} }, animate: false, showEnds: true });

    // Every hand face up, as the engine says it was at this position.
    for (const seat of [0, 1, 2, 3]) {
      const box = dialog.querySelector(`[data-replay-seat="${seat}"]`);
      const left = rnd.hands[k][seat];
      const player = parseSeatLabel(this.record.seats?.[seat]);
      const who = player.name ?? (player.bot == null || this.controller.info?.bots?.includes(player.bot) ? botName(player.bot) : null);
      box.querySelector(".replay__seat-name").textContent = `${seatName(seat)}${who ? ` · ${who}` : ""} · ${left.length}`;
      box.classList.toggle("replay__seat--turn", Boolean(turn && turn.seat === seat));
      const hand = box.querySelector("[data-replay-hand]");
      hand.dataset.count = String(left.length);
      hand.innerHTML = left.length
        ? left.map((tile) => `<span class="mini-tile" data-tile="${tile}" title="${tile}">${tileSvg(tile)}</span>`).join("")
        : `<span class="muted">${esc(t("round.empty_hand"))}</span>`;
    }

    // What happened, and its scoring ("2 + 5 + 3 = 10 → +10").
    const event = k ? events.turns[k - 1] : events.started;
    const caption = dialog.querySelector("[data-replay-caption]");
    const sum = dialog.querySelector("[data-replay-sum]");
    sum.textContent = "";
    sum.dataset.points = "";
    if (!event) caption.textContent = "";
    else if (event.type === "placed") {
      caption.textContent = event.at
        ? t("announce.plays", { seat: seatName(event.seat), tile: event.tile, point: pointName(event.at) })
        : t("announce.opens", { seat: seatName(event.seat), tile: event.tile });
      sum.textContent = sumText(event);
      sum.dataset.points = String(event.points);
      sum.dataset.team = String(event.team);
    } else caption.textContent = describeEvent(event, { ...I18N, teamName: this.teamName });

    const settle = dialog.querySelector("[data-replay-settlement]");
    const atEnd = k === rnd.turns.length;
    if (atEnd && events.settled) {
      const s = events.settled;
      const how = howRoundEnded(s);
      const parts = [0, 1, 2, 3].map((seat) => t("replay.deduction", { seat: seatName(seat), pips: s.pips[seat], points: s.deductions[seat] ? `−${s.deductions[seat]}` : "0" }));
      settle.textContent = `${how}. ${parts.join(" · ")}`;
    } else if (atEnd && events.won) {
      settle.textContent = t("over.winner", { team: this.teamName(events.won.team) });
    } else settle.textContent = "";

    const scores = rnd.scores[k];
    const scoresEl = dialog.querySelector("[data-replay-scores]");
    scoresEl.dataset.scores = scores.join(",");
    scoresEl.textContent = t("replay.scores", { team0: this.teamName(0), team1: this.teamName(1), score0: scores[0], score1: scores[1] });
  }
}
