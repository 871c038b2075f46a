import type { BBox } from './types.ts';

/** Box primitives shared by every stage (boxes are [left, top, right, bottom] in page pixels). */

/** To 0.01 px: far below anything a view shows, and exactly what the cached model keeps. */
export const round2 = (n: number): number => Math.round(n * 100) / 100;

export const width = (b: BBox): number => b[2] - b[0];
export const height = (b: BBox): number => b[3] - b[1];
export const centerX = (b: BBox): number => (b[0] + b[2]) / 2;
export const centerY = (b: BBox): number => (b[1] + b[3]) / 2;
export const area = (b: BBox): number => Math.max(0, width(b)) * Math.max(0, height(b));

/** The smallest box holding all of `boxes` (an inverted infinite box when there are none). */
export function union(boxes: Iterable<BBox>): BBox {
  let l = Infinity;
  let t = Infinity;
  let r = -Infinity;
  let b = -Infinity;
  for (const x of boxes) {
    if (x[0] < l) l = x[0];
    if (x[1] < t) t = x[1];
    if (x[2] > r) r = x[2];
    if (x[3] > b) b = x[3];
  }
  return [l, t, r, b];
}
