import type { BBox } from '../model/types.ts';

/** Small plane-geometry helpers for the diagram finders (page pixels, y down). */
export type Pt = [number, number];

export const dist = (a: Pt, b: Pt): number => Math.hypot(a[0] - b[0], a[1] - b[1]);

export const centre = (b: BBox): Pt => [(b[0] + b[2]) / 2, (b[1] + b[3]) / 2];

export const width = (b: BBox): number => b[2] - b[0];
export const height = (b: BBox): number => b[3] - b[1];

export function boundsOf(points: readonly Pt[]): BBox {
  let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
  for (const [x, y] of points) {
    if (x < x0) x0 = x;
    if (y < y0) y0 = y;
    if (x > x1) x1 = x;
    if (y > y1) y1 = y;
  }
  return [x0, y0, x1, y1];
}

export function unionBoxes(boxes: readonly BBox[]): BBox {
  return boundsOf(boxes.flatMap((b) => [[b[0], b[1]], [b[2], b[3]]] as Pt[]));
}

export const insideBox = (p: Pt, b: BBox, pad = 0): boolean =>
  p[0] >= b[0] - pad && p[0] <= b[2] + pad && p[1] >= b[1] - pad && p[1] <= b[3] + pad;

export function overlapArea(a: BBox, b: BBox): number {
  const w = Math.min(a[2], b[2]) - Math.max(a[0], b[0]);
  const h = Math.min(a[3], b[3]) - Math.max(a[1], b[1]);
  return w > 0 && h > 0 ? w * h : 0;
}

export const area = (b: BBox): number => Math.max(0, width(b)) * Math.max(0, height(b));

/** Distance from a point to a box (0 inside). */
export function pointBoxDistance(p: Pt, b: BBox): number {
  const dx = Math.max(b[0] - p[0], 0, p[0] - b[2]);
  const dy = Math.max(b[1] - p[1], 0, p[1] - b[3]);
  return Math.hypot(dx, dy);
}

export function pointSegmentDistance(p: Pt, a: Pt, b: Pt): number {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const len2 = dx * dx + dy * dy;
  const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / len2));
  return Math.hypot(p[0] - a[0] - t * dx, p[1] - a[1] - t * dy);
}

/** Distance from a point to a polyline (closed: the last point joins the first). */
export function pointPolylineDistance(p: Pt, points: readonly Pt[], closed: boolean): number {
  if (points.length === 1) return dist(p, points[0]);
  let best = Infinity;
  const n = closed ? points.length : points.length - 1;
  for (let i = 0; i < n; i++) best = Math.min(best, pointSegmentDistance(p, points[i], points[(i + 1) % points.length]));
  return best;
}

/** Even-odd point-in-polygon test. */
export function insidePolygon(p: Pt, poly: readonly Pt[]): boolean {
  let inside = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const [xi, yi] = poly[i];
    const [xj, yj] = poly[j];
    if (yi > p[1] !== yj > p[1] && p[0] < ((xj - xi) * (p[1] - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** Distance from a box to a polyline, sampled along the polyline every few pixels (bounded). */
export function boxPolylineDistance(b: BBox, points: readonly Pt[]): number {
  let best = Infinity;
  for (let i = 0; i + 1 < points.length; i++) {
    const [a, c] = [points[i], points[i + 1]];
    const steps = Math.min(200, Math.max(1, Math.ceil(dist(a, c) / 3)));
    for (let s = 0; s <= steps; s++) {
      const t = s / steps;
      best = Math.min(best, pointBoxDistance([a[0] + (c[0] - a[0]) * t, a[1] + (c[1] - a[1]) * t], b));
    }
  }
  return points.length === 1 ? pointBoxDistance(points[0], b) : best;
}

export function polylineLength(points: readonly Pt[]): number {
  let len = 0;
  for (let i = 0; i + 1 < points.length; i++) len += dist(points[i], points[i + 1]);
  return len;
}

/** Points without consecutive near-duplicates (and without a closing point equal to the first). */
export function dedupePoints(points: readonly Pt[], eps = 0.5): Pt[] {
  const out: Pt[] = [];
  for (const p of points) if (out.length === 0 || dist(out[out.length - 1], p) > eps) out.push(p);
  if (out.length > 2 && dist(out[0], out[out.length - 1]) <= eps) out.pop();
  return out;
}
