import { centerX, centerY, height, width } from '../../model/geometry.ts';
import type { BBox } from '../../model/types.ts';
import type { DrawnPath, PageDrawing } from '../../drawing/mod.ts';

/**
 * The drawn primitives the vector chart readers work on: axis-aligned segments, filled rectangles and their colours
 * (page pixels, y grows downwards); boxes are in model/geometry.ts.
 */

/** An axis-aligned segment: horizontal (y fixed, a..b along x) or vertical (x fixed, a..b along y). */
export interface Segment {
  dir: 'h' | 'v';
  /** The fixed coordinate. */
  at: number;
  a: number;
  b: number;
  color: string;
  width: number;
}

/** A filled axis-aligned rectangle: bars, legend swatches, square markers, backgrounds. */
export interface FilledRect {
  box: BBox;
  color: string;
  order: number;
}

/** Thresholds of the primitive readers; lengths in page px (PDF points), colour spreads in 0..255 channel steps. */
const PRIM = {
  /** Largest spread between a colour's highest and lowest channel for it to count as grey or black. */
  neutralChannelSpread: 16,
  /** A filled rectangle this thin (px) or thinner is a rule... */
  ruleMaxThickness: 2.5,
  /** ...when it is longer than this (px). */
  ruleMinLength: 3,
  /** Two coordinates this close (px) are the same: a segment this straight is axis-aligned. */
  sameCoordTol: 0.5,
  /** A filled rectangle needs both sides longer than this (px) to be a mark. */
  minRectSide: 0.5,
} as const;

export const near = (a: number, b: number, tol: number) => Math.abs(a - b) <= tol;

/** Relative luminance-ish brightness of `#rrggbb`, 0 (black) .. 1 (white). */
export function brightness(color: string): number {
  const n = parseInt(color.slice(1), 16);
  if (!Number.isFinite(n)) return 0;
  return (0.299 * ((n >> 16) & 255) + 0.587 * ((n >> 8) & 255) + 0.114 * (n & 255)) / 255;
}

/** Grey or black (axes, ticks, gridlines, frames) rather than a series colour. */
export function isNeutral(color: string): boolean {
  const n = parseInt(color.slice(1), 16);
  const r = (n >> 16) & 255;
  const g = (n >> 8) & 255;
  const b = n & 255;
  return Math.max(r, g, b) - Math.min(r, g, b) < PRIM.neutralChannelSpread;
}

/** Every axis-aligned straight piece of every stroked path, and thin filled rectangles drawn as rules. */
export function axisSegments(drawing: PageDrawing): Segment[] {
  const out: Segment[] = [];
  for (const path of drawing.paths) {
    if (path.stroke) {
      for (const sub of path.subpaths) {
        if (sub.curved) continue;
        const pts = sub.closed ? [...sub.points, sub.points[0]] : sub.points;
        for (let i = 1; i < pts.length; i++) pushSegment(out, pts[i - 1], pts[i], path.stroke, path.lineWidth);
      }
    } else if (path.fill) {
      const box = rectOf(path);
      if (box && Math.min(width(box), height(box)) <= PRIM.ruleMaxThickness && Math.max(width(box), height(box)) > PRIM.ruleMinLength) {
        const horizontal = width(box) > height(box);
        out.push(
          horizontal
            ? { dir: 'h', at: centerY(box), a: box[0], b: box[2], color: path.fill, width: height(box) }
            : { dir: 'v', at: centerX(box), a: box[1], b: box[3], color: path.fill, width: width(box) },
        );
      }
    }
  }
  return out;
}

function pushSegment(out: Segment[], p: [number, number], q: [number, number], color: string, lineWidth: number): void {
  if (near(p[1], q[1], PRIM.sameCoordTol) && !near(p[0], q[0], PRIM.sameCoordTol)) {
    out.push({ dir: 'h', at: (p[1] + q[1]) / 2, a: Math.min(p[0], q[0]), b: Math.max(p[0], q[0]), color, width: lineWidth });
  } else if (near(p[0], q[0], PRIM.sameCoordTol) && !near(p[1], q[1], PRIM.sameCoordTol)) {
    out.push({ dir: 'v', at: (p[0] + q[0]) / 2, a: Math.min(p[1], q[1]), b: Math.max(p[1], q[1]), color, width: lineWidth });
  }
}

/** The box of a path that is one axis-aligned rectangle (4 or 5 vertices, every edge horizontal or vertical). */
export function rectOf(path: DrawnPath): BBox | null {
  if (path.subpaths.length !== 1) return null;
  const sub = path.subpaths[0];
  if (sub.curved) return null;
  let pts = sub.points;
  if (pts.length === 5 && near(pts[0][0], pts[4][0], PRIM.sameCoordTol) && near(pts[0][1], pts[4][1], PRIM.sameCoordTol))
    pts = pts.slice(0, 4);
  if (pts.length !== 4) return null;
  for (let i = 0; i < 4; i++) {
    const p = pts[i];
    const q = pts[(i + 1) % 4];
    if (!near(p[0], q[0], PRIM.sameCoordTol) && !near(p[1], q[1], PRIM.sameCoordTol)) return null;
  }
  return path.bbox;
}

/** Filled rectangles of the page, each once (a path filled and stroked at the same place is one mark). */
export function filledRects(drawing: PageDrawing): FilledRect[] {
  const cached = rectCache.get(drawing);
  if (cached) return cached;
  const out: FilledRect[] = [];
  for (const path of drawing.paths) {
    if (!path.fill) continue;
    const box = rectOf(path);
    if (box && width(box) > PRIM.minRectSide && height(box) > PRIM.minRectSide) out.push({ box, color: path.fill, order: path.order });
  }
  rectCache.set(drawing, out);
  return out;
}

/** Each plot of a page looks at the same rectangles: find them once per drawing. */
const rectCache = new WeakMap<PageDrawing, FilledRect[]>();
