// What the trainer remembers on this device (localStorage): the puzzles' streak and the
// retried mistakes, as JSON, read defensively (storage may be disabled, full, or hold
// garbage edited by hand). Each reader checks the shape of what it gets back.
//
// Not storage.js: that module is the first visit's (the save, the settings); a lazily
// loaded part importing it made the bundler cut the first visit's storage code into one
// more chunk, one more request on every first visit.

/**
 * The value stored as JSON under `key`, or null when there is none or it is not JSON.
 * @param {string} key
 * @returns {unknown}
 */
export function recall(key) {
  try {
    return JSON.parse(localStorage.getItem(key) ?? "null");
  } catch {
    return null;
  }
}

/**
 * Keep `value` as JSON under `key`; false when it could not be kept (storage full or off).
 * @param {string} key
 * @param {unknown} value
 */
export function keep(key, value) {
  try {
    localStorage.setItem(key, JSON.stringify(value));
    return true;
  } catch {
    return false;
  }
}
