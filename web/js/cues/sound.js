// Short synthesized sounds (WebAudio, nothing downloaded): a tile placed, points scored, a
// knock, the end of a round, and (from turn-cue.js) the turn coming back to you. Off by
// default; the AudioContext is created only after a user gesture (and only while sounds are
// on), so no autoplay warning ever reaches the console.

import { onGameEvents } from "../model/page-events.js";
import { onPrefChange, soundOn } from "../ui/settings.js";

/** @typedef {import("../protocol").WorkerEvent} WorkerEvent */
/** @typedef {"place" | "points" | "knock" | "round" | "turn"} Sound */
/**
 * One note: `freq` Hz for `ms`, starting `at` seconds from now, with a quick decay.
 * @typedef {{ freq: number, ms: number, at?: number, type?: OscillatorType, gain?: number, slide?: number | null }} Note
 */

/** @type {AudioContext | null} */
let audio = null;
let gestured = false;

function context() {
  if (!soundOn() || !gestured) return null;
  if (!audio) {
    // Older Safari names it webkitAudioContext.
    const Ctx =
      window.AudioContext ??
      /** @type {{ webkitAudioContext?: typeof AudioContext }} */ (/** @type {unknown} */ (window)).webkitAudioContext;
    if (!Ctx) return null;
    audio = new Ctx();
  }
  if (audio.state === "suspended") audio.resume().catch(() => {});
  return audio;
}

/**
 * One note: `freq` Hz for `ms`, starting `at` seconds from now, with a quick decay.
 * @param {AudioContext} ctx
 * @param {Note} note
 */
function tone(ctx, { freq, ms, at = 0, type = "sine", gain = 0.15, slide = null }) {
  const start = ctx.currentTime + at;
  const end = start + ms / 1000;
  const osc = ctx.createOscillator();
  const amp = ctx.createGain();
  osc.type = type;
  osc.frequency.setValueAtTime(freq, start);
  if (slide) osc.frequency.exponentialRampToValueAtTime(slide, end);
  amp.gain.setValueAtTime(0.0001, start);
  amp.gain.exponentialRampToValueAtTime(gain, start + 0.008);
  amp.gain.exponentialRampToValueAtTime(0.0001, end);
  osc.connect(amp).connect(ctx.destination);
  osc.start(start);
  osc.stop(end + 0.02);
}

/** @type {Readonly<Record<Sound, (ctx: AudioContext) => void>>} */
const SOUNDS = Object.freeze({
  place: (ctx) => tone(ctx, { freq: 900, ms: 60, type: "triangle", gain: 0.2, slide: 500 }),
  points: (ctx) => {
    tone(ctx, { freq: 660, ms: 140, at: 0.05 });
    tone(ctx, { freq: 990, ms: 220, at: 0.15 });
  },
  knock: (ctx) => {
    tone(ctx, { freq: 150, ms: 90, type: "square", gain: 0.12, slide: 70 });
    tone(ctx, { freq: 150, ms: 90, at: 0.16, type: "square", gain: 0.12, slide: 70 });
  },
  round: (ctx) => [523, 659, 784, 1047].forEach((freq, i) => tone(ctx, { freq, ms: 200, at: i * 0.1 })),
  turn: (ctx) => {
    tone(ctx, { freq: 587, ms: 90, gain: 0.1 });
    tone(ctx, { freq: 784, ms: 140, at: 0.1, gain: 0.1 });
  },
});

/** @param {Sound} name */
export function play(name) {
  const ctx = context();
  if (ctx) SOUNDS[name]?.(ctx);
  document.documentElement.dataset.lastSound = name; // for tests: what would have played
}

/**
 * Sounds for one engine event (the game's events come in batches: page-events.js).
 * @param {WorkerEvent} event
 * @returns {Sound | null}
 */
function soundFor(event) {
  if (event.type === "placed") return event.points > 0 ? "points" : "place";
  if (event.type === "passed") return "knock";
  if (event.type === "round_settled" || event.type === "game_won") return "round";
  return null;
}

export function installSound() {
  const unlock = () => {
    gestured = true;
  };
  addEventListener("pointerdown", unlock, { capture: true, once: true });
  addEventListener("keydown", unlock, { capture: true, once: true });
  onGameEvents(({ events, fresh }) => {
    if (fresh) return; // a game shown anew: its history is not news
    for (const event of events) {
      const name = soundFor(event);
      if (name && soundOn()) play(name);
    }
  });
  onPrefChange((/** @type {string} */ name, /** @type {unknown} */ value) => {
    if (name === "sound" && value) {
      gestured = true; // turning sounds on is itself a gesture
      play("place");
    }
  });
}
