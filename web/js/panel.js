// A modal panel (<dialog>) for the score sheet, the statistics and the replay viewer: the
// shared modal of modal.js (focus trapped, Escape closes, focus returns, `onClose` runs once)
// with the panel look and its own close buttons ([data-action='close-panel']). closeAll()
// in dialogs.js also closes these: they carry the `dialog` class.

import { esc, openModal } from "./modal.js";

export { esc };

export function openPanel({ className, hook, html, onClose = () => {} }) {
  return openModal({ hook, className, html, onClose, kind: "panel", closeAction: "close-panel" });
}
