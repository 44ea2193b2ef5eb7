// Reading a QR code with the camera: the browser's own BarcodeDetector where it has one
// (Chrome on Android), else jsQR (an npm package, pinned in package.json, copied into the site
// as vendor/jsQR.js by the build and fetched only when the camera is first opened here).
// The video stays on this device: frames are read here and never sent anywhere.

/** @typedef {(source: HTMLVideoElement) => Promise<string | null>} FrameReader */

/** Frames read per second: enough to catch a code held up, light on a phone's battery. */
const FRAMES_PER_S = 8;

/** @type {Promise<FrameReader> | null} */
let reading = null;

/** A reader of QR codes in video frames. @returns {Promise<FrameReader>} */
function frameReader() {
  reading ??= (async () => {
    const Detector = /** @type {any} */ (globalThis).BarcodeDetector;
    if (Detector && (await Detector.getSupportedFormats?.())?.includes("qr_code")) {
      const detector = new Detector({ formats: ["qr_code"] });
      return async (video) => (await detector.detect(video))[0]?.rawValue ?? null;
    }
    // The UMD build sets globalThis.jsQR when loaded as a module.
    await import(new URL("../../vendor/jsQR.js", import.meta.url).href);
    const jsQR = /** @type {any} */ (globalThis).jsQR;
    const canvas = document.createElement("canvas");
    const context = /** @type {CanvasRenderingContext2D} */ (canvas.getContext("2d", { willReadFrequently: true }));
    return async (video) => {
      if (!video.videoWidth) return null;
      const scale = Math.min(1, 640 / Math.max(video.videoWidth, video.videoHeight));
      canvas.width = Math.round(video.videoWidth * scale);
      canvas.height = Math.round(video.videoHeight * scale);
      context.drawImage(video, 0, 0, canvas.width, canvas.height);
      const image = context.getImageData(0, 0, canvas.width, canvas.height);
      return jsQR(image.data, image.width, image.height, { inversionAttempts: "dontInvert" })?.data ?? null;
    };
  })();
  return reading;
}

/** Whether this browser can open a camera at all. */
export function canScan() {
  return typeof navigator.mediaDevices?.getUserMedia === "function";
}

/** Show the back camera in `video` and read frames until one holds a QR code `wanted`
 * accepts: that code's text. Rejects when the camera cannot be opened (refused, missing);
 * `signal` stops it (then it resolves with null). The camera is off again either way.
 * @param {HTMLVideoElement} video
 * @param {(text: string) => boolean} wanted
 * @param {AbortSignal} signal
 * @returns {Promise<string | null>}
 */
export async function scan(video, wanted, signal) {
  const [read, stream] = await Promise.all([
    frameReader(),
    navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" }, audio: false }),
  ]);
  try {
    video.srcObject = stream;
    video.muted = true;
    video.playsInline = true;
    await video.play();
    while (!signal.aborted) {
      const text = await read(video).catch(() => null);
      if (text && wanted(text)) return text;
      await new Promise((resolve) => setTimeout(resolve, 1000 / FRAMES_PER_S));
    }
    return null;
  } finally {
    for (const track of stream.getTracks()) track.stop();
    video.srcObject = null;
  }
}
