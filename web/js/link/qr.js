// A QR code as SVG: the modules from uqr (an npm package, pinned in package.json, copied into
// the site as vendor/uqr.mjs by the build and fetched only when a code is first shown), the
// drawing here, one <path> of unit squares on a white square, so it stays sharp at any size
// and scans in the dark theme too.

/** @typedef {{encode(text: string, options?: {ecc?: "L" | "M" | "Q" | "H", border?: number}): {size: number, data: boolean[][]}}} Encoder */

/** @type {Promise<Encoder> | null} */
let loading = null;

/** The encoder, loaded once. @returns {Promise<Encoder>} */
function encoder() {
  // A computed address: the module is the site's own copy, not part of the page's bundle.
  loading ??= import(new URL("../../vendor/uqr.mjs", import.meta.url).href);
  return loading;
}

/** The SVG path of `modules` (true: dark), one square per dark module.
 * @param {boolean[][]} modules
 */
export function qrPath(modules) {
  const parts = [];
  for (const [y, row] of modules.entries()) {
    for (let x = 0; x < row.length; x++) {
      if (!row[x]) continue;
      let run = 1;
      while (row[x + run]) run++;
      parts.push(`M${x} ${y}h${run}v1h-${run}z`);
      x += run - 1;
    }
  }
  return parts.join("");
}

/** An <svg> QR code of `text`, labelled `label` for screen readers.
 * @param {string} text
 * @param {string} label
 */
async function qrSvg(text, label) {
  const { encode } = await encoder();
  const { size, data } = encode(text, { ecc: "M", border: 2 });
  const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  svg.setAttribute("viewBox", `0 0 ${size} ${size}`);
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", label);
  svg.setAttribute("shape-rendering", "crispEdges");
  svg.classList.add("qr");
  svg.innerHTML = `<rect width="${size}" height="${size}" fill="#fff"/><path fill="#000" d="${qrPath(data)}"/>`;
  return svg;
}

/** Draw the QR code of `text` into `holder` (replacing what it held); a code that cannot be
 * drawn (the module could not be fetched) leaves the holder empty: the link and the text
 * code beside it still work.
 * @param {HTMLElement} holder
 * @param {string} text
 * @param {string} label
 */
export async function showQr(holder, text, label) {
  try {
    holder.replaceChildren(await qrSvg(text, label));
  } catch {
    holder.replaceChildren();
  }
}
