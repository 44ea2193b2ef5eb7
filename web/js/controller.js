// The game's host: owns the engine's latest snapshot and the UI state, asks the engine for
// every change, and plays the bots' turns at a readable pace. It wires the parts, each in
// its own module: state.js (pure state changes), pacing.js (timing and holds), input.js
// (board input to intents), render.js (drawing), announce.js (the move log), notices.js,
// storage.js (the saved game and settings), tabs.js (which tab may write the save),
// dialogs.js. Other modules (the hint panel, the sound, the score sheet, statistics) listen
// to the page events it emits; none reaches in.

import { ENGINE_LOST, EngineError } from "../bridge.js";
import { Announcer, describeEvent, describeEvents } from "./announce.js";
import { whileOpen } from "./close-request.js";
import { gameOverDialog, newGameDialog, roundSummaryDialog } from "./dialogs.js";
import { onLanguageChange, seatName, t } from "./i18n.js";
import { bindInput } from "./input.js";
import { loadPart } from "./lazy.js";
import { closeAll } from "./modal.js";
import { sheetModel } from "./scoresheet.js";
import { notify } from "./notices.js";
import { takeOfflineNote } from "./offline-note.js";
import { Pacer, botWait, knockWait, summaryWait } from "./pacing.js";
import { hidePassScreen, showPassScreen } from "./pass-device.js";
import { bottomSeat, peopleOf } from "./people.js";
import { reducedMotion, renderGame } from "./render.js";
import * as state from "./state.js";
import {
  DEFAULT_LEVEL,
  noteRestart,
  tookRestart,
  SAVE_KEY,
  readRaw,
  readSave,
  readSettings,
  saveMatches,
  writeJSON,
  writeSettings,
} from "./storage.js";
import { onPrefChange, turnTableOn } from "./settings.js";
import { TableView, whileResizing } from "./table.js";
import { TabClaim } from "./tabs.js";
import { keepScreenOn } from "./wake.js";
import { warmEngine } from "./warm-engine.js";

/** Tell the page's other modules (hint.js, sound.js, turn-cue.js) what happened:
 *  `seven-rocks:<name>`. */
const emit = (name, detail = null) => document.dispatchEvent(new CustomEvent(`seven-rocks:${name}`, { detail }));
/** Nothing else holds the keyboard (no dialog, menu or field): focus may go to the hand. */
const focusIsFree = () => {
  const el = document.activeElement;
  if (document.querySelector("dialog[open]")) return false;
  return !el || el === document.body || Boolean(el.closest("#board"));
};
/** The drawing area's shape, to two decimals (the engine clamps it to what it lays out). */
const roundAspect = (aspect) => Math.round(aspect * 100) / 100;

export class Controller {
  constructor({ engine, root, info, params }) {
    this.engine = engine;
    this.root = root;
    this.info = info;
    this.params = params;
    this.board = root.querySelector("#board");
    this.tableView = new TableView(root.querySelector("#table"));
    this.settings = readSettings(info.bots);
    if (params.speed != null) this.settings.speed = params.speed;
    this.pacer = new Pacer(); // panels hold the bots while they are open
    this.announcer = new Announcer(root.querySelector("#announce"));
    this.snap = null; // the engine's latest snapshot
    this.events = []; // the public history so far (score sheet, statistics)
    this.count = 0; // events seen so far
    this.gen = 0; // bumps on every new game, so stale loops stop
    this.shownTable = null; // a finished round's table while its summary is open
    this.laidOut = null; // the aspect the table was last laid out for
    this.frame = 0; // the animation frame a draw is waiting for (0: none)
    this.ui = state.freshUi();
    this.tabs = new TabClaim(
      {
        playing: () => Boolean(this.snap),
        hold: () => this.pacer.hold("elsewhere"),
        notify: (key, vars, kind) => this.notify(key, vars, kind),
        changed: () => {
          this.ui = { ...this.ui, selected: null, activeTarget: null };
          this.render();
        },
        takeOver: () => this.takeOver(),
      },
      root,
    );
    this.latestSave = null; // the engine's last save, written again when the page is hidden
    this.unsaved = null; // the notice that this browser does not keep the game (said once)
    this.bottom = null; // the seat drawn at the bottom (pass-and-play turns the table)
    this.turnAt = null; // the events seen at the last draw that let the player move
    onPrefChange((name) => {
      if (name === "turn_table" && this.snap) this.render();
    });
    bindInput(this.board, this.inputHost());
    this.tabs.watch();
    this.watchLeaving();
    engine.onLost?.(() => this.afterLoss());
    addEventListener("resize", () => {
      clearTimeout(this.resizeTimer);
      this.resizeTimer = setTimeout(() => this.onResize(), 150);
    });
    this.tableView.onReshape = whileResizing(() => this.onResize()); // the area settling after it
    // A picked tile (its places lit) is put down by Escape or a phone's back gesture, which
    // would otherwise leave the game; a hint's tile goes with the hint (hint.js).
    this.watchPick = whileOpen(() => this.cancel());
    onLanguageChange(() => {
      if (this.snap) this.render();
      this.announcer.retranslate();
    });
  }

  // ------------------------------------------------------------------ engine
  get aspect() {
    return roundAspect(this.tableView.aspect());
  }

  /** One engine call; errors become a readable notice and `null`, never a broken page. */
  async request(method, params = {}) {
    try {
      return await this.engine.call(method, params);
    } catch (error) {
      if (error instanceof EngineError && error.type === ENGINE_LOST) return null; // restarting: said once
      const message = error?.message ?? String(error);
      const known = error instanceof EngineError && error.type !== "InternalError";
      this.notify(known ? "notice.engine_error" : "notice.internal_error", { message });
      return null;
    }
  }

  /** A call whose reply is a snapshot: laid out for the table's shape, events since ours. */
  snapshot(method, params = {}) {
    const aspect = this.aspect;
    this.laidOut = aspect;
    return this.request(method, { ...params, aspect, since: this.count });
  }

  // --------------------------------------------------------------- lifecycle
  async start() {
    const { seats, seed, explicit } = this.params;
    const bots = seats
      ? seats.map((name, seat) => (name === "bot" ? (this.settings.levels[seat] ?? DEFAULT_LEVEL) : name))
      : this.settings.levels;
    if (!(await this.resume({ explicit, seed, bots }))) await this.newGame({ bots, seed, names: this.settings.names });
    // While the person first looks at the table (see warm-engine.js). The marks are for
    // benchmarks/phone.py, the attribute for tests.
    warmEngine(this.engine, {
      target: this.board,
      mark: (stage) => {
        document.body.dataset.warmUp = stage;
        performance.mark(`seven-rocks:warm-up-${stage}`);
      },
    });
  }

  /** Resume the saved game unless the URL asked for another; a bad save is one notice. */
  async resume(asked) {
    const restarted = tookRestart();
    const { save, problem } = readSave();
    if (problem) {
      this.notify(problem === "old" ? "notice.save_old" : "notice.save_corrupt", {}, "warning");
      writeJSON(SAVE_KEY, null);
      return false;
    }
    if (!save || !saveMatches(save, asked)) {
      if (restarted) this.notify("notice.engine_restarted", {}, "warning"); // nothing to resume
      return false;
    }
    this.laidOut = this.aspect;
    const snap = await this.engine.call("restore", { save, aspect: this.laidOut }).catch(() => null);
    if (!snap) {
      this.notify("notice.save_corrupt", {}, "warning");
      writeJSON(SAVE_KEY, null);
      return false;
    }
    this.notify(restarted ? "notice.engine_restarted" : "notice.resumed", {}, restarted ? "warning" : "info");
    this.install(snap);
    return true;
  }

  async newGame({ bots, seed = null, names = null }) {
    closeAll();
    hidePassScreen();
    this.gen += 1;
    this.laidOut = this.aspect;
    const params = { bots, aspect: this.laidOut, names };
    if (seed != null) params.seed = seed;
    const snap = await this.request("new_game", params);
    if (snap) this.install(snap);
  }

  install(snap) {
    this.gen += 1;
    if (!this.tabs.elsewhere) this.tabs.claim();
    this.snap = snap;
    this.count = snap.events_total;
    this.events = [...snap.events];
    // A resumed game shows what its round so far left: the sum banner, each seat's last
    // action and, in the move log, the latest move (not only the round's opening).
    this.ui = state.resumedUi(snap.events);
    this.shownTable = null;
    this.bottom = null;
    hidePassScreen();
    const latest = state.latestToSay(snap.events);
    if (latest) this.announce(() => describeEvent(latest));
    this.board.hidden = false;
    this.root.dataset.game = "on";
    this.render();
    this.latestSave = null;
    if (!snap.over && !this.autoplay) this.save();
    this.root.dispatchEvent(new CustomEvent("seven-rocks:events", { detail: { events: snap.events, snap, fresh: true } }));
    this.run(this.gen);
  }

  get autoplay() {
    return state.isAutoplay(this.snap);
  }

  // --------------------------------------------------------------- the loop
  /** Play bots' turns (and forced knocks) until the human must choose or the game ends. */
  async run(gen) {
    // Did a computer player move in this run? Then the turn coming to a person is news to
    // them (turn-cue.js buzzes and chimes); at a load, or after their own move, it is not.
    let botMoved = false;
    while (gen === this.gen && this.snap) {
      if (this.pacer.held) {
        // A panel (score sheet, replay) is open: wait for it. [data-held] says that the loop
        // is parked here, no move under way (a hook for tests; nothing styles it).
        this.root.dataset.held = "";
        await this.pacer.whenFree();
        delete this.root.dataset.held;
      }
      if (gen !== this.gen) return;
      const snap = this.snap;
      if (snap.over) {
        this.writeSave(null);
        this.render();
        return;
      }
      if (snap.pass_to != null) {
        this.renderNow(); // every hand face down in the same task as the pass screen shows
        this.askToPass(snap, gen);
        if (botMoved) emit("your-turn", { seat: snap.pass_to });
        return; // the tap on the pass screen continues the loop (takeSeat)
      }
      if (snap.human_turn) {
        if (!snap.must_pass) {
          this.render();
          if (botMoved) emit("your-turn", { seat: snap.turn });
          return; // the user's move continues the loop
        }
        this.ui = { ...this.ui, knocking: true, actions: this.ui.actions.map((a, s) => (s === snap.turn ? { type: "pass" } : a)) };
        this.render();
        this.announce(() => t("prompt.must_pass"));
        await this.pacer.sleep(knockWait(this.settings.speed));
        if (gen !== this.gen) return;
        const next = await this.snapshot("play", { move: snap.pass_move });
        this.ui.knocking = false;
        if (!next) return;
        await this.apply(next, gen);
        continue;
      }
      this.ui.thinking = snap.turn;
      this.render();
      const began = performance.now();
      const next = await this.snapshot("step");
      if (gen !== this.gen) return;
      await this.pacer.sleep(botWait(this.settings.speed, performance.now() - began));
      if (gen !== this.gen) return;
      this.ui.thinking = null;
      if (!next) {
        // A bot failed: resync with the engine and give the user the controls back.
        const fresh = await this.snapshot("state");
        if (gen !== this.gen) return; // the engine was restarted and the game restored
        if (fresh) await this.apply(fresh, gen);
        this.render();
        return;
      }
      botMoved = true;
      await this.apply(next, gen);
    }
  }

  /** Take a new snapshot: announce its events, show a finished round, then draw. */
  async apply(snap, gen) {
    const events = snap.events ?? [];
    this.count = snap.events_total;
    this.events.push(...events);
    this.root.dispatchEvent(new CustomEvent("seven-rocks:events", { detail: { events, snap, fresh: false } }));
    for (const event of events) {
      emit("event", event);
      this.announce(() => describeEvent(event));
    }
    const { ui, settled, started, won } = state.foldEvents(this.ui, events);
    this.ui = ui;
    if (settled && snap.previous_table) {
      // Show the finished table under the summary, with every hand revealed.
      const finished = state.finishedRound(snap, settled);
      this.snap = finished.snap;
      this.shownTable = finished.shown;
      // Drawn before the summary opens over it, not a frame later: on a phone the sheet
      // leaves the header's scores in sight, and a loaded machine's next frame can be late.
      this.renderNow();
      const hideHands = () => {
        if (gen !== this.gen) return;
        this.shownTable = null;
        this.snap = snap;
        this.renderNow(); // in the dialog's closing task, not a frame later
      };
      await roundSummaryDialog({ settled, started, autoMs: summaryWait(this.settings.speed, this.autoplay), names: snap.names, onClosing: hideHands, onReview: this.reviewHook(snap), offlineNote: takeOfflineNote() });
      if (gen !== this.gen) return;
      this.shownTable = null;
      this.ui = state.afterRound(this.ui);
    }
    this.snap = snap;
    if (!snap.over && !this.autoplay) this.save();
    if (!won) {
      this.render();
      return;
    }
    this.renderNow(); // the final scores are on the page as the dialog opens
    // "You win" only when every person at the screen plays for South's team.
    const people = peopleOf(snap.bots);
    const viewerIsHuman = people.length > 0 && people.every((seat) => seat % 2 === 0);
    const rounds = sheetModel(this.events).rounds;
    const next = await gameOverDialog({
      team: won.team, scores: won.scores, viewerIsHuman, rounds, onReview: this.reviewHook(snap), offlineNote: takeOfflineNote(),
      animate: !reducedMotion(),
    });
    if (gen !== this.gen || next == null) return;
    if (next === "new") this.openNewGameDialog();
    else this.rematch(snap, { sameDeal: next === "same-deal" });
  }

  /** Another game with the same seats (and names): a new deal, or the same one again. */
  rematch(snap, { sameDeal }) {
    return this.startOwnGame({ bots: snap.bots, names: snap.names, seed: sameDeal ? snap.seed : null });
  }

  /** The coach's review of South's moves so far, offered when South is a person. */
  reviewHook(snap) {
    // The coach is loaded when first asked for: it is not part of a first visit.
    if (snap.bots[0] != null) return null;
    return async () => (await loadPart(this, () => import("./review.js"), "review"))?.openReview(this, { seat: 0 });
  }

  // ------------------------------------------------------------------ saving
  /** Ask the engine for the game's save and store it (see writeSave). */
  async save() {
    const gen = this.gen;
    const saved = await this.engine.call("save").catch(() => null);
    if (saved && gen === this.gen) {
      this.latestSave = saved;
      this.writeSave(saved);
    }
  }

  /** Store `save` (null: none) unless another tab plays the game now; then say so instead.
   *  A browser that will not keep it (storage full, or turned off) is said once: the player
   *  would otherwise find the game gone after a reload. */
  writeSave(save) {
    if (!this.tabs.mayWrite()) return false;
    const kept = writeJSON(SAVE_KEY, save);
    if (!kept && save != null && !this.unsaved) this.unsaved = this.notify("notice.not_saved", {}, "warning");
    return kept;
  }

  /** Written when the page is hidden or left: a browser killed right after a move keeps it. */
  flushSave() {
    if (!this.latestSave || !this.snap || this.snap.over || this.autoplay) return;
    if (readRaw(SAVE_KEY) !== JSON.stringify(this.latestSave)) this.writeSave(this.latestSave);
  }

  /** A page hidden or left keeps its game: the latest save is written (a browser may kill
   *  a hidden page without another word), and a hidden one asks the engine for a fresh one. */
  watchLeaving() {
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState !== "hidden") return;
      this.flushSave();
      if (this.snap && !this.snap.over && !this.autoplay && !this.tabs.elsewhere) this.save();
    });
    addEventListener("pagehide", () => this.flushSave());
  }

  // ------------------------------------------------------------------- tabs
  /** Continue here the game the other tab played (tabs.js offers it once this tab has gone
   *  stale): its save is the newest; resume it. */
  async takeOver() {
    closeAll();
    this.tabs.comeBack();
    const { save } = readSave();
    if (save) {
      this.laidOut = this.aspect;
      const snap = await this.request("restore", { save, aspect: this.laidOut });
      if (snap) {
        this.notify("notice.resumed", {}, "info");
        this.install(snap);
        return;
      }
    }
    await this.newGame({ bots: this.settings.levels }); // the other tab's game is over
  }

  // ----------------------------------------------------------------- health
  /** The engine died (bridge.js): reload, which starts a new worker and resumes the game
   *  from its save, and say so once there. A page whose engine keeps dying stops trying. */
  afterLoss() {
    this.gen += 1; // the dead engine's loops stop
    if (!noteRestart()) {
      this.notify("notice.engine_dead", {}, "error");
      return;
    }
    location.reload();
  }

  // ---------------------------------------------------------- pass the device
  /** Cover the board until the person the engine names takes the device. */
  askToPass(snap, gen) {
    const seat = snap.pass_to;
    const who = () => (snap.names?.[seat] ? t("pass.named", { name: snap.names[seat], seat: seatName(seat) }) : seatName(seat));
    showPassScreen(this.board, { seat, name: snap.names?.[seat] ?? null, onReady: () => this.takeSeat(seat, gen, who) });
    this.announce(() => t("pass.title", { seat: who() }));
  }

  /** The person tapped: only now ask the engine for their view (their hand face up).
   *  `who` words them; the log's last line then says they have it, not "pass to ...". */
  async takeSeat(seat, gen, who) {
    if (gen !== this.gen) return;
    const next = await this.snapshot("view", { seat });
    if (gen !== this.gen) return;
    hidePassScreen();
    if (!next) {
      this.run(gen); // refused (out of step): the engine's state decides what shows
      return;
    }
    await this.apply(next, gen);
    this.announce(() => t("pass.taken", { seat: who() }));
    // Keyboard and screen-reader users land on the hand: the first tile that can be played.
    this.ui.focusTile = Object.keys(next.legal ?? {})[0] ?? next.hand[0] ?? null;
    this.run(gen);
  }

  // -------------------------------------------------------------- user moves
  get interactive() {
    return !this.tabs.elsewhere && state.isInteractive(this.snap, this.ui, this.shownTable);
  }

  /** What input.js may ask and tell. */
  inputHost() {
    return {
      selected: () => this.ui.selected,
      interactive: () => this.interactive,
      targets: (tile) => state.targetsOf(this.snap, tile),
      chooseTile: (tile, options) => this.chooseTile(tile, options),
      play: (tile, point) => this.play(tile, point),
      cancel: () => this.cancel(),
      focusTarget: (point) => this.focusTarget(point),
      activate: (point) => {
        if (this.ui.activeTarget === point) return false;
        this.ui.activeTarget = point;
        return true;
      },
      dragSelect: (tile) => {
        if (this.ui.selected === tile) return;
        this.ui = { ...this.ui, selected: tile, activeTarget: null };
        this.renderNow();
      },
    };
  }

  chooseTile(tile, { viaKeyboard = false } = {}) {
    if (!this.interactive) return;
    const targets = state.targetsOf(this.snap, tile);
    if (!targets.length) {
      this.ui.focusTile = tile;
      this.root.querySelector("#prompt").textContent = t("hand.tile_blocked", { tile });
      return;
    }
    if (targets.length === 1) {
      this.play(tile, targets[0]);
      return;
    }
    this.ui = state.chooseTile(this.ui, this.snap, tile);
    this.renderNow();
    if (viaKeyboard && this.ui.selected) this.focusTarget(this.ui.activeTarget);
  }

  cancel() {
    this.ui = state.cancelSelection(this.ui);
    this.renderNow();
  }

  async play(tile, point) {
    if (!this.interactive) return;
    const gen = this.gen;
    this.ui.busy = true;
    const next = await this.snapshot("play", { move: state.moveText(this.snap, tile, point) });
    this.ui.busy = false;
    if (gen !== this.gen) return;
    if (!next) {
      // Refused: nothing changed in the engine; keep the game playable.
      this.ui = { ...this.ui, selected: null, activeTarget: null };
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
    this.ui = state.showHint(this.ui, this.snap, hint);
    this.renderNow();
    emit("hint", hint);
  }

  /** The tile a hint suggests, while it stands (hint.js shows its reason). */
  get hinted() {
    return this.ui.hinted;
  }

  /** The hint panel was closed: forget the hint and its selection. */
  dismissHint() {
    if (!this.ui.hinted) return;
    this.ui.hinted = null;
    if (this.ui.selected) this.cancel();
    else this.renderNow();
  }

  focusTarget(point) {
    this.ui.activeTarget = point;
    const el = this.board.querySelector(`[data-target="${CSS.escape(point)}"]`);
    for (const other of this.board.querySelectorAll("[data-target]")) other.classList.toggle("target--active", other === el);
    el?.focus();
  }

  async openNewGameDialog() {
    const choice = await newGameDialog({ bots: this.info.bots, chosen: this.settings.levels, names: this.settings.names });
    if (!choice) return;
    this.settings.levels = choice.bots;
    this.settings.names = choice.names;
    writeSettings(this.settings);
    await this.startOwnGame(choice);
  }

  /** A new game started in this tab is this tab's own: it claims the save, drops the old one
   *  and deals (`choice`: {bots, names, seed}). */
  async startOwnGame(choice) {
    this.tabs.comeBack();
    this.tabs.claim();
    this.writeSave(null);
    await this.newGame(choice);
  }

  setSpeed(ms) {
    this.settings.speed = ms;
    writeSettings(this.settings);
  }

  async onResize() {
    if (!this.snap) return;
    if (state.needsRelayout(this.aspect, this.laidOut)) {
      // Lay the table out again for the new shape (e.g. a phone turned sideways).
      const gen = this.gen;
      const snap = await this.snapshot("state");
      if (snap && gen === this.gen && !this.shownTable) {
        this.snap = { ...snap, events: [] };
        this.count = snap.events_total;
      }
    }
    this.render();
  }

  // ---------------------------------------------------------- announcements
  /** Say something in the move log (`text`: a string or a function giving it). */
  announce(text, options) {
    this.announcer.say(text, options);
  }

  /** Say several events in one line (the replay viewer's captions use describeEvent). */
  announceEvents(events) {
    if (events.length) this.announce(() => describeEvents(events));
  }

  notify(key, vars = {}, kind = "error") {
    return notify(this.root.querySelector("#notices"), key, vars, kind);
  }

  // ------------------------------------------------------------------ render
  /** The seat drawn at the bottom now (kept between a person's turns while bots play). */
  bottomSeat() {
    this.bottom = bottomSeat(this.snap, { turning: turnTableOn(), previous: this.bottom });
    return this.bottom;
  }

  /** Draw the game at the next animation frame: however many changes come before it (an
   *  engine reply, its events, a bot starting to think), the page is written once per frame,
   *  so a move never costs the main thread one long task of repeated style and layout. */
  render() {
    if (!this.snap || this.frame) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.draw();
    });
  }

  /** Settles once nothing waits to be drawn: after the next frame's draw, or at once. */
  drawn() {
    if (!this.frame) return Promise.resolve();
    return new Promise((resolve) => document.addEventListener("seven-rocks:rendered", resolve, { once: true }));
  }

  /** Draw now (the player's own input: the lit targets must be there for the next key). */
  renderNow() {
    cancelAnimationFrame(this.frame);
    this.frame = 0;
    this.draw({ now: true });
  }

  draw({ now = false } = {}) {
    if (!this.snap) return;
    const interactive = this.interactive;
    // A turn arrives when the game has moved on since the last draw that let the player
    // move: not only when the draw before did not. Under load one frame can hold the
    // player's move, the bots' replies and the player's next turn (draws are coalesced per
    // frame), and the keyboard, left on the tile just played, must still come to the hand.
    const turnArrived = interactive && (!this.wasInteractive || this.turnAt !== this.count);
    if (turnArrived && this.ui.focusTile == null && focusIsFree()) {
      // The player's turn came: the keyboard starts on the hand, not where a closed dialog
      // left it (the page's top).
      this.ui.focusTile = state.firstPlayable(this.snap);
    }
    this.wasInteractive = interactive;
    this.turnAt = interactive ? this.count : null;
    renderGame(
      { root: this.root, board: this.board, tableView: this.tableView },
      {
        snap: this.snap,
        ui: this.ui,
        shown: this.shownTable,
        interactive,
        autoplay: this.autoplay,
        animate: !reducedMotion() && this.settings.speed > 0,
        bottom: this.bottomSeat(),
        now,
      },
    );
    this.watchPick(Boolean(this.ui.selected) && !this.ui.hinted);
    keepScreenOn(!this.snap.over && !this.tabs.elsewhere); // a game goes on in this tab
    this.ui.newTile = null; // animated once
    this.ui.focusTile = null; // refocused once
    if (interactive && !this.markedPlayable) {
      this.markedPlayable = true;
      performance.mark("seven-rocks:playable"); // read by benchmarks/browser.py
    }
    emit("rendered", { turnArrived }); // turnArrived: a hook for tests
  }
}
