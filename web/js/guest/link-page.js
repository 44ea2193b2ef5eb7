// The page of an invitation or a reply link: the language catalogues, then the reply screen
// (a guest) or the relay (the host's phone opening a reply). The game's table is not shown:
// a guest's game is the host's, played through the link.

import { loadLanguages } from "../util/i18n.js";
import { STUN_SERVER, stunServer } from "../ui/settings.js";
import { GuestLink } from "../link/index.js";
import { showReplyScreen } from "../link/reply-screen.js";
import { startReplyTab } from "../link/reply-tab.js";

/**
 * @param {"join" | "reply"} route
 * @param {string} code
 */
export async function startLinkPage(route, code) {
  try {
    await loadLanguages();
  } catch {
    // the English markup stays as written; the keys' English fallbacks are missing too
  }
  const app = /** @type {HTMLElement} */ (document.getElementById("app"));
  const holder = document.createElement("div");
  holder.className = "link-page";
  app.append(holder);
  if (route === "reply") {
    await startReplyTab(holder, code);
    return;
  }
  const link = /** @type {GuestLink} */ (GuestLink.fromLocation(location, { stun: stunServer(), hostStun: STUN_SERVER }));
  Object.assign(window, { sevenRocksGuest: link });
  const removeScreen = await showReplyScreen(link, holder).catch(() => null);
  // Once connected, the reply screen gives way to the host's game at this seat.
  if (removeScreen) (await import("./index.js")).joinWhenConnected(link, removeScreen);
}
