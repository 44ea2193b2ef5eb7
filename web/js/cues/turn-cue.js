// "Your turn": when the turn comes to a person after the computer players have moved, a
// light buzz of the phone (where it has a motor and the player left it on) and a soft
// chime (when sounds are on); in a tab left for another, the tab's title says so until the
// player comes back. A player who looked away while the bots played, or put the phone down
// on the table, learns that the game waits for them, as someone at a real table would say.
// The controller says when (`seven-rocks:your-turn`); this module says how.

import { t } from "../util/i18n.js";
import { play } from "./sound.js";
import { canVibrate, soundOn, vibrateOn } from "../ui/settings.js";

/** One short pulse: a tap felt in the hand, not an alarm. */
const BUZZ_MS = 40;

/**
 * The page's own title while the tab's title says "your turn" (else null).
 * @type {string | null}
 */
let plainTitle = null;

function cueYourTurn() {
  if (soundOn()) play("turn"); // heard from a background tab too: it calls the player back
  if (document.visibilityState !== "visible") {
    plainTitle ??= document.title;
    document.title = `▶ ${t("seat.your_turn")} · ${plainTitle}`;
    return; // a hidden page's buzz is refused by the browser
  }
  // Chrome refuses (with a console warning) a buzz before the page's first tap.
  if (vibrateOn() && canVibrate() && navigator.userActivation?.hasBeenActive !== false) navigator.vibrate(BUZZ_MS);
}

function restoreTitle() {
  if (document.visibilityState !== "visible" || plainTitle == null) return;
  document.title = plainTitle;
  plainTitle = null;
}

export function installTurnCue() {
  document.addEventListener("seven-rocks:your-turn", cueYourTurn);
  document.addEventListener("visibilitychange", restoreTitle);
}
