// The page's events: how the game tells the modules around it (sound, tour, score sheet,
// statistics, hint panel, turn cue) what happened, without any of them reaching into it.
// Every name is here, each dispatched on `document`:
//   seven-rocks:game-events  {events, snap, fresh}: the engine's new public events, one batch
//                            per engine reply (`fresh`: a game shown anew, its whole history)
//   seven-rocks:rendered     {turnArrived}: the table was drawn
//   seven-rocks:your-turn    {seat}: a computer player's move brought a person's turn
//   seven-rocks:hint-asked   null: a hint is on its way
//   seven-rocks:hint         the hint reply, or null when there is none to show

export const GAME_EVENTS = "seven-rocks:game-events";
export const RENDERED = "seven-rocks:rendered";
export const YOUR_TURN = "seven-rocks:your-turn";
export const HINT_ASKED = "seven-rocks:hint-asked";
export const HINT = "seven-rocks:hint";

/**
 * @typedef {object} GameEventsDetail
 * @property {import("../protocol").WorkerEvent[]} events  the new events, in order
 * @property {import("../protocol").Snapshot} snap  the snapshot that brought them
 * @property {boolean} fresh  a game shown anew: `events` is its whole history so far
 */

/**
 * Tell the page `name` happened (with `detail`).
 * @param {string} name
 * @param {unknown} [detail]
 */
export function emit(name, detail = null) {
  document.dispatchEvent(new CustomEvent(name, { detail }));
}

/**
 * Listen to the engine's event batches; returns the function that stops listening.
 * @param {(detail: GameEventsDetail) => void} listener
 * @returns {() => void}
 */
export function onGameEvents(listener) {
  /** @param {Event} event */
  const handle = (event) => listener(/** @type {CustomEvent<GameEventsDetail>} */ (event).detail);
  document.addEventListener(GAME_EVENTS, handle);
  return () => document.removeEventListener(GAME_EVENTS, handle);
}
