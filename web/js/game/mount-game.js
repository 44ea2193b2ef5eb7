// One game on the page, wired once for both pages that show one: the host's (controller.js,
// the engine in this page's worker) and a friend's (guest/index.js, the host's table over the
// link). Each page brings its engine door and its ends of a game; the table, the UI store,
// the view, the loop, the player's intents and input, the table following the window's
// shape and the panels' host are made here alike.

import { Announcer } from "../model/announce.js";
import { GameLoop } from "./game-loop.js";
import { GameView } from "./game-view.js";
import { bindInput } from "./input.js";
import { PlayerIntents } from "./intents.js";
import { Pacer } from "./pacing.js";
import { UiStore } from "./ui-store.js";
import { followResizes } from "./relayout.js";
import { TableView } from "../table/table.js";
import { onLanguageChange } from "../util/i18n.js";
import { whileOpen } from "../ui/close-request.js";
import { panelHost } from "../ui/panel-host.js";
import { onPrefChange } from "../ui/settings.js";

/** @typedef {import("./game-loop.js").LoopHost} LoopHost */
/** @typedef {import("../ui/panel-host.js").PanelHost} PanelHost */

/**
 * What a page brings to its game.
 * @typedef {object} GameParts
 * @property {HTMLElement} root  the page's game area (#app, holding #board, #table, #announce)
 * @property {import("../../bridge.js").EngineCall<null>} request  the game's engine; null when it refused (the player was told)
 * @property {() => number} speed  the bots' pace (ms)
 * @property {LoopHost["dialogs"]} dialogs  the round's and the game's end
 * @property {() => boolean} elsewhere  another tab plays the game: drawn without its controls
 * @property {() => boolean} [ended]  no move can be made here any more (a friend's table ended)
 * @property {LoopHost["save"]} [save]
 * @property {LoopHost["over"]} [over]
 * @property {LoopHost["afterGame"]} [afterGame]
 * @property {LoopHost["guests"]} [guests]  the friends at remote seats (the host's page)
 */

/**
 * Wire one game into `parts.root`.
 * @param {GameParts} parts
 */
export function mountGame({ root, request, speed, dialogs, elsewhere, ended = () => false, save = () => {}, over = () => {}, afterGame = () => {}, guests }) {
  const board = /** @type {HTMLElement} */ (root.querySelector("#board"));
  const tableView = new TableView(/** @type {SVGSVGElement} */ (root.querySelector("#table")));
  const store = new UiStore();
  const pacer = new Pacer(); // panels hold the bots while they are open
  /** The table's drawing area, width over height, to the hundredth (the engine clamps it). */
  const aspect = () => Math.round(tableView.aspect() * 100) / 100;
  // A picked tile (its places lit) is put down by Escape or a phone's back gesture, which
  // would otherwise leave the game; a hint's tile goes with the hint (hint.js).
  const watchPick = whileOpen(() => intents.cancel());
  const view = new GameView({
    root,
    board,
    tableView,
    announcer: new Announcer(/** @type {HTMLElement} */ (root.querySelector("#announce"))),
    game: () => loop,
    store,
    interactive: () => intents.interactive,
    elsewhere,
    ended,
    speed,
    watchPick,
  });
  const now = () => performance.now();
  const loop = new GameLoop({ request, aspect, pacer, speed, now, store, view, dialogs, save, over, afterGame, guests });
  const intents = new PlayerIntents({ root, board, loop, store, view, elsewhere: () => elsewhere() || ended() });
  bindInput(board, intents.inputHost());
  // The game's end, closed, stays one tap away until another game begins.
  root.querySelector("[data-action='show-ending']")?.addEventListener("click", () => loop.showEnding());
  followResizes({ tableView, loop, view });
  onPrefChange((/** @type {string} */ name) => name === "turn_table" && view.render());
  onLanguageChange(() => {
    view.render();
    view.retranslate();
  });

  /**
   * The host the panels get (panel-host.js): the game's side of it from here, the page's
   * own (its engine, its words, its settings) from `own`.
   * @param {Pick<PanelHost, "call" | "notify" | "levels" | "saveGame" | "setSpeed">} own
   */
  const panels = (own) =>
    panelHost({
      ...own,
      snap: () => loop.snap,
      events: () => loop.events,
      roundShown: () => Boolean(loop.shown),
      hold: (reason) => pacer.hold(reason),
      speed,
      hinted: () => store.ui.hinted,
      focusTarget: (point) => intents.focusTarget(point),
      dismissHint: () => intents.dismissHint(),
    });
  return { board, tableView, store, pacer, view, loop, intents, aspect, panels };
}
