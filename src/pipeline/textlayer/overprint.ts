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

/** How far a repeat's origin may lie, in pixels. */
const reachOf = (c: RawChar) => Math.max(1, c.size * OVERPRINT_EM);

/**
 * Origins binned in square cells twice the reach wide, so a repeat lies in the character's own cell or in the
 * neighbours on the sides it is nearer to: four lookups. This runs for every character of every page, so the
 * cells are an open-addressing table over typed arrays (no Map, no array per cell): each occupied slot holds a
 * cell's coordinates and the head of a chain of the characters in it. Coordinates are truncated to 32 bits, so
 * far-apart cells may share a slot's key; that only adds candidates, which are compared exactly.
 */
class OriginCells {
  private readonly mask: number;
  private readonly cellX: Int32Array;
  private readonly cellY: Int32Array;
  private readonly head: Int32Array;
  private readonly next: Int32Array;
  private readonly chars: RawChar[] = [];

  /** `capacity`: the most characters that will be added (the table stays at most half full). */
  constructor(capacity: number) {
    let size = 16;
    while (size < capacity * 2) size *= 2;
    this.mask = size - 1;
    this.cellX = new Int32Array(size);
    this.cellY = new Int32Array(size);
    this.head = new Int32Array(size).fill(-1);
    this.next = new Int32Array(Math.max(1, capacity));
  }

  /** The slot of cell (gx, gy): where it is, or the empty slot where it would go. */
  private slot(gx: number, gy: number): number {
    let h = (Math.imul(gx, 0x9e3779b1) ^ Math.imul(gy, 0x85ebca77)) & this.mask;
    while (this.head[h] !== -1 && (this.cellX[h] !== gx || this.cellY[h] !== gy)) h = (h + 1) & this.mask;
    return h;
  }

  /** An earlier character in cell (gx, gy) that `c` repeats. */
  repeats(gx: number, gy: number, c: RawChar, reach: number): boolean {
    for (let i = this.head[this.slot(gx, gy)]; i !== -1; i = this.next[i]) {
      const o = this.chars[i];
      if (o.size === c.size && o.text === c.text && Math.abs(o.ox - c.ox) < reach && Math.abs(o.oy - c.oy) < reach) return true;
    }
    return false;
  }

  add(gx: number, gy: number, c: RawChar): void {
    const h = this.slot(gx, gy);
    const i = this.chars.push(c) - 1;
    this.next[i] = this.head[h];
    this.cellX[h] = gx;
    this.cellY[h] = gy;
    this.head[h] = i;
  }
}

/** The fragments with repeated glyphs dropped (the first drawing kept); fragments left empty are dropped too. */
export function withoutOverprint(fragments: Fragment[]): Fragment[] {
  let count = 0;
  for (const f of fragments) count += f.chars.length;
  const seen = new OriginCells(count);
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
      const floorX = Math.floor(fx);
      const floorY = Math.floor(fy);
      const gx = floorX | 0;
      const gy = floorY | 0;
      const nx = (fx - floorX < 0.5 ? floorX - 1 : floorX + 1) | 0;
      const ny = (fy - floorY < 0.5 ? floorY - 1 : floorY + 1) | 0;
      if (
        seen.repeats(gx, gy, c, reach) ||
        seen.repeats(nx, gy, c, reach) ||
        seen.repeats(gx, ny, c, reach) ||
        seen.repeats(nx, ny, c, reach)
      ) {
        dropped++;
        previousDropped = true;
        continue;
      }
      seen.add(gx, gy, c);
      kept.push(c);
    }
    frag.chars = kept;
  }
  if (dropped === 0) return fragments;
  // A fragment that held only repeats (a whole line drawn twice) is gone; spaces alone do not keep it.
  return fragments.filter((f) => f.chars.some((c) => !c.space));
}
