// Seven Rocks UI entry point: boots the engine worker and reports progress on the page.
import { engine } from "./bridge.js";

const status = document.getElementById("status");

// A small hook for tests and the curious: window.sevenRocks.engine.call("ping", {}).
window.sevenRocks = { engine };

/** The first visit downloads the Python runtime (~13 MB); say so when it takes a while. */
const SLOW_NOTICE_MS = 15_000;
/** A broken Pyodide download never settles: give up on waiting after this long. */
const GIVE_UP_MS = 120_000;

function fail(message) {
  status.textContent = `The game engine could not start: ${message}. Reload the page to try again.`;
  status.classList.add("status--error");
  document.body.dataset.engine = "error";
}

const slow = setTimeout(() => {
  status.textContent = "Still loading the engine… the first visit downloads the Python runtime.";
}, SLOW_NOTICE_MS);
const stuck = setTimeout(() => fail("it did not answer within two minutes"), GIVE_UP_MS);

try {
  await engine.ready();
  performance.mark("seven-rocks:engine-ready"); // read by benchmarks/boot.py
  status.textContent = "Ready";
  status.classList.remove("status--error");
  document.body.dataset.engine = "ready";
} catch (error) {
  fail(error.message);
} finally {
  clearTimeout(slow);
  clearTimeout(stuck);
}
