// Passing a link on: the phone's share sheet (WhatsApp, a message, mail) where the browser
// has one, else the clipboard; and a plain copy button beside it.

/** Whether this browser can open the share sheet for a link. */
export function canShare() {
  return typeof navigator.share === "function" && (typeof navigator.canShare !== "function" || navigator.canShare({ url: location.href }));
}

/** Share `url` (with `text` before it) through the share sheet; "shared", "cancelled", or
 * "copied" when there is no share sheet (or it failed) and the link went to the clipboard,
 * or "failed" when neither worked.
 * @param {{title: string, text: string, url: string}} what
 * @returns {Promise<"shared" | "cancelled" | "copied" | "failed">}
 */
export async function share(what) {
  if (canShare()) {
    try {
      await navigator.share(what);
      return "shared";
    } catch (error) {
      if (error instanceof DOMException && error.name === "AbortError") return "cancelled";
    }
  }
  return (await copy(what.url)) ? "copied" : "failed";
}

/** Copy `text` to the clipboard; whether it worked.
 * @param {string} text
 */
export async function copy(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}
