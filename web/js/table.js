// The table: an SVG renderer that takes a plain model and draws it. No game logic here.
//
// model = {
//   table,          // the snapshot's `table` (geometry + ends + sum + spinner)
//   lastTile,       // "a-b" of the last placement (highlighted), or null
//   newTile,        // "a-b" placed since the previous draw (animated in), or null
//   targets,        // [{point, x, y, angle, value}] lit for the selected tile
//   activeTarget,   // the target the keyboard is on, or null
//   selectedTile,   // "a-b" whose targets are lit (for labels), or null
//   labels,         // {target(point) -> aria label, spinner: text}
//   animate,        // false: no tweening (reduced motion, instant speed)
//   showPoints,     // draw every open attach point as a hollow dot (the rules' diagrams)
//   minSpan,        // the smallest view across the short side (default MIN_SPAN)
// }
// The view box follows the layout's `bounds` (padded, never zoomed in further than MIN_SPAN
// units) and takes the drawing area's own aspect ratio, so the whole layout always shows.

import { backMarkup, faceMarkup, parseTile } from "./tiles.js";

const PAD = 1.0;
const MIN_SPAN = 13; // the smallest view (in tile units) across the table's short side
const TWEEN_MS = 260;

const fmt = (n) => Number(n.toFixed(3));

function viewFor(bounds, aspect, minSpan = MIN_SPAN) {
  let [x0, y0, x1, y1] = bounds;
  x0 -= PAD;
  y0 -= PAD;
  x1 += PAD;
  y1 += PAD;
  let w = x1 - x0;
  let h = y1 - y0;
  const cx = (x0 + x1) / 2;
  const cy = (y0 + y1) / 2;
  // Never zoom in beyond MIN_SPAN on the short side: a lone tile should not fill the screen.
  if (aspect >= 1) h = Math.max(h, minSpan);
  else w = Math.max(w, minSpan);
  // Match the drawing area's shape so nothing is letterboxed away.
  if (w / h < aspect) w = h * aspect;
  else h = w / aspect;
  return [cx - w / 2, cy - h / 2, w, h];
}

function tileMarkup(t, model) {
  const [a, b] = parseTile(t.tile);
  const second = t.first === a ? b : a;
  const classes = ["domino"];
  if (t.is_spinner) classes.push("domino--spinner");
  if (t.tile === model.lastTile) classes.push("domino--last");
  if (t.tile === model.newTile) classes.push("domino--new");
  const spinner = t.is_spinner
    ? `<rect class="domino__spinner" x="-1.04" y="-0.54" width="2.08" height="1.08" rx="0.18"/>`
    : "";
  const last =
    t.tile === model.lastTile
      ? `<rect class="domino__last" x="-1.14" y="-0.64" width="2.28" height="1.28" rx="0.24"/>`
      : "";
  const title = t.is_spinner ? `<title>${t.tile} · ${model.labels?.spinner ?? ""}</title>` : `<title>${t.tile}</title>`;
  return (
    `<g class="${classes.join(" ")}" data-tile="${t.tile}" transform="translate(${fmt(t.x)} ${fmt(t.y)}) rotate(${t.angle})">` +
    `<g class="domino__inner">${title}${last}${faceMarkup(t.first, second)}${spinner}</g></g>`
  );
}

function endMarkup(end, model) {
  const fresh = model.newTile ? " end--new" : "";
  return (
    `<g class="end${fresh}" data-end="${end.tile}:${end.side ?? "double"}" transform="translate(${fmt(end.x)} ${fmt(end.y)})">` +
    `<circle class="end__disc" r="0.36"/><text class="end__value" dy="0.02">${end.value}</text></g>`
  );
}

/** An open attach point shown as a hollow dot (the rules' diagrams; not interactive). */
function pointMarkup(p) {
  return (
    `<g class="open-point" data-point="${p.point}" transform="translate(${fmt(p.x)} ${fmt(p.y)})">` +
    `<circle class="open-point__ring" r="0.3"/></g>`
  );
}

/** Open points that are not also a scoring end's spot (a filled number already marks those). */
function openPoints(table) {
  const ends = table?.ends ?? [];
  return (table?.points ?? []).filter((p) => p.point !== "open" && !ends.some((e) => e.x === p.x && e.y === p.y));
}

function targetMarkup(p, model) {
  const active = p.point === model.activeTarget ? " target--active" : "";
  const label = model.labels?.targets?.[p.point] ?? p.point;
  return (
    `<g class="target${active}" data-target="${p.point}" role="button" tabindex="0" aria-label="${label}" transform="translate(${fmt(p.x)} ${fmt(p.y)})">` +
    `<rect class="target__hit" x="-0.85" y="-0.85" width="1.7" height="1.7"/>` +
    `<rect class="target__box" x="-0.44" y="-0.44" width="0.88" height="0.88" rx="0.12"/>` +
    (p.value == null ? "" : `<text class="target__value" dy="0.02">${p.value}</text>`) +
    `</g>`
  );
}

export class TableView {
  /** @param {SVGSVGElement} svg holding a `<g data-layout>` */
  constructor(svg) {
    this.svg = svg;
    this.layer = svg.querySelector("[data-layout]");
    this.box = null;
    this.frame = 0;
  }

  /** The drawing area's width / height (what the geometry should be laid out for). */
  aspect() {
    const { width, height } = this.svg.getBoundingClientRect();
    return width > 0 && height > 0 ? width / height : 1.6;
  }

  render(model) {
    const table = model.table;
    const tiles = table?.tiles ?? [];
    const bounds = tiles.length || model.targets?.length ? table.bounds : [-1, -0.5, 1, 0.5];
    this.setView(viewFor(bounds, this.aspect(), model.minSpan), model.animate);
    this.layer.dataset.layout = tiles.map((t) => t.tile).join(" ");
    this.layer.dataset.count = String(tiles.length);
    this.layer.classList.toggle("layout--choosing", Boolean(model.targets?.length));
    const html = [
      ...tiles.map((t) => tileMarkup(t, model)),
      ...(model.showEnds === false ? [] : (table?.ends ?? []).map((e) => endMarkup(e, model))),
      ...(model.showPoints ? openPoints(table).map(pointMarkup) : []),
      ...(model.targets ?? []).map((p) => targetMarkup(p, model)),
    ];
    this.layer.innerHTML = html.join("");
  }

  setView(box, animate) {
    cancelAnimationFrame(this.frame);
    const from = this.box;
    this.box = box;
    if (!animate || !from) {
      this.svg.setAttribute("viewBox", box.map(fmt).join(" "));
      return;
    }
    const start = performance.now();
    const step = (now) => {
      // A frame's timestamp may precede `start`: clamp, or the tween would overshoot backwards.
      const k = Math.min(1, Math.max(0, (now - start) / TWEEN_MS));
      const e = 1 - (1 - k) ** 3;
      const cur = from.map((v, i) => v + (box[i] - v) * e);
      this.svg.setAttribute("viewBox", cur.map(fmt).join(" "));
      if (k < 1) this.frame = requestAnimationFrame(step);
    };
    this.frame = requestAnimationFrame(step);
  }
}

export { backMarkup };
