// The game as the page sees it, as plain data and pure functions: the engine's latest
// snapshot (what South may see, as the worker sent it) and the UI state (selection, keyboard
// target, who is thinking, what each seat did last). Nothing here touches the DOM or
// computes a rule: every fact comes from the snapshot and its events.

import { REMOTE } from "../facts.js";

/** @typedef {import("../protocol").Snapshot} Snapshot */
/** @typedef {import("../protocol").Table} Table */
/** @typedef {import("../protocol").WorkerEvent} WorkerEvent */
/** @typedef {import("../protocol").PlacedJSON} PlacedJSON */
/** @typedef {import("../protocol").PassedJSON} PassedJSON */
/** @typedef {import("../protocol").RoundSettledJSON} RoundSettledJSON */
/** @typedef {import("../protocol").RoundStartedJSON} RoundStartedJSON */
/** @typedef {import("../protocol").GameWonJSON} GameWonJSON */
/** @typedef {{ type: "pass" } | { type: "play", tile: string }} SeatAction what a seat did last */
/**
 * The UI state (see freshUi for what each field holds).
 * @typedef {object} Ui
 * @property {string | null} selected
 * @property {string | null} activeTarget
 * @property {string | null} focusTile
 * @property {number | null} thinking
 * @property {(SeatAction | null)[]} actions
 * @property {string | null} newTile
 * @property {PlacedJSON | null} lastPlaced
 * @property {string | null} hinted
 * @property {boolean} busy
 * @property {boolean} knocking
 */
/**
 * A finished round shown under its summary: every hand, the table as the round ended.
 * @typedef {{ hands: string[][], table: Table, lastTile: string | null }} Shown
 */
/** @typedef {{ key: string, vars: Record<string, string | number> }} Prompt a catalogue key and its values */

/**
 * The UI state of a fresh table.
 * @returns {Ui}
 */
export const freshUi = () => ({
  selected: null, // tile whose targets are lit
  activeTarget: null, // the target the keyboard is on
  focusTile: null, // the hand tile to refocus after a redraw
  thinking: null, // the bot seat working on its move
  actions: [null, null, null, null], // what each seat did last
  newTile: null, // placed since the previous draw (animated)
  lastPlaced: null, // the last placement event (sum banner)
  hinted: null, // the tile a hint suggested
  busy: false, // a move of South's is on its way to the engine
  knocking: false, // South knocks (the engine found no move)
});

/**
 * Who thinks while the table waits for the move of the seat to play: a bot, never a person
 * on another device (on a guest's page: the host, another friend): no page sees them think.
 * @param {Pick<Snapshot, "bots" | "turn">} snap
 */
export const thinker = (snap) => (snap.bots[snap.turn] === REMOTE ? null : snap.turn);

/**
 * Bots in every seat: the game plays itself.
 * @param {Pick<Snapshot, "bots"> | null | undefined} snap
 */
export const isAutoplay = (snap) => Boolean(snap?.bots.every((b) => b != null));

/**
 * May South choose a tile now?
 * @param {Snapshot | null | undefined} snap
 * @param {Ui} ui
 * @param {Shown | null} [shown]
 */
export function isInteractive(snap, ui, shown = null) {
  return Boolean(snap && snap.human_turn && !snap.must_pass && !snap.over && !ui.busy && !shown);
}

/**
 * South's first tile with a place on the table (where the keyboard starts a turn), or null.
 * @param {Snapshot | null | undefined} snap
 */
export const firstPlayable = (snap) => snap?.hand?.find((tile) => tile in (snap.legal ?? {})) ?? null;

/**
 * The attach points `tile` may go to ([] when none).
 * @param {Pick<Snapshot, "legal"> | null | undefined} snap
 * @param {string | null | undefined} tile
 * @returns {readonly string[]}
 */
export const targetsOf = (snap, tile) => (tile ? (snap?.legal?.[tile] ?? []) : []);

/**
 * The engine's own text for playing `tile` at `point`, as it sent it (null if not legal).
 * @param {Pick<Snapshot, "moves"> | null | undefined} snap
 * @param {string} tile
 * @param {string} point
 */
export const moveText = (snap, tile, point) => snap?.moves?.[tile]?.[point] ?? null;

/**
 * The tile a move event or snapshot's `last` placed (null for a knock).
 * @param {{ tile: string | null } | null | undefined} last
 */
export const tileOf = (last) => last?.tile ?? null;


/**
 * Fold a batch of new events into the UI state: what each seat did, the last placement.
 * Returns {ui, placed, settled, started, won} (`ui` is a new object; selection is cleared).
 * @param {Ui} ui
 * @param {readonly WorkerEvent[]} events
 */
export function foldEvents(ui, events) {
  const actions = [...ui.actions];
  /** @type {PlacedJSON | null} */
  let placed = null;
  /** @type {RoundSettledJSON | null} */
  let settled = null;
  /** @type {RoundStartedJSON | null} */
  let started = null;
  /** @type {GameWonJSON | null} */
  let won = null;
  for (const event of events) {
    if (event.type === "placed") {
      placed = event;
      actions[event.seat] = { type: "play", tile: event.tile };
    } else if (event.type === "passed") actions[event.seat] = { type: "pass" };
    else if (event.type === "round_settled") settled = event;
    else if (event.type === "round_started") started = event;
    else if (event.type === "game_won") won = event;
  }
  /** @type {Ui} */
  const next = {
    ...ui,
    actions,
    newTile: placed ? placed.tile : null,
    lastPlaced: placed ?? ui.lastPlaced,
    selected: null,
    activeTarget: null,
    hinted: null,
  };
  return { ui: next, placed, settled, started, won };
}

/** The UI state of a game shown anew (a reload, a resumed save): the current round's
 *  events folded in, so the seats' last actions and the sum banner come back as they were;
 *  nothing animates.
 * @param {readonly WorkerEvent[]} events
 * @returns {Ui}
 */
export function resumedUi(events) {
  const start = events.findLastIndex((e) => e.type === "round_started");
  const { ui } = foldEvents(freshUi(), start < 0 ? events : events.slice(start));
  return { ...ui, newTile: null };
}

/** What a person taking the device in pass-and-play missed: the moves (placements and
 *  knocks) since `seat` last moved, or since the round began when it has not moved in it.
 * @param {readonly WorkerEvent[]} events the public history
 * @param {number} seat
 * @returns {(PlacedJSON | PassedJSON)[]}
 */
export function missedMoves(events, seat) {
  let from = 0;
  for (let i = events.length - 1; i >= 0; i -= 1) {
    const event = events[i];
    if (event.type === "round_started") {
      from = i;
      break;
    }
    if ((event.type === "placed" || event.type === "passed") && event.seat === seat) {
      from = i + 1;
      break;
    }
  }
  return events.slice(from).flatMap((event) => (event.type === "placed" || event.type === "passed" ? [event] : []));
}

/** The latest event of the current round worth a line in the move log (a placement, a
 *  knock, or the round's opening), or null.
 * @param {readonly WorkerEvent[]} events
 */
export function latestToSay(events) {
  for (let i = events.length - 1; i >= 0; i -= 1) {
    const type = events[i].type;
    if (type === "placed" || type === "passed" || type === "round_started" || type === "game_won") return events[i];
  }
  return null;
}

/**
 * A finished round, shown under its summary: the snapshot with every hand revealed, and
 * the table as it was when the round ended.
 * @param {Snapshot & { previous_table: Table }} snap a snapshot with the finished round's table
 * @param {RoundSettledJSON} settled
 * @returns {{ snap: Snapshot, shown: Shown }}
 */
export function finishedRound(snap, settled) {
  return {
    snap: { ...snap, hand_sizes: settled.hands.map((hand) => hand.length), hand: settled.hands[snap.viewer ?? 0] ?? [] },
    shown: { hands: settled.hands, table: snap.previous_table, lastTile: snap.previous_table.last_tile },
  };
}

/**
 * The UI after a round's summary closes: a clean table.
 * @param {Ui} ui
 * @returns {Ui}
 */
export const afterRound = (ui) => ({ ...ui, actions: [null, null, null, null], newTile: null, lastPlaced: null });

/**
 * Select `tile` (its first target under the keyboard), or deselect it when chosen again.
 * @param {Ui} ui
 * @param {Pick<Snapshot, "legal"> | null | undefined} snap
 * @param {string} tile
 * @returns {Ui}
 */
export function chooseTile(ui, snap, tile) {
  const targets = targetsOf(snap, tile);
  if (!targets.length) return { ...ui, focusTile: tile };
  if (ui.selected === tile) return cancelSelection(ui);
  return { ...ui, selected: tile, activeTarget: targets[0], focusTile: null };
}

/**
 * Drop the selection; the keyboard goes back to the tile.
 * @param {Ui} ui
 * @returns {Ui}
 */
export const cancelSelection = (ui) => ({ ...ui, selected: null, activeTarget: null, focusTile: ui.selected });

/**
 * Show a hint: its tile selected with its target active when it has one on the table.
 * @param {Ui} ui
 * @param {Pick<Snapshot, "legal"> | null | undefined} snap
 * @param {Pick<import("../protocol").Hint, "tile" | "at">} hint
 * @returns {Ui}
 */
export function showHint(ui, snap, hint) {
  const next = { ...ui, hinted: hint.tile, focusTile: hint.tile };
  if (targetsOf(snap, hint.tile).length) {
    next.selected = hint.tile;
    next.activeTarget = hint.at;
  }
  return next;
}

/**
 * What the prompt line says, as {key, vars} for the catalogue (seats and teams as numbers:
 * the renderer names them), or null for nothing.
 * @param {Snapshot} snap
 * @param {Ui} ui
 * @param {{ shown?: Shown | null, autoplay?: boolean, ended?: boolean }} [options]
 * @returns {Prompt | null}
 */
export function prompt(snap, ui, { shown = null, autoplay = false, ended = false } = {}) {
  // At the game's end the move log's latest line already says who won and by how much.
  if (shown || snap.over) return null;
  // A friend's table the host left: nobody plays on, whoever's turn it was.
  if (ended) return { key: "prompt.table_ended", vars: {} };
  if (autoplay) return { key: "prompt.autoplay", vars: {} };
  if (snap.pass_to != null) return { key: "prompt.pass", vars: { seat: snap.pass_to } };
  if (snap.human_turn && snap.must_pass) return { key: "prompt.must_pass", vars: {} };
  if (snap.human_turn && ui.selected) {
    const count = targetsOf(snap, ui.selected).length;
    return { key: "prompt.choose_target", vars: { tile: ui.selected, count } };
  }
  if (snap.human_turn) return { key: snap.table.tiles.length ? "prompt.choose_tile" : "prompt.open", vars: {} };
  return { key: "prompt.waiting", vars: { seat: snap.turn } };
}

/**
 * Does the drawing area's shape differ enough from the layout's to lay the table out again?
 * @param {number} aspect
 * @param {number | null | undefined} laidOutAspect
 */
export function needsRelayout(aspect, laidOutAspect) {
  if (!laidOutAspect) return false;
  const ratio = aspect / laidOutAspect;
  return ratio > 1.25 || ratio < 0.8;
}
