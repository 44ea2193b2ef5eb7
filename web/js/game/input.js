// The player's input on the board, turned into intents: click or tap a tile (choose it),
// a lit target (play there) or elsewhere (cancel); arrows, Home/End, Enter, Space and
// Escape; drag a tile onto a target (pointer events: mouse, pen and touch). Every listener
// is bound once, on the board (delegation), never per tile. What an intent does is the
// host's business (controller.js); this module only reads the DOM to find what was meant.

/** A tile of the hand shown face up (the person at the screen: South, or whoever took the device). */
const HAND_TILE = "[data-face='up'] [data-tile]";
const TARGET = "[data-target]";
/** A pointer must travel this far (px) before a press becomes a drag. */
const DRAG_START_PX = 8;

/**
 * What the board's input asks of its host (controller.js): what is chosen and possible now,
 * and the intents.
 * @typedef {object} InputHost
 * @property {() => string | null} selected the tile chosen, if any
 * @property {() => boolean} interactive may the person at the screen move now?
 * @property {(tile: string) => readonly string[]} targets where `tile` may go
 * @property {(tile: string, how: { viaKeyboard: boolean }) => void} chooseTile
 * @property {(tile: string, point: string) => void} play
 * @property {() => void} cancel
 * @property {(point: string) => void} focusTarget
 * @property {(point: string) => boolean} activate the keyboard moved onto a target
 * @property {(tile: string) => void} dragSelect a drag began: light the tile's targets
 */

/**
 * The element matching `selector` at or above an event's target (null if none, or if the
 * target is not an element).
 * @param {EventTarget | null} target
 * @param {string} selector
 * @returns {Element | null}
 */
const closest = (target, selector) => (target instanceof Element ? target.closest(selector) : null);

/**
 * An attribute the selector matched on (a tile's `data-tile`, a target's `data-target`).
 * @param {Element} el
 * @param {string} name
 */
const attribute = (el, name) => el.getAttribute(name) ?? "";

/**
 * Where the keyboard goes from item `index` of `length` on `key` (wrapping around), or null
 * when the key does not move it. `homeEnd` allows Home and End (the hand, not the targets).
 * @param {string} key
 * @param {number} index
 * @param {number} length
 * @param {{ homeEnd?: boolean }} [options]
 * @returns {number | null}
 */
export function nextIndex(key, index, length, { homeEnd = false } = {}) {
  if (!length) return null;
  if (homeEnd && key === "Home") return 0;
  if (homeEnd && key === "End") return length - 1;
  if (key === "ArrowLeft" || key === "ArrowUp") return (index - 1 + length) % length;
  if (key === "ArrowRight" || key === "ArrowDown") return (index + 1) % length;
  return null;
}

/**
 * Light `el` as the active target (the others dark).
 * @param {HTMLElement} board
 * @param {Element | null | undefined} el
 */
function markActive(board, el) {
  for (const other of board.querySelectorAll(TARGET)) other.classList.toggle("target--active", other === el);
}

/**
 * Bind the board. `host` answers `selected()`, `interactive()`, `targets(tile)` and takes the
 * intents `chooseTile(tile, {viaKeyboard})`, `play(tile, point)`, `cancel()`,
 * `focusTarget(point)`, `activate(point)` (the keyboard moved onto a target) and
 * `dragSelect(tile)` (a drag began: light the tile's targets).
 * @param {HTMLElement} board
 * @param {InputHost} host
 */
export function bindInput(board, host) {
  /** @type {{ tile: string, moved: boolean, ghost: HTMLElement | null } | null} */
  let drag = null;

  board.addEventListener("click", (event) => {
    const target = closest(event.target, TARGET);
    const selected = host.selected();
    if (target && selected) {
      host.play(selected, attribute(target, "data-target"));
      return;
    }
    const tile = closest(event.target, HAND_TILE);
    if (tile) {
      if (drag?.moved) return; // the click that ends a drag
      host.chooseTile(attribute(tile, "data-tile"), { viaKeyboard: event.detail === 0 });
      return;
    }
    if (selected && !closest(event.target, "[data-face='up']")) host.cancel();
  });

  board.addEventListener("keydown", (event) => {
    const key = event.key;
    const tileEl = closest(event.target, HAND_TILE);
    const targetEl = closest(event.target, TARGET);
    if (tileEl) {
      const tiles = /** @type {HTMLElement[]} */ ([...board.querySelectorAll(HAND_TILE)]);
      const next = nextIndex(key, tiles.findIndex((el) => el === tileEl), tiles.length, { homeEnd: true });
      if (next != null) {
        event.preventDefault();
        tiles[next].focus();
      } else if (key === "Escape" && host.selected()) {
        event.preventDefault();
        host.cancel();
      }
      return; // Enter and Space press the button: handled by the click listener
    }
    if (!targetEl) return;
    const targets = [...board.querySelectorAll(TARGET)];
    const next = nextIndex(key, targets.indexOf(targetEl), targets.length);
    if (next != null) {
      event.preventDefault();
      host.focusTarget(attribute(targets[next], "data-target"));
    } else if (key === "Enter" || key === " ") {
      event.preventDefault();
      const selected = host.selected();
      if (selected) host.play(selected, attribute(targetEl, "data-target"));
    } else if (key === "Escape") {
      event.preventDefault();
      host.cancel();
    }
  });

  board.addEventListener("focusin", (event) => {
    const target = closest(event.target, TARGET);
    if (target && host.activate(attribute(target, "data-target"))) markActive(board, target);
  });

  board.addEventListener("pointerdown", (event) => {
    const tileEl = closest(event.target, HAND_TILE);
    if (!tileEl || event.button !== 0 || !host.interactive()) return;
    const tile = attribute(tileEl, "data-tile");
    const targets = host.targets(tile);
    if (!targets.length) return;
    const start = { x: event.clientX, y: event.clientY };
    drag = { tile, moved: false, ghost: null };
    /** @param {PointerEvent} e */
    const move = (e) => {
      if (!drag) return;
      if (!drag.moved && Math.hypot(e.clientX - start.x, e.clientY - start.y) < DRAG_START_PX) return;
      if (!drag.moved) {
        drag.moved = true;
        host.dragSelect(tile);
        const ghost = /** @type {HTMLElement} */ (tileEl.cloneNode(true));
        ghost.classList.add("drag-ghost");
        ghost.removeAttribute("data-tile");
        document.body.append(ghost);
        drag.ghost = ghost;
      }
      if (drag.ghost) {
        drag.ghost.style.left = `${e.clientX}px`;
        drag.ghost.style.top = `${e.clientY}px`;
      }
      markActive(board, document.elementFromPoint(e.clientX, e.clientY)?.closest(TARGET));
    };
    /** @param {PointerEvent} e */
    const up = (e) => {
      removeEventListener("pointermove", move);
      removeEventListener("pointerup", up);
      removeEventListener("pointercancel", up);
      const ended = drag;
      if (!ended?.moved) {
        drag = null;
        return;
      }
      ended.ghost?.remove();
      const over = document.elementFromPoint(e.clientX, e.clientY)?.closest(TARGET);
      // Let the click that follows this pointerup see `moved` and ignore itself.
      setTimeout(() => {
        drag = null;
      }, 0);
      if (over && host.selected() === ended.tile) host.play(ended.tile, attribute(over, "data-target"));
      else if (targets.length === 1 && over) host.play(ended.tile, targets[0]);
    };
    addEventListener("pointermove", move);
    addEventListener("pointerup", up);
    addEventListener("pointercancel", up);
  });
}
