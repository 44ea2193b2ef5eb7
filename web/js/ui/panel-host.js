// What the panels around the game (the coach, the replay viewer, statistics, the score
// sheet, the hint, the tile count, records, settings) may ask of it: a small object made
// once by the controller. A panel calls the engine, reads the game (never changes it),
// listens to its events, holds the bots while it is open and opens a game; none reaches
// into the controller, its engine, its pacing or its state.

/** @typedef {import("../protocol").Snapshot} Snap */
/** @typedef {import("../protocol").WorkerEvent} GameEvent */

/**
 * @typedef {object} PanelHost
 * @property {import("../../bridge.js").EngineCall} call
 *   the engine; rejects when it refuses (the panel says what that means to it)
 * @property {() => Readonly<Snap> | null} snap  the game's latest snapshot (read only)
 * @property {() => readonly GameEvent[]} events  the game's public history so far
 * @property {() => boolean} roundShown  a finished round's table is on show under its summary
 * @property {(reason?: string) => () => void} hold  hold the bots; returns the release
 * @property {(key: string, vars?: Record<string, unknown>, kind?: "error" | "info" | "warning") => HTMLElement} notify
 * @property {readonly string[]} levels  the bots the engine offers, weakest first
 * @property {() => void} saveGame  store the game's save again (it keeps what a panel added)
 * @property {() => number} speed  the bots' pace (ms)
 * @property {(ms: number) => void} setSpeed
 * @property {() => string | null} hinted  the tile a standing hint suggests
 * @property {(point: string) => void} focusTarget  put the keyboard on a lit place
 * @property {() => void} dismissHint  forget the hint and its selection
 */

/**
 * The host object, frozen: a panel gets these and nothing more.
 * @param {PanelHost} parts
 * @returns {Readonly<PanelHost>}
 */
export const panelHost = (parts) => Object.freeze({ ...parts });
