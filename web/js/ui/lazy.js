// Parts of the page loaded on first use: the rule book, the replay viewer and the coach. A
// first visit downloads only what the table needs; the service worker still keeps every
// part for offline play. A part that cannot be fetched (the connection dropped before the
// page was saved for offline use) is one readable notice, never an unhandled error.

import { loadStrings } from "../util/i18n.js";

/** Each part's style sheet, linked or on its way. @type {Map<string, Promise<void>>} */
const sheets = new Map();

/** Link `part`'s style sheet (style.<part>.css: its sheets joined by the build, see
 *  seven_rocks/site/stylesheets.py) and wait until it applies: a panel drawn before its
 *  styles would show unstyled for a moment. Rejects when it cannot be fetched.
 * @param {string} part
 * @returns {Promise<void>}
 */
function loadSheet(part) {
  let loading = sheets.get(part);
  if (!loading) {
    const link = document.createElement("link");
    link.rel = "stylesheet";
    link.href = `./style.${part}.css`;
    link.dataset.part = part;
    loading = new Promise((resolve, reject) => {
      link.addEventListener("load", () => resolve(), { once: true });
      link.addEventListener("error", () => {
        link.remove();
        sheets.delete(part); // tried again the next time the part is opened
        reject(new Error(`${link.href} did not load`));
      }, { once: true });
    });
    sheets.set(part, loading);
    document.head.append(link);
  }
  return loading;
}

/** `load()`'s module, with `part`'s strings (a catalogue part, see i18n.js) and style sheet
 *  loaded too; or null after telling the player (through `host.notify`). The part names
 *  are the build's (seven_rocks/site/catalogues.py, web/index.html's data-part).
 * @template T
 * @param {{notify(key: string): unknown}} host
 * @param {() => Promise<T>} load
 * @param {string | null} [part]
 * @returns {Promise<T | null>}
 */
export async function loadPart(host, load, part = null) {
  try {
    const [module] = await Promise.all([load(), part && loadStrings(part), part && loadSheet(part)]);
    return module;
  } catch (error) {
    console.warn(`Seven Rocks: a part of the page did not load (${error})`); // why, for whoever looks
    host.notify("notice.part_missing");
    return null;
  }
}
