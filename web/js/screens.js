// The screen shapes the layout changes at, for the scripts that must agree with the style
// sheets. Like every @media rule of the style sheets, they are written in rem, which in a
// media query is the reader's default font size (16 px unless changed): a laptop whose
// browser is set to a very large font gets the room-saving layout of a smaller screen
// instead of a page that scrolls to reach the hand. Keep them equal to the style sheets'.

/** A phone on its side (or any short, wide window): 500 px high at the default font. */
export const ON_ITS_SIDE = "(max-height: 31.25rem) and (orientation: landscape)";
/** A phone upright (or any narrow window): 700 px wide at the default font. */
export const NARROW = "(max-width: 43.75rem)";
/** Narrower still: the score sheet's peg board folds its track in rows of 25 holes. */
export const VERY_NARROW = "(max-width: 35rem)";

/**
 * Whether the screen has `shape` now.
 * @param {string} shape
 */
export const screenIs = (shape) => matchMedia(shape).matches;
