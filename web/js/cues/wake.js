// The screen stays on while a game goes on. A phone passed round the table, or put down
// while the computer players move, would otherwise dim and lock in the middle of a round.
// The browser lets the lock go whenever the page is hidden; it is asked for again when the
// page is shown, if a game is still on. A game left alone (nothing moved, nothing touched)
// for IDLE_MS lets the screen sleep as usual, so a phone forgotten on the table does not
// drain its battery; the next move or touch keeps it on again. Where the browser has no
// screen wake lock, or refuses one (a battery saver), nothing else happens.

/** How long a game may stand still before the screen may sleep again. */
const IDLE_MS = 5 * 60_000;

let wanted = false;
/** @type {ReturnType<typeof setTimeout> | undefined} */
let idle; // the timer that lets the screen sleep after IDLE_MS of stillness
/** @type {WakeLockSentinel | null} */
let lock = null; // the WakeLockSentinel held now
let asking = false;

async function acquire() {
  if (!wanted || lock || asking || document.visibilityState !== "visible" || !navigator.wakeLock) return;
  asking = true;
  try {
    const got = await navigator.wakeLock.request("screen");
    got.addEventListener("release", () => {
      if (lock === got) lock = null;
    });
    lock = got;
    if (!wanted) release(); // the game ended while the browser was asked
  } catch {
    // refused (a battery saver, a hidden page): the screen may dim as usual
  } finally {
    asking = false;
  }
}

function release() {
  const held = lock;
  lock = null;
  held?.release().catch(() => {});
}

/** Keep the screen on (`true`: a game goes on, and has just moved or been touched) or let it
 *  dim again. Called at every draw of the game; cheap when nothing changes.
 * @param {boolean} on
 */
export function keepScreenOn(on) {
  clearTimeout(idle);
  if (on) idle = setTimeout(() => keepScreenOn(false), IDLE_MS);
  if (on === wanted) return;
  wanted = on;
  if (on) acquire();
  else release();
}

document.addEventListener("visibilitychange", acquire);
