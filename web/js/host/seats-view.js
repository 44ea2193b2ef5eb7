// The host's screen shows who plays on another device and who is away: each remote seat's
// name carries `data-away` while its guest is not connected, with a word for it. A fresh
// invitation is offered at any time (for a guest's return, or to give the seat to someone
// else: a connected guest is let go), and a bot for the seat (one tap) after a while away,
// after its turn is left unplayed a while, or once its channel was closed for flooding.
// Drawn after every draw of the game.

import { t } from "../util/i18n.js";
import { RENDERED } from "../model/page-events.js";

/** @typedef {import("./guests.js").GuestBook} GuestBook */

export class SeatMarks {
  /**
   * @param {HTMLElement} board
   * @param {GuestBook} book
   * @param {{standIn(seat: number): void, inviteAgain(seat: number): void}} actions
   */
  constructor(board, book, actions) {
    this.board = board;
    this.book = book;
    this.onDrawn = () => this.draw();
    this.onClick = (/** @type {Event} */ event) => {
      const button = /** @type {HTMLElement | null} */ (/** @type {Element} */ (event.target).closest?.("[data-guest-action]"));
      if (!button || !this.board.contains(button)) return;
      const seat = Number(button.dataset.seat);
      if (button.dataset.guestAction === "stand-in") actions.standIn(seat);
      // The invitations open once this tap is over: a dialog opened within it would take
      // the tap's own end as a request to close.
      else setTimeout(() => actions.inviteAgain(seat));
    };
    document.addEventListener(RENDERED, this.onDrawn);
    board.addEventListener("click", this.onClick);
  }

  draw() {
    for (const seat of this.book.seats) {
      const head = this.board.querySelector(`[data-seat="${seat}"] .seat__head`);
      const name = head?.querySelector(".seat__name");
      if (!head || !name) continue;
      const away = this.book.away(seat);
      name.toggleAttribute("data-away", away);
      name.toggleAttribute("data-remote", true);
      name.setAttribute("title", t("bot.remote")); // the seat's level line says it too (botName)
      let mark = /** @type {HTMLElement | null} */ (head.querySelector("[data-guest-mark]"));
      if (!mark) {
        mark = document.createElement("span");
        mark.className = "seat__guest";
        mark.dataset.guestMark = "";
        head.append(mark);
      }
      const entry = this.book.seat(seat);
      const words = away ? t("guest.away") : entry.joined ? "" : t("guest.not_joined");
      const buttons = [];
      buttons.push(`<button type="button" class="seat__guest-button" data-guest-action="invite" data-seat="${seat}">${t("guest.invite_again")}</button>`);
      if (this.book.offerStandIn(seat)) buttons.push(`<button type="button" class="seat__guest-button" data-guest-action="stand-in" data-seat="${seat}">${t("guest.stand_in")}</button>`);
      if (entry.standIn) buttons.length = 0;
      const text = entry.standIn ? t("guest.standing_in") : words;
      const markup = `<span class="seat__guest-words">${text}</span>${buttons.join("")}`;
      if (mark.innerHTML !== markup) mark.innerHTML = markup;
    }
  }

  remove() {
    document.removeEventListener(RENDERED, this.onDrawn);
    this.board.removeEventListener("click", this.onClick);
    for (const mark of this.board.querySelectorAll("[data-guest-mark]")) mark.remove();
    for (const name of this.board.querySelectorAll(".seat__name[data-remote]")) {
      name.removeAttribute("data-away");
      name.removeAttribute("data-remote");
    }
  }
}
