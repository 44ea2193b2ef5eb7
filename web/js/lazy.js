// Parts of the page loaded on first use: the rule book, the replay viewer and the coach. A
// first visit downloads only what the table needs; the service worker still keeps every
// part for offline play. A part that cannot be fetched (the connection dropped before the
// page was saved for offline use) is one readable notice, never an unhandled error.

import { loadStrings } from "./i18n.js";

/** `load()`'s module, with the strings of `strings` (a catalogue part, see i18n.js) loaded
 *  too; or null after telling the player (through `host.notify`).
 * @template T
 * @param {{notify(key: string): unknown}} host
 * @param {() => Promise<T>} load
 * @param {string | null} [strings]
 * @returns {Promise<T | null>}
 */
export async function loadPart(host, load, strings = null) {
  try {
    const [part] = await Promise.all([load(), strings && loadStrings(strings)]);
    return part;
  } catch (error) {
    console.warn(`Seven Rocks: a part of the page did not load (${error})`); // why, for whoever looks
    host.notify("notice.part_missing");
    return null;
  }
}
