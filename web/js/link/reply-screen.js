// The guest's side of connecting: the page opened from an invitation makes its reply and
// shows it as a QR code for the host to scan and as a short code to send or read out, says
// what to do next, and follows the connection on <body data-peer="..."> (connecting,
// connected, away, lost) for the page's styles and for tests.

import { apply, seatName, t } from "../util/i18n.js";
import { MAX_NAME } from "../model/people.js";
import { guestName, keepGuestName } from "./guest-name.js";
import { showQr } from "./qr.js";
import { canShare, copy, share } from "./share.js";
import { errorKey, keepSaying, say, silence } from "./words.js";

/** @typedef {import("./index.js").GuestLink} GuestLink */
/** @typedef {import("./index.js").PeerState} PeerState */

/** Keep `body[data-peer]` on the guest's connection state.
 * @param {GuestLink} link
 */
function followPeer(link) {
  const show = (/** @type {PeerState} */ state) => {
    document.body.dataset.peer = state === "waiting" ? "connecting" : state;
  };
  show(link.state);
  link.onState(show);
}

/** What the guest reads under the code while connecting, connected or away.
 * @type {Record<Exclude<PeerState, "lost">, string>} */
const NEXT_STEP = {
  waiting: "link.reply.connecting",
  connecting: "link.reply.connecting",
  connected: "link.reply.connected",
  away: "link.reply.away",
};

/** What a waiting guest reads when something seems wrong. */
const HINTS = { unanswered: "link.reply.unanswered", gone: "link.reply.gone" };

/** What the guest reads under the code, by connection state.
 * @param {GuestLink} link
 * @param {PeerState} state
 */
function nextStep(link, state) {
  if ((state === "waiting" || state === "connecting") && link.hint) return HINTS[link.hint];
  if (state === "lost") return link.reason === "unreachable" ? "link.unreachable" : link.reason === "left" ? "link.reply.left" : "link.reply.lost";
  return NEXT_STEP[state];
}

/**
 * Show the reply screen in `holder`: the reply's QR code and code, Share/Copy and the next
 * step. Resolves once the reply is on screen (rejects, after saying why on screen, when the
 * invitation cannot be used). Returns the function that removes the screen.
 * @param {GuestLink} link
 * @param {HTMLElement} holder
 * @returns {Promise<() => void>}
 */
export async function showReplyScreen(link, holder) {
  followPeer(link);
  const screen = document.createElement("section");
  screen.className = "reply-screen";
  screen.dataset.replyScreen = "";
  screen.setAttribute("aria-labelledby", "reply-title");
  screen.innerHTML = `<h2 id="reply-title" class="reply-screen__title"></h2>
    <label class="reply-screen__name"><span data-i18n="link.reply.name"></span>
      <input type="text" name="guest-name" autocomplete="nickname" maxlength="${MAX_NAME * 2}" enterkeyhint="done" data-guest-name></label>
    <p class="reply-screen__step" data-reply-step></p>
    <div class="reply-screen__qr" data-qr aria-busy="true"></div>
    <p class="reply-screen__label" id="reply-code-label" data-i18n="link.reply.code_label"></p>
    <output class="reply-screen__code" data-reply-code aria-labelledby="reply-code-label"></output>
    <div class="invite__buttons reply-screen__buttons">
      ${canShare() ? `<button type="button" class="button button--primary" data-action="share-reply" data-i18n="link.share" disabled></button>` : ""}
      <button type="button" class="button" data-action="copy-reply" data-i18n="link.copy_link" disabled></button>
    </div>
    <p class="reply-screen__state" data-peer-state role="status"></p>
    <button type="button" class="button reply-screen__renew" data-action="renew-reply" data-i18n="link.reply.renew" disabled></button>
    <p class="reply-screen__note" data-reply-note role="alert"></p>`;
  apply(screen);
  holder.append(screen);
  const stopWords = keepSaying(screen);
  const nameBox = /** @type {HTMLInputElement} */ (screen.querySelector("[data-guest-name]"));
  nameBox.value = guestName() ?? "";
  nameBox.addEventListener("input", () => keepGuestName(nameBox.value));
  /** @param {string} selector */
  const part = (selector) => /** @type {HTMLElement} */ (screen.querySelector(selector));
  const seat = link.seat;
  say(part("#reply-title"), seat >= 0 ? "link.reply.title" : "link.reply.title_unknown", { seat: seatName(seat) });
  say(part("[data-reply-step]"), "link.reply.making");
  const showState = (/** @type {PeerState} */ state) => {
    say(part("[data-peer-state]"), nextStep(link, state));
    screen.dataset.state = state;
    if (seat >= 0) say(part("#reply-title"), state === "connected" || state === "away" ? "link.reply.seated" : "link.reply.title", { seat: seatName(seat) });
  };
  link.onState(showState);

  let reply;
  try {
    reply = await link.reply();
  } catch (error) {
    part("[data-qr]").removeAttribute("aria-busy");
    say(part("[data-reply-step]"), errorKey(error));
    screen.dataset.state = "refused"; // the sentence stays in view, the rest has no use
    document.body.dataset.peer = "lost";
    throw error;
  }
  let { url } = reply;
  /** Show `shown` as the reply: its code, its QR code. @param {import("./index.js").Shareable} shown */
  const present = async (shown) => {
    url = shown.url;
    part("[data-reply-code]").textContent = shown.code;
    await showQr(part("[data-qr]"), shown.url, t("link.reply.qr_label"));
    part("[data-qr]").removeAttribute("aria-busy");
  };
  showState(link.state);
  say(part("[data-reply-step]"), "link.reply.show");
  part("[data-reply-code]").textContent = reply.code;
  for (const button of screen.querySelectorAll("button")) /** @type {HTMLButtonElement} */ (button).disabled = false;
  screen.addEventListener("click", async (event) => {
    const action = event.target instanceof Element ? event.target.closest("[data-action]")?.getAttribute("data-action") : null;
    const note = part("[data-reply-note]");
    silence(note);
    if (action === "share-reply") {
      const done = await share({ title: t("link.share_title"), text: t("link.reply.share_text"), url });
      if (done === "copied" || done === "failed") say(note, done === "copied" ? "link.copied" : "link.copy_failed");
    } else if (action === "copy-reply") say(note, (await copy(url)) ? "link.copied" : "link.copy_failed");
    else if (action === "renew-reply") {
      part("[data-reply-code]").textContent = "";
      part("[data-qr]").replaceChildren();
      part("[data-qr]").setAttribute("aria-busy", "true");
      try {
        await present(await link.renew());
        say(note, "link.reply.renewed");
      } catch (error) {
        say(part("[data-reply-step]"), errorKey(error));
      }
    }
  });
  await present(reply);
  return () => {
    stopWords();
    screen.remove();
  };
}
