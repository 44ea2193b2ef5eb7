// The screen stays on while a game goes on. A phone passed round the table, or put down
// while the computer players move, would otherwise dim and lock in the middle of a round.
// The browser lets the lock go whenever the page is hidden; it is asked for again when the
// page is shown, if a game is still on. Where the browser has no screen wake lock, or
// refuses one (a battery saver), nothing else happens: the screen behaves as it always did.

let wanted = false;
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

/** Keep the screen on (`true`: a game goes on) or let it dim again. Cheap when unchanged. */
export function keepScreenOn(on) {
  if (on === wanted) return;
  wanted = on;
  if (on) acquire();
  else release();
}

document.addEventListener("visibilitychange", acquire);
