// The table: an SVG renderer that takes a plain model (TableModel below) and draws it. No
// game logic here.
//
// The view box follows the layout's `bounds` (padded, zoomed in no further than a table tile
// as long as a hand tile, or MIN_SPAN units on a board with no hand) in the drawing area's
// own aspect ratio: the whole layout always shows, as large as the felt allows.
// Tiles are kept by name between draws, so when the geometry re-fits the table (it grows and
// lays the arms out again) every tile already down glides to its new place.

import { numberPath } from "./digits.js";
import { backMarkup, faceMarkup, parseTile } from "./tiles.js";
import { toggleClass } from "../util/write.js";
import { aspectOf, closestSpan, reshaped, spanForTile, viewFor } from "./view-box.js";

export { afterReshape, closestSpan, whileResizing } from "./view-box.js";

/** @typedef {import("../protocol").Table} Table */
/** @typedef {import("../protocol").TableTile} TableTile */
/** @typedef {import("../protocol").TablePoint} TablePoint */
/** @typedef {import("../protocol").TableEnd} TableEnd */
/** @typedef {import("./view-box.js").Box} Box */
/** @typedef {import("./view-box.js").Size} Size */
/**
 * What the table draws.
 * @typedef {object} TableModel
 * @property {Table} table the snapshot's `table` (geometry + ends + sum + spinner)
 * @property {string | null} [lastTile] "a-b" of the last placement (highlighted), or null
 * @property {string | null} [newTile] "a-b" placed since the previous draw (animated in), or null
 * @property {readonly TablePoint[]} [targets] the points lit for the selected tile
 * @property {string | null} [activeTarget] the target the keyboard is on, or null
 * @property {string | null} [selectedTile] "a-b" whose targets are lit (for labels), or null
 * @property {{ spinner?: string, targets?: Record<string, string> }} [labels] each target's aria label, the spinner's name
 * @property {number | null} [newSeat] the seat that placed newTile: it travels from there
 * @property {Readonly<Record<string, number>>} [seatTiles] each seat's latest tile, outlined in its team's colour
 * @property {boolean} [animate] false: no tweening (reduced motion, instant speed)
 * @property {boolean} [showEnds] false: no counted ends' badges
 * @property {boolean} [showPoints] draw every open attach point as a hollow dot (the rules' diagrams)
 * @property {number} [minSpan] the smallest view across the short side (default MIN_SPAN)
 */

const TWEEN_MS = 260;
/** Table units per glyph unit: a digit 0.35 units tall, as the numbers' old 0.48 font. */
const DIGIT_SCALE = 0.035;
const TAP_PX = 46; // a lit target's tap area, in CSS px (44 is the usual floor)
const MAX_HIT = 2.6; // ... in units at most

/** @param {number} n */
const fmt = (n) => Number(n.toFixed(3));

/**
 * The transform that puts tile `t` in its place, turned the nearest way from `near` degrees.
 * @param {TableTile} t
 * @param {number | null} [near]
 */
function placement(t, near = null) {
  const [a] = parseTile(t.tile);
  let turn = t.angle + (t.first === a ? 0 : 180);
  if (near != null) turn += 360 * Math.round((near - turn) / 360);
  return { turn, css: `translate(${fmt(t.x)}px, ${fmt(t.y)}px) rotate(${turn}deg)` };
}

/**
 * @param {TableTile} t
 * @param {TableModel} model
 */
function tileInner(t, model) {
  const [a, b] = parseTile(t.tile);
  const spinner = t.is_spinner
    ? `<rect class="domino__spinner" x="-1.04" y="-0.54" width="2.08" height="1.08" rx="0.18"/>`
    : "";
  const title = t.is_spinner ? `<title>${t.tile} · ${model.labels?.spinner ?? ""}</title>` : `<title>${t.tile}</title>`;
  return (
    `<g class="domino__inner">${title}` +
    `<rect class="domino__last" x="-1.14" y="-0.64" width="2.28" height="1.28" rx="0.24"/>` +
    `<rect class="domino__by" x="-1.06" y="-0.56" width="2.12" height="1.12" rx="0.2"/>` +
    `${faceMarkup(a, b)}${spinner}</g>`
  );
}

/** A number on the table (an end's count, a target's points) as stroked digits, not SVG
 *  text, which would be laid out again at every re-fit (see digits.js). Its value stays
 *  readable as `data-value`.
 * @param {string} className
 * @param {number} value
 */
function valueMarkup(className, value) {
  return `<path class="${className}" data-value="${value}" transform="scale(${DIGIT_SCALE})" d="${numberPath(value)}"/>`;
}

/** A counted end's badge. The group's `transform` attribute puts it on its end; its pop
 *  animates the inner group, since a CSS transform on the outer one would replace that
 *  attribute and draw every new badge at the table's origin.
 * @param {TableEnd} end
 * @param {TableModel} model
 */
function endMarkup(end, model) {
  const fresh = model.newTile ? " end--new" : "";
  return (
    `<g class="end${fresh}" data-end="${end.tile}:${end.side ?? "double"}" transform="translate(${fmt(end.x)} ${fmt(end.y)})">` +
    `<g class="end__badge"><circle class="end__disc" r="0.36"/>${valueMarkup("end__value", end.value)}</g></g>`
  );
}

/**
 * An open attach point shown as a hollow dot (the rules' diagrams; not interactive).
 * @param {TablePoint} p
 */
function pointMarkup(p) {
  return (
    `<g class="open-point" data-point="${p.point}" transform="translate(${fmt(p.x)} ${fmt(p.y)})">` +
    `<circle class="open-point__ring" r="0.3"/></g>`
  );
}

/**
 * Open points that are not also a scoring end's spot (a filled number already marks those).
 * @param {Table | null | undefined} table
 */
function openPoints(table) {
  const ends = table?.ends ?? [];
  return (table?.points ?? []).filter((p) => p.point !== "open" && !ends.some((e) => e.x === p.x && e.y === p.y));
}

/**
 * @param {TablePoint} p
 * @param {TableModel} model
 * @param {number} [hit] its tap area's side, in units
 */
function targetMarkup(p, model, hit = 1.7) {
  const active = p.point === model.activeTarget ? " target--active" : "";
  const label = model.labels?.targets?.[p.point] ?? p.point;
  return (
    `<g class="target${active}" data-target="${p.point}" role="button" tabindex="0" aria-label="${label}" transform="translate(${fmt(p.x)} ${fmt(p.y)})">` +
    `<rect class="target__hit" x="${fmt(-hit / 2)}" y="${fmt(-hit / 2)}" width="${fmt(hit)}" height="${fmt(hit)}"/>` +
    `<rect class="target__box" x="-0.44" y="-0.44" width="0.88" height="0.88" rx="0.12"/>` +
    (p.value == null ? "" : valueMarkup("target__value", p.value)) +
    `</g>`
  );
}

const SVG = "http://www.w3.org/2000/svg";
const GLIDE = { duration: 340, easing: "cubic-bezier(0.2, 0.7, 0.3, 1)" };
const TRAVEL = { duration: 420, easing: "cubic-bezier(0.25, 0.8, 0.35, 1)" };
const ZOOM = { duration: TWEEN_MS, easing: "cubic-bezier(0.33, 1, 0.68, 1)" }; // ease-out cubic

export class TableView {
  /** @param {SVGSVGElement} svg holding a `<g data-layout>` */
  constructor(svg) {
    this.svg = svg;
    this.layer = /** @type {SVGGElement} */ (svg.querySelector("[data-layout]"));
    this.tilesLayer = document.createElementNS(SVG, "g");
    this.tilesLayer.dataset.tiles = "";
    this.marksLayer = document.createElementNS(SVG, "g");
    this.marksLayer.dataset.marks = "";
    this.layer.replaceChildren(this.tilesLayer, this.marksLayer);
    /** @type {Box | null} */
    this.box = null;
    this.marks = "";
    /** @type {Animation | null} */
    this.zoom = null; // the running view tween (a Web Animation on the <svg>)
    // The drawing area's size, kept up to date by the browser after each layout: reading it
    // here forces no layout, which a read in the middle of a move's writes would.
    /** @type {Size | null} */
    this.size = null;
    /** @type {Size | null} the area's size at the last draw */
    this.rect = null;
    /** @type {Map<number, { x: number, y: number }>} */
    this.seats = new Map(); // seat -> where its caption is (seatOffset)
    /** @type {number | null} a hand tile's long side, CSS px (null: no hand on this board) */
    this.handTile = null;
    /** @type {TableModel | null} */
    this.drawn = null; // the model drawn last
    /** Called when the drawing area takes a new shape after a draw (set by the owner, see
     *  whileResizing): the view drawn for the old shape shows the layout too small.
     *  @type {(() => void) | null} */
    this.onReshape = null;
    // Called just after a layout, when reading positions costs nothing: the seats' captions
    // are measured here, not in the middle of a move.
    new ResizeObserver(([entry]) => {
      this.size = { width: entry.contentRect.width, height: entry.contentRect.height };
      this.measureSeats();
      if (this.onReshape && this.rect && reshaped(this.rect, this.size)) this.onReshape();
    }).observe(svg);
  }

  /** The drawing area's size in CSS px (the last observed, else measured now). */
  area() {
    return this.size ?? this.svg.getBoundingClientRect();
  }

  /** The drawing area's width / height (what the geometry should be laid out for). */
  aspect() {
    return aspectOf(this.area());
  }

  /** @param {TableModel} model */
  render(model) {
    this.drawn = model;
    const table = model.table;
    const tiles = table?.tiles ?? [];
    const bounds = tiles.length || model.targets?.length ? table.bounds : [-1, -0.5, 1, 0.5];
    // Every layout read first, then only writes: a read after a write forces a layout, which
    // on a slow phone is what makes a move stutter. The size comes from a ResizeObserver;
    // only a tile travelling from its seat needs to read positions.
    this.rect = this.area();
    if (this.handTile == null && this.svg.closest("#board") && !this.measureHand()) this.measureLater(model);
    const closest = this.handTile ? spanForTile(this.rect, this.handTile, tiles.length) : closestSpan(this.rect, table?.initial_table);
    const view = viewFor(bounds, aspectOf(this.rect), model.minSpan ?? closest);
    const from = this.seatPoint(model, view);
    this.setView(view, model.animate);
    const layout = tiles.map((t) => t.tile).join(" ");
    if (this.layer.dataset.layout !== layout) {
      this.layer.dataset.layout = layout;
      this.layer.dataset.count = String(tiles.length);
    }
    const choosing = Boolean(model.targets?.length);
    toggleClass(this.layer, "layout--choosing", choosing);
    this.renderTiles(tiles, model, from);
    const marks = [
      ...(model.showEnds === false ? [] : (table?.ends ?? []).map((e) => endMarkup(e, model))),
      ...(model.showPoints ? openPoints(table).map(pointMarkup) : []),
      ...(model.targets ?? []).map((p) => targetMarkup(p, model, this.hitSize())),
    ].join("");
    if (marks !== this.marks) {
      this.marksLayer.innerHTML = marks;
      this.marks = marks;
    }
  }

  /** A lit target's tap area in units: at least TAP_PX on screen (it may reach over a
   *  neighbouring tile, which is not tappable while a target is lit), at most MAX_HIT. */
  hitSize() {
    const width = (this.rect ?? this.area()).width;
    const perUnit = this.box && width > 0 ? width / this.box[2] : 0;
    return perUnit > 0 ? Math.min(MAX_HIT, Math.max(1.7, TAP_PX / perUnit)) : 1.7;
  }

  /** Tiles keyed by name: a tile already drawn keeps its element and glides to a new place;
   *  a new one travels in from its player's seat (or pops in when the seat is unknown).
   * @param {readonly TableTile[]} tiles
   * @param {TableModel} model
   * @param {{ x: number, y: number } | null} from where a new tile travels from
   */
  renderTiles(tiles, model, from) {
    const children = /** @type {SVGGElement[]} */ ([...this.tilesLayer.children]);
    const drawn = new Map(children.map((el) => [el.dataset.tile, el]));
    const wanted = new Set(tiles.map((t) => t.tile));
    for (const [name, el] of drawn) if (name === undefined || !wanted.has(name)) el.remove();
    /** @type {SVGGElement | null} */
    let previous = null; // the tiles stay in play order (the newest on top): move only strays
    for (const t of tiles) {
      const known = drawn.get(t.tile);
      const fresh = !known;
      const el = known ?? document.createElementNS(SVG, "g");
      if (fresh) {
        el.dataset.tile = t.tile;
        el.innerHTML = tileInner(t, model);
        el.dataset.spinner = String(Boolean(t.is_spinner));
      } else if (el.dataset.spinner !== String(Boolean(t.is_spinner))) {
        el.innerHTML = tileInner(t, model);
        el.dataset.spinner = String(Boolean(t.is_spinner));
      }
      /** @type {ChildNode | null} */
      const next = previous ? previous.nextSibling : this.tilesLayer.firstChild;
      if (next !== el) this.tilesLayer.insertBefore(el, next);
      previous = el;
      const classes = this.classes(t, model);
      if (el.getAttribute("class") !== classes) el.setAttribute("class", classes);
      const by = model.seatTiles?.[t.tile];
      const team = by == null ? "" : String(by % 2);
      if ((el.dataset.byTeam ?? "") !== team) {
        if (team) {
          el.dataset.byTeam = team;
          el.dataset.bySeat = String(by);
        } else {
          delete el.dataset.byTeam;
          delete el.dataset.bySeat;
        }
      }
      const before = fresh ? null : Number(el.dataset.turn);
      const place = placement(t, before);
      const old = el.style.transform;
      if (old === place.css) continue; // in place already: nothing to write or animate
      el.style.transform = place.css;
      el.dataset.turn = String(place.turn);
      if (!model.animate) continue;
      if (fresh && t.tile === model.newTile && from) {
        const start = `translate(${fmt(from.x)}px, ${fmt(from.y)}px) rotate(${place.turn + 90}deg) scale(1.2)`;
        el.animate([{ transform: start, opacity: 0.4 }, { transform: place.css, opacity: 1 }], TRAVEL);
      } else if (!fresh && old && old !== place.css) {
        el.animate([{ transform: old }, { transform: place.css }], GLIDE);
      }
    }
  }

  /**
   * @param {TableTile} t
   * @param {TableModel} model
   */
  classes(t, model) {
    const classes = ["domino"];
    if (t.is_spinner) classes.push("domino--spinner");
    if (t.tile === model.lastTile) classes.push("domino--last");
    if (t.tile === model.newTile && !(model.animate && model.newSeat != null)) classes.push("domino--new");
    return classes.join(" ");
  }

  /**
   * Where the seat that placed `model.newTile` is, in the table's units (null: unknown).
   * @param {TableModel} model
   * @param {Box} box
   */
  seatPoint(model, box) {
    if (!model.animate || model.newSeat == null || !model.newTile) return null;
    const at = this.seatOffset(model.newSeat);
    const { width = 0, height = 0 } = this.rect ?? {};
    if (!at || !(width > 0 && height > 0)) return null;
    // The view box is drawn "xMidYMid meet": one scale, centred.
    const scale = Math.min(width / box[2], height / box[3]);
    return {
      x: box[0] + (at.x - (width - box[2] * scale) / 2) / scale,
      y: box[1] + (at.y - (height - box[3] * scale) / 2) / scale,
    };
  }

  /** The seats changed places (pass and play turned the table): measure them again. */
  seatsMoved() {
    this.seats.clear();
  }

  /** The centre of a seat's caption in px from the drawing area's top left, as measured
   *  when the area last changed size (a measurement in the middle of a move would force a
   *  layout of everything animating).
   * @param {number} seat
   */
  seatOffset(seat) {
    if (!this.seats.size) this.measureSeats();
    return this.seats.get(seat) ?? null;
  }

  /** A game's first draws come before its hand is on the page: once a frame has laid the
   *  hand out, the same table is drawn again at the hand's size. @param {TableModel} model */
  measureLater(model) {
    requestAnimationFrame(() => this.drawn === model && this.measureHand() && this.render(model));
  }

  /** A hand tile's laid-out size (not its box: a tile dealt or lifted is scaled or moved):
   *  the table's closest zoom draws a tile as long (spanForTile). */
  measureHand() {
    const held = /** @type {HTMLElement | null | undefined} */ (this.svg.closest("#board")?.querySelector(".hand-tile"));
    const long = held ? Math.max(held.offsetWidth, held.offsetHeight) : 0;
    this.handTile = long > 0 ? long : null;
    return long > 0;
  }

  measureSeats() {
    this.seats.clear();
    this.measureHand();
    if (!this.svg.isConnected) return; // a drawing taken off the page (warm-renderer.js) has no seats
    const parent = this.svg.parentElement;
    if (!parent) return;
    const area = parent.getBoundingClientRect(); // not zoomed, unlike the <svg>
    for (const seatEl of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll("#board > [data-seat]"))) {
      // Its caption, or the seat itself where a phone hides the caption (South's).
      let r = seatEl.querySelector(".seat__head")?.getBoundingClientRect();
      if (!r || !(r.width > 0)) r = seatEl.getBoundingClientRect();
      if (r.width > 0) {
        this.seats.set(Number(seatEl.dataset.seat), { x: r.left + r.width / 2 - area.left, y: r.top + r.height / 2 - area.top });
      }
    }
  }
  /** Show `box` (x, y, width, height in units). The new view box is set at once; when
   *  animated, a CSS transform on the <svg> element (run by the compositor, no work on the
   *  main thread per frame) starts it looking like the old view and eases it to the new.
   * @param {Box} box
   * @param {boolean | undefined} animate
   */
  setView(box, animate) {
    const from = this.box;
    const text = box.map(fmt).join(" ");
    if (from && from.map(fmt).join(" ") === text) return;
    this.box = box;
    this.svg.setAttribute("viewBox", text);
    this.zoom?.cancel();
    this.zoom = null;
    const width = this.rect?.width ?? 0;
    if (!animate || !from || !(width > 0) || typeof this.svg.animate !== "function") return;
    // A unit u at pixel (u - x) * s: the old view drew it at (u - x0) * s0, the new at
    // (u - x1) * s1; so translate((x1 - x0) * s0, ...) scale(s0 / s1) maps new onto old.
    const s0 = width / from[2];
    const s1 = width / box[2];
    const start = `translate(${fmt((box[0] - from[0]) * s0)}px, ${fmt((box[1] - from[1]) * s0)}px) scale(${fmt(s0 / s1)})`;
    this.zoom = this.svg.animate([{ transform: start }, { transform: "none" }], ZOOM);
  }
}

export { backMarkup };
