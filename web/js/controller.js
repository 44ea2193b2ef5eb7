// The game controller: owns the game state (the engine's latest snapshot) and the UI state
// (selection, keyboard target, who is thinking, what each seat did last), drives the bots
// at a readable pace, and turns the user's intent into engine calls. Rendering is delegated
// to the pure renderers (table.js, hand.js, scoreboard below); all DOM events are bound
// once, on the board and the toolbar (delegation), never per tile.

import { EngineError } from "../bridge.js";
import { closeAll, gameOverDialog, newGameDialog, roundSummaryDialog } from "./dialogs.js";
import { renderHiddenHand, renderRevealedHand, renderSeatHead, renderSouthHand } from "./hand.js";
import { botName, onLanguageChange, pointName, seatName, t, teamName } from "./i18n.js";
import { resumeSaved } from "./storage.js";
import { TableView } from "./table.js";

const SAVE_KEY = "seven-rocks:save";
const SETTINGS_KEY = "seven-rocks:settings";
const DEFAULT_LEVEL = "expert";

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
// Settings (settings.js) may turn animations on or off: <html data-motion="on|off">.
const reducedMotion = () =>
  document.documentElement.dataset.motion === "off" ||
  (document.documentElement.dataset.motion !== "on" && matchMedia("(prefers-reduced-motion: reduce)").matches);
/** Tell the page's other modules (hint.js, sound.js) what happened: `seven-rocks:<name>`. */
const emit = (name, detail = null) => document.dispatchEvent(new CustomEvent(`seven-rocks:${name}`, { detail }));
const tileOf = (move) => (move && move !== "pass" ? move.split("@")[0] : null);

function loadJSON(key) {
  try {
    return JSON.parse(localStorage.getItem(key) ?? "null");
  } catch {
    return null;
  }
}

function storeJSON(key, value) {
  try {
    if (value == null) localStorage.removeItem(key);
    else localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // storage full or disabled: the game simply is not remembered
  }
}

export class Controller {
  constructor({ engine, root, info, params }) {
    this.engine = engine;
    this.root = root;
    this.info = info;
    this.params = params;
    this.board = root.querySelector("#board");
    this.tableView = new TableView(root.querySelector("#table"));
    this.settings = { levels: [null, DEFAULT_LEVEL, DEFAULT_LEVEL, DEFAULT_LEVEL], speed: 800, ...loadJSON(SETTINGS_KEY) };
    const levels = this.settings.levels;
    if (!Array.isArray(levels) || levels.length !== 4 || levels[0] !== null || !levels.slice(1).every((name) => info.bots.includes(name))) {
      this.settings.levels = [null, DEFAULT_LEVEL, DEFAULT_LEVEL, DEFAULT_LEVEL];
    }
    const speed = this.settings.speed;
    if (!Number.isInteger(speed) || speed < 0 || speed > 5000) this.settings.speed = 800;
    if (params.speed != null) this.settings.speed = params.speed;
    this.snap = null; // game state: the engine's latest snapshot
    this.count = 0; // events seen so far
    this.gen = 0; // bumps on every new game, so stale loops stop
    this.shownTable = null; // a finished round's table while its summary is open
    this.ui = this.freshUi();
    this.lastAnnouncement = null;
    this.bind();
  }

  freshUi() {
    return {
      selected: null, // tile whose targets are lit
      activeTarget: null, // the target the keyboard is on
      focusTile: null, // the hand tile to refocus after a redraw
      thinking: null, // the bot seat working on its move
      actions: [null, null, null, null], // what each seat did last
      newTile: null, // placed since the previous draw (animated)
      lastPlaced: null, // the last placement event (sum banner)
      hinted: null,
      busy: false,
      knocking: false,
    };
  }

  // ------------------------------------------------------------------ engine
  get aspect() {
    return Math.min(3, Math.max(0.4, Math.round(this.tableView.aspect() * 100) / 100));
  }

  /** One engine call; errors become a readable notice and `null`, never a broken page. */
  async request(method, params = {}) {
    try {
      return await this.engine.call(method, params);
    } catch (error) {
      const message = error?.message ?? String(error);
      if (error instanceof EngineError && error.type !== "InternalError") {
        this.notify("notice.engine_error", { message });
      } else {
        this.notify("notice.internal_error", { message });
      }
      return null;
    }
  }

  snapshotParams() {
    return { aspect: this.aspect, since: this.count };
  }

  // --------------------------------------------------------------- lifecycle
  async start() {
    const { seats, seed, explicit } = this.params;
    const bots = seats
      ? seats.map((name, seat) => (name === "bot" ? (seat === 0 ? DEFAULT_LEVEL : this.settings.levels[seat]) : name))
      : this.settings.levels;
    if (await resumeSaved(this, { explicit, seed, bots })) return; // storage.js
    await this.newGame({ bots, seed });
  }

  async newGame({ bots, seed = null }) {
    closeAll();
    this.gen += 1;
    const params = { bots, aspect: this.aspect };
    if (seed != null) params.seed = seed;
    const snap = await this.request("new_game", params);
    if (snap) this.install(snap);
  }

  install(snap) {
    this.gen += 1;
    this.snap = snap;
    this.count = snap.events_total;
    this.events = [...snap.events]; // the public history (score sheet, statistics)
    this.ui = this.freshUi();
    this.shownTable = null;
    const opened = [...snap.events].reverse().find((e) => e.type === "round_started");
    if (opened) this.announceEvents([opened]);
    this.board.hidden = false;
    this.root.dataset.game = "on";
    this.render();
    if (!snap.over && !this.autoplay) this.save();
    this.root.dispatchEvent(new CustomEvent("seven-rocks:events", { detail: { events: snap.events, snap, fresh: true } }));
    this.run(this.gen);
  }

  get autoplay() {
    return this.snap?.bots.every((b) => b != null);
  }

  // --------------------------------------------------------------- the loop
  /** Play bots' turns (and forced knocks) until the human must choose or the game ends. */
  async run(gen) {
    while (gen === this.gen && this.snap) {
      while (this.holdWhile?.() && gen === this.gen) await sleep(100); // a replay is open
      if (gen !== this.gen) return;
      const snap = this.snap;
      if (snap.over) {
        storeJSON(SAVE_KEY, null);
        this.render();
        return;
      }
      if (snap.human_turn) {
        if (!snap.must_pass) {
          this.render();
          return; // the user's move continues the loop
        }
        this.ui.knocking = true;
        this.ui.actions[0] = { type: "pass" };
        this.render();
        this.announce(() => t("prompt.must_pass"));
        await sleep(Math.max(this.settings.speed, 0) + (this.settings.speed ? 400 : 0));
        if (gen !== this.gen) return;
        const next = await this.request("play", { move: "pass", ...this.snapshotParams() });
        this.ui.knocking = false;
        if (!next) return;
        await this.apply(next, gen);
        continue;
      }
      this.ui.thinking = snap.turn;
      this.render();
      const began = performance.now();
      const next = await this.request("step", this.snapshotParams());
      if (gen !== this.gen) return;
      const wait = this.settings.speed - (performance.now() - began);
      if (wait > 0) await sleep(wait);
      if (gen !== this.gen) return;
      this.ui.thinking = null;
      if (!next) {
        // A bot failed: resync with the engine and give the user the controls back.
        const state = await this.request("state", this.snapshotParams());
        if (state) await this.apply(state, gen);
        this.render();
        return;
      }
      await this.apply(next, gen);
    }
  }

  /** Take a new snapshot: announce its events, show a finished round, then draw. */
  async apply(snap, gen) {
    const events = snap.events ?? [];
    this.count = snap.events_total;
    this.events.push(...events);
    this.root.dispatchEvent(new CustomEvent("seven-rocks:events", { detail: { events, snap, fresh: false } }));
    let settled = null;
    let started = null;
    let lastPlaced = null;
    let won = null;
    for (const event of events) {
      emit("event", event);
      if (event.type === "placed") {
        lastPlaced = event;
        this.ui.actions[event.seat] = { type: "play", tile: event.tile };
      } else if (event.type === "passed") {
        this.ui.actions[event.seat] = { type: "pass" };
      } else if (event.type === "round_settled") settled = event;
      else if (event.type === "round_started") started = event;
      else if (event.type === "game_won") won = event;
      this.announce(this.describe(event, lastPlaced));
    }
    this.ui.newTile = lastPlaced ? lastPlaced.tile : null;
    if (lastPlaced) this.ui.lastPlaced = lastPlaced;
    this.ui.selected = null;
    this.ui.activeTarget = null;
    this.ui.hinted = null;
    if (settled && snap.previous_table) {
      // Show the finished table under the summary, with every hand revealed.
      const previous = this.snap;
      this.snap = { ...snap, hand_sizes: settled.hands.map((h) => h.length), hand: settled.hands[0] };
      this.shownTable = { hands: settled.hands, table: snap.previous_table, lastTile: lastPlaced?.tile ?? tileOf(previous?.last?.move) };
      this.render();
      const lastSeat = lastPlaced?.seat ?? previous?.last?.seat ?? 0;
      const autoMs = this.autoplay ? Math.max(this.settings.speed * 3, 0) : null;
      await roundSummaryDialog({ settled, started, lastSeat, autoMs });
      if (gen !== this.gen) return;
      this.shownTable = null;
      this.ui.actions = [null, null, null, null];
      this.ui.newTile = null;
      this.ui.lastPlaced = null;
    }
    this.snap = snap;
    if (!snap.over && !this.autoplay) this.save();
    this.render();
    if (won) {
      const again = await gameOverDialog({ team: won.team, scores: won.scores, viewerIsHuman: snap.bots[0] == null });
      if (again && gen === this.gen) this.openNewGameDialog();
    }
  }

  async save() {
    const gen = this.gen;
    const saved = await this.engine.call("save").catch(() => null);
    if (saved && gen === this.gen) storeJSON(SAVE_KEY, saved);
  }

  // -------------------------------------------------------------- user moves
  get interactive() {
    const s = this.snap;
    return Boolean(s && s.human_turn && !s.must_pass && !s.over && !this.ui.busy && !this.shownTable);
  }

  chooseTile(tile, { viaKeyboard = false } = {}) {
    if (!this.interactive) return;
    const targets = this.snap.legal[tile];
    if (!targets) {
      this.ui.focusTile = tile;
      this.setPrompt(t("hand.tile_blocked", { tile }));
      return;
    }
    if (targets.length === 1) {
      this.play(tile, targets[0]);
      return;
    }
    if (this.ui.selected === tile) {
      this.cancel();
      return;
    }
    this.ui.selected = tile;
    this.ui.activeTarget = targets[0];
    this.ui.focusTile = null;
    this.render();
    if (viaKeyboard) this.focusTarget(targets[0]);
  }

  cancel() {
    const tile = this.ui.selected;
    this.ui.selected = null;
    this.ui.activeTarget = null;
    this.ui.focusTile = tile;
    this.render();
  }

  async play(tile, point) {
    if (!this.interactive) return;
    const gen = this.gen;
    const move = point === "open" ? tile : `${tile}@${point}`;
    this.ui.busy = true;
    const next = await this.request("play", { move, ...this.snapshotParams() });
    this.ui.busy = false;
    if (gen !== this.gen) return;
    if (!next) {
      // Refused: nothing changed in the engine; keep the game playable.
      this.ui.selected = null;
      this.ui.activeTarget = null;
      this.render();
      return;
    }
    this.ui.focusTile = null;
    await this.apply(next, gen);
    this.run(gen);
  }

  async hint() {
    if (!this.interactive) return;
    const gen = this.gen;
    emit("hint-asked");
    const hint = await this.request("hint");
    if (!hint || !hint.tile || !this.interactive || gen !== this.gen) {
      emit("hint", null);
      return;
    }
    this.ui.hinted = hint.tile;
    const targets = this.snap.legal[hint.tile] ?? [];
    if (targets.length) {
      // Light the suggested place on the table (even when it is the only one).
      this.ui.selected = hint.tile;
      this.ui.activeTarget = hint.at;
    }
    this.ui.focusTile = hint.tile;
    this.render();
    emit("hint", hint);
  }

  async openNewGameDialog() {
    const choice = await newGameDialog({ bots: this.info.bots, chosen: this.settings.levels });
    if (!choice) return;
    this.settings.levels = choice.bots;
    this.saveSettings();
    storeJSON(SAVE_KEY, null);
    await this.newGame(choice);
  }

  saveSettings() {
    storeJSON(SETTINGS_KEY, { levels: this.settings.levels, speed: this.settings.speed });
  }

  setSpeed(ms) {
    this.settings.speed = ms;
    this.saveSettings();
  }

  // ------------------------------------------------------------------ events
  bind() {
    const board = this.board;
    board.addEventListener("click", (event) => {
      const target = event.target.closest("[data-target]");
      if (target && this.ui.selected) {
        this.play(this.ui.selected, target.dataset.target);
        return;
      }
      const tile = event.target.closest("[data-hand='0'] [data-tile]");
      if (tile) {
        if (this.drag?.moved) return;
        this.chooseTile(tile.dataset.tile, { viaKeyboard: event.detail === 0 });
        return;
      }
      if (this.ui.selected && !event.target.closest("[data-hand='0']")) this.cancel();
    });
    board.addEventListener("keydown", (event) => this.onKey(event));
    board.addEventListener("pointerdown", (event) => this.onPointerDown(event));
    board.addEventListener("focusin", (event) => {
      const target = event.target.closest?.("[data-target]");
      if (target && this.ui.activeTarget !== target.dataset.target) {
        this.ui.activeTarget = target.dataset.target;
        for (const el of board.querySelectorAll("[data-target]")) {
          el.classList.toggle("target--active", el === target);
        }
      }
    });
    addEventListener("resize", () => {
      clearTimeout(this.resizeTimer);
      this.resizeTimer = setTimeout(() => this.onResize(), 150);
    });
    onLanguageChange(() => {
      if (this.snap) this.render();
      if (this.lastAnnouncement) this.announce(this.lastAnnouncement, { replace: true });
    });
  }

  onKey(event) {
    const key = event.key;
    const tileEl = event.target.closest?.("[data-hand='0'] [data-tile]");
    const targetEl = event.target.closest?.("[data-target]");
    if (tileEl) {
      const tiles = [...this.board.querySelectorAll("[data-hand='0'] [data-tile]")];
      const index = tiles.indexOf(tileEl);
      if (["ArrowLeft", "ArrowUp", "ArrowRight", "ArrowDown", "Home", "End"].includes(key)) {
        event.preventDefault();
        const step = key === "ArrowLeft" || key === "ArrowUp" ? -1 : 1;
        const next =
          key === "Home" ? 0 : key === "End" ? tiles.length - 1 : (index + step + tiles.length) % tiles.length;
        tiles[next].focus();
      } else if (key === "Escape" && this.ui.selected) {
        event.preventDefault();
        this.cancel();
      }
      // Enter and Space press the button: handled by the click listener.
      return;
    }
    if (targetEl) {
      const targets = [...this.board.querySelectorAll("[data-target]")];
      const index = targets.indexOf(targetEl);
      if (["ArrowLeft", "ArrowUp", "ArrowRight", "ArrowDown"].includes(key)) {
        event.preventDefault();
        const step = key === "ArrowLeft" || key === "ArrowUp" ? -1 : 1;
        const next = targets[(index + step + targets.length) % targets.length];
        this.focusTarget(next.dataset.target);
      } else if (key === "Enter" || key === " ") {
        event.preventDefault();
        if (this.ui.selected) this.play(this.ui.selected, targetEl.dataset.target);
      } else if (key === "Escape") {
        event.preventDefault();
        this.cancel();
      }
    }
  }

  focusTarget(point) {
    this.ui.activeTarget = point;
    const el = this.board.querySelector(`[data-target="${CSS.escape(point)}"]`);
    for (const other of this.board.querySelectorAll("[data-target]")) {
      other.classList.toggle("target--active", other === el);
    }
    el?.focus();
  }

  /** Drag a tile from the hand onto a lit target (pointer events: mouse, pen and touch). */
  onPointerDown(event) {
    const tileEl = event.target.closest("[data-hand='0'] [data-tile]");
    if (!tileEl || event.button !== 0 || !this.interactive) return;
    const tile = tileEl.dataset.tile;
    const targets = this.snap.legal[tile];
    if (!targets) return;
    const start = { x: event.clientX, y: event.clientY };
    this.drag = { tile, moved: false, ghost: null };
    const move = (e) => {
      const drag = this.drag;
      if (!drag) return;
      if (!drag.moved && Math.hypot(e.clientX - start.x, e.clientY - start.y) < 8) return;
      if (!drag.moved) {
        drag.moved = true;
        if (this.ui.selected !== tile) {
          this.ui.selected = tile;
          this.ui.activeTarget = null;
          this.render();
        }
        drag.ghost = tileEl.cloneNode(true);
        drag.ghost.classList.add("drag-ghost");
        drag.ghost.removeAttribute("data-tile");
        document.body.append(drag.ghost);
      }
      drag.ghost.style.left = `${e.clientX}px`;
      drag.ghost.style.top = `${e.clientY}px`;
      const over = document.elementFromPoint(e.clientX, e.clientY)?.closest("[data-target]");
      for (const el of this.board.querySelectorAll("[data-target]")) {
        el.classList.toggle("target--active", el === over);
      }
    };
    const up = (e) => {
      removeEventListener("pointermove", move);
      removeEventListener("pointerup", up);
      removeEventListener("pointercancel", up);
      const drag = this.drag;
      if (!drag?.moved) {
        this.drag = null;
        return;
      }
      drag.ghost?.remove();
      const over = document.elementFromPoint(e.clientX, e.clientY)?.closest("[data-target]");
      // Let the click that follows this pointerup see `moved` and ignore itself.
      setTimeout(() => {
        this.drag = null;
      }, 0);
      if (over && this.ui.selected === drag.tile) this.play(drag.tile, over.dataset.target);
      else if (targets.length === 1 && over) this.play(drag.tile, targets[0]);
    };
    addEventListener("pointermove", move);
    addEventListener("pointerup", up);
    addEventListener("pointercancel", up);
  }

  async onResize() {
    if (!this.snap) return;
    const drawn = this.snap.table?.initial_table;
    const was = drawn ? (drawn[2] - drawn[0]) / (drawn[3] - drawn[1]) : this.aspect;
    const ratio = this.aspect / was;
    if (ratio > 1.25 || ratio < 0.8) {
      // Lay the table out again for the new shape (e.g. a phone turned sideways).
      const gen = this.gen;
      const snap = await this.request("state", this.snapshotParams());
      if (snap && gen === this.gen && !this.shownTable) {
        this.snap = { ...snap, events: [] };
        this.count = snap.events_total;
      }
    }
    this.render();
  }

  // ---------------------------------------------------------- announcements
  describe(event, lastPlaced = null) {
    if (typeof event === "string") return event;
    switch (event.type) {
      case "placed": {
        const seat = seatName(event.seat);
        const head = event.at
          ? t("announce.plays", { seat, tile: event.tile, point: pointName(event.at) })
          : t("announce.opens", { seat, tile: event.tile });
        const points = event.points > 0 ? t("announce.points", { points: event.points }) : t("announce.no_points");
        return `${head}, ${t("announce.ends", { sum: event.sum_text })}, ${points}`;
      }
      case "passed":
        return t("announce.knocks", { seat: seatName(event.seat) });
      case "round_started":
        if (event.by_domino) return t("announce.by_domino", { seat: seatName(event.opener), round: event.round });
        if (event.round > 1 || event.draw?.length)
          return t("announce.by_draw", { seat: seatName(event.opener), round: event.round });
        return t("announce.round", { seat: seatName(event.opener), round: event.round });
      case "round_settled": {
        const how =
          event.end === "domino"
            ? t("round.domino", { seat: seatName(lastPlaced?.seat ?? 0) })
            : t("round.blocked");
        return t("announce.round_over", { round: event.round, how, score0: event.scores[0], score1: event.scores[1] });
      }
      case "game_won":
        return t("announce.won", { team: teamName(event.team), score0: event.scores[0], score1: event.scores[1] });
      default:
        return "";
    }
  }

  /** Say what just happened, in one line ("West plays 3-5 on …, ends 2 + 5 + 3 = 10, +10"). */
  announceEvents(events) {
    const say = () => {
      let lastPlaced = null;
      const lines = [];
      for (const event of events) {
        if (event.type === "placed") lastPlaced = event;
        lines.push(this.describe(event, lastPlaced));
      }
      return lines.filter(Boolean).join(". ");
    };
    if (events.length) this.announce(say);
  }

  /** `text` is a string or a function giving it (re-run when the language changes).
   *  Each announcement is a new entry of the move log (an ARIA live log); the page shows
   *  the latest one. */
  announce(text, { replace = false } = {}) {
    if (!text) return;
    this.lastAnnouncement = text;
    const value = typeof text === "function" ? text() : text;
    const log = this.root.querySelector("#announce");
    let item = replace ? log.lastElementChild : null;
    if (!item) {
      item = document.createElement("li");
      log.append(item);
      while (log.childElementCount > 60) log.firstElementChild.remove();
    }
    item.textContent = value;
  }

  notify(key, vars = {}, kind = "error") {
    const box = this.root.querySelector("#notices");
    const item = document.createElement("p");
    item.className = `notice notice--${kind}`;
    item.dataset.notice = kind;
    item.setAttribute("role", kind === "error" ? "alert" : "status");
    const text = document.createElement("span");
    text.textContent = t(key, vars);
    if (!Object.keys(vars).length) text.dataset.i18n = key; // re-translated on a language switch
    const close = document.createElement("button");
    close.type = "button";
    close.className = "notice__close";
    close.dataset.action = "dismiss";
    close.dataset.i18nLabel = "notice.close";
    close.setAttribute("aria-label", t("notice.close"));
    close.textContent = "×";
    item.append(text, close);
    box.append(item);
    // At most three at once: passing news (info) goes first, then the oldest.
    while (box.childElementCount > 3) {
      (box.querySelector("[data-notice='info']") ?? box.firstElementChild).remove();
    }
    if (kind === "info") setTimeout(() => item.remove(), 6000);
  }

  setPrompt(text) {
    this.root.querySelector("#prompt").textContent = text;
  }

  // ------------------------------------------------------------------ render
  render() {
    const snap = this.snap;
    if (!snap) return;
    const ui = this.ui;
    const animate = !reducedMotion() && this.settings.speed > 0;
    this.board.dataset.turn = snap.over ? "" : String(snap.turn);
    this.board.dataset.round = String(snap.round);
    this.board.classList.toggle("board--animate", animate);
    if (ui.thinking != null) this.board.dataset.thinking = String(ui.thinking);
    else delete this.board.dataset.thinking;
    this.board.toggleAttribute("data-game-over", Boolean(snap.over));
    this.board.toggleAttribute("data-human-turn", this.interactive);
    if (this.interactive && !this.markedPlayable) {
      this.markedPlayable = true;
      performance.mark("seven-rocks:playable"); // read by benchmarks/browser.py
    }
    this.board.toggleAttribute("data-knocking", ui.knocking);

    // The table: the live one, or the finished one under a round summary.
    const shown = this.shownTable;
    const table = shown ? shown.table : snap.table;
    const targetsFor = ui.selected ? (snap.legal[ui.selected] ?? []) : [];
    const points = new Map((table.points ?? []).map((p) => [p.point, p]));
    const targets = shown ? [] : targetsFor.map((name) => points.get(name)).filter(Boolean);
    const labels = { spinner: t("table.spinner"), targets: {} };
    for (const p of targets) {
      labels.targets[p.point] =
        p.point === "open"
          ? t("target.open", { tile: ui.selected })
          : t("target.label", { tile: ui.selected, point: pointName(p.point) });
    }
    this.tableView.render({
      table,
      lastTile: shown ? shown.lastTile : tileOf(snap.last?.move),
      newTile: shown ? null : ui.newTile,
      targets,
      activeTarget: ui.activeTarget,
      selectedTile: ui.selected,
      labels,
      animate,
      showEnds: true,
    });
    ui.newTile = null;
    this.renderSum(shown);

    // Seats.
    for (const seat of [0, 1, 2, 3]) {
      const el = this.board.querySelector(`[data-seat="${seat}"]`);
      const isTurn = !snap.over && !shown && snap.turn === seat;
      el.classList.toggle("seat--turn", isTurn);
      el.classList.toggle("seat--thinking", ui.thinking === seat);
      el.toggleAttribute("data-active", isTurn);
      el.dataset.lastAction = ui.actions[seat]?.type ?? "";
      renderSeatHead(el.querySelector(".seat__head"), {
        seat,
        count: snap.hand_sizes[seat],
        level: botName(snap.bots[seat]),
        turn: isTurn,
        thinking: ui.thinking === seat,
        action: ui.actions[seat],
        knocking: seat === 0 && ui.knocking,
      });
      const hand = el.querySelector("[data-hand]");
      if (seat === 0) {
        renderSouthHand(hand, {
          tiles: snap.hand,
          legal: snap.legal,
          selected: ui.selected,
          interactive: this.interactive,
          hinted: ui.hinted,
          focusTile: ui.focusTile,
        });
        ui.focusTile = null;
      } else if (shown) {
        // After the round: the hands are revealed face up.
        renderRevealedHand(hand, shown.hands[seat], true);
      } else {
        renderHiddenHand(hand, seat, snap.hand_sizes[seat], true);
      }
    }
    this.renderScores();
    this.renderPrompt();
    document.querySelector("[data-action='hint']").disabled = !this.interactive || this.autoplay;
    emit("rendered");
  }

  renderSum(shown) {
    const el = this.root.querySelector("#sum");
    const placed = this.ui.lastPlaced;
    const table = shown ? shown.table : this.snap.table;
    if (!placed || !table.tiles.length) {
      el.textContent = table.tiles.length ? "" : t("table.empty");
      el.dataset.points = "";
      el.classList.remove("sum--scored");
      return;
    }
    const text =
      placed.points > 0
        ? t("sum.line", { sum: placed.sum_text, points: placed.points })
        : t("sum.none", { sum: placed.sum_text });
    if (el.dataset.event !== `${placed.round}:${placed.move}` || el.textContent !== text) {
      el.dataset.event = `${placed.round}:${placed.move}`;
      el.textContent = text;
      el.dataset.points = String(placed.points);
      el.dataset.team = String(placed.seat % 2);
      el.classList.toggle("sum--scored", placed.points > 0);
      // Restart the pop animation.
      el.classList.remove("sum--pop");
      void el.offsetWidth;
      el.classList.add("sum--pop");
    }
  }

  renderScores() {
    const snap = this.snap;
    for (const team of [0, 1]) {
      const box = document.querySelector(`[data-team="${team}"]`);
      const scoreEl = box.querySelector("[data-team-score]");
      const before = Number(scoreEl.textContent);
      const score = snap.scores[team];
      scoreEl.textContent = String(score);
      box.querySelector(".team__name").textContent = teamName(team);
      const fill = box.querySelector(".team__fill");
      fill.style.width = `${Math.max(0, Math.min(1, score / snap.target)) * 100}%`;
      const bar = box.querySelector(".team__bar");
      bar.setAttribute("aria-valuenow", String(score));
      bar.setAttribute("aria-valuemax", String(snap.target));
      bar.setAttribute("aria-label", t("team.score_label", { team: teamName(team), score, target: snap.target }));
      box.querySelector(".team__target").textContent = t("team.progress", { score, target: snap.target });
      const gain = box.querySelector(".team__gain");
      if (Number.isFinite(before) && score !== before && scoreEl.dataset.shown) {
        gain.textContent = score > before ? `+${score - before}` : `−${before - score}`;
        gain.classList.remove("team__gain--pop");
        void gain.offsetWidth;
        gain.classList.add("team__gain--pop");
      }
      scoreEl.dataset.shown = "1";
      box.classList.toggle("team--winner", snap.winner === team);
    }
  }

  renderPrompt() {
    const snap = this.snap;
    let text = "";
    if (this.shownTable) text = "";
    else if (snap.over) text = t("announce.won", { team: teamName(snap.winner), score0: snap.scores[0], score1: snap.scores[1] });
    else if (this.autoplay) text = t("prompt.autoplay");
    else if (snap.human_turn && snap.must_pass) text = t("prompt.must_pass");
    else if (snap.human_turn && this.ui.selected) {
      const count = snap.legal[this.ui.selected]?.length ?? 0;
      text = t(count === 1 ? "prompt.choose_target_one" : "prompt.choose_target", { tile: this.ui.selected, count });
    } else if (snap.human_turn) text = snap.table.tiles.length ? t("prompt.choose_tile") : t("prompt.open");
    else text = t("prompt.waiting", { seat: seatName(snap.turn) });
    this.setPrompt(text);
  }
}
