import { containsPoint } from '../model/geometry.ts';
import type { BBox } from '../model/types.ts';

/** Points, polylines and polygons for the diagram finders (page pixels, y down); boxes are in model/geometry.ts. */
export type Pt = [number, number];

export const dist = (a: Pt, b: Pt): number => Math.hypot(a[0] - b[0], a[1] - b[1]);

/** `containsPoint` for a point given as a pair. */
export const insideBox = (p: Pt, b: BBox, pad = 0): boolean => containsPoint(b, p[0], p[1], pad);

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

/** Distances to a polyline are sampled every this many px, at most this many samples a segment. */
const SAMPLE = { stepPx: 3, maxSteps: 200 } as const;
/** Consecutive points this close (px) are one. */
const DUPLICATE_EPS = 0.5;

/** Distance from a box to a polyline, sampled along the polyline every few pixels (bounded). */
export function boxPolylineDistance(b: BBox, points: readonly Pt[]): number {
  let best = Infinity;
  for (let i = 0; i + 1 < points.length; i++) {
    const [a, c] = [points[i], points[i + 1]];
    const steps = Math.min(SAMPLE.maxSteps, Math.max(1, Math.ceil(dist(a, c) / SAMPLE.stepPx)));
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
export function dedupePoints(points: readonly Pt[], eps: number = DUPLICATE_EPS): Pt[] {
  const out: Pt[] = [];
  for (const p of points) if (out.length === 0 || dist(out[out.length - 1], p) > eps) out.push(p);
  if (out.length > 2 && dist(out[0], out[out.length - 1]) <= eps) out.pop();
  return out;
}
