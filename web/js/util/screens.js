// The screen shapes the layout changes at, for the scripts that must agree with the style
// sheets: the same queries, made at build time from the one place they are written
// (web/css/breakpoints.css, see seven_rocks/site/stylesheets.py).
export { NARROW, ON_ITS_SIDE, VERY_NARROW } from "../breakpoints.js";

/**
 * Whether the screen has `shape` (a media query) now.
 * @param {string} shape
 * @returns {boolean}
 */
export const screenIs = (shape) => matchMedia(shape).matches;
