// A short first-game tour: four cards pointing at the hand, the table, the scores and the hint
// button. Shown once (remembered in localStorage) on a first visit whose address names no
// seed or seats (links to a given deal, and the tests that use them, are not interrupted); again from
// the rules dialog. A non-modal <dialog>: the game stays usable behind it; Escape or Skip
// dismisses it, and focus returns to where it was.
//
// Hooks: dialog[data-tour][data-step="hand|table|scores|hint"]; the element pointed at gets
// [data-tour-target].

import { onLanguageChange, t } from "./i18n.js";

const KEY = "seven-rocks:tour";
const STEPS = [
  ["hand", "[data-seat='0']"],
  ["table", ".table-area"],
  ["scores", "#scores"],
  ["hint", "[data-action='hint']"],
];

export function tourSeen() {
  try {
    return localStorage.getItem(KEY) === "seen";
  } catch {
    return true; // no storage: do not nag on every visit
  }
}

function markSeen() {
  try {
    localStorage.setItem(KEY, "seen");
  } catch {
    // not remembered
  }
}

/** Show the tour on a first visit (a fresh game page, nothing else open). */
export function maybeStartTour() {
  const query = new URLSearchParams(location.search);
  if (tourSeen() || query.has("seed") || query.has("seats")) return null;
  if (document.querySelector("dialog[open]")) return null;
  return startTour();
}

export function startTour() {
  document.querySelector("dialog[data-tour]")?.remove();
  markSeen();
  const returnFocus = document.activeElement;
  const dialog = document.createElement("dialog");
  dialog.className = "tour";
  dialog.dataset.tour = "";
  dialog.setAttribute("aria-labelledby", "tour-title");
  dialog.setAttribute("aria-describedby", "tour-text");
  dialog.innerHTML = `<p class="tour__count" data-tour-count></p>
    <h2 class="tour__title" id="tour-title"></h2>
    <p class="tour__text" id="tour-text"></p>
    <div class="tour__actions">
      <button type="button" class="button" data-tour-action="skip"></button>
      <button type="button" class="button" data-tour-action="back"></button>
      <button type="button" class="button button--primary" data-tour-action="next"></button>
    </div>`;
  document.body.append(dialog);
  let index = 0;

  const clearTarget = () => {
    for (const el of document.querySelectorAll("[data-tour-target]")) el.removeAttribute("data-tour-target");
  };
  const place = () => {
    const target = document.querySelector(STEPS[index][1]);
    clearTarget();
    if (!target) return;
    target.setAttribute("data-tour-target", STEPS[index][0]);
    target.scrollIntoView?.({ block: "nearest" });
    // Beside the target: below it if there is room, else above; CSSOM, not a style attribute.
    const r = target.getBoundingClientRect();
    const box = dialog.getBoundingClientRect();
    const margin = 8;
    let top = r.bottom + margin;
    if (top + box.height > innerHeight - margin) top = r.top - box.height - margin;
    if (top < margin) top = Math.max(margin, (innerHeight - box.height) / 2);
    const left = Math.min(Math.max(margin, r.left + r.width / 2 - box.width / 2), innerWidth - box.width - margin);
    Object.assign(dialog.style, { top: `${Math.round(top)}px`, left: `${Math.round(Math.max(margin, left))}px` });
  };
  const render = () => {
    if (!dialog.isConnected) return;
    const [name] = STEPS[index];
    dialog.dataset.step = name;
    dialog.setAttribute("aria-label", t("tour.label"));
    dialog.querySelector("[data-tour-count]").textContent = t("tour.step", { n: index + 1, total: STEPS.length });
    dialog.querySelector(".tour__title").textContent = t(`tour.${name}.h`);
    dialog.querySelector(".tour__text").textContent = t(`tour.${name}`);
    dialog.querySelector("[data-tour-action='skip']").textContent = t("tour.skip");
    dialog.querySelector("[data-tour-action='back']").textContent = t("tour.back");
    dialog.querySelector("[data-tour-action='back']").disabled = index === 0;
    dialog.querySelector("[data-tour-action='next']").textContent =
      index === STEPS.length - 1 ? t("tour.done") : t("tour.next");
    place();
  };
  const close = () => {
    if (!dialog.isConnected) return;
    removeEventListener("keydown", onKey, true);
    removeEventListener("resize", render);
    clearTarget();
    dialog.close();
    dialog.remove();
    if (returnFocus?.isConnected && returnFocus !== document.body) returnFocus.focus({ preventScroll: true });
  };
  const onKey = (event) => {
    if (event.key === "Escape" && !document.querySelector("dialog[open]:modal")) {
      event.preventDefault();
      close();
    }
  };
  dialog.addEventListener("click", (event) => {
    const action = event.target.closest("[data-tour-action]")?.dataset.tourAction;
    if (action === "skip") close();
    else if (action === "back" && index > 0) {
      index -= 1;
      render();
    } else if (action === "next") {
      if (index === STEPS.length - 1) close();
      else {
        index += 1;
        render();
        dialog.querySelector("[data-tour-action='next']").focus();
      }
    }
  });
  addEventListener("keydown", onKey, true);
  addEventListener("resize", render);
  onLanguageChange(render);
  dialog.show();
  render();
  dialog.querySelector("[data-tour-action='next']").focus();
  return dialog;
}

export const TOUR_STEPS = STEPS.map(([name]) => name);
