// The "find the move" trainer's rules as plain data, with no DOM and no engine: a position
// is tried at most twice; a right move ends it solved, a wrong first try earns a second, a
// wrong second try ends it failed and the answer is shown. The controller (trainer.js)
// feeds it the engine's verdicts; the view (trainer-view.js) draws what it says.

/** Tries a position allows before its answer is shown. */
export const TRIES = 2;

/**
 * @typedef {"first" | "second" | "answered"} TrainerPhase
 * @typedef {"solved" | "failed"} TrainerResult
 * @typedef {{phase: TrainerPhase, tries: string[], result: TrainerResult | null}} TrainerState
 */

/** A position not tried yet. @returns {TrainerState} */
export const freshTry = () => ({ phase: "first", tries: [], result: null });

/**
 * The state after a try of `move`, judged `correct` by the engine. A try after the answer
 * changes nothing (the answer is on the board; a late tap must not re-judge it).
 * @param {TrainerState} state
 * @param {string} move
 * @param {boolean} correct
 * @returns {TrainerState}
 */
export function afterTry(state, move, correct) {
  if (state.phase === "answered") return state;
  const tries = [...state.tries, move];
  if (correct) return { phase: "answered", tries, result: "solved" };
  if (tries.length >= TRIES) return { phase: "answered", tries, result: "failed" };
  return { phase: "second", tries, result: null };
}
