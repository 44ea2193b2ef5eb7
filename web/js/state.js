// The game as the page sees it, as plain data and pure functions: the engine's latest
// snapshot (what South may see, as the worker sent it) and the UI state (selection, keyboard
// target, who is thinking, what each seat did last). Nothing here touches the DOM or
// computes a rule: every fact comes from the snapshot and its events.

/** The UI state of a fresh table. */
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

/** Bots in every seat: the game plays itself. */
export const isAutoplay = (snap) => Boolean(snap?.bots.every((b) => b != null));

/** May South choose a tile now? */
export function isInteractive(snap, ui, shown = null) {
  return Boolean(snap && snap.human_turn && !snap.must_pass && !snap.over && !ui.busy && !shown);
}

/** The attach points `tile` may go to ([] when none). */
export const targetsOf = (snap, tile) => (tile ? (snap?.legal?.[tile] ?? []) : []);

/** The engine's own text for playing `tile` at `point`, as it sent it (null if not legal). */
export const moveText = (snap, tile, point) => snap?.moves?.[tile]?.[point] ?? null;

/** The tile a move event or snapshot's `last` placed (null for a knock). */
export const tileOf = (last) => last?.tile ?? null;

/** The latest round opening among `events` (announced when a game is shown). */
export const lastRoundStart = (events) => [...events].reverse().find((e) => e.type === "round_started") ?? null;

/**
 * Fold a batch of new events into the UI state: what each seat did, the last placement.
 * Returns {ui, placed, settled, started, won} (`ui` is a new object; selection is cleared).
 */
export function foldEvents(ui, events) {
  const actions = [...ui.actions];
  let placed = null;
  let settled = null;
  let started = null;
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

/**
 * A finished round, shown under its summary: the snapshot with every hand revealed, and
 * the table as it was when the round ended.
 */
export function finishedRound(snap, settled) {
  return {
    snap: { ...snap, hand_sizes: settled.hands.map((hand) => hand.length), hand: settled.hands[snap.viewer ?? 0] ?? [] },
    shown: { hands: settled.hands, table: snap.previous_table, lastTile: snap.previous_table.last_tile },
  };
}

/** The UI after a round's summary closes: a clean table. */
export const afterRound = (ui) => ({ ...ui, actions: [null, null, null, null], newTile: null, lastPlaced: null });

/** Select `tile` (its first target under the keyboard), or deselect it when chosen again. */
export function chooseTile(ui, snap, tile) {
  const targets = targetsOf(snap, tile);
  if (!targets.length) return { ...ui, focusTile: tile };
  if (ui.selected === tile) return cancelSelection(ui);
  return { ...ui, selected: tile, activeTarget: targets[0], focusTile: null };
}

/** Drop the selection; the keyboard goes back to the tile. */
export const cancelSelection = (ui) => ({ ...ui, selected: null, activeTarget: null, focusTile: ui.selected });

/** Show a hint: its tile selected with its target active when it has one on the table. */
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
 */
export function prompt(snap, ui, { shown = null, autoplay = false } = {}) {
  if (shown) return null;
  if (snap.over) return { key: "announce.won", vars: { team: snap.winner, score0: snap.scores[0], score1: snap.scores[1] } };
  if (autoplay) return { key: "prompt.autoplay", vars: {} };
  if (snap.pass_to != null) return { key: "prompt.pass", vars: { seat: snap.pass_to } };
  if (snap.human_turn && snap.must_pass) return { key: "prompt.must_pass", vars: {} };
  if (snap.human_turn && ui.selected) {
    const count = targetsOf(snap, ui.selected).length;
    return { key: count === 1 ? "prompt.choose_target_one" : "prompt.choose_target", vars: { tile: ui.selected, count } };
  }
  if (snap.human_turn) return { key: snap.table.tiles.length ? "prompt.choose_tile" : "prompt.open", vars: {} };
  return { key: "prompt.waiting", vars: { seat: snap.turn } };
}

/** Does the drawing area's shape differ enough from the layout's to lay the table out again? */
export function needsRelayout(aspect, laidOutAspect) {
  if (!laidOutAspect) return false;
  const ratio = aspect / laidOutAspect;
  return ratio > 1.25 || ratio < 0.8;
}
