import type { Fragment, RawChar } from './char-types.ts';

/**
 * Overprinted text: the same glyphs drawn again a hair's width away (the "fake bold" of office tools, or a drop
 * shadow). A reader sees each character once; read twice, "ENFORCED" becomes "EENNFFOORRCCEEDD". A character is
 * a repeat when an earlier one with the same text and size has its origin within OVERPRINT_EM of the size in
 * both directions. Real doubled letters stand a whole advance apart (an "ll" in Helvetica is 0.22 em), far above.
 */

/** Largest origin shift of a repeated glyph, in font sizes. */
export const OVERPRINT_EM = 0.1;

/**
 * A character narrower than this (in font sizes) is drawn by no glyph of its own: a ligature's further letters
 * get no width (the alef of an Arabic lam-alef, whose origin may fall on the alef before it). It goes with the
 * character before it, kept or dropped as that one is, and is never judged a repeat by its own origin.
 */
const LIGATURE_PART_EM = 0.05;

/**
 * Origins are binned in square cells twice the reach wide, so a repeat lies in the character's own cell or in the
 * neighbours on the sides it is nearer to: four lookups. Cells are numbered by their coordinates modulo
 * CELL_WRAP (small integers hash fast); far-apart cells that share a number only add candidates, which are
 * compared exactly, so the wrap costs time, never correctness.
 */
const CELL_WRAP = 1 << 15;

/** How far a repeat's origin may lie, in pixels. */
const reachOf = (c: RawChar) => Math.max(1, c.size * OVERPRINT_EM);

const cellKey = (gx: number, gy: number) => (gx & (CELL_WRAP - 1)) * CELL_WRAP + (gy & (CELL_WRAP - 1));

function repeatsIn(others: RawChar[] | undefined, c: RawChar, reach: number): boolean {
  if (!others) return false;
  for (const o of others) {
    if (o.size === c.size && o.text === c.text && Math.abs(o.ox - c.ox) < reach && Math.abs(o.oy - c.oy) < reach) return true;
  }
  return false;
}

/** The fragments with repeated glyphs dropped (the first drawing kept); fragments left empty are dropped too. */
export function withoutOverprint(fragments: Fragment[]): Fragment[] {
  // This runs for every character of every page: string keys and nine neighbour lookups per character cost as
  // much as mupdf's own text extraction.
  const seen = new Map<number, RawChar[]>();
  let dropped = 0;
  for (const frag of fragments) {
    const kept: RawChar[] = [];
    let previousDropped = false;
    for (const c of frag.chars) {
      if (c.space) {
        kept.push(c);
        continue;
      }
      if (c.hi - c.lo < c.size * LIGATURE_PART_EM) {
        if (previousDropped) dropped++;
        else kept.push(c);
        continue;
      }
      previousDropped = false;
      const reach = reachOf(c);
      const fx = c.ox / (2 * reach);
      const fy = c.oy / (2 * reach);
      const gx = Math.floor(fx);
      const gy = Math.floor(fy);
      const nx = fx - gx < 0.5 ? gx - 1 : gx + 1;
      const ny = fy - gy < 0.5 ? gy - 1 : gy + 1;
      const key = cellKey(gx, gy);
      if (
        repeatsIn(seen.get(key), c, reach) ||
        repeatsIn(seen.get(cellKey(nx, gy)), c, reach) ||
        repeatsIn(seen.get(cellKey(gx, ny)), c, reach) ||
        repeatsIn(seen.get(cellKey(nx, ny)), c, reach)
      ) {
        dropped++;
        previousDropped = true;
        continue;
      }
      const list = seen.get(key);
      if (list) list.push(c);
      else seen.set(key, [c]);
      kept.push(c);
    }
    frag.chars = kept;
  }
  if (dropped === 0) return fragments;
  // A fragment that held only repeats (a whole line drawn twice) is gone; spaces alone do not keep it.
  return fragments.filter((f) => f.chars.some((c) => !c.space));
}
