// The camera's view while the host scans a guest's reply: a dialog with the video, a line of
// help and a button to stop. Loaded only when the host first asks to scan.

import { openModal } from "../ui/modal.js";
import { scan } from "./scan.js";

/** Scan until a code `wanted` accepts shows: its text, or null when the host stops first.
 * Rejects when the camera cannot be opened.
 * @param {(text: string) => boolean} wanted
 * @returns {Promise<string | null>}
 */
export async function scanCode(wanted) {
  const stop = new AbortController();
  const { dialog, close } = openModal({
    hook: "scanner",
    className: "dialog--scanner",
    labelledBy: "scanner-title",
    closeAction: "stop-scan",
    onClose: () => stop.abort(),
    html: `<div class="dialog__body scanner">
      <h2 id="scanner-title" data-i18n="link.scan.title"></h2>
      <video class="scanner__video" data-scanner-video muted playsinline></video>
      <p class="note" data-i18n="link.scan.hint"></p>
      <div class="dialog__actions"><button type="button" class="button" data-action="stop-scan" data-i18n="link.scan.stop"></button></div>
    </div>`,
  });
  try {
    return await scan(/** @type {HTMLVideoElement} */ (dialog.querySelector("[data-scanner-video]")), wanted, stop.signal);
  } finally {
    close();
  }
}
