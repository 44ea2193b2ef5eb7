// The score sheet panel: the running scores at its head, the game's scoring round by round
// (scoresheet.js draws it) with its peg board (folded on a phone), the link that deals the
// same game again, and the way to the records (download, open, replay this game) and the
// statistics. While it is open the bots wait (it holds them through the panel host), so
// nothing in the game moves behind it; what a bot move already under way brings is drawn
// into the open sheet.

import { esc } from "../util/html.js";
import { t } from "../util/i18n.js";
import { loadPart } from "../ui/lazy.js";
import { openPanel } from "../ui/modal.js";
import { onGameEvents } from "../model/page-events.js";
import { downloadRecord, pickRecord } from "../replay/records.js";
import { pegBoardSvg, pegText, pegs, sheetTable, sheetTotals } from "./scoresheet.js";
import { NARROW, ON_ITS_SIDE, VERY_NARROW, screenIs } from "../util/screens.js";

/**
 * The link that deals this game again: `?seed=N` on the current page.
 * @param {number} seed
 */
function shareLink(seed) {
  const url = new URL(location.href);
  url.search = `?seed=${seed}`;
  url.hash = "";
  return url.href;
}

/** The peg board shows as the sheet opens on a screen with room for it beside the rounds;
 *  on a phone, either way up, it is folded below them: the scores come first. */
const pegsShown = () => !screenIs(NARROW) && !screenIs(ON_ITS_SIDE);

/** Whether the browser has a share sheet (phones, and some desktops) to send the link with. */
const canShare = () => typeof navigator.share === "function";

/**
 * Copy `text`; where the clipboard is refused, through the selected `input`.
 * @param {string} text
 * @param {HTMLInputElement} input
 */
async function copyText(text, input) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    input.focus();
    input.select();
    try {
      return document.execCommand("copy");
    } catch {
      return false;
    }
  }
}

/**
 * Open the score sheet (once); `openStats` opens the statistics panel. True if it opened.
 * @param {import("../ui/panel-host.js").PanelHost} host
 * @param {{openStats: () => void}} actions
 */
export function openSheet(host, { openStats }) {
  const opened = host.snap();
  // A snapshot without the seed is a guest's: the sheet (the deal's link, the record) is the host's.
  if (!opened || opened.seed == null || document.querySelector("dialog[data-sheet]")) return false;
  const seed = opened.seed;
  const link = shareLink(seed);
  /** @type {(selector: string) => HTMLElement} */
  const part = (selector) => /** @type {HTMLElement} */ (dialog.querySelector(selector));
  const { dialog, close } = openPanel({
    hold: host, // the bots wait while the sheet is open
    className: "dialog--sheet",
    hook: "sheet",
    html: `<div class="dialog__body">
      <div class="sheet-head">
        <h2>${esc(t("sheet.title"))}</h2>
        <button type="button" class="button" data-action="close-panel">${esc(t("dialog.close"))}</button>
      </div>
      <div class="share">
        <span>${esc(t("share.deal"))} <strong data-seed>${esc(seed)}</strong></span>
        <input class="share__link" readonly data-share-link value="${esc(link)}" aria-label="${esc(t("share.link_label"))}">
        <button type="button" class="button" data-action="copy-link">${esc(t("share.copy"))}</button>
        ${canShare() ? `<button type="button" class="button" data-action="share-link">${esc(t("share.share"))}</button>` : ""}
        <span class="share__status muted" data-copy-status role="status"></span>
      </div>
      <ul class="sheet-totals" data-sheet-totals></ul>
      <div class="sheet-main">
        <div class="sheet-wrap"></div>
        <details class="pegboard-fold" data-pegboard-fold${pegsShown() ? " open" : ""}>
          <summary>${esc(t("sheet.pegboard"))}</summary>
          <figure class="pegboard-wrap" data-pegboard-wrap></figure>
        </details>
      </div>
      <div class="dialog__actions dialog__actions--wrap">
        <button type="button" class="button" data-action="open-stats">${esc(t("toolbar.stats"))}</button>
        <button type="button" class="button" data-action="replay-game">${esc(t("records.replay_this"))}</button>
        <button type="button" class="button" data-action="open-record">${esc(t("records.open"))}</button>
        <button type="button" class="button button--primary" data-action="download-record">${esc(t("records.download"))}</button>
      </div>
    </div>`,
  });
  // Drawn now and again whenever the game moves on (a bot's move already under way).
  const fill = () => {
    const snap = host.snap();
    const events = host.events();
    const positions = pegs(events);
    part("[data-pegboard-wrap]").innerHTML =
      // Beside the rounds (a narrow column) or on a phone, 25 holes a row: holes big enough to see.
      pegBoardSvg(positions, snap?.target, pegsShown() || screenIs(VERY_NARROW) ? 25 : 50) +
      `<figcaption class="pegboard__legend">${[0, 1]
        .map((team) => `<span class="legend legend--${team}">${esc(pegText(team, positions[team]))}</span>`)
        .join("")}</figcaption>`;
    part(".sheet-wrap").innerHTML = sheetTable(events, snap?.names);
    part("[data-sheet-totals]").innerHTML = sheetTotals(events);
  };
  fill();
  const copyLink = async () => {
    const ok = await copyText(link, /** @type {HTMLInputElement} */ (part("[data-share-link]")));
    const status = part("[data-copy-status]");
    status.textContent = ok ? t("share.copied") : t("share.copy_failed");
    status.dataset.copied = ok ? "yes" : "no";
  };
  const stopFilling = onGameEvents(fill);
  dialog.addEventListener("close", stopFilling);
  dialog.addEventListener("click", async (event) => {
    const action = /** @type {HTMLElement | null} */ (/** @type {Element} */ (event.target).closest("[data-action]"))?.dataset.action;
    if (action === "copy-link") await copyLink();
    else if (action === "share-link") {
      // The system's share sheet (a phone's messaging apps); cancelled there, nothing to say.
      // Refused outright (no permission), the link is copied instead.
      try {
        await navigator.share({ title: "Seven Rocks", text: t("share.text", { seed }), url: link });
      } catch (error) {
        if (!(error instanceof Error && error.name === "AbortError")) await copyLink();
      }
    } else if (action === "download-record") downloadRecord(host);
    else if (action === "open-stats") {
      close();
      openStats();
    } else if (action === "open-record") {
      close();
      pickRecord(host);
    } else if (action === "replay-game") {
      close();
      const record = await host.call("record").catch(() => null);
      const part = record && (await loadPart(host, () => import("../replay/replay.js"), "review"));
      if (part) part.openReplay(host, record, t("records.this_game"));
    }
  });
  return true;
}

/** Close an open score sheet; true if there was one. */
export function closeSheet() {
  const sheet = /** @type {HTMLDialogElement | null} */ (document.querySelector("dialog[data-sheet]"));
  sheet?.close();
  return Boolean(sheet);
}
