// The QR codes the page draws scan back to what they hold: the modules from the pinned
// encoder (uqr), drawn by qrPath as the page draws them, rasterized here and read by the
// pinned decoder the camera uses where the browser has no BarcodeDetector (jsQR).
import assert from "node:assert/strict";
import { createRequire } from "node:module";
import { test } from "node:test";

import { encode } from "uqr";
import { qrPath } from "../../web/js/link/qr.js";

const jsQR = createRequire(import.meta.url)("jsqr");

/** RGBA pixels of the SVG path `path` (only the page's own commands: `Mx yhNv1h-Nz`) on
 * white, `scale` pixels a module, `size` modules square.
 * @param {string} path @param {number} size @param {number} scale
 */
function raster(path, size, scale) {
  const width = size * scale;
  const pixels = new Uint8ClampedArray(width * width * 4).fill(255);
  for (const [, x, y, run] of path.matchAll(/M(\d+) (\d+)h(\d+)v1h-\3z/g)) {
    for (let dy = 0; dy < scale; dy++) {
      for (let dx = 0; dx < Number(run) * scale; dx++) {
        const at = ((Number(y) * scale + dy) * width + Number(x) * scale + dx) * 4;
        pixels.fill(0, at, at + 3);
      }
    }
  }
  return { pixels, width };
}

test("the path covers exactly the dark modules, in runs", () => {
  const modules = [
    [true, true, false, true],
    [false, false, false, false],
    [true, false, true, true],
  ];
  assert.equal(qrPath(modules), "M0 0h2v1h-2zM3 0h1v1h-1zM0 2h1v1h-1zM2 2h2v1h-2z");
});

test("an invitation link drawn as the page draws it scans back whole", () => {
  const url = "https://seven-rocks.example/#join=ogIA1LhkAASL0ckYMtQE6Y7gISlYphGeaBX4GKTiACBq89gH0tbIIY4TGW-AurxAarfZqr7SFYyLecSI2hgo9QEACk0AArnBD6s1LA";
  const { size, data } = encode(url, { ecc: "M", border: 2 });
  const path = qrPath(data);
  assert.equal(path.match(/M/g)?.length, path.match(/z/g)?.length);
  const { pixels, width } = raster(path, size, 4);
  assert.equal(jsQR(pixels, width, width, { inversionAttempts: "dontInvert" })?.data, url);
});
