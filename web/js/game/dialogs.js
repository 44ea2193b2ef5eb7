// Dialogs: new game, end of round, end of game. Each returns a Promise of the user's answer
// and removes itself when closed. Built with the page's one modal helper (modal.js).

import { howRoundEnded } from "../model/announce.js";
import { esc, num, signed } from "../util/html.js";
import { botName, capitalised, has, seatName, t, teamName } from "../util/i18n.js";
import { openModal } from "../ui/modal.js";
import { REMOTE } from "../facts.js";
import { MAX_NAME, cleanName, namedSeat } from "../model/people.js";
import { tileSvg } from "../table/tiles.js";

/** @typedef {import("../protocol").RoundSettledJSON} RoundSettledJSON */
/** @typedef {import("../protocol").RoundStartedJSON} RoundStartedJSON */
/** @typedef {import("../sheet/scoresheet.js").SheetRound} SheetRound */
/** @typedef {readonly (string | null)[]} Names the people's names by seat (null: none) */
/**
 * What the New game dialog answers: each seat's bot (null: a person), the people's names,
 * the deal asked for.
 * @typedef {{ bots: (string | null)[], names: (string | null)[], seed: number | null }} NewGame
 */

/**
 * The element of the dialog's own markup that `selector` names (each is written below).
 * @param {ParentNode} root
 * @param {string} selector
 */
const part = (root, selector) => /** @type {HTMLElement} */ (root.querySelector(selector));

/**
 * Open a game dialog and resolve with its answer: `wire(dialog, answer)` binds the controls,
 * and `answer(value)` closes it; Escape (or closeAll) answers `fallback`.
 * @template T
 * @param {{ className: string, hook: string, html: string, fallback?: T, onClose?: () => void }} options
 * @param {(dialog: HTMLDialogElement, answer: (value: T) => void) => void} wire
 * @returns {Promise<T>}
 */
function ask({ className, hook, html, fallback, onClose = () => {} }, wire) {
  return new Promise((resolve) => {
    let value = /** @type {T} */ (fallback);
    const { dialog, close } = openModal({
      hook,
      className,
      html,
      kind: "",
      closeAction: "",
      restoreFocus: false,
      onClose: () => {
        onClose();
        resolve(value);
      },
    });
    wire(dialog, (answer) => {
      value = answer;
      close();
    });
  });
}

/**
 * Ask who sits where: South is always a person; North, West and East each a person or a bot
 * of any level; each person may give a name (remembered). An optional deal number.
 * Resolves to {bots: [null, w, n, e] (null: a person), names: [4 × string|null], seed} or
 * null when cancelled.
 * @param {{ bots: readonly string[], chosen: readonly (string | null)[], names?: Names }} options
 * @returns {Promise<NewGame | null>}
 */
export function newGameDialog({ bots, chosen, names = [null, null, null, null] }) {
  /** @param {number} seat */
  const nameField = (seat) =>
    `<input class="field__name" name="name${seat}" data-seat-name="${seat}" maxlength="${MAX_NAME}" autocomplete="off"` +
    ` value="${esc(names[seat] ?? "")}" placeholder="${esc(t("dialog.name_placeholder"))}" aria-label="${esc(t("dialog.name_for", { seat: seatName(seat) }))}">`;
  /** @param {number} seat */
  const seatRow = (seat) => {
    const label = seat === 2 ? `${seatName(2)} (${t("seat.partner")})` : seatName(seat);
    if (seat === 0) {
      return `<div class="field field--seat" data-seat-row="0"><span>${esc(label)} · ${esc(t("dialog.person"))}</span>${nameField(0)}</div>`;
    }
    const person =
      `<option value="human"${chosen[seat] == null ? " selected" : ""}>${esc(t("dialog.person"))}</option>` +
      `<option value="${REMOTE}"${chosen[seat] === REMOTE ? " selected" : ""}>${esc(t("dialog.remote"))}</option>`;
    const options = bots
      .map((name) => `<option value="${esc(name)}"${name === chosen[seat] ? " selected" : ""}>${esc(capitalised(botName(name)))}</option>`)
      .join("");
    return (
      `<div class="field field--seat" data-seat-row="${seat}"><label for="seat-level-${seat}">${esc(label)}</label>` +
      `<select id="seat-level-${seat}" name="seat${seat}" data-seat-level="${seat}">${person}${options}</select>${nameField(seat)}</div>`
    );
  };
  // What each level plays like, folded under the seats: a level's name alone ("greedy") does
  // not tell a new player whom they choose, and the open list would push Start off a phone.
  const described = bots.filter((name) => has(`level.${name}`));
  const levels = described.length
    ? `<details class="levels" data-levels><summary>${esc(t("dialog.levels"))}</summary><dl>` +
      described.map((name) => `<div class="levels__row" data-level="${esc(name)}"><dt>${esc(capitalised(botName(name)))}</dt><dd>${esc(t(`level.${name}`))}</dd></div>`).join("") +
      `</dl></details>`
    : "";
  // The focus starts on Start, not on the first field: on a phone a focused name field pops
  // the keyboard up over the sheet as it opens; and Enter starts the game at once.
  /** @type {typeof ask<NewGame | null>} */
  const askNewGame = ask;
  return askNewGame({ className: "dialog--new", hook: "newGame", fallback: null, html:
    `<form method="dialog" class="dialog__body">
      <h2>${esc(t("dialog.new_title"))}</h2>
      <p>${esc(t("dialog.new_intro"))}</p>
      <p class="note">${esc(t("dialog.people_note"))}</p>
      <p class="note" data-friend-note>${esc(t("dialog.friend_note"))}</p>
      ${[0, 2, 1, 3].map(seatRow).join("")}
      ${levels}
      <label class="field"><span>${esc(t("dialog.seed"))}</span><input name="seed" inputmode="numeric" pattern="[0-9]*" autocomplete="off"></label>
      <div class="dialog__actions">
        <button type="button" class="button" value="cancel" data-action="cancel">${esc(t("dialog.cancel"))}</button>
        <button type="submit" class="button button--primary" value="start" data-action="start" autofocus>${esc(t("dialog.start"))}</button>
      </div>
    </form>` }, (dialog, answer) => {
    const form = /** @type {HTMLFormElement} */ (dialog.querySelector("form"));
    // A name field shows only for a person's seat at this screen (a friend on another
    // device says their own name when they join).
    const syncNames = () => {
      for (const select of /** @type {NodeListOf<HTMLSelectElement>} */ (form.querySelectorAll("[data-seat-level]"))) {
        part(form, `[data-seat-name="${select.dataset.seatLevel}"]`).hidden = select.value !== "human";
      }
    };
    form.addEventListener("change", syncNames);
    syncNames();
    part(dialog, "[data-action=cancel]").addEventListener("click", () => answer(null));
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      const data = new FormData(form);
      const seedText = String(data.get("seed") ?? "").trim();
      const seed = /^\d{1,15}$/.test(seedText) ? Number(seedText) : null;
      /** @param {number} seat */
      const kind = (seat) => {
        const value = data.get(`seat${seat}`);
        return typeof value === "string" && value !== "human" ? value : null;
      };
      const kinds = [null, ...[1, 2, 3].map(kind)];
      answer({
        bots: kinds,
        names: [0, 1, 2, 3].map((seat) => cleanName(data.get(`name${seat}`))),
        seed,
      });
    });
  });
}

/** The heading of a dialog that sits over the table at a round's or the game's end, with a
 *  button folding it down to its heading and buttons, so the final table can be studied.
 * @param {string} title
 */
function foldableHead(title) {
  return `<div class="dialog__head"><h2>${esc(title)}</h2>
    <button type="button" class="button dialog__fold" data-action="fold" aria-expanded="true" data-i18n="dialog.fold">${esc(t("dialog.fold"))}</button></div>`;
}

/** Wire the fold button: folded, the dialog keeps its heading, lead and buttons at the
 *  bottom edge and lets the table show through (no dimmed backdrop).
 * @param {HTMLElement} dialog
 */
function wireFold(dialog) {
  const button = part(dialog, "[data-action=fold]");
  button.addEventListener("click", () => {
    const folded = dialog.classList.toggle("dialog--folded");
    button.setAttribute("aria-expanded", String(!folded));
    const key = folded ? "dialog.unfold" : "dialog.fold";
    button.dataset.i18n = key; // a language switch follows
    button.textContent = t(key);
  });
}

/**
 * @param {number} seat
 * @param {readonly string[]} hand
 * @param {number} pips
 * @param {number} deduction
 * @param {Names | null} names
 */
function handRow(seat, hand, pips, deduction, names) {
  const tiles = hand.length
    ? hand.map((tile) => `<span class="mini-tile" data-tile="${tile}" title="${tile}">${tileSvg(tile)}</span>`).join("")
    : `<span class="muted">${esc(t("round.empty_hand"))}</span>`;
  return `<tr data-summary-seat="${seat}">
    <th scope="row">${esc(namedSeat(seat, names, seatName))}</th>
    <td><span class="summary__tiles">${tiles}</span></td>
    <td class="num" data-pips="${pips}">${esc(t("round.rounding", { pips, rounded: deduction }))}</td>
    <td class="num" data-deduction>${deduction ? `−${deduction}` : "0"}</td>
  </tr>`;
}

/**
 * The coach's way in (review.js): a button that leaves the dialog open, if `onReview`.
 * @param {(() => void) | null} onReview
 */
function reviewButton(onReview) {
  return onReview
    ? `<button type="button" class="button" data-action="review" title="${esc(t("dialog.review_title"))}">${esc(t("dialog.review"))}</button>`
    : "";
}

/**
 * @param {HTMLElement} dialog
 * @param {(() => void) | null} onReview
 */
function wireReview(dialog, onReview) {
  dialog.querySelector("[data-action=review]")?.addEventListener("click", () => onReview?.());
}

/** What the player may start after a game: a new one, the same deal again, another deal. */
function nextGameButtons() {
  return `<button type="button" class="button" data-action="new-game">${esc(t("over.new_game"))}</button>
        <button type="button" class="button" data-action="same-deal" title="${esc(t("over.same_deal_title"))}">${esc(t("over.same_deal"))}</button>
        <button type="button" class="button button--primary" data-action="play-again" autofocus>${esc(t("over.play_again"))}</button>`;
}

/** "Now saved on this device: works offline", said once after the first install, in the
 *  first pause of play (offline-note.js).
 * @param {boolean} shown
 */
function offlineLine(shown) {
  return shown ? `<p class="dialog__offline" data-offline-ready>${esc(t("update.offline"))}</p>` : "";
}

/**
 * The end of a round: every hand revealed, pip sums, rounding, deductions per player and
 * per team, the scores and who opens next. Resolves when the player moves on (or after
 * `autoMs` when the bots play alone). `onReview`: offer the coach's review of the game so far.
 * @param {object} options
 * @param {RoundSettledJSON} options.settled
 * @param {RoundStartedJSON | null} [options.started] the next round's start, if there is one
 * @param {number | null} [options.autoMs]
 * @param {Names | null} [options.names]
 * @param {() => void} [options.onClosing]
 * @param {(() => void) | null} [options.onReview]
 * @param {boolean} [options.offlineNote]
 * @returns {Promise<void>}
 */
export function roundSummaryDialog({ settled, started, autoMs = null, names = null, onClosing = () => {}, onReview = null, offlineNote = false }) {
  const how = howRoundEnded(settled);
  const teamDeduction = settled.team_deductions;
  const opener = started ? seatName(started.opener) : "";
  const next = !started
    ? ""
    : started.by_domino
      ? t("round.next_opener_domino", { seat: opener })
      : t("round.next_opener_draw", { seat: opener });
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let timer;
  /** @type {typeof ask<void>} */
  const askToGoOn = ask;
  return askToGoOn(
    { className: "dialog--round", hook: "roundSummary", html: `<div class="dialog__body">
      ${foldableHead(t("round.title", { round: settled.round }))}
      <p class="dialog__lead" data-round-end="${settled.end}">${esc(how)}</p>
      <div class="dialog__detail">
      <div class="summary-wrap"><table class="summary">
        <thead><tr><th scope="col">${esc(t("round.player"))}</th><th scope="col">${esc(t("round.hand"))}</th>
        <th scope="col" class="num">${esc(t("round.rounded"))}</th>
        <th scope="col" class="num">${esc(t("round.deduction"))}</th></tr></thead>
        <tbody>${[0, 1, 2, 3].map((s) => handRow(s, settled.hands[s], settled.pips[s], settled.deductions[s], names)).join("")}</tbody>
      </table></div>
      <table class="summary summary--teams">
        <thead><tr><th scope="col">${esc(t("round.team"))}</th>
        <th scope="col" class="num">${esc(t("round.deduction"))}</th><th scope="col" class="num">${esc(t("round.score"))}</th></tr></thead>
        <tbody>${[0, 1]
          .map(
            (team) => `<tr class="team-row team-row--${team}" data-summary-team="${team}">
              <th scope="row">${esc(teamName(team))}</th>
              <td class="num" data-team-deduction>${teamDeduction[team] ? `−${teamDeduction[team]}` : "0"}</td>
              <td class="num"><strong data-summary-score="${team}">${num(settled.scores[team])}</strong></td></tr>`,
          )
          .join("")}</tbody>
      </table>
      <p class="dialog__next" data-next-opener="${started?.opener ?? ""}">${esc(next)}</p>
      ${offlineLine(offlineNote)}
      </div>
      <div class="dialog__actions">
        ${reviewButton(onReview)}
        <button type="button" class="button button--primary" data-next-round autofocus>${esc(t("round.next"))}</button>
      </div>
    </div>`, onClose: () => {
      clearTimeout(timer);
      onClosing(); // in the same task as the dialog's removal: revealed hands never outlive it
    } },
    (dialog, answer) => {
      dialog.dataset.round = String(settled.round);
      wireFold(dialog);
      part(dialog, "[data-next-round]").addEventListener("click", () => answer());
      wireReview(dialog, onReview);
      if (autoMs != null) timer = setTimeout(() => answer(), autoMs);
    },
  );
}

/** The game round by round: what each team made of every round (its points less its
 *  deductions, the engine's `round_net`) and the score after it. `rounds` are the score
 *  sheet's (scoresheet.js `sheetModel`): every number in them is the engine's.
 * @param {readonly SheetRound[] | null | undefined} rounds
 */
function roundsRecap(rounds) {
  if (!rounds?.length) return "";
  /**
   * @param {SheetRound} r
   * @param {number} team
   */
  const cell = (r, team) =>
    `<td class="num"><span class="recap__net" data-round-net="${team}">${esc(signed(r.net[team]))}</span>
      <span class="recap__total" data-round-total="${team}">${esc(num(r.scores[team]))}</span></td>`;
  return `<table class="summary summary--recap" data-over-rounds>
    <caption>${esc(t("over.rounds"))}</caption>
    <thead><tr><th scope="col">${esc(t("over.round"))}</th>
      <th scope="col" class="num">${esc(teamName(0))}</th><th scope="col" class="num">${esc(teamName(1))}</th></tr></thead>
    <tbody>${rounds.map((r) => `<tr data-over-round="${r.round}"><th scope="row">${r.round}</th>${cell(r, 0)}${cell(r, 1)}</tr>`).join("")}</tbody>
  </table>`;
}

/** A short burst of tiles over a win (none when motion is off: the style sheet's reduced
 *  motion rules and `animate` both say so). Decoration only, hidden from screen readers.
 * @param {boolean} animate
 */
function celebration(animate) {
  if (!animate) return "";
  const pieces = Array.from({ length: 14 }, (_, i) => `<span class="celebration__piece" data-piece="${i}"></span>`).join("");
  return `<div class="celebration" data-celebration aria-hidden="true">${pieces}</div>`;
}

/** The winner, the final scores and the game round by round (`rounds`: see `roundsRecap`).
 *  Resolves to what the player chose next: "again" (the same seats, a new deal), "same-deal"
 *  (the same seats and the same deal, to play it better), "new" (the New game dialog) or
 *  null (closed). A win for the people at the screen is celebrated (`animate`).
 * @param {object} options
 * @param {number} options.team the winner
 * @param {readonly number[]} options.scores
 * @param {boolean} options.viewerIsHuman
 * @param {readonly SheetRound[]} [options.rounds]
 * @param {(() => void) | null} [options.onReview]
 * @param {boolean} [options.offlineNote]
 * @param {boolean} [options.animate]
 * @param {boolean} [options.nextGame] this page deals the next game (a friend's page does not:
 *   the host does, and its notice says so)
 * @returns {Promise<"again" | "same-deal" | "new" | null>}
 */
export function gameOverDialog({ team, scores, viewerIsHuman, rounds = [], onReview = null, offlineNote = false, animate = false, nextGame = true }) {
  const title = viewerIsHuman
    ? team === 0
      ? t("over.you_win")
      : t("over.you_lose")
    : t("over.winner", { team: teamName(team) });
  const won = viewerIsHuman && team === 0;
  /** @type {typeof ask<"again" | "same-deal" | "new" | null>} */
  const askWhatNext = ask;
  return askWhatNext({ className: "dialog--over", hook: "gameOver", html: `<div class="dialog__body">
      ${won ? celebration(animate) : ""}
      ${foldableHead(t("over.title"))}
      <p class="dialog__lead" data-winner="${team}">${esc(title)}</p>
      <div class="dialog__detail">
      <ul class="summary-teams">
        ${[0, 1]
          .map(
            (tm) => `<li class="team-line team-line--${tm}${tm === team ? " team-line--winner" : ""}">
              <span>${esc(teamName(tm))}</span><strong data-final-score="${tm}">${num(scores[tm])}</strong></li>`,
          )
          .join("")}
      </ul>
      ${roundsRecap(rounds)}
      ${offlineLine(offlineNote)}
      </div>
      <div class="dialog__actions dialog__actions--over">
        <button type="button" class="button" data-action="close"${nextGame ? "" : " autofocus"}>${esc(t("dialog.close"))}</button>
        ${reviewButton(onReview)}
        ${nextGame ? nextGameButtons() : ""}
      </div>
    </div>`, fallback: null }, (dialog, answer) => {
    wireFold(dialog);
    for (const [action, choice] of /** @type {const} */ ([["play-again", "again"], ["same-deal", "same-deal"], ["new-game", "new"]])) {
      dialog.querySelector(`[data-action=${action}]`)?.addEventListener("click", () => answer(choice));
    }
    part(dialog, "[data-action=close]").addEventListener("click", () => answer(null));
    wireReview(dialog, onReview);
  });
}
