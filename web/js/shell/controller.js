// The game's host: wires the page's parts, each the one owner of its job, and turns the
// player's intents (a tile chosen, a hint asked for, a new game) into their calls:
//   mount-game.js  one game's parts (the loop, the UI store, the view, the input), wired as
//                  a friend's page wires them too
//   saves.js       the saved game and which tab may write it
//   panel-host.js  what the panels (coach, replay, statistics, score sheet...) may ask
// The panels receive the host object, never this controller.

import { newGameDialog } from "../game/dialogs.js";
import { gameDialogs } from "../game/game-dialogs.js";
import { tellingDoor } from "./engine-door.js";
import { loadPart } from "../ui/lazy.js";
import { mountGame } from "../game/mount-game.js";
import { closeAll } from "../ui/modal.js";
import { notify } from "../ui/notices.js";
import { SaveKeeper } from "../game/saves.js";
import { noteRestart, readSettings, writeSettings } from "../util/storage.js";
import { REMOTE } from "../facts.js";
import { nextTable } from "../host/index.js";
import { warmEngine, warmUpMoves } from "../game/warm-engine.js";

/** @typedef {import("../game/game-loop.js").Snap} Snap */
/** @typedef {{bots: (string | null)[], seed?: number | null, names?: (string | null)[] | null}} GameChoice */

export class Controller {
  /**
   * @param {{engine: {call: import("../../bridge.js").EngineCall, onLost?(hook: (reason: string) => void): void}, root: HTMLElement, info: import("../protocol").Info, params: any}} parts
   */
  constructor({ engine, root, info, params }) {
    this.engine = engine;
    this.root = root;
    this.info = info;
    this.params = params;
    this.settings = readSettings(info);
    /** @type {import("../host/index.js").HostTable | null} the friends' devices, in a game with remote seats */
    this.table = null;
    if (params.speed != null) this.settings.speed = params.speed;
    /** One engine call for the game; a failure is said and answered null (engine-door.js). */
    this.request = tellingDoor((method, ...p) => engine.call(method, ...p), (key, vars) => this.notify(key, vars));
    const game = mountGame({
      root,
      request: (method, ...p) => this.request(method, ...p),
      speed: () => this.settings.speed,
      dialogs: gameDialogs((snap) => this.reviewHook(snap)),
      elsewhere: () => this.keeper.elsewhere,
      save: () => this.keeper.save(),
      // The finished game's save stays: a reload shows its end until another game starts.
      over: () => this.table?.finished(),
      guests: () => this.table?.book ?? null,
      afterGame: (choice, snap) => {
        if (choice === "new") this.openNewGameDialog();
        else this.startOwnGame({ bots: snap.bots, names: snap.names, seed: choice === "same-deal" ? snap.seed : null });
      },
    });
    this.board = game.board;
    this.pacer = game.pacer;
    this.store = game.store;
    this.view = game.view;
    this.loop = game.loop;
    this.intents = game.intents;
    this.keeper = new SaveKeeper(
      {
        call: (method, ...p) => engine.call(method, ...p),
        notify: (key, vars, kind) => this.notify(key, vars, kind),
        game: () => ({ snap: this.loop.snap, autoplay: this.loop.autoplay }),
        signal: () => this.loop.signal,
        hold: () => this.pacer.hold("elsewhere"),
        changed: () => {
          this.store.dispatch({ type: "deselect" });
          this.view.render();
        },
        takeOver: () => this.takeOver(),
      },
      root,
    );
    this.host = game.panels({
      call: (method, ...p) => engine.call(method, ...p),
      notify: (key, vars, kind) => this.notify(key, vars, kind),
      levels: Object.freeze([...info.bots]),
      saveGame: () => this.keeper.save(),
      setSpeed: (ms) => this.setSpeed(ms),
    });
    this.keeper.watch();
    engine.onLost?.(() => this.afterLoss());
  }

  /** The engine's latest snapshot (read by tests through window.sevenRocks). */
  get snap() {
    return this.loop.snap;
  }

  /** Resume the saved game, or deal a new one: on the address's seed, else on `deal` (the
   *  first visit's lesson hand), else at random.
   * @param {{ deal?: number | null }} [options]
   */
  async start({ deal = null } = {}) {
    const { seats, seed, explicit } = this.params;
    const bots = seats
      ? seats.map((/** @type {string} */ name, /** @type {number} */ seat) => (name === "bot" ? (this.settings.levels[seat] ?? this.info.default_level) : name))
      : this.settings.levels;
    const resumed = await this.keeper.resume({ explicit, seed, bots }, () => this.loop.laidOutFor());
    if (resumed) await this.install(resumed);
    else await this.newGame({ bots, seed: seed ?? deal, names: this.settings.names });
    // While the person first looks at the table (see warm-engine.js). The marks are for
    // benchmarks/phone.py, the attribute for tests.
    warmEngine(this.engine, {
      moves: warmUpMoves(),
      target: this.board,
      mark: (/** @type {string} */ stage) => {
        document.body.dataset.warmUp = stage;
        performance.mark(`seven-rocks:warm-up-${stage}`);
      },
    });
  }

  /** @param {GameChoice} choice */
  async newGame({ bots, seed = null, names = null }) {
    closeAll();
    this.view.hidePass();
    const signal = this.loop.begin();
    /** @type {Record<string, unknown>} */
    const params = { bots, names };
    if (seed != null) params.seed = seed;
    const snap = await this.loop.during(() => this.loop.call("new_game", this.loop.laidOutFor(params), signal));
    if (snap) await this.install(snap);
  }

  /**
   * A game shown anew (a new deal, a resumed save): it is this tab's, and it plays on.
   * @param {Snap} snap
   */
  async install(snap) {
    await this.openTable(snap);
    this.loop.show(snap);
    this.keeper.shown();
    const waiting = this.table?.book.seats.filter((seat) => !this.table?.book.seat(seat).joined) ?? [];
    if (waiting.length) this.table?.invite(waiting); // the game is held while they show
    this.loop.run();
  }

  /**
   * The friends' table for `snap`'s game: the same one when its remote seats are those of
   * the game before (Play again keeps the friends connected), else a new one.
   * @param {Snap} snap
   */
  async openTable(snap) {
    const current = this.table;
    this.table = null;
    try {
      this.table = await nextTable(current, {
        snap,
        board: this.board,
        request: (method, ...p) => this.request(method, ...p),
        latest: () => this.loop.latest,
        hold: (reason) => this.pacer.hold(reason),
        render: () => this.view.render(),
        named: (seat, name) => {
          // The seat shows the friend's name at once, not at the table's next move.
          const rename = (/** @type {Snap | null} */ snap) => snap && { ...snap, names: snap.names.map((old, at) => (at === seat ? name : old)) };
          this.loop.snap = rename(this.loop.snap);
          this.loop.latest = rename(this.loop.latest);
          this.view.render();
        },
        counted: (refused) => {
          if (this.loop.snap) this.loop.snap = { ...this.loop.snap, refused };
        },
      });
    } catch (error) {
      this.notify("notice.internal_error", { message: error instanceof Error ? error.message : String(error) });
    }
  }

  /** Continue here the game another tab played; a new deal when that game is over. */
  async takeOver() {
    closeAll();
    const snap = await this.keeper.takeOver((method, ...p) => this.request(method, ...p), () => this.loop.laidOutFor());
    if (snap) await this.install(snap);
    else await this.newGame({ bots: this.settings.levels });
  }

  /** The engine died (bridge.js): reload, which starts a new worker and resumes the game
   *  from its save, and say so once there. A page whose engine keeps dying stops trying. */
  afterLoss() {
    this.loop.begin(); // the dead engine's game stops where it waits
    if (!noteRestart()) {
      this.notify("notice.engine_dead", {}, "error");
      return;
    }
    location.reload();
  }

  /**
   * The coach's review of South's moves so far, offered when South is a person (the coach
   * is loaded when first asked for: it is not part of a first visit).
   * @param {Snap} snap
   */
  reviewHook(snap) {
    if (snap.bots[0] != null) return null;
    return async () => (await loadPart(this.host, () => import("../coach/review.js"), "review"))?.openReview(this.host, { seat: 0 });
  }

  async openNewGameDialog() {
    const choice = await newGameDialog({ bots: this.info.bots, chosen: this.settings.levels, names: this.settings.names });
    if (!choice) return;
    // A friend's seat is chosen afresh each time: the saved levels stay the bots'.
    this.settings.levels = choice.bots.map((kind, seat) => (kind === REMOTE ? this.settings.levels[seat] : kind));
    this.settings.names = choice.names;
    writeSettings(this.settings);
    await this.startOwnGame(choice);
  }

  /**
   * A new game started in this tab is this tab's own: it claims the save, drops the old one
   * and deals.
   * @param {GameChoice} choice
   */
  async startOwnGame(choice) {
    this.keeper.claimForNewGame();
    await this.newGame(choice);
  }

  /** @param {number} ms */
  setSpeed(ms) {
    this.settings.speed = ms;
    writeSettings(this.settings);
  }

  /**
   * @param {string} key
   * @param {Record<string, unknown>} [vars]
   * @param {"error" | "info" | "warning"} [kind]
   */
  notify(key, vars = {}, kind = "error") {
    return notify(/** @type {HTMLElement} */ (this.root.querySelector("#notices")), key, vars, kind);
  }

  /** Settles once the latest change is on screen. */
  drawn() {
    return this.view.drawn();
  }

  /** Ask the engine for a hint (the toolbar's button, the H key). */
  hint() {
    return this.intents.hint();
  }
}
