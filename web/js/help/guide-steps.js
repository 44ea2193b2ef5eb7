// The guided first hand's steps, as pure functions of what the engine sent (a snapshot, a
// batch of its events): which tile to ask for, what the scoring move scored (the engine's own
// numbers and sum, never worked out here), and which step follows. guide.js shows them.

/** @typedef {import("../protocol").Snapshot} Snapshot */
/** @typedef {import("../protocol").WorkerEvent} WorkerEvent */
/** @typedef {"tap" | "scored" | "partner"} GuideStep */
/** @typedef {{ points: number, sum: string }} Scored a move's points and sum, as the engine worded them */
/** @typedef {{ step: GuideStep | null, scored: Scored | null }} GuideState `step` null: the guide has ended */

/** The first visit's deal: South opens, and the lesson's tile (6 + 4 on the open table) scores
 *  10 (a test replays the deal through the engine and holds it to that). */
export const LESSON = Object.freeze({ seed: 13, tile: "4-6" });

/**
 * The tile the guide asks South to tap: the lesson's, when it is South's turn at this screen
 * and the engine lists it among the legal moves; null otherwise.
 * @param {Pick<Snapshot, "human_turn" | "viewer" | "legal">} snap
 * @param {string} [tile]
 */
export function tileToTap(snap, tile = LESSON.tile) {
  return snap.human_turn && snap.viewer === 0 && Object.hasOwn(snap.legal, tile) ? tile : null;
}

/**
 * South's last scoring move among `events`, as the engine's event says it: its points and
 * its sum's text; null when South scored nothing there.
 * @param {readonly WorkerEvent[]} events
 * @returns {Scored | null}
 */
export function scoredBySouth(events) {
  /** @type {Scored | null} */
  let found = null;
  for (const e of events) if (e.type === "placed" && e.seat === 0 && e.points > 0) found = { points: e.points, sum: e.sum_text };
  return found;
}

/**
 * Where the guide starts on `snap`: at "tap" when South can play the lesson's tile, else (a
 * game resumed, another deal) at "partner", the one step that holds for any hand.
 * @param {Pick<Snapshot, "human_turn" | "viewer" | "legal">} snap
 * @returns {GuideState}
 */
export function firstStep(snap) {
  return { step: tileToTap(snap) ? "tap" : "partner", scored: null };
}

/**
 * The guide's state after the engine's batch `events`: South's move at "tap" leads to
 * "scored" (with the engine's figures) or, scoring nothing, to "partner"; the round's end
 * ends the guide. Other batches change nothing.
 * @param {GuideState} state
 * @param {readonly WorkerEvent[]} events
 * @returns {GuideState}
 */
export function afterEvents(state, events) {
  if (state.step == null) return state;
  if (events.some((e) => e.type === "round_settled")) return { step: null, scored: null };
  if (state.step !== "tap" || !events.some((e) => e.type === "placed" && e.seat === 0)) return state;
  const scored = scoredBySouth(events);
  return scored ? { step: "scored", scored } : { step: "partner", scored: null };
}

/**
 * The guide's state after its Next button: "scored" goes on to "partner", "partner" ends it.
 * At "tap" there is no Next (the person plays the tile).
 * @param {GuideState} state
 * @returns {GuideState}
 */
export function afterNext(state) {
  if (state.step === "scored") return { step: "partner", scored: state.scored };
  if (state.step === "partner") return { step: null, scored: null };
  return state;
}
