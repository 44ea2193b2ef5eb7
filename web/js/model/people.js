// The people at the table (pass-and-play): who is a person, what each is called, and where
// each seat sits on the screen when the table turns to the person playing. Pure functions of
// the engine's snapshot (its `bots`, `names`, `viewer` and `pass_to`); the engine decides
// whose turn it is and whose tiles may show, never this module.

import { HUMAN, MAX_NAME, NAME_REFUSED } from "../facts.js";

/** @typedef {import("../protocol").Snapshot} Snapshot */
/** @typedef {readonly (string | null)[]} Bots each seat's bot, null for a person */
/** @typedef {readonly (string | null)[]} Names each seat's person's name, null for none */
/** @typedef {"south" | "west" | "north" | "east"} Position */

/** Positions on the screen, clockwise from the bottom (the seats' DOM classes). */
export const POSITIONS = /** @type {readonly Position[]} */ (Object.freeze(["south", "west", "north", "east"]));
/** A person's name is at most this long: the engine's name rule, generated into facts.js. */
export { MAX_NAME };

/**
 * The seats played by people (a null bot).
 * @param {Bots | null | undefined} bots
 * @returns {number[]}
 */
export const peopleOf = (bots) => (bots ?? []).flatMap((bot, seat) => (bot == null ? [seat] : []));

/**
 * The seat of the only person at a table, or null (bots alone, or several people).
 * @param {Bots | null | undefined} bots
 */
export function onlyPerson(bots) {
  const people = peopleOf(bots);
  return people.length === 1 ? people[0] : null;
}

/**
 * More than one person at this screen: the device is passed between them.
 * @param {Bots | null | undefined} bots
 */
export const isShared = (bots) => peopleOf(bots).length > 1;

/** What a name may not hold: the engine's rule (seven_rocks/app/names.py), from facts.js. */
const REFUSED = new RegExp(NAME_REFUSED, "gu");

/**
 * Does `text` hold only what a name may (the engine's rule; its length aside)?
 * @param {string} text
 */
export const nameHolds = (text) => !new RegExp(NAME_REFUSED, "u").test(text);

/**
 * A name as the engine keeps it, from what was typed: what the name rule refuses dropped,
 * spaces collapsed, at most MAX_NAME characters (code points, as the engine counts, never
 * half an emoji's joiner), "" -> null. The engine takes every name this returns.
 * @param {unknown} text
 */
export function cleanName(text) {
  const spaced = String(text ?? "").replace(REFUSED, "").split(/\s+/).filter(Boolean).join(" ");
  const name = [...spaced].slice(0, MAX_NAME).join("").replace(REFUSED, "").trim();
  return name || null;
}

/**
 * A record's seat text (the `seats` field): {bot, name}, bot null for a person.
 * "human:Ana" -> {bot: null, name: "Ana"}; "human" -> {bot: null, name: null}; "expert" -> bot.
 * @param {unknown} label
 * @returns {{ bot: string | null, name: string | null }}
 */
export function parseSeatLabel(label) {
  const text = String(label ?? "");
  if (text === HUMAN) return { bot: null, name: null };
  if (text.startsWith(`${HUMAN}:`)) return { bot: null, name: text.slice(HUMAN.length + 1) || null };
  return { bot: text || null, name: null };
}

/**
 * "Ana (North)" for a named person, else the seat's own name.
 * @param {number} seat
 * @param {Names | null | undefined} names
 * @param {(seat: number) => string} seatName
 */
export const namedSeat = (seat, names, seatName) => (names?.[seat] ? `${names[seat]} (${seatName(seat)})` : seatName(seat));

/**
 * The seat drawn at the bottom of the screen. With the table turning, it is the person the
 * device goes to (or holds it), else whoever sat there before; with a fixed table, or one
 * person or none, the first person (South as a rule).
 * @param {Pick<Snapshot, "bots" | "pass_to" | "viewer">} snap
 * @param {{ turning?: boolean, previous?: number | null }} [options]
 */
export function bottomSeat(snap, { turning = true, previous = null } = {}) {
  const people = peopleOf(snap?.bots);
  const home = people.length ? people[0] : 0;
  if (!turning || people.length < 2) return people.length === 1 ? people[0] : home;
  if (snap.pass_to != null) return snap.pass_to;
  if (snap.viewer != null) return snap.viewer;
  return previous != null && people.includes(previous) ? previous : home;
}

/**
 * The screen position ("south", "west", ...) of `seat` when `bottom` sits at the bottom.
 * @param {number} seat
 * @param {number} bottom
 */
export const positionOf = (seat, bottom) => POSITIONS[(seat - bottom + 4) % 4];
