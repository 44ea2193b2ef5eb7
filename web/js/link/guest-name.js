// The name a friend gives on the join screen, kept on their phone for the next invitation:
// the host's table and its record call them by it.

import { cleanName } from "../model/people.js";
import { readSettings } from "../util/storage.js";

/** Where the name is kept. */
const GUEST_NAME_KEY = "seven-rocks:guest-name";
/** The name this phone's person gave when they last joined a table, else the one they gave
 * for themselves in their own games (South's), else null. */
export function guestName() {
  let kept = null;
  try {
    kept = localStorage.getItem(GUEST_NAME_KEY);
  } catch {
    // storage refused (private mode): the settings' name, if any
  }
  return cleanName(kept) ?? readSettings().names[0] ?? null;
}

/** Keep `name` (an empty one forgets it).
 * @param {string} name
 */
export function keepGuestName(name) {
  const clean = cleanName(name); // the engine's one rule for a name (model/people.js)
  try {
    if (clean) localStorage.setItem(GUEST_NAME_KEY, clean);
    else localStorage.removeItem(GUEST_NAME_KEY);
  } catch {
    // not kept: this page still sends it
  }
}
