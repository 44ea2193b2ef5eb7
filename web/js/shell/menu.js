// The phone header's menu button: on a narrow or short screen the toolbar (all but Hint)
// folds behind it. It opens and closes the toolbar as a panel; choosing anything in it,
// Escape, the back gesture or a tap elsewhere closes it again. On wider screens the button
// is not shown and the toolbar is always open, so this does nothing there.

import { whileOpen } from "../ui/close-request.js";

// The page's own markup (index.html) has all three.
const header = /** @type {HTMLElement} */ (document.querySelector(".masthead"));
const button = /** @type {HTMLElement} */ (document.getElementById("menu-button"));
const toolbar = /** @type {HTMLElement} */ (document.getElementById("toolbar"));

// Escape, or the back gesture on a phone, closes it while it is open.
const watch = whileOpen(() => setOpen(false, { refocus: true }));

/**
 * @param {boolean} open
 * @param {{ refocus?: boolean }} [options] give the focus back to the menu button
 */
function setOpen(open, { refocus = false } = {}) {
  if (open) header.dataset.menu = "open";
  else delete header.dataset.menu;
  watch(open);
  button.setAttribute("aria-expanded", String(open));
  if (open) /** @type {HTMLElement | null} */ (toolbar.querySelector("button:not(:disabled), select"))?.focus();
  else if (refocus) button.focus();
}

button.addEventListener("click", () => setOpen(header.dataset.menu !== "open"));
toolbar.addEventListener("click", (event) => {
  if (header.dataset.menu === "open" && event.target instanceof Element && event.target.closest("button")) setOpen(false);
});
document.addEventListener("pointerdown", (event) => {
  if (header.dataset.menu === "open" && !(event.target instanceof Node && header.contains(event.target))) setOpen(false);
});
