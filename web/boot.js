// Starts the engine's worker as soon as the page can: this module's graph is only the
// bridge, so it runs before the UI's two dozen modules (app.js) have loaded, and Python's
// start-up (the longest part of a boot) begins that much earlier. app.js awaits the same
// promise and reports a failure.
import { engine } from "./bridge.js";

engine.ready().catch(() => {});
