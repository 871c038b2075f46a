import type { BBox } from '../model/types.ts';
import type { DrawnPath } from '../drawing/mod.ts';
import { area, boundsOfPoints, height, overlapArea, width } from '../model/geometry.ts';
import { dedupePoints, dist, type Pt } from './polylines.ts';
import type { NodeShape, ShapeOutline } from './types.ts';

/**
 * Node shapes among a page's vector paths: closed subpaths of a plausible size classified as boxes, diamonds,
 * ellipses, circles, stadiums, rounded boxes or parallelograms. Boxes that share edges with neighbours are table
 * cells (a grid), and boxes that hold several others are frames or groups: neither is a node.
 */
const MIN_SIDE = 14;
const MAX_PAGE_SHARE = 0.5;
const MAX_SHAPES = 1500;

/** Thresholds of the vector shape classifier; lengths in page px, shares of the shape's box. */
const SHAPES = {
  /** An open subpath whose ends are this close (px) is closed. */
  closeGap: 1,
  /** Polygon corners line up within the larger of this (px) and this share of the shorter side. */
  cornerTolMin: 1.5,
  cornerTolShare: 0.06,
  /** A diamond's corners lie within the larger of this (px) and this share of the longer side of the box's edge middles. */
  midTolMin: 2,
  midTolShare: 0.08,
  /** A parallelogram's slanted sides differ in slope by less than this and slant by more than this (dx/dy). */
  slopeTol: 0.1,
  minSlant: 0.05,
  /** An ellipse's mean deviation from the ellipse equation is under this... */
  ellipseErr: 0.1,
  /** ...and a circle's rx/ry is within this of 1. */
  circleAspectTol: 0.2,
  /** Top-edge points lie within the larger of this (px) and this share of ry of the top. */
  edgeTolMin: 1,
  edgeTolShare: 0.04,
  /** A corner radius of at least this share of ry makes a stadium. */
  stadiumRadius: 0.8,
  /** Shapes overlapping by more than this share of the larger are one (ratio). */
  twinShare: 0.9,
  /** Side-by-side or stacked boxes overlap along this share of the shorter side (table cells). */
  cellOverlap: 0.5,
  /** Boxes whose sides are within this (px) share an edge. */
  cellGap: 3,
  /** A frame covers this share of each box it holds, which is under this share of its area... */
  heldCover: 0.95,
  heldMaxShare: 0.8,
  /** ...and holds at least this many (count). */
  frameMinHeld: 2,
} as const;

export function findShapes(paths: readonly DrawnPath[], pageW: number, pageH: number): ShapeOutline[] {
  const found: ShapeOutline[] = [];
  for (const path of paths) {
    for (const sub of path.subpaths) {
      const points = dedupePoints(sub.points);
      const closed = sub.closed || (sub.points.length > 3 && dist(sub.points[0], sub.points[sub.points.length - 1]) < SHAPES.closeGap);
      if (!closed || points.length < 4) continue;
      const bbox = boundsOfPoints(points);
      if (width(bbox) < MIN_SIDE || height(bbox) < MIN_SIDE) continue;
      if (width(bbox) > pageW * MAX_PAGE_SHARE && height(bbox) > pageH * MAX_PAGE_SHARE) continue;
      const shape = sub.curved ? classifyCurved(points, bbox) : classifyPolygon(points, bbox);
      if (shape) found.push({ shape, bbox, outline: points });
    }
  }
  // A page with thousands of closed shapes is a map, a pattern or a dense chart, not a flowchart.
  if (found.length > MAX_SHAPES) return [];
  return dropGridsAndFrames(dedupeShapes(found));
}

function classifyPolygon(points: Pt[], b: BBox): NodeShape | null {
  if (points.length !== 4) return null;
  const tol = Math.max(SHAPES.cornerTolMin, Math.min(width(b), height(b)) * SHAPES.cornerTolShare);
  const axisAligned = points.every((p, i) => {
    const q = points[(i + 1) % 4];
    return Math.abs(p[0] - q[0]) <= tol || Math.abs(p[1] - q[1]) <= tol;
  });
  if (axisAligned) return 'box';
  const mids: Pt[] = [
    [(b[0] + b[2]) / 2, b[1]],
    [b[2], (b[1] + b[3]) / 2],
    [(b[0] + b[2]) / 2, b[3]],
    [b[0], (b[1] + b[3]) / 2],
  ];
  const midTol = Math.max(SHAPES.midTolMin, Math.max(width(b), height(b)) * SHAPES.midTolShare);
  if (mids.every((m) => points.some((p) => dist(p, m) <= midTol))) return 'decision';
  return isParallelogram(points, tol) ? 'parallelogram' : null;
}

/** Two horizontal edges (top and bottom) joined by two parallel slanted ones. */
function isParallelogram(points: Pt[], tol: number): boolean {
  const edges = points.map((p, i) => [p, points[(i + 1) % 4]] as [Pt, Pt]);
  const horizontal = edges.filter(([p, q]) => Math.abs(p[1] - q[1]) <= tol);
  if (horizontal.length !== 2) return false;
  const slanted = edges.filter(([p, q]) => Math.abs(p[1] - q[1]) > tol);
  const slope = ([p, q]: [Pt, Pt]) => (q[0] - p[0]) / (q[1] - p[1]);
  return (
    slanted.length === 2 &&
    Math.abs(slope(slanted[0]) - slope(slanted[1])) < SHAPES.slopeTol &&
    Math.abs(slope(slanted[0])) > SHAPES.minSlant
  );
}

function classifyCurved(points: Pt[], b: BBox): NodeShape | null {
  const cx = (b[0] + b[2]) / 2;
  const cy = (b[1] + b[3]) / 2;
  const rx = width(b) / 2;
  const ry = height(b) / 2;
  let err = 0;
  for (const [x, y] of points) err += Math.abs(((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2 - 1);
  if (err / points.length < SHAPES.ellipseErr) return Math.abs(rx / ry - 1) < SHAPES.circleAspectTol ? 'circle' : 'terminal';
  // Rounded box or stadium: how much of the top edge is straight tells the corner radius.
  const edgeTol = Math.max(SHAPES.edgeTolMin, ry * SHAPES.edgeTolShare);
  const top = points.filter((p) => p[1] - b[1] <= edgeTol);
  if (top.length < 2) return null;
  const straight = Math.max(...top.map((p) => p[0])) - Math.min(...top.map((p) => p[0]));
  const radius = (width(b) - straight) / 2;
  return radius >= ry * SHAPES.stadiumRadius ? 'terminal' : 'rounded';
}

/** A fill and a stroke of the same shape, or a shape drawn twice, count once. */
function dedupeShapes(shapes: ShapeOutline[]): ShapeOutline[] {
  const out: ShapeOutline[] = [];
  for (const s of shapes) {
    const twin = out.find((o) => overlapArea(o.bbox, s.bbox) > SHAPES.twinShare * Math.max(area(o.bbox), area(s.bbox)));
    if (!twin) out.push(s);
  }
  return out;
}

/** Without table cells (boxes sharing sides within `gap` px) and frames (boxes holding several others). */
export function dropGridsAndFrames<T extends ShapeOutline>(shapes: T[], gap: number = SHAPES.cellGap): T[] {
  return shapes.filter((s) => !sharesEdge(s, shapes, gap) && !holdsOthers(s, shapes));
}

/** Table cells drawn as rectangles touch their neighbours along a whole side; flowchart boxes stand apart. */
function sharesEdge(s: ShapeOutline, all: readonly ShapeOutline[], gap: number): boolean {
  if (s.shape !== 'box') return false;
  const [x0, y0, x1, y1] = s.bbox;
  return all.some((o) => {
    if (o === s || o.shape !== 'box') return false;
    const [a0, b0, a1, b1] = o.bbox;
    const vOverlap = Math.min(y1, b1) - Math.max(y0, b0);
    const hOverlap = Math.min(x1, a1) - Math.max(x0, a0);
    const sideBySide = (Math.abs(x1 - a0) < gap || Math.abs(a1 - x0) < gap) && vOverlap > SHAPES.cellOverlap * Math.min(y1 - y0, b1 - b0);
    const stacked = (Math.abs(y1 - b0) < gap || Math.abs(b1 - y0) < gap) && hOverlap > SHAPES.cellOverlap * Math.min(x1 - x0, a1 - a0);
    return sideBySide || stacked;
  });
}

function holdsOthers(s: ShapeOutline, all: readonly ShapeOutline[]): boolean {
  const held = all.filter(
    (o) => o !== s && overlapArea(o.bbox, s.bbox) >= SHAPES.heldCover * area(o.bbox) && area(o.bbox) < SHAPES.heldMaxShare * area(s.bbox),
  );
  return held.length >= SHAPES.frameMinHeld;
}
