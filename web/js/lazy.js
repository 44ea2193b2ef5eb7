// Parts of the page loaded on first use: the rule book, the replay viewer and the coach. A
// first visit downloads only what the table needs; the service worker still keeps every
// part for offline play. A part that cannot be fetched (the connection dropped before the
// page was saved for offline use) is one readable notice, never an unhandled error.

/** `load()`'s module, or null after telling the player (through `controller.notify`). */
export async function loadPart(controller, load) {
  try {
    return await load();
  } catch {
    controller.notify("notice.part_missing");
    return null;
  }
}
