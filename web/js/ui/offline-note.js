// "Seven Rocks is now saved on this device": said once, in the first pause after the install.
//
// The first install finishes while the first game is being played (the precache waits for
// the engine), and a banner then covered a phone's scores, Hint and menu for six seconds in
// the middle of a round. The note now waits for the next round summary (or the game's end),
// where a player stops to read, and is said there, inside the sheet. One not said yet is
// remembered, so a visit that ends before its first round is over says it on the next.

import { readRaw } from "../util/storage.js";

const KEY = "seven-rocks:offline-note";
const DUE = "due";
const SAID = "said";

/** This page's own memory, for when storage is disabled. */
let due = false;
let said = false;

/** @param {string} value */
function remember(value) {
  try {
    localStorage.setItem(KEY, value);
  } catch {
    // storage disabled: this page's memory only
  }
  document.body.dataset.offlineNote = value; // a hook for tests
}

/** The first install took control: every file is on the device now. */
export function offlineReady() {
  if (said || readRaw(KEY) === SAID) return;
  due = true;
  remember(DUE);
}

/** Whether the note is to be said now, in the dialog being opened; it is said only once. */
export function takeOfflineNote() {
  if (said || !(due || readRaw(KEY) === DUE)) return false;
  said = true;
  due = false;
  remember(SAID);
  return true;
}
