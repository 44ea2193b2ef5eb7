// Dialogs: new game, end of round, end of game. Each returns a Promise of the user's answer
// and removes itself when closed. Built with the page's one modal helper (modal.js).

import { howRoundEnded } from "./announce.js";
import { esc } from "./html.js";
import { botName, seatName, t, teamName } from "./i18n.js";
import { openModal } from "./modal.js";
import { tileSvg } from "./tiles.js";

/**
 * Open a game dialog and resolve with its answer: `wire(dialog, answer)` binds the controls,
 * and `answer(value)` closes it; Escape (or closeAll) answers `fallback`.
 */
function ask({ className, hook, html, fallback = null, onClose = () => {} }, wire) {
  return new Promise((resolve) => {
    let value = fallback;
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
 * Ask for the bots at North, West and East (and an optional deal number).
 * Resolves to {bots: [null, w, n, e], seed} or null when cancelled.
 */
export function newGameDialog({ bots, chosen }) {
  const seatRow = (seat) => {
    const options = bots
      .map((name) => `<option value="${esc(name)}"${name === chosen[seat] ? " selected" : ""}>${esc(botName(name))}</option>`)
      .join("");
    const label = seat === 2 ? `${seatName(2)} (${t("seat.partner")})` : seatName(seat);
    return `<label class="field"><span>${esc(label)}</span><select name="seat${seat}" data-seat-level="${seat}">${options}</select></label>`;
  };
  return ask({ className: "dialog--new", hook: "newGame", html:
    `<form method="dialog" class="dialog__body">
      <h2>${esc(t("dialog.new_title"))}</h2>
      <p>${esc(t("dialog.new_intro"))}</p>
      ${[2, 1, 3].map(seatRow).join("")}
      <label class="field"><span>${esc(t("dialog.seed"))}</span><input name="seed" inputmode="numeric" pattern="[0-9]*" autocomplete="off"></label>
      <div class="dialog__actions">
        <button type="button" class="button" value="cancel" data-action="cancel">${esc(t("dialog.cancel"))}</button>
        <button type="submit" class="button button--primary" value="start" data-action="start">${esc(t("dialog.start"))}</button>
      </div>
    </form>` }, (dialog, answer) => {
    const form = dialog.querySelector("form");
    dialog.querySelector("[data-action=cancel]").addEventListener("click", () => answer(null));
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      const data = new FormData(form);
      const seedText = String(data.get("seed") ?? "").trim();
      const seed = /^\d{1,15}$/.test(seedText) ? Number(seedText) : null;
      answer({
        bots: [null, data.get("seat1"), data.get("seat2"), data.get("seat3")],
        seed,
      });
    });
  });
}

function handRow(seat, hand, pips, deduction) {
  const tiles = hand.length
    ? hand.map((tile) => `<span class="mini-tile" data-tile="${tile}" title="${tile}">${tileSvg(tile)}</span>`).join("")
    : `<span class="muted">${esc(t("round.empty_hand"))}</span>`;
  return `<tr data-summary-seat="${seat}">
    <th scope="row">${esc(seatName(seat))}</th>
    <td class="summary__tiles">${tiles}</td>
    <td class="num" data-pips>${pips}</td>
    <td class="num">${esc(t("round.rounding", { pips, rounded: deduction }))}</td>
    <td class="num" data-deduction>${deduction ? `−${deduction}` : "0"}</td>
  </tr>`;
}

/** The coach's way in (review.js): a button that leaves the dialog open, if `onReview`. */
function reviewButton(onReview) {
  return onReview
    ? `<button type="button" class="button" data-action="review" title="${esc(t("review.open_title"))}">${esc(t("review.open"))}</button>`
    : "";
}

function wireReview(dialog, onReview) {
  dialog.querySelector("[data-action=review]")?.addEventListener("click", () => onReview());
}

/**
 * The end of a round: every hand revealed, pip sums, rounding, deductions per player and
 * per team, the scores and who opens next. Resolves when the player moves on (or after
 * `autoMs` when the bots play alone). `onReview`: offer the coach's review of the game so far.
 */
export function roundSummaryDialog({ settled, started, autoMs = null, onReview = null }) {
  const how = howRoundEnded(settled);
  const teamDeduction = settled.team_deductions;
  const opener = started ? seatName(started.opener) : "";
  const next = !started
    ? ""
    : started.by_domino
      ? t("round.next_opener_domino", { seat: opener })
      : t("round.next_opener_draw", { seat: opener });
  let timer = 0;
  return ask(
    { className: "dialog--round", hook: "roundSummary", html: `<div class="dialog__body">
      <h2>${esc(t("round.title", { round: settled.round }))}</h2>
      <p class="dialog__lead" data-round-end="${settled.end}">${esc(how)}</p>
      <div class="summary-wrap"><table class="summary">
        <thead><tr><th scope="col">${esc(t("round.player"))}</th><th scope="col">${esc(t("round.hand"))}</th>
        <th scope="col" class="num">${esc(t("round.pips"))}</th><th scope="col" class="num">${esc(t("round.rounded"))}</th>
        <th scope="col" class="num">${esc(t("round.deduction"))}</th></tr></thead>
        <tbody>${[0, 1, 2, 3].map((s) => handRow(s, settled.hands[s], settled.pips[s], settled.deductions[s])).join("")}</tbody>
      </table></div>
      <ul class="summary-teams">
        ${[0, 1]
          .map(
            (team) => `<li class="team-line team-line--${team}" data-summary-team="${team}">
              <span>${esc(t("round.team_deduction", { team: teamName(team), points: teamDeduction[team] ? `−${teamDeduction[team]}` : "0" }))}</span>
              <strong data-summary-score="${team}">${settled.scores[team]}</strong></li>`,
          )
          .join("")}
      </ul>
      <p class="dialog__next" data-next-opener="${started?.opener ?? ""}">${esc(next)}</p>
      <div class="dialog__actions">
        ${reviewButton(onReview)}
        <button type="button" class="button button--primary" data-next-round>${esc(t("round.next"))}</button>
      </div>
    </div>`, onClose: () => clearTimeout(timer) },
    (dialog, answer) => {
      dialog.dataset.round = String(settled.round);
      dialog.querySelector("[data-next-round]").addEventListener("click", () => answer());
      wireReview(dialog, onReview);
      if (autoMs != null) timer = setTimeout(() => answer(), autoMs);
    },
  );
}

/** The winner and the final scores. Resolves when "New game" is chosen. */
export function gameOverDialog({ team, scores, viewerIsHuman, onReview = null }) {
  const title = viewerIsHuman
    ? team === 0
      ? t("over.you_win")
      : t("over.you_lose")
    : t("over.winner", { team: teamName(team) });
  return ask({ className: "dialog--over", hook: "gameOver", html: `<div class="dialog__body">
      <h2>${esc(t("over.title"))}</h2>
      <p class="dialog__lead" data-winner="${team}">${esc(title)}</p>
      <ul class="summary-teams">
        ${[0, 1]
          .map(
            (tm) => `<li class="team-line team-line--${tm}${tm === team ? " team-line--winner" : ""}">
              <span>${esc(teamName(tm))}</span><strong data-final-score="${tm}">${scores[tm]}</strong></li>`,
          )
          .join("")}
      </ul>
      <p>${esc(t("over.final", { score0: scores[0], score1: scores[1] }))}</p>
      <div class="dialog__actions">
        <button type="button" class="button" data-action="close">${esc(t("notice.close"))}</button>
        ${reviewButton(onReview)}
        <button type="button" class="button button--primary" data-action="new-game">${esc(t("over.new_game"))}</button>
      </div>
    </div>`, fallback: false }, (dialog, answer) => {
    dialog.querySelector("[data-action=new-game]").addEventListener("click", () => answer(true));
    dialog.querySelector("[data-action=close]").addEventListener("click", () => answer(false));
    wireReview(dialog, onReview);
  });
}
