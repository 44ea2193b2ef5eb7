// Game records in and out of the page: download the current (or finished) game as a
// `seven-rocks-record` JSON file, and open one into the replay viewer from a file picker
// or by dropping the file anywhere on the page. Nothing leaves the browser: the file is a
// Blob made here, and an opened file is read locally.

import { MAX_JSON_DEPTH, MAX_RECORD_BYTES } from "../facts.js";
import { checkJsonText } from "../util/jsontext.js";
import { loadPart } from "../ui/lazy.js";

/** The largest record the engine reads (a game to 250 is 10-30 KB, 3,000 rounds about 5 MB). */
const MAX_BYTES = MAX_RECORD_BYTES;

/** @type {(n: number) => string} */
const pad = (n) => String(n).padStart(2, "0");

/**
 * "seven-rocks-2026-11-30-1405-deal-42.json"
 * @param {{seed?: unknown} | null | undefined} record
 * @param {Date} [now]
 */
function recordFileName(record, now = new Date()) {
  const stamp = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}-${pad(now.getHours())}${pad(now.getMinutes())}`;
  const seed = record?.seed;
  const deal = Number.isInteger(seed) ? `-deal-${seed}` : "";
  return `seven-rocks-${stamp}${deal}.json`;
}

/** @typedef {import("../ui/panel-host.js").PanelHost} PanelHost */

/**
 * Download the game's record as a file.
 * @param {PanelHost} host
 */
export async function downloadRecord(host) {
  let record;
  try {
    record = await host.call("record");
  } catch (error) {
    host.notify("notice.engine_error", { message: error instanceof Error ? error.message : String(error) });
    return;
  }
  const blob = new Blob([`${JSON.stringify(record, null, 1)}\n`], { type: "application/json" });
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = recordFileName(record);
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * Read a dropped or chosen file and replay it; problems become one notice.
 * @param {PanelHost} host
 * @param {File | undefined} file
 */
async function openRecordFile(host, file) {
  if (!file) return null;
  if (file.size > MAX_BYTES) {
    host.notify("replay.too_big", { name: file.name });
    return null;
  }
  let record;
  try {
    const text = await file.text();
    // Measured before parsing: a few KB of nested lists killed the engine.
    const refused = checkJsonText(text, { maxBytes: MAX_BYTES, maxDepth: MAX_JSON_DEPTH });
    if (refused) {
      const key = refused.problem === "too_deep" ? "replay.too_deep" : "replay.too_big";
      host.notify(key, { name: file.name, limit: refused.limit });
      return null;
    }
    record = JSON.parse(text);
  } catch {
    host.notify("replay.not_json", { name: file.name });
    return null;
  }
  // The viewer (and the coach it offers) is loaded on first use: not part of a first visit.
  const part = await loadPart(host, () => import("./replay.js"), "review");
  return part ? part.openReplay(host, record, file.name) : null;
}

/**
 * Ask for a record file (the browser's file picker).
 * @param {PanelHost} host
 */
export function pickRecord(host) {
  const input = document.createElement("input");
  input.type = "file";
  input.accept = ".json,application/json";
  input.hidden = true;
  input.dataset.recordInput = "";
  input.addEventListener("change", () => {
    const file = input.files?.[0];
    input.remove();
    openRecordFile(host, file);
  });
  document.body.append(input);
  input.click();
}

/**
 * Dropping a file anywhere on the page opens it in the replay viewer.
 * @param {PanelHost} host
 */
export function acceptDrops(host) {
  /** @type {(event: DragEvent) => boolean} */
  const hasFiles = (event) => [...(event.dataTransfer?.types ?? [])].includes("Files");
  let depth = 0;
  /** @type {(on: boolean) => void} */
  const setDropping = (on) => {
    if (on) document.body.dataset.dropping = "";
    else delete document.body.dataset.dropping;
  };
  addEventListener("dragenter", (event) => {
    if (!hasFiles(event)) return;
    depth += 1;
    setDropping(true);
  });
  addEventListener("dragleave", (event) => {
    if (!hasFiles(event)) return;
    depth = Math.max(0, depth - 1);
    if (!depth) setDropping(false);
  });
  addEventListener("dragover", (event) => {
    if (!hasFiles(event)) return;
    event.preventDefault();
    if (event.dataTransfer) event.dataTransfer.dropEffect = "copy";
  });
  addEventListener("drop", (event) => {
    if (!hasFiles(event) && !event.dataTransfer?.files?.length) return;
    event.preventDefault();
    depth = 0;
    setDropping(false);
    const file = event.dataTransfer?.files?.[0];
    if (!file) return;
    for (const open of /** @type {NodeListOf<HTMLDialogElement>} */ (document.querySelectorAll("dialog[data-replay]"))) open.close();
    openRecordFile(host, file);
  });
}
