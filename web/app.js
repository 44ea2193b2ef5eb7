// Seven Rocks UI entry point: loads the language catalogues, boots the engine worker,
// reads the URL's options and hands the page to the game controller.
import { engine } from "./bridge.js";
import { Controller } from "./js/controller.js";
import { installAssist } from "./js/assist.js";
import { Extras } from "./js/extras.js";
import { language, loadLanguages, setLanguage, t } from "./js/i18n.js";
import { readParams } from "./js/params.js";
import { showPreview } from "./js/preview.js";

const status = document.getElementById("status");
const root = document.getElementById("app");

// A small hook for tests and the curious: window.sevenRocks.engine.call("ping", {}).
window.sevenRocks = { engine };

/** The first visit downloads the Python runtime (5.7 MB); say so when it takes a while. */
const SLOW_NOTICE_MS = 15_000;
/** A broken Pyodide download never settles: give up on waiting after this long. */
const GIVE_UP_MS = 120_000;

let failed = false;
function fail(message) {
  failed = true;
  status.textContent = t("boot.failed", { message });
  status.classList.add("status--error");
  document.body.dataset.engine = "error";
  document.getElementById("board").hidden = true; // no face-down preview of a game that cannot start
}

// The engine starts downloading at once; the catalogues (two small files) load meanwhile.
const booting = engine.ready();
try {
  await loadLanguages();
} catch {
  // Without catalogues the keys themselves would show; English markup stays as written.
}
status.textContent = t("boot.loading");
// Show the table now, face down, while Python boots in the worker (issue: table within 1 s).
const board = showPreview(document.getElementById("board"));
performance.mark("seven-rocks:table-visible");
const languageSelect = document.getElementById("language");
languageSelect.value = language();

const slow = setTimeout(() => {
  if (!failed) status.textContent = t("boot.slow");
}, SLOW_NOTICE_MS);
const stuck = setTimeout(() => fail(t("boot.timeout")), GIVE_UP_MS);

try {
  const pong = await booting;
  performance.mark("seven-rocks:engine-ready"); // read by benchmarks/boot.py
  document.body.dataset.pythonStart = pong.start; // "snapshot" or "start-up", for tests
  status.textContent = t("boot.ready");
  status.classList.remove("status--error");
  document.body.dataset.engine = "ready";
} catch (error) {
  fail(error.message);
} finally {
  clearTimeout(slow);
  clearTimeout(stuck);
}

if (!failed) {
  const info = await engine.call("info");
  const params = readParams(location.search, info.bots);
  const controller = new Controller({ engine, root, info, params });
  window.sevenRocks.controller = controller;
  window.sevenRocks.extras = new Extras(controller); // score sheet, records, replays, statistics
  window.sevenRocks.assist = installAssist(controller, engine); // hints, rules, settings, tour, sounds
  for (const [key, vars] of params.notices) controller.notify(key, vars, "warning");

  const speedSelect = document.getElementById("speed");
  const speedOption = [...speedSelect.options].find((o) => Number(o.value) === controller.settings.speed);
  if (!speedOption) {
    const custom = new Option(`${controller.settings.speed} ms`, String(controller.settings.speed));
    speedSelect.add(custom);
  }
  speedSelect.value = String(controller.settings.speed);
  speedSelect.addEventListener("change", () => controller.setSpeed(Number(speedSelect.value)));
  languageSelect.addEventListener("change", () => setLanguage(languageSelect.value));

  // Toolbar and notices: one listener each (delegation).
  document.getElementById("toolbar").addEventListener("click", (event) => {
    const action = event.target.closest("[data-action]")?.dataset.action;
    if (action === "new-game") controller.openNewGameDialog();
    else if (action === "hint") controller.hint();
  });
  document.getElementById("notices").addEventListener("click", (event) => {
    if (event.target.closest("[data-action='dismiss']")) event.target.closest(".notice")?.remove();
  });

  document.querySelector("[data-action='new-game']").disabled = false;
  status.hidden = true;
  await controller.start();
  delete board.dataset.preview;
  document.body.dataset.game = "ready";
}
