import type { BBox } from './types.ts';

/**
 * Box primitives shared by every stage: the one place for widths, centres, areas, unions and overlaps (boxes are
 * [left, top, right, bottom] in page pixels, y down). Conventions: `width`/`height` may be negative for an
 * inverted box, `area` and the overlap measures never are; edges count as inside for points and centres
 * (`containsPoint`, `centerIn`) but not for `intersects`. Stage-specific shapes live with their stage: OCR quads
 * (inference/ocr/ppocr/quads.ts), polylines (diagrams/polylines.ts), integer view boxes (views/view-boxes.ts),
 * page-to-pixel transforms (textlayer/pixel-space.ts).
 */

/** To 0.01 px: far below anything a view shows, and exactly what the cached model keeps. */
export const round2 = (n: number): number => Math.round(n * 100) / 100;

export const width = (b: BBox): number => b[2] - b[0];
export const height = (b: BBox): number => b[3] - b[1];
export const centerX = (b: BBox): number => (b[0] + b[2]) / 2;
export const centerY = (b: BBox): number => (b[1] + b[3]) / 2;
export const center = (b: BBox): [number, number] => [centerX(b), centerY(b)];
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

/** The box around a set of points (an inverted infinite box when there are none). */
export function boundsOfPoints(points: Iterable<readonly [number, number]>): BBox {
  let l = Infinity;
  let t = Infinity;
  let r = -Infinity;
  let b = -Infinity;
  for (const [x, y] of points) {
    if (x < l) l = x;
    if (y < t) t = y;
    if (x > r) r = x;
    if (y > b) b = y;
  }
  return [l, t, r, b];
}

/** The point (x, y) lies in `b` grown by `pad` px on every side (edges included). */
export function containsPoint(b: BBox, x: number, y: number, pad = 0): boolean {
  return x >= b[0] - pad && x <= b[2] + pad && y >= b[1] - pad && y <= b[3] + pad;
}

/** The centre of `inner` lies in `outer` grown by `tol` px on every side. */
export function centerIn(inner: BBox, outer: BBox, tol = 0): boolean {
  const x = centerX(inner);
  const y = centerY(inner);
  return x >= outer[0] - tol && x <= outer[2] + tol && y >= outer[1] - tol && y <= outer[3] + tol;
}

/** `b` grown by `by` px on every side. */
export const grown = (b: BBox, by: number): BBox => [b[0] - by, b[1] - by, b[2] + by, b[3] + by];

/** Length of the overlap of two intervals (0 when disjoint). */
export function overlap1d(a0: number, a1: number, b0: number, b1: number): number {
  return Math.max(0, Math.min(a1, b1) - Math.max(a0, b0));
}

/** Horizontal overlap of two boxes in px (0 when apart). */
export const xOverlap = (a: BBox, b: BBox): number => overlap1d(a[0], a[2], b[0], b[2]);
/** Vertical overlap of two boxes in px (0 when apart). */
export const yOverlap = (a: BBox, b: BBox): number => overlap1d(a[1], a[3], b[1], b[3]);

/** The two boxes share some area (touching edges do not count). */
export function intersects(a: BBox, b: BBox): boolean {
  return a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3];
}

/** Area of the intersection of two boxes (0 when apart). */
export function overlapArea(a: BBox, b: BBox): number {
  const w = Math.min(a[2], b[2]) - Math.max(a[0], b[0]);
  const h = Math.min(a[3], b[3]) - Math.max(a[1], b[1]);
  return w > 0 && h > 0 ? w * h : 0;
}

/** The share of `inner`'s area that lies in `outer` (0..1); a hairline or a point counts as 1 px thick. */
export function insideShare(inner: BBox, outer: BBox): number {
  const [cx, cy] = [centerX(inner), centerY(inner)];
  const [hw, hh] = [Math.max(width(inner), 1) / 2, Math.max(height(inner), 1) / 2];
  const solid: BBox = [cx - hw, cy - hh, cx + hw, cy + hh];
  return overlapArea(solid, outer) / area(solid);
}

/** The share of the smaller box's area the two boxes have in common: one holds most of the other near 1. */
export function overlapOfSmaller(a: BBox, b: BBox): number {
  const smaller = Math.min(area(a), area(b));
  return smaller > 0 ? overlapArea(a, b) / smaller : 0;
}
