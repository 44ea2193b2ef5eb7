// "Your turn": when the turn comes to a person after the computer players have moved, a
// light buzz of the phone (where it has a motor and the player left it on) and a soft
// chime (when sounds are on). A player who looked away while the bots played, or put the
// phone down on the table, learns that the game waits for them, as someone at a real table
// would say so. The controller says when (`seven-rocks:your-turn`); this module says how.

import { play } from "./sound.js";
import { canVibrate, soundOn, vibrateOn } from "./settings.js";

/** One short pulse: a tap felt in the hand, not an alarm. */
export const BUZZ_MS = 40;

export function cueYourTurn() {
  if (document.visibilityState !== "visible") return; // nobody to tell; the browser would refuse
  if (soundOn()) play("turn");
  // Chrome refuses (with a console warning) a buzz before the page's first tap.
  if (vibrateOn() && canVibrate() && navigator.userActivation?.hasBeenActive !== false) navigator.vibrate(BUZZ_MS);
}

export function installTurnCue() {
  document.addEventListener("seven-rocks:your-turn", cueYourTurn);
}
