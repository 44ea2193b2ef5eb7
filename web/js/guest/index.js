// The guest's game: the page opened from an invitation, once its link is connected, plays the
// host's game at its own seat. It runs no engine: the host's table sends what this seat may
// see, and the same parts as the host's page draw it and take the taps (game-loop.js with
// the link as its engine, game-view.js, intents.js, input.js, the round and game dialogs).

import { gameDialogs } from "../game/game-dialogs.js";
import { seatName, t } from "../util/i18n.js";
import { mountGame } from "../game/mount-game.js";
import { notify } from "../ui/notices.js";
import { readSettings } from "../util/storage.js";
import { guestName } from "../link/guest-name.js";
import { LinkEngine } from "./link-engine.js";
import { guestSays } from "../link/wire.js";
import { START_ENGINE } from "../link/light.js";

/** The words for a refusal, by the engine's reason (GUEST_REASONS in facts.js). */
const REFUSALS = Object.freeze({
  "too-large": "guest.refused.too_large",
  malformed: "guest.refused.malformed",
  "not-a-move": "guest.refused.not_a_move",
  "not-your-turn": "guest.refused.not_your_turn",
  illegal: "guest.refused.illegal",
});
/** The words for the table's end, by its reason. */
const ENDS = Object.freeze({ "host-left": "guest.end.host_left", "game-over": "guest.end.game_over" });

/**
 * The link as the guest's game uses it (web/js/link/index.js's GuestLink).
 * @typedef {object} GuestLinkPort
 * @property {number} seat
 * @property {(text: string) => void} send
 * @property {(fn: (text: string) => void) => void} onMessage
 * @property {(fn: (state: string) => void) => void} onState
 */


/**
 * The engine, booted now if it is not yet (a guest's page starts without it), its progress
 * bar (boot.js's) shown in the open dialog meanwhile: whether it is ready.
 * @param {{ready(): Promise<unknown>}} worker  bridge.js's engine
 * @param {(message: string) => void} failed  says why it could not start
 */
async function booted(worker, failed) {
  const bar = document.getElementById("download");
  const actions = document.querySelector("dialog[open] .dialog__actions");
  if (bar && actions) actions.before(bar); // the dialog the coach was asked from
  // A boot that stops making progress is given up (boot.js says so), as on the game's page.
  const stalled = new Promise((_, reject) => {
    addEventListener("seven-rocks:boot-stalled", () => reject(new Error(t("boot.timeout"))), { once: true });
  });
  dispatchEvent(new Event(START_ENGINE));
  try {
    await Promise.race([worker.ready(), stalled]);
    return true;
  } catch (error) {
    failed(error instanceof Error ? error.message : String(error));
    return false;
  }
}

/**
 * The toolbar's New game, on a guest's page: a game of the person's own, in a new tab (the
 * host's table stays open in this one), which boots the engine as a first visit does.
 * @param {HTMLButtonElement | null} button
 */
function ownGame(button) {
  if (!button) return;
  const fresh = /** @type {HTMLButtonElement} */ (button.cloneNode(false)); // without the game's listener
  fresh.dataset.action = "own-game";
  fresh.dataset.i18n = "guest.own_game";
  fresh.dataset.i18nTitle = "guest.own_game_title";
  fresh.textContent = t("guest.own_game");
  fresh.title = t("guest.own_game_title");
  fresh.disabled = false;
  fresh.classList.remove("button--primary"); // the host's table is what this page is for
  fresh.addEventListener("click", () => open(new URL("./", location.href).href, "_blank", "noopener"));
  button.replaceWith(fresh);
}

/**
 * Play the host's game at `link.seat` on this page: the board is shown at once, drawn from
 * the host's first snapshot.
 * @param {GuestLinkPort} link
 * @param {{root?: HTMLElement, name?: string | null}} [options]
 */
function playAsGuest(link, { root = /** @type {HTMLElement} */ (document.getElementById("app")), name = guestName() } = {}) {
  const notices = /** @type {HTMLElement} */ (root.querySelector("#notices"));
  const say = (/** @type {string} */ key, /** @type {"error" | "warning" | "info"} */ kind = "info") => notify(notices, key, {}, kind);
  const seat = link.seat;
  document.body.dataset.guest = String(seat);
  let ended = false;
  /** @type {HTMLElement | null} "waiting for the host's table", until it comes */
  let waiting = null;
  let unreadableTold = false;
  /** @type {(record: unknown) => void} */
  let recordCame = () => {};
  /** The game's record, sent by the host at the game's end: the coach reviews this seat's moves in it. */
  const record = new Promise((resolve) => {
    recordCame = resolve;
  });

  const engine = new LinkEngine({
    send: (text) => link.send(text),
    told: (message, awaited) => {
      if (message.t === "unreadable") {
        if (!unreadableTold) say("guest.unreadable", "warning"); // once: a broken host may send many
        unreadableTold = true;
      } else if (message.t === "refused") say(REFUSALS[/** @type {keyof typeof REFUSALS} */ (message.reason)] ?? "guest.refused.illegal", "warning");
      else if (message.t === "end") {
        if (message.record) recordCame(message.record);
        if (message.reason === "host-left") endTable("host-left");
        else {
          document.body.dataset.tableEnded = message.reason;
          say(ENDS[message.reason], "info");
        }
      } else if (message.t === "snap" && !loop.snap) start();
      else if (message.t === "snap" && message.snap.game !== loop.snap?.game) start(); // the host dealt a new game
      else if (message.t === "snap" && !awaited && message.snap.events_total > loop.count && loop.snap?.human_turn && !loop.shown) {
        start(); // the table moved on while this seat had the turn (a bot stood in for it)
      }
    },
  });

  // After the game, the coach for this seat: the engine, downloaded and booted now (this page
  // started without it), reviews the record the host sends at the end. During the game
  // there is no record here.
  const dialogs = gameDialogs((snap) =>
    snap.over
      ? async () => {
          const [{ engine: worker }, { openReview }] = await Promise.all([import("../../bridge.js"), import("../coach/review.js")]);
          if (!(await booted(worker, (message) => notify(notices, "boot.failed", { message }, "error")))) return;
          const game = await record;
          const host = panels({
            call: (method, ...params) => worker.call(method, ...params),
            notify: (key, vars, kind) => notify(notices, key, vars, kind),
            levels: [],
            saveGame: () => {}, // the game is the host's to keep
            setSpeed: () => {},
          });
          openReview(host, { seat, record: game });
        }
      : null,
    { nextGame: false },
  );
  const { board, loop, store, view, aspect, panels } = mountGame({
    root,
    request: async (method, ...params) => {
      try {
        return await engine.call(method, ...params);
      } catch {
        return null;
      }
    },
    speed: () => readSettings().speed,
    dialogs: {
      roundSummary: async (args) => {
        const closed = await dialogs.roundSummary(args);
        link.send(guestSays.next()); // this seat is ready for the next round
        return closed;
      },
      gameOver: (args) => dialogs.gameOver(args).then(() => null), // the host deals the next game
    },
    elsewhere: () => false,
    ended: () => ended,
  });
  board.dataset.seat = String(seat);

  /**
   * This page's table is over for good: the host left it, or the connection to the host is
   * lost (a guest comes back only through a fresh invitation, on a page of its own). Said
   * once, whichever comes first: the host's goodbye, sent as its page goes, may never leave
   * it. Nothing more comes, so no step waits for it, no seat is thinking, and no tile stays
   * picked or in focus for a move.
   * @param {"host-left" | "lost"} reason
   */
  function endTable(reason) {
    if (ended) return;
    ended = true;
    document.body.dataset.tableEnded = reason;
    say(reason === "lost" ? "guest.lost" : ENDS[reason], "error");
    loop.begin();
    store.dispatch({ type: "thinking", seat: null });
    store.dispatch({ type: "cancel" });
    store.dispatch({ type: "focus", tile: null });
    if (document.activeElement instanceof HTMLElement && board.contains(document.activeElement)) document.activeElement.blur();
    view.renderNow(); // drawn in the task that says so: no frame shows the table ended and a seat still thinking
  }

  /** Show the host's game as it is now and play on. */
  function start() {
    const snap = engine.snapshot(0);
    if (!snap) return;
    waiting?.remove(); // the host's table is here: "waiting for it" is over
    loop.show(snap);
    delete board.dataset.preview;
    document.body.dataset.game = "ready";
    loop.run();
  }

  link.onMessage((text) => engine.onMessage(text));
  link.onState((state) => {
    if (state === "lost") endTable("lost");
  });
  for (const el of document.querySelectorAll("[data-action='hint']")) el.setAttribute("hidden", "");
  ownGame(document.querySelector("[data-action='new-game']"));
  board.hidden = false;
  const status = document.getElementById("status");
  if (status) status.hidden = true;
  waiting = say("guest.waiting");
  link.send(guestSays.join(name, aspect() || 0.6));
  Object.assign(window, { sevenRocksGuestGame: { loop, engine, seat: seatName(seat), t } });
  return { loop, engine };
}

/**
 * Play the host's game as soon as `link` is connected, in place of the reply screen.
 * @param {GuestLinkPort & {state: string}} link
 * @param {() => void} removeScreen  takes the reply screen away
 */
export function joinWhenConnected(link, removeScreen) {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    removeScreen();
    delete document.body.dataset.linkPage; // the page is the game's now: its table shows
    playAsGuest(link);
  };
  if (link.state === "connected") start();
  else link.onState((state) => state === "connected" && start());
}
