import type * as mupdf from 'mupdf';
import { boundsOfPoints } from '../model/geometry.ts';
import { transformPoint, type Matrix6 } from '../textlayer/mod.ts';
import type { DrawnPath } from './types.ts';

/**
 * Full path geometry in page pixels, for charts and diagrams: every subpath's vertices in drawing order, cubic
 * Béziers flattened into a few segments each (pie slices and markers keep their shape). Memory stays bounded:
 * at most MAX_PATHS paths and MAX_POINTS vertices per page; what is left out sets `truncated`.
 */
export const MAX_PATHS = 20_000;
export const MAX_POINTS = 400_000;
/** Segments per cubic Bézier: enough to measure a pie slice's angle to a fraction of a degree. */
const CURVE_STEPS = 8;

type Point = [number, number];
type Subpath = DrawnPath['subpaths'][number];

export interface PathPaint {
  fill?: string;
  stroke?: string;
  lineWidth: number;
}

export class DrawingPathCollector {
  readonly paths: DrawnPath[] = [];
  truncated = false;
  private points = 0;
  private order = 0;

  add(path: mupdf.Path, ctm: Matrix6, paint: PathPaint): void {
    const order = this.order++;
    if (this.paths.length >= MAX_PATHS || this.points >= MAX_POINTS) {
      this.truncated = true;
      return;
    }
    const subpaths = walkPath(path, ctm);
    const all = subpaths.flatMap((s) => s.points);
    if (all.length === 0) return;
    this.points += all.length;
    this.paths.push({ subpaths, ...paint, bbox: boundsOfPoints(all), order });
  }
}

function walkPath(path: mupdf.Path, ctm: Matrix6): Subpath[] {
  const subpaths: Subpath[] = [];
  let current: Subpath | null = null;
  let last: Point = [0, 0];
  let start: Point = [0, 0];
  const begin = (p: Point) => {
    current = { points: [p], closed: false, curved: false };
    subpaths.push(current);
    start = p;
  };
  path.walk({
    moveTo(x, y) {
      last = transformPoint(ctm, x, y);
      begin(last);
    },
    lineTo(x, y) {
      const p = transformPoint(ctm, x, y);
      if (!current) begin(last);
      current!.points.push(p);
      last = p;
    },
    curveTo(x1, y1, x2, y2, x3, y3) {
      if (!current) begin(last);
      const c1 = transformPoint(ctm, x1, y1);
      const c2 = transformPoint(ctm, x2, y2);
      const end = transformPoint(ctm, x3, y3);
      for (let i = 1; i <= CURVE_STEPS; i++) current!.points.push(bezier(last, c1, c2, end, i / CURVE_STEPS));
      current!.curved = true;
      last = end;
    },
    closePath() {
      if (current) current.closed = true;
      last = start;
      current = null;
    },
  });
  return subpaths;
}

function bezier(p0: Point, p1: Point, p2: Point, p3: Point, t: number): Point {
  const u = 1 - t;
  const a = u * u * u;
  const b = 3 * u * u * t;
  const c = 3 * u * t * t;
  const d = t * t * t;
  return [a * p0[0] + b * p1[0] + c * p2[0] + d * p3[0], a * p0[1] + b * p1[1] + c * p2[1] + d * p3[1]];
}
