// A reply link opened on the host's own phone (the guest sent it through a chat app): this
// tab hands the code to the game open in another tab (relay.js) and says what happened;
// when no open game takes it, it shows the code to paste there.

import { apply, seatName } from "../util/i18n.js";
import { relayReply } from "./relay.js";
import { keepSaying, say } from "./words.js";

/** Run the reply tab in `holder` for the reply `code`.
 * @param {HTMLElement} holder
 * @param {string} code
 */
export async function startReplyTab(holder, code) {
  const screen = document.createElement("section");
  screen.className = "reply-screen";
  screen.dataset.replyTab = "";
  screen.innerHTML = `<h2 class="reply-screen__title" data-i18n="link.relay.title"></h2>
    <p class="reply-screen__step" data-relay-state role="status"></p>
    <output class="reply-screen__code" data-reply-code hidden></output>`;
  apply(screen);
  holder.append(screen);
  keepSaying(screen);
  const state = /** @type {HTMLElement} */ (screen.querySelector("[data-relay-state]"));
  say(state, "link.relay.sending");
  const outcome = await relayReply(code);
  if ("taken" in outcome) {
    screen.dataset.relay = "taken";
    say(state, "link.relay.taken", { seat: seatName(outcome.taken) });
    return;
  }
  screen.dataset.relay = "refused" in outcome ? "refused" : "nobody";
  say(state, "refused" in outcome ? outcome.refused.key : "link.relay.nobody");
  const shown = /** @type {HTMLElement} */ (screen.querySelector("[data-reply-code]"));
  shown.textContent = code;
  shown.hidden = false;
}
