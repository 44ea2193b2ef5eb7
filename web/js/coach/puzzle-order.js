// The order the puzzles are offered in (the next button): the numbers' order, with the
// themes interleaved so that no theme comes more than twice in a row where the set allows
// it. Only the order of presentation changes: a puzzle keeps its number (the address's
// `?puzzle=N`, the daily puzzle, the stored progress all name numbers).

/**
 * Whether `counts` (puzzles left per theme) can still be laid out with at most two of a
 * theme in a row, after a run of `run` puzzles of theme `last`: the largest theme needs the
 * others (and the run's end) to split it into pairs.
 * @param {Map<string, number>} counts
 * @param {string | null} last
 * @param {number} run
 */
function feasible(counts, last, run) {
  let total = 0;
  for (const n of counts.values()) total += n;
  for (const [theme, n] of counts) {
    const others = total - n;
    // The pairs this theme can be cut into: one gap after each other puzzle, one at the start
    // (none if a run of two of it has just been shown, one slot if a single one has).
    const head = theme === last ? 2 - run : 2;
    if (n > head + 2 * others) return false;
  }
  return true;
}

/**
 * The puzzles in the order to offer them: the lowest number whose theme neither makes three
 * in a row nor leaves the rest impossible to interleave; where the set allows no better (one
 * theme left), the lowest number left.
 * @template {{id: number, theme: string}} P
 * @param {readonly P[]} puzzles
 * @returns {P[]}
 */
export function interleaved(puzzles) {
  const left = [...puzzles].sort((a, b) => a.id - b.id);
  /** @type {Map<string, number>} */
  const counts = new Map();
  for (const p of left) counts.set(p.theme, (counts.get(p.theme) ?? 0) + 1);
  /** @type {P[]} */
  const out = [];
  /** @type {string | null} */
  let last = null;
  let run = 0;
  while (left.length) {
    let index = left.findIndex((p) => {
      if (p.theme === last && run >= 2) return false;
      const n = /** @type {number} */ (counts.get(p.theme));
      counts.set(p.theme, n - 1);
      const ok = feasible(counts, p.theme, p.theme === last ? run + 1 : 1);
      counts.set(p.theme, n);
      return ok;
    });
    if (index < 0) index = 0;
    const [p] = left.splice(index, 1);
    counts.set(p.theme, /** @type {number} */ (counts.get(p.theme)) - 1);
    run = p.theme === last ? run + 1 : 1;
    last = p.theme;
    out.push(p);
  }
  return out;
}
