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
 * Where the keyboard goes from item `index` of `length` on `key` (wrapping around), or null
 * when the key does not move it. `homeEnd` allows Home and End (the hand, not the targets).
 */
export function nextIndex(key, index, length, { homeEnd = false } = {}) {
  if (!length) return null;
  if (homeEnd && key === "Home") return 0;
  if (homeEnd && key === "End") return length - 1;
  if (key === "ArrowLeft" || key === "ArrowUp") return (index - 1 + length) % length;
  if (key === "ArrowRight" || key === "ArrowDown") return (index + 1) % length;
  return null;
}

/** Light `el` as the active target (the others dark). */
function markActive(board, el) {
  for (const other of board.querySelectorAll(TARGET)) other.classList.toggle("target--active", other === el);
}

/**
 * Bind the board. `host` answers `selected()`, `interactive()`, `targets(tile)` and takes the
 * intents `chooseTile(tile, {viaKeyboard})`, `play(tile, point)`, `cancel()`,
 * `focusTarget(point)`, `activate(point)` (the keyboard moved onto a target) and
 * `dragSelect(tile)` (a drag began: light the tile's targets).
 */
export function bindInput(board, host) {
  let drag = null;

  board.addEventListener("click", (event) => {
    const target = event.target.closest(TARGET);
    if (target && host.selected()) {
      host.play(host.selected(), target.dataset.target);
      return;
    }
    const tile = event.target.closest(HAND_TILE);
    if (tile) {
      if (drag?.moved) return; // the click that ends a drag
      host.chooseTile(tile.dataset.tile, { viaKeyboard: event.detail === 0 });
      return;
    }
    if (host.selected() && !event.target.closest("[data-face='up']")) host.cancel();
  });

  board.addEventListener("keydown", (event) => {
    const key = event.key;
    const tileEl = event.target.closest?.(HAND_TILE);
    const targetEl = event.target.closest?.(TARGET);
    if (tileEl) {
      const tiles = [...board.querySelectorAll(HAND_TILE)];
      const next = nextIndex(key, tiles.indexOf(tileEl), tiles.length, { homeEnd: true });
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
      host.focusTarget(targets[next].dataset.target);
    } else if (key === "Enter" || key === " ") {
      event.preventDefault();
      if (host.selected()) host.play(host.selected(), targetEl.dataset.target);
    } else if (key === "Escape") {
      event.preventDefault();
      host.cancel();
    }
  });

  board.addEventListener("focusin", (event) => {
    const target = event.target.closest?.(TARGET);
    if (target && host.activate(target.dataset.target)) markActive(board, target);
  });

  board.addEventListener("pointerdown", (event) => {
    const tileEl = event.target.closest(HAND_TILE);
    if (!tileEl || event.button !== 0 || !host.interactive()) return;
    const tile = tileEl.dataset.tile;
    const targets = host.targets(tile);
    if (!targets.length) return;
    const start = { x: event.clientX, y: event.clientY };
    drag = { tile, moved: false, ghost: null };
    const move = (e) => {
      if (!drag) return;
      if (!drag.moved && Math.hypot(e.clientX - start.x, e.clientY - start.y) < DRAG_START_PX) return;
      if (!drag.moved) {
        drag.moved = true;
        host.dragSelect(tile);
        drag.ghost = tileEl.cloneNode(true);
        drag.ghost.classList.add("drag-ghost");
        drag.ghost.removeAttribute("data-tile");
        document.body.append(drag.ghost);
      }
      drag.ghost.style.left = `${e.clientX}px`;
      drag.ghost.style.top = `${e.clientY}px`;
      markActive(board, document.elementFromPoint(e.clientX, e.clientY)?.closest(TARGET));
    };
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
      if (over && host.selected() === ended.tile) host.play(ended.tile, over.dataset.target);
      else if (targets.length === 1 && over) host.play(ended.tile, targets[0]);
    };
    addEventListener("pointermove", move);
    addEventListener("pointerup", up);
    addEventListener("pointercancel", up);
  });
}
