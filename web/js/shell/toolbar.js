// The toolbar: what each of its buttons does. Every button is in the page's markup from the
// start (the bar must not grow when the engine is ready: it would jump under the player's
// finger); the ones that need the game are enabled here. One listener for the whole bar
// (delegation); the actions come from the page (app.js), so this module knows buttons, not
// the game.

/**
 * Bind the toolbar: `actions` maps a button's data-action ("new-game", "hint", "sheet", "count",
 * "stats", "puzzles", "rules", "settings") to what it does.
 * @param {HTMLElement} toolbar
 * @param {Record<string, (() => void) | undefined>} actions
 */
export function installToolbar(toolbar, actions) {
  for (const action of ["rules", "settings", "puzzles"]) {
    const button = toolbar.querySelector(`[data-action='${action}']`);
    if (button instanceof HTMLButtonElement) button.disabled = false;
  }
  toolbar.addEventListener("click", (event) => {
    const target = event.target instanceof Element ? event.target : null;
    const action = target?.closest("[data-action]")?.getAttribute("data-action");
    if (action) actions[action]?.();
  });
}
