// The host's invitations: one card per seat played on another phone, each with the
// invitation as a QR code, a link to share or copy, and the box where the guest's reply is
// pasted (or the button that scans it). Each card shows its seat's state; the panel closes
// when every guest is connected. Step by step, in plain words, for people in one room (scan,
// scan back) and apart (share the link, paste or open the reply).

import { isAbort } from "../model/abort.js";
import { esc } from "../util/html.js";
import { seatName, t } from "../util/i18n.js";
import { openModal } from "../ui/modal.js";
import { showQr } from "./qr.js";
import { canScan } from "./scan.js";
import { canShare, copy, share } from "./share.js";
import { errorKey, keepSaying, say, silence } from "./words.js";

/** @typedef {import("./index.js").HostLink} HostLink */
/** @typedef {import("./index.js").PeerState} PeerState */

/** What a card says of its seat's state. @type {Record<PeerState, string>} */
const STATE_WORDS = {
  waiting: "link.state.waiting",
  connecting: "link.state.connecting",
  connected: "link.state.connected",
  away: "link.state.away",
  lost: "link.state.lost",
};

/** A seat's guest has joined: its channel is open, whether its screen is on or not. */
const JOINED = new Set(["connected", "away"]);

/** @param {number} seat @param {string} name */
function card(seat, name) {
  const id = `invite-${seat}`;
  return `<section class="invite" data-invite data-seat="${seat}" data-state="waiting" aria-labelledby="${id}-name">
    <header class="invite__head"><h3 id="${id}-name" class="invite__name">${esc(name)}</h3><p class="invite__state" data-invite-state role="status"></p></header>
    <div class="invite__steps">
      <p class="invite__step" data-say="step1"></p>
      <div class="invite__qr" data-qr aria-busy="true"></div>
      <p class="invite__links"><a class="invite__link" data-invite-link href="#" target="_blank" rel="noopener" hidden></a></p>
      <div class="invite__buttons">
        ${canShare() ? `<button type="button" class="button" data-action="share-invite" data-i18n="link.share" disabled></button>` : ""}
        <button type="button" class="button" data-action="copy-invite" data-i18n="link.copy_link" disabled></button>
      </div>
      <p class="invite__error" data-invite-note role="status"></p>
      <p class="invite__step" id="${id}-step2" data-say="step2"></p>
      <input id="${id}-reply" class="invite__reply" type="text" autocomplete="off" autocapitalize="off" spellcheck="false" enterkeyhint="go" aria-labelledby="${id}-step2" data-reply-input>
      <div class="invite__buttons">
        <button type="button" class="button button--primary" data-action="accept-reply" data-i18n="link.invite.connect"></button>
        ${canScan() ? `<button type="button" class="button" data-action="scan-reply" data-i18n="link.invite.scan"></button>` : ""}
      </div>
      <p class="invite__error" data-invite-error role="alert"></p>
    </div>
    <button type="button" class="button" data-action="fresh-invite" data-i18n="link.invite.fresh" hidden></button>
  </section>`;
}

/**
 * Invite a guest to each of `seats` and wait until every one is connected. Rejects with an
 * AbortError when the host cancels (the guests connected so far stay connected).
 * @param {HostLink} link
 * @param {readonly number[]} seats the seats played on other phones
 * @param {readonly (string | null | undefined)[]} names people's names by seat (empty: the seat's)
 * @returns {Promise<void>}
 */
export function showInvitations(link, seats, names) {
  const nameOf = (/** @type {number} */ seat) => names[seat] || seatName(seat);
  return new Promise((resolve, reject) => {
    let settled = false;
    const { dialog, close } = openModal({
      hook: "invitations",
      className: "dialog--invite",
      labelledBy: "invite-title",
      closeAction: "cancel-invitations",
      onClose: () => {
        stopWords();
        stopWatching();
        if (!settled) reject(new DOMException("The host closed the invitations.", "AbortError"));
      },
      html: `<div class="dialog__body invitations">
        <h2 id="invite-title" data-i18n="link.invite.title"></h2>
        <p class="note" data-i18n="link.invite.intro"></p>
        <div class="invitations__cards">${seats.map((seat) => card(seat, nameOf(seat))).join("")}</div>
        <div class="dialog__actions"><button type="button" class="button" data-action="cancel-invitations" data-i18n="link.invite.cancel"></button></div>
      </div>`,
    });
    const stopWords = keepSaying(dialog);
    /** @param {number} seat */
    const cardOf = (seat) => /** @type {HTMLElement} */ (dialog.querySelector(`[data-invite][data-seat="${seat}"]`));

    /** @param {number} seat @param {PeerState} state */
    const show = (seat, state) => {
      const element = cardOf(seat);
      if (!element) return;
      element.dataset.state = state;
      const lost = state === "lost";
      const unreachable = lost && link.reason(seat) === "unreachable";
      say(/** @type {Element} */ (element.querySelector("[data-invite-state]")), unreachable ? "link.unreachable" : STATE_WORDS[state]);
      /** @type {HTMLButtonElement} */ (element.querySelector("[data-action='fresh-invite']")).hidden = !lost;
      if (seats.every((s) => JOINED.has(link.state(s)))) {
        settled = true;
        close();
        resolve();
      }
    };
    const stopWatching = link.watch({
      state: show,
      relayed: (seat) => {
        const error = cardOf(seat)?.querySelector("[data-invite-error]");
        if (error) say(error, "link.invite.relayed");
      },
    });

    /** @param {number} seat */
    const invite = async (seat) => {
      const element = cardOf(seat);
      const anchor = /** @type {HTMLAnchorElement} */ (element.querySelector("[data-invite-link]"));
      const qr = /** @type {HTMLElement} */ (element.querySelector("[data-qr]"));
      const buttons = /** @type {NodeListOf<HTMLButtonElement>} */ (element.querySelectorAll("[data-action$='-invite']:not([data-action='fresh-invite'])"));
      anchor.hidden = true;
      qr.replaceChildren();
      qr.setAttribute("aria-busy", "true");
      for (const button of buttons) button.disabled = true;
      silence(/** @type {Element} */ (element.querySelector("[data-invite-error]")));
      const name = nameOf(seat);
      say(/** @type {Element} */ (element.querySelector("[data-say='step1']")), "link.invite.step1", { name });
      say(/** @type {Element} */ (element.querySelector("[data-say='step2']")), "link.invite.step2", { name });
      try {
        const { url } = await link.invite(seat);
        if (!dialog.isConnected) return;
        anchor.href = url;
        say(anchor, "link.invite.link", { name });
        anchor.hidden = false;
        for (const button of buttons) button.disabled = false;
        await showQr(qr, url, t("link.invite.qr_label", { name }));
      } catch (error) {
        say(/** @type {Element} */ (element.querySelector("[data-invite-error]")), "link.error.no_invitation");
        console.warn("invitation failed", error);
      } finally {
        qr.removeAttribute("aria-busy");
      }
    };

    /** @param {HTMLElement} element */
    const accept = async (element) => {
      const input = /** @type {HTMLInputElement} */ (element.querySelector("[data-reply-input]"));
      const error = /** @type {Element} */ (element.querySelector("[data-invite-error]"));
      silence(error);
      try {
        await link.accept(input.value);
        input.value = "";
      } catch (refusal) {
        say(error, errorKey(refusal));
      }
    };

    dialog.addEventListener("click", async (event) => {
      const target = event.target instanceof Element ? event.target : null;
      const button = target?.closest("[data-action]");
      const element = /** @type {HTMLElement | null} */ (button?.closest("[data-invite]") ?? null);
      if (!button || !element) return;
      const seat = Number(element.dataset.seat);
      const action = button.getAttribute("data-action");
      const url = /** @type {HTMLAnchorElement} */ (element.querySelector("[data-invite-link]")).href;
      const error = /** @type {Element} */ (element.querySelector("[data-invite-error]"));
      const note = /** @type {Element} */ (element.querySelector("[data-invite-note]"));
      silence(note);
      if (action === "accept-reply") await accept(element);
      else if (action === "fresh-invite") await invite(seat);
      else if (action === "share-invite") {
        const done = await share({ title: t("link.share_title"), text: t("link.invite.share_text", { name: nameOf(seat) }), url });
        if (done === "copied" || done === "failed") say(note, done === "copied" ? "link.copied" : "link.copy_failed");
      } else if (action === "copy-invite") say(note, (await copy(url)) ? "link.copied" : "link.copy_failed");
      else if (action === "scan-reply") {
        const { scanCode } = await import("./scan-dialog.js");
        try {
          const text = await scanCode((found) => found.includes("#reply="));
          if (text === null) return;
          /** @type {HTMLInputElement} */ (element.querySelector("[data-reply-input]")).value = text;
          await accept(element);
        } catch (failure) {
          if (!isAbort(failure)) say(error, "link.camera_failed");
        }
      }
    });
    dialog.addEventListener("keydown", (event) => {
      const target = event.target instanceof HTMLInputElement ? event.target : null;
      if (event.key === "Enter" && target?.matches("[data-reply-input]")) {
        event.preventDefault();
        const element = target.closest("[data-invite]");
        if (element instanceof HTMLElement) accept(element);
      }
    });

    for (const seat of seats) {
      invite(seat); // first: a fresh invitation lets the seat's earlier guest go at once
      show(seat, link.state(seat));
    }
  });
}
