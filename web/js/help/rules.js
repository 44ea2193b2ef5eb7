// The rules and help dialog: all of the rule book (RULES.md), the worked examples drawn by the
// game's own table renderer from geometry the worker builds with the engine (`examples`:
// filled numbers at the scoring ends, hollow dots at the open points, as in the original's
// diagrams), how to play here, and a button that replays the tour.
//
// Hooks: dialog[data-rules]; figure[data-example][data-step] per drawn step (its tiles are
// [data-tile], its counted ends [data-end], its open points [data-point]).

import { language, onLanguageChange, pointName, t } from "../util/i18n.js";
import { languageField, openModal } from "../ui/modal.js";
import { TableView } from "../table/table.js";

/** @typedef {import("../protocol").ExampleStep} ExampleStep */
/** @typedef {Record<string, ExampleStep[]>} Examples each example's steps, by its name */
/** @typedef {Pick<typeof import("../../bridge.js").engine, "call">} Engine */

/** The rule book, in order: [kind, key]. "li" items are grouped into one list. */
const RULES = [
  ["p", "rules.intro"],
  ["h3", "rules.goal.h"],
  ["li", "rules.goal.1"],
  ["li", "rules.goal.2"],
  ["li", "rules.goal.3"],
  ["h3", "rules.deal.h"],
  ["li", "rules.deal.1"],
  ["li", "rules.deal.2"],
  ["li", "rules.deal.3"],
  ["li", "rules.deal.4"],
  ["h3", "rules.place.h"],
  ["li", "rules.place.1"],
  ["li", "rules.place.2"],
  ["li", "rules.place.3"],
  ["h3", "rules.points.h"],
  ["li", "rules.points.1"],
  ["li", "rules.points.2"],
  ["li", "rules.points.3"],
  ["h3", "rules.score.h"],
  ["p", "rules.score.intro"],
  ["li", "rules.score.1"],
  ["li", "rules.score.2"],
  ["li", "rules.score.3"],
  ["p", "rules.score.4"],
  ["examples", "rules.examples.h"],
  ["h3", "rules.end.h"],
  ["li", "rules.end.1"],
  ["li", "rules.end.2"],
  ["li", "rules.end.3"],
  ["decided", "rules.end.decided"],
  ["h3", "rules.win.h"],
  ["p", "rules.win.1"],
  ["decided", "rules.win.decided"],
  ["h3", "rules.source.h"],
  ["p", "rules.source.1"],
  ["h3", "help.h"],
  ["p", "help.1"],
  ["p", "help.2"],
  ["p", "help.3"],
];

/**
 * The worked examples' groups, in the rule book's order: [id, title's key, examples].
 * @type {[string, string, string[]][]}
 */
const GROUPS = [
  ["main", "rules.examples.main", ["main"]],
  ["other", "rules.examples.other", ["late_spinner", "open_double", "open_zero", "open_spinner"]],
];
/**
 * Notes the rule book adds to some steps: [example, step (1-based)] -> key.
 * @type {Record<string, string>}
 */
const NOTES = {
  "main:2": "rules.note.main.2",
  "main:3": "rules.note.main.3",
  "main:5": "rules.note.main.5",
  "main:8": "rules.note.main.8",
  "late_spinner:2": "rules.note.late_spinner.2",
  "open_double:1": "rules.note.open_double.1",
  "open_spinner:3": "rules.note.open_spinner.3",
};
const ASPECT = 1.6;
/** @type {Promise<Examples> | null} */
let cache = null;

function rulesHtml() {
  const out = [];
  let list = false;
  for (const [kind, key] of RULES) {
    if (kind !== "li" && list) {
      out.push("</ul>");
      list = false;
    }
    if (kind === "li") {
      if (!list) out.push("<ul>");
      list = true;
      out.push(`<li data-i18n="${key}"></li>`);
    } else if (kind === "h3") out.push(`<h3 data-i18n="${key}"></h3>`);
    else if (kind === "p") out.push(`<p data-i18n="${key}"></p>`);
    else if (kind === "decided")
      out.push(`<p class="decided"><strong data-i18n="rules.decided"></strong> <span data-i18n="${key}"></span></p>`);
    else if (kind === "examples") out.push(examplesHtml());
  }
  if (list) out.push("</ul>");
  return out.join("");
}

function examplesHtml() {
  return `<section class="examples" aria-labelledby="rules-examples">
    <h3 id="rules-examples" data-i18n="rules.examples.h"></h3>
    <p data-i18n="rules.examples.intro"></p>
    <ul class="examples-legend">
      <li><svg class="examples-legend__icon" viewBox="-0.5 -0.5 1 1" aria-hidden="true"><g class="end"><circle class="end__disc" r="0.36"/><text class="end__value" dy="0.02">5</text></g></svg><span data-i18n="rules.examples.legend_end"></span></li>
      <li><svg class="examples-legend__icon" viewBox="-0.5 -0.5 1 1" aria-hidden="true"><g class="open-point"><circle class="open-point__ring" r="0.3"/></g></svg><span data-i18n="rules.examples.legend_point"></span></li>
      <li><svg class="examples-legend__icon examples-legend__icon--wide" viewBox="-1.1 -0.6 2.2 1.2" aria-hidden="true"><rect class="domino__spinner" x="-1.04" y="-0.54" width="2.08" height="1.08" rx="0.18"/></svg><span data-i18n="rules.examples.legend_spinner"></span></li>
    </ul>
    ${GROUPS.map(([id, key]) => `<h4 data-i18n="${key}"></h4><div class="examples__grid" data-example-group="${id}"><p class="note" data-i18n="rules.examples.loading"></p></div>`).join("")}
  </section>`;
}

/**
 * @param {string} name
 * @param {number} index
 * @param {ExampleStep} step
 */
function caption(name, index, step) {
  const n = index + 1;
  const move = step.at ? t("rules.step.on", { tile: step.tile, point: pointName(step.at) }) : t("rules.step.open", { tile: step.tile });
  const sum = `${step.terms.join(" + ") || "0"} = ${step.sum}`;
  const points = step.points > 0 ? `+${step.points}` : t("rules.step.points");
  const noteKey = NOTES[`${name}:${n}`];
  const note = noteKey ? t(noteKey, { points: step.open.map((point) => pointName(point)).join("; ") }) : "";
  const label = t("rules.figure_label", {
    tiles: step.table.tiles.map((tile) => tile.tile).join(", "),
    ends: step.table.ends.map((e) => e.value).join(" + ") || "0",
    points: step.open.map((point) => pointName(point)).join("; "),
  });
  return { text: t("rules.step.caption", { n, move, sum, points }), note, label };
}

/**
 * @param {HTMLElement} dialog
 * @param {Examples} examples
 */
function drawExamples(dialog, examples) {
  for (const [id, , names] of GROUPS) {
    const grid = /** @type {HTMLElement} */ (dialog.querySelector(`[data-example-group="${id}"]`));
    grid.innerHTML = names
      .flatMap((name) =>
        examples[name].map(
          (step, i) => `<figure class="example" data-example="${name}" data-step="${i + 1}">
            <svg class="example__table" role="img" viewBox="-8 -5 16 10" preserveAspectRatio="xMidYMid meet"><g data-layout=""></g></svg>
            <figcaption><span class="example__caption"></span> <span class="example__note"></span></figcaption></figure>`,
        ),
      )
      .join("");
  }
  for (const figure of /** @type {NodeListOf<HTMLElement>} */ (dialog.querySelectorAll("figure[data-example]"))) {
    const step = examples[figure.dataset.example ?? ""][Number(figure.dataset.step) - 1];
    new TableView(/** @type {SVGSVGElement} */ (figure.querySelector("svg"))).render({
      table: step.table,
      lastTile: step.tile,
      newTile: null,
      targets: [],
      labels: { spinner: t("table.spinner") },
      animate: false,
      showEnds: true,
      showPoints: true,
      minSpan: 4,
    });
  }
  translateExamples(dialog, examples);
}

/**
 * @param {HTMLElement} dialog
 * @param {Examples} examples
 */
function translateExamples(dialog, examples) {
  for (const figure of /** @type {NodeListOf<HTMLElement>} */ (dialog.querySelectorAll("figure[data-example]"))) {
    const name = figure.dataset.example ?? "";
    const index = Number(figure.dataset.step) - 1;
    const { text, note, label } = caption(name, index, examples[name][index]);
    /** @param {string} selector */
    const part = (selector) => /** @type {Element} */ (figure.querySelector(selector));
    part(".example__caption").textContent = text;
    part(".example__note").textContent = note;
    part("svg").setAttribute("aria-label", label);
    for (const title of figure.querySelectorAll(".domino--spinner title")) {
      const tile = title.parentElement?.closest("[data-tile]")?.getAttribute("data-tile");
      title.textContent = `${tile} · ${t("table.spinner")}`;
    }
  }
}

/**
 * Open the rules (and help). `openTour` replays the first-game tour.
 * @param {{ engine: Engine, openTour: () => void }} host
 */
export function openRules({ engine, openTour }) {
  if (document.querySelector("dialog[data-rules]")) return null;
  const { dialog, close } = openModal({
    hook: "rules",
    className: "dialog--rules",
    labelledBy: "rules-title",
    html: `<div class="dialog__body rules">
      <header class="rules__head">
        <h2 id="rules-title" data-i18n="rules.title"></h2>
        ${languageField("rules-language")}
      </header>
      <div class="rules__text" tabindex="0" role="document" aria-labelledby="rules-title">${rulesHtml()}</div>
      <div class="dialog__actions">
        <button type="button" class="button" data-action="replay-tour" data-i18n="help.tour"></button>
        <button type="button" class="button button--primary" data-action="close-dialog" data-i18n="rules.close"></button>
      </div>
    </div>`,
  });
  dialog.dataset.lang = language();
  dialog.querySelector("[data-action='replay-tour']")?.addEventListener("click", () => {
    close();
    openTour();
  });
  /** @type {Examples | null} */
  let examples = null;
  const stopTranslating = onLanguageChange(() => {
    if (examples) translateExamples(dialog, examples);
  });
  dialog.addEventListener("close", stopTranslating);
  (cache ??= engine.call("examples", { aspect: ASPECT }).then((reply) => reply.examples)).then(
    (found) => {
      examples = found;
      if (dialog.isConnected) {
        drawExamples(dialog, found);
        dialog.dataset.examples = "drawn";
      }
    },
    () => {
      cache = null;
    },
  );
  return dialog;
}

