// A modal panel (<dialog>) for the score sheet, the statistics and the replay viewer:
// Escape and the close button close it; `onClose` runs once, however it was closed
// (closeAll() in dialogs.js also closes these: they carry the `dialog` class).

export const esc = (text) => String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function openPanel({ className, hook, html, onClose = () => {} }) {
  const dialog = document.createElement("dialog");
  dialog.className = `dialog panel ${className}`;
  dialog.dataset[hook] = "";
  dialog.innerHTML = html;
  document.body.append(dialog);
  const returnFocus = document.activeElement;
  let closed = false;
  const finish = () => {
    if (closed) return;
    closed = true;
    if (dialog.open) dialog.close();
    dialog.remove();
    onClose();
    if (returnFocus?.isConnected) returnFocus.focus({ preventScroll: true });
  };
  dialog.addEventListener("close", finish);
  dialog.addEventListener("cancel", (event) => {
    event.preventDefault();
    finish();
  });
  dialog.addEventListener("click", (event) => {
    if (event.target.closest("[data-action='close-panel']")) finish();
  });
  dialog.showModal();
  return { dialog, close: finish };
}
