// Seven Rocks UI entry point: loads the language catalogues, boots the engine worker,
// reads the URL's options and hands the page to the game controller.
import { engine } from "./bridge.js";
import { Controller } from "./js/shell/controller.js";
import { HintView } from "./js/game/hint.js";
import { loadPart } from "./js/ui/lazy.js";
import { startLinkPage } from "./js/shell/route.js";
import { language, loadLanguages, onLanguageChange, setLanguage, t } from "./js/util/i18n.js";
import { readParams } from "./js/util/params.js";
import { showPreview } from "./js/table/preview.js";
import { acceptDrops } from "./js/replay/records.js";
import { openSettings, setPref, tileCountOn } from "./js/ui/settings.js";
import { closeSheet, openSheet } from "./js/sheet/sheet-panel.js";
import { installShortcuts } from "./js/shell/shortcuts.js";
import { installSound } from "./js/cues/sound.js";
import { Stats } from "./js/sheet/stats.js";
import { readSettings } from "./js/util/storage.js";
import { TileCountView } from "./js/table/tilecount.js";
import { installToolbar } from "./js/shell/toolbar.js";
import { startTour, tourDue } from "./js/help/tour.js";
import { maybeStartGuide } from "./js/help/guide.js";
import { LESSON } from "./js/help/guide-steps.js";
import { installTurnCue } from "./js/cues/turn-cue.js";
import { warmTable } from "./js/table/warm-renderer.js";

/**
 * An element of the page's own markup (index.html), there from the start.
 * @param {string} id
 */
const byId = (id) => /** @type {HTMLElement} */ (document.getElementById(id));
/**
 * A toolbar button by its action (index.html).
 * @param {string} action
 */
const byAction = (action) => /** @type {HTMLButtonElement} */ (document.querySelector(`[data-action='${action}']`));
const status = byId("status");
const root = byId("app");

/**
 * A small hook for tests and the curious: window.sevenRocks.engine.call("ping", {}).
 * @type {{engine: typeof engine, controller?: Controller, tour?: {start(): unknown}}}
 */
const hook = { engine };
Object.assign(window, { sevenRocks: hook });


/**
 * Select `ms` in the speed box (a speed from the address may need an option of its own).
 * @param {HTMLSelectElement} select
 * @param {number} ms
 */
function showSpeed(select, ms) {
  if (![...select.options].some((o) => Number(o.value) === ms)) select.add(new Option(`${ms} ms`, String(ms)));
  select.value = String(ms);
}

let failed = false;
/** @param {string} message */
function fail(message) {
  failed = true;
  status.textContent = t("boot.failed", { message });
  status.classList.add("status--error");
  document.body.dataset.engine = "error";
  byId("board").hidden = true; // no face-down preview of a game that cannot start
}

// An invitation or a reply link opens the link's own page (web/js/link/): no game of this
// page's own starts there, so the rest of this module waits for ever.
if (startLinkPage(location)) await new Promise(() => {});

// The engine starts downloading at once; the catalogues (two small files) load meanwhile.
const booting = engine.ready();
try {
  await loadLanguages();
} catch {
  // Without catalogues the keys themselves would show; English markup stays as written.
}
status.textContent = t("boot.loading");
// Show the table now, face down, while Python boots in the worker: a table within a second.
const board = showPreview(byId("board"));
warmTable(); // the first move on an empty table would otherwise run the renderer cold
performance.mark("seven-rocks:table-visible");
const languageSelect = /** @type {HTMLSelectElement} */ (byId("language"));
languageSelect.value = language();
// The speed box shows the speed the game will use from the start, not its first option.
const speedSelect = /** @type {HTMLSelectElement} */ (byId("speed"));
showSpeed(speedSelect, readParams(location.search, []).speed ?? readSettings().speed);

// A boot that stops making progress (boot.js watches it, and words a slow one) is given up.
const stalled = () => fail(t("boot.timeout"));
window.addEventListener("seven-rocks:boot-stalled", stalled, { once: true });

try {
  const pong = await booting;
  performance.mark("seven-rocks:engine-ready"); // read by benchmarks/boot.py
  document.body.dataset.pythonStart = pong.start; // "snapshot" or "start-up", for tests
  status.textContent = t("boot.ready");
  status.classList.remove("status--error");
  document.body.dataset.engine = "ready";
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
} finally {
  window.removeEventListener("seven-rocks:boot-stalled", stalled);
}

if (!failed) {
  const info = await engine.call("info");
  const params = readParams(location.search, info.bots);
  const controller = new Controller({ engine, root, info, params });
  hook.controller = controller;
  for (const [key, vars] of params.notices) controller.notify(key, vars, "warning");

  // The parts around the game: each listens to the page's events (page-events.js) and asks
  // through the panel host (panel-host.js), never the controller itself.
  const host = controller.host;
  new HintView(host);
  new TileCountView(host);
  installSound();
  installTurnCue();
  const stats = new Stats(host);
  const sheet = () => openSheet(host, { openStats: () => stats.open() });
  // The rule book (and its drawn examples) is loaded when first opened, not on a first visit.
  const rules = async () => {
    const part = await loadPart(host, () => import("./js/help/rules.js"), "rules");
    part?.openRules({ engine, openTour: () => tourAgain() });
  };
  const settings = () => openSettings(host);
  // Puzzles (and their data file) are loaded when first opened; `?puzzle=N` opens one.
  /** @param {string | null} [asked] */
  const puzzles = async (asked = null) => {
    const part = await loadPart(host, () => import("./js/coach/puzzles.js"), "review");
    await part?.openPuzzles(host, { asked });
  };
  const count = () => setPref("tile_count", !tileCountOn());
  installToolbar(byId("toolbar"), {
    "new-game": () => controller.openNewGameDialog(),
    hint: () => controller.hint(),
    sheet,
    stats: () => stats.open(),
    puzzles: () => puzzles(),
    count,
    rules,
    settings,
  });
  installShortcuts({
    sheet: { open: sheet, close: closeSheet },
    hint: { run: () => controller.hint(), enabled: () => !byAction("hint").disabled },
    count,
    rules,
    settings,
  });
  acceptDrops(host); // a record file dropped anywhere opens in the replay viewer
  const setDropText = () => {
    document.body.dataset.dropText = t("replay.drop");
  };
  setDropText();
  onLanguageChange(setDropText);
  const tourAgain = () => startTour({ hold: () => host.hold("tour") });
  hook.tour = { start: tourAgain };

  showSpeed(speedSelect, host.speed());
  speedSelect.addEventListener("change", () => host.setSpeed(Number(speedSelect.value)));
  // Every language picker (toolbar, dialogs) switches the language; all show the current one.
  /** @param {string} lang */
  const showLanguage = (lang) => {
    for (const select of /** @type {NodeListOf<HTMLSelectElement>} */ (document.querySelectorAll("#language, [data-language-select]"))) select.value = lang;
  };
  // A catalogue is fetched when first chosen; if it cannot be (offline before the service
  // worker cached it), the pickers go back to the language still in use.
  /** @param {string} lang */
  const chooseLanguage = (lang) => setLanguage(lang).catch(() => showLanguage(language()));
  languageSelect.addEventListener("change", () => chooseLanguage(languageSelect.value));
  document.addEventListener("change", (event) => {
    const select = /** @type {HTMLSelectElement | null} */ (/** @type {Element} */ (event.target).closest?.("[data-language-select]"));
    if (select) chooseLanguage(select.value);
  });
  onLanguageChange(showLanguage);
  byId("notices").addEventListener("click", (event) => {
    const target = /** @type {Element} */ (event.target);
    if (target.closest("[data-action='dismiss']")) target.closest(".notice")?.remove();
  });

  byAction("new-game").disabled = false;
  status.hidden = true;
  // A first visit opens with the guided first hand, dealt the lesson's deal: the computer
  // players are held from before their first move until it closes.
  const touring = tourDue() ? host.hold("tour") : null;
  await controller.start({ deal: touring ? LESSON.seed : null });
  await controller.drawn(); // "ready" means the first table is on screen, not only asked for
  delete board.dataset.preview;
  document.body.dataset.game = "ready";
  // A link to a puzzle (`?puzzle=N`) opens it over the game; the first-game tour waits
  // for a visit that comes to play.
  const askedPuzzle = new URLSearchParams(location.search).get("puzzle");
  if (askedPuzzle != null) {
    touring?.();
    await puzzles(askedPuzzle);
  } else if (touring) {
    // the guided first hand, once the first table is on screen; it takes over the hold
    if (!maybeStartGuide(controller.snap, touring)) touring();
  }
}
