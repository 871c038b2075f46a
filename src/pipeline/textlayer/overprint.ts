import type { Fragment, RawChar } from './chars.ts';

/**
 * Overprinted text: the same glyphs drawn again a hair's width away (the "fake bold" of office tools, or a drop
 * shadow). A reader sees each character once; read twice, "ENFORCED" becomes "EENNFFOORRCCEEDD". A character is
 * a repeat when an earlier one with the same text and size has its origin within OVERPRINT_EM of the size in
 * both directions. Real doubled letters stand a whole advance apart (an "ll" in Helvetica is 0.22 em), far above.
 */

/** Largest origin shift of a repeated glyph, in font sizes. */
export const OVERPRINT_EM = 0.1;

/** The fragments with repeated glyphs dropped (the first drawing kept); fragments left empty are dropped too. */
export function withoutOverprint(fragments: Fragment[]): Fragment[] {
  const seen = new Map<string, RawChar[]>();
  const cellOf = (c: RawChar) => Math.max(1, c.size * OVERPRINT_EM);
  const keyOf = (text: string, x: number, y: number) => `${text}|${x}|${y}`;
  let dropped = 0;
  for (const frag of fragments) {
    const kept: RawChar[] = [];
    for (const c of frag.chars) {
      if (c.space) {
        kept.push(c);
        continue;
      }
      const cell = cellOf(c);
      const gx = Math.floor(c.ox / cell);
      const gy = Math.floor(c.oy / cell);
      let repeat = false;
      for (let dx = -1; dx <= 1 && !repeat; dx++) {
        for (let dy = -1; dy <= 1 && !repeat; dy++) {
          repeat = (seen.get(keyOf(c.text, gx + dx, gy + dy)) ?? []).some((o) => o.size === c.size && Math.abs(o.ox - c.ox) < cell && Math.abs(o.oy - c.oy) < cell);
        }
      }
      if (repeat) {
        dropped++;
        continue;
      }
      const key = keyOf(c.text, gx, gy);
      (seen.get(key) ?? seen.set(key, []).get(key)!).push(c);
      kept.push(c);
    }
    frag.chars = kept;
  }
  if (dropped === 0) return fragments;
  // A fragment that held only repeats (a whole line drawn twice) is gone; spaces alone do not keep it.
  return fragments.filter((f) => f.chars.some((c) => !c.space));
}
