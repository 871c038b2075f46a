import type { BBox } from '../model/types.ts';

/** Small box helpers shared by the layout stage (boxes are [left, top, right, bottom] in page pixels). */

import { centerX, centerY } from '../model/geometry.ts';

export { area, centerX, centerY, height, union, width } from '../model/geometry.ts';

/** Length of the overlap of two intervals (0 when disjoint). */
export function overlap1d(a0: number, a1: number, b0: number, b1: number): number {
  return Math.max(0, Math.min(a1, b1) - Math.max(a0, b0));
}

export const xOverlap = (a: BBox, b: BBox): number => overlap1d(a[0], a[2], b[0], b[2]);
export const yOverlap = (a: BBox, b: BBox): number => overlap1d(a[1], a[3], b[1], b[3]);

export function intersectionArea(a: BBox, b: BBox): number {
  return xOverlap(a, b) * yOverlap(a, b);
}

/** True when the center of `inner` lies inside `outer`. */
export function centerInside(inner: BBox, outer: BBox): boolean {
  const cx = centerX(inner);
  const cy = centerY(inner);
  return cx >= outer[0] && cx <= outer[2] && cy >= outer[1] && cy <= outer[3];
}

export function expand(b: BBox, by: number): BBox {
  return [b[0] - by, b[1] - by, b[2] + by, b[3] + by];
}

export function median(values: readonly number[]): number {
  if (values.length === 0) return 0;
  const s = [...values].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}
