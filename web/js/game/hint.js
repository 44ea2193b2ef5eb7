// The hint: the master bot's move for South, shown on the table (the tile and its target are
// marked by shape and text, not colour alone) with the reason in the reader's language. The
// worker returns the reason as facts (`why`: points now, the ends' sum, the numbers left open
// for the next opponent and which they are known to lack...); the sentences come from the
// catalogue, so switching language re-renders them.
//
// The game emits the page events HINT_ASKED, HINT (detail: the reply) and RENDERED
// (page-events.js); this module listens, and asks through the panel host (`hinted`,
// `focusTarget`, `dismissHint`), never touching the game's state.

import { whileOpen } from "../ui/close-request.js";
import { language, listOf, onLanguageChange, pointName, seatName, t } from "../util/i18n.js";
import { HINT, HINT_ASKED, RENDERED } from "../model/page-events.js";

/** @typedef {import("../protocol").Hint} Hint */
/** @typedef {import("../protocol").MoveFacts} MoveFacts */
/** @typedef {import("../protocol").PassFacts} PassFacts */

/** @type {(n: number) => string} */
const number = (n) => new Intl.NumberFormat(language(), { maximumFractionDigits: 1 }).format(n);

/**
 * The hint's reason as sentences in the current language (a knock needs none).
 * @param {MoveFacts | PassFacts | null | undefined} why
 * @returns {string[]}
 */
export function hintSentences(why) {
  if (!why || why.kind === "pass") return [];
  const out = [
    why.kind === "open"
      ? t("hint.open", { tile: why.tile })
      : t("hint.play", { tile: why.tile, point: pointName(why.at ?? "") }),
  ];
  const sum = why.sum_text;
  out.push((why.points ?? 0) > 0 ? t("hint.points", { sum, points: why.points }) : t("hint.no_points", { sum }));
  if (why.domino) out.push(t("hint.domino"));
  else {
    const seat = seatName(why.next_seat ?? 1);
    const open = why.open ?? [];
    if (why.next_blocked) out.push(t("hint.blocked", { seat, numbers: listOf(open) }));
    else {
      out.push(t("hint.leaves", { seat, numbers: listOf(open) }));
      if (why.next_lacks?.length) out.push(t("hint.lacks", { seat, numbers: listOf(why.next_lacks) }));
      if (why.threat != null)
        out.push(why.threat > 0 ? t("hint.threat", { seat, points: why.threat }) : t("hint.threat_none", { seat }));
    }
  }
  if (why.spinner) out.push(t("hint.spinner", { tile: why.tile }));
  else if (why.double) out.push(t("hint.double"));
  if (why.only) out.push(t("hint.only"));
  else if (why.samples) {
    out.push(
      (why.margin ?? 0) > 0
        ? t("hint.search", { samples: why.samples, margin: number(why.margin ?? 0) })
        : t("hint.search_tie", { samples: why.samples }),
    );
  }
  return out;
}

export class HintView {
  /** @param {Pick<import("../ui/panel-host.js").PanelHost, "hinted" | "focusTarget" | "dismissHint">} host */
  constructor(host) {
    this.host = host;
    /** @type {Hint | null} */
    this.current = null;
    this.thinking = false;
    /** @type {HTMLElement | null} */
    this.el = null;
    // Escape, or the back gesture on a phone, puts the panel away like its close button.
    this.watch = whileOpen(() => this.dismiss());
    document.addEventListener(HINT_ASKED, () => this.pending());
    document.addEventListener(HINT, (event) => this.show(/** @type {CustomEvent} */ (event).detail));
    document.addEventListener(RENDERED, () => this.sync());
    onLanguageChange(() => this.renderText());
  }

  panel() {
    if (this.el?.isConnected) return this.el;
    const el = document.createElement("section");
    el.className = "hint-panel";
    el.dataset.hint = "";
    el.setAttribute("role", "status");
    el.setAttribute("aria-live", "polite");
    el.innerHTML =
      `<button type="button" class="hint-panel__close" data-action="close-hint">×</button>` +
      `<p class="hint-panel__move" data-hint-move></p><p class="hint-panel__why" data-hint-why></p>`;
    /** @type {HTMLElement} */ (el.querySelector("[data-action='close-hint']")).addEventListener("click", () => this.dismiss());
    el.addEventListener("scroll", () => this.markMore(), { passive: true });
    /** @type {HTMLElement} */ (document.querySelector(".table-area")).append(el);
    this.el = el;
    this.watch(true); // one watcher, kept should a redraw have taken the old panel away
    return el;
  }

  pending() {
    this.thinking = true;
    this.current = null;
    const el = this.panel();
    el.dataset.state = "thinking";
    this.renderText();
  }

  /** @param {Hint | null} hint */
  show(hint) {
    this.thinking = false;
    if (!hint?.why || !this.host.hinted()) {
      this.hide();
      return;
    }
    this.current = hint;
    this.panel().dataset.state = "shown";
    this.renderText();
    this.decorate();
    const at = hint.at ?? "";
    if (document.querySelector(`#table [data-target="${CSS.escape(at)}"]`)) this.host.focusTarget(at);
  }

  renderText() {
    const el = this.el;
    if (!el?.isConnected) return;
    /** @type {(selector: string) => HTMLElement} */
    const part = (selector) => /** @type {HTMLElement} */ (el.querySelector(selector));
    part(".hint-panel__close").setAttribute("aria-label", t("hint.close"));
    const [move = "", ...why] = this.thinking ? [t("hint.thinking")] : hintSentences(this.current?.why);
    part("[data-hint-move]").textContent = move;
    part("[data-hint-why]").textContent = why.join(" ");
    el.setAttribute("aria-label", t("hint.title"));
    this.decorate();
    requestAnimationFrame(() => this.markMore()); // once the new text is laid out
  }

  /** A hint longer than its panel (a phone on its side) fades out at the foot while there
   *  is more below: a cut line alone does not say "scroll". */
  markMore() {
    const el = this.el;
    if (!el?.isConnected) return;
    const more = el.scrollTop + el.clientHeight < el.scrollHeight - 2;
    if (more !== (el.dataset.more === "below")) {
      if (more) el.dataset.more = "below";
      else delete el.dataset.more;
    }
  }

  /** After every draw: drop a stale hint, else mark its tile and target again. */
  sync() {
    if (this.thinking) return;
    const hinted = this.host.hinted();
    if (!hinted || hinted !== this.current?.tile) this.hide();
    else this.decorate();
  }

  decorate() {
    const hint = this.current;
    if (!hint?.tile) return;
    const at = hint.at ?? "";
    const tile = document.querySelector(`[data-face='up'] [data-tile="${CSS.escape(hint.tile)}"]`);
    tile?.setAttribute("data-hinted", "");
    const target = document.querySelector(`#table [data-target="${CSS.escape(at)}"]`);
    if (!target) return;
    target.setAttribute("data-hinted", "");
    target.classList.add("target--hinted");
    const label = t("target.label", { tile: hint.tile, point: pointName(at) });
    const base = at === "open" ? t("target.open", { tile: hint.tile }) : label;
    target.setAttribute("aria-label", `${base} (${t("hint.title")})`);
    if (!target.querySelector(".target__hint-ring")) {
      // Parsed in the SVG's own context, so these are SVG elements.
      target.insertAdjacentHTML("afterbegin", `<circle class="target__hint-ring" r="0.8"/>`);
      target.insertAdjacentHTML("beforeend", `<text class="target__hint-mark" x="0.62" y="-0.62">★</text>`);
    }
  }

  dismiss() {
    this.hide();
    this.host.dismissHint();
  }

  hide() {
    this.current = null;
    this.thinking = false;
    this.el?.remove();
    this.el = null;
    this.watch(false);
  }
}
