import type { BBox } from '../../model/types.ts';
import type { DrawnPath } from '../../drawing/mod.ts';
import { centerX, centerY, containsPoint, height, width } from '../../model/geometry.ts';
import { brightness, isNeutral, near } from './primitives.ts';
import type { PlotContext } from './context.ts';

/**
 * The raw marks inside a plot that are not bars: data polylines and small markers (circles, squares, triangles).
 * Gridlines, ticks and the plot frame are axis-aligned two-point strokes and are left out; a marker drawn
 * twice (fill, then outline) counts once.
 */
export interface Polyline {
  color: string;
  points: [number, number][];
}

export interface Marker {
  color: string;
  box: BBox;
  x: number;
  y: number;
}

const MAX_MARKERS = 2000;
const MAX_MARKER_PX = 30;

/** Thresholds of the mark finders; lengths in page px (PDF points). */
const MARK = {
  /** Line vertices may lie this far (px) outside the plot. */
  plotSlack: 2,
  /** Coordinates this close (px) are the same (axis-aligned pieces). */
  sameCoordTol: 0.5,
  /** A marker this bright or brighter is background (0 black .. 1 white). */
  maxBrightness: 0.95,
  /** A marker's or legend mark's centre may lie this far (px) outside the plot or swatch. */
  centreSlack: 1,
  /** A marker is at least this wide and tall (px)... */
  minMarkerPx: 1.5,
  /** ...and its longer side at most this many times its shorter (ratio). */
  maxAspect: 2.5,
  /** An open marker outline has at least this many points (count). */
  minOpenPoints: 4,
} as const;

export function dataPolylines(ctx: PlotContext): Polyline[] {
  const byColor = new Map<string, [number, number][]>();
  for (const path of ctx.drawing.paths) {
    if (!path.stroke || path.fill || !overlaps(path.bbox, ctx.plot) || isMarkerShape(path) || isLegendMark(ctx, path.bbox)) continue;
    for (const sub of path.subpaths) {
      const pts = sub.points;
      if (pts.length < 2 || !pts.every((p) => containsPoint(ctx.plot, p[0], p[1], MARK.plotSlack))) continue;
      if (pts.length === 2 && (near(pts[0][0], pts[1][0], MARK.sameCoordTol) || near(pts[0][1], pts[1][1], MARK.sameCoordTol))) continue;
      if (pts.length > 2 && isNeutral(path.stroke) && isAxisAligned(pts)) continue;
      const list = byColor.get(path.stroke) ?? [];
      list.push(...pts);
      byColor.set(path.stroke, list);
    }
  }
  return [...byColor].map(([color, points]) => ({ color, points: points.sort((a, b) => a[0] - b[0]) }));
}

/** Every edge horizontal or vertical: in black or grey, a frame or axis drawn as one polyline, not data. */
function isAxisAligned(pts: [number, number][]): boolean {
  return pts.every((p, i) => i === 0 || near(p[0], pts[i - 1][0], MARK.sameCoordTol) || near(p[1], pts[i - 1][1], MARK.sameCoordTol));
}

export function markers(ctx: PlotContext): Marker[] {
  const out: Marker[] = [];
  const seen = new Set<string>();
  for (const path of markerShapes(ctx)) {
    if (out.length >= MAX_MARKERS) break;
    const color = path.fill ?? path.stroke!;
    if (brightness(color) > MARK.maxBrightness) continue;
    const box = path.bbox;
    const x = centerX(box);
    const y = centerY(box);
    if (!containsPoint(ctx.plot, x, y, MARK.centreSlack) || isLegendMark(ctx, box)) continue;
    // Fill and outline of one marker: the same centre to the pixel.
    const key = `${Math.round(x)},${Math.round(y)}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ color, box, x, y });
  }
  return out;
}

/** The page's marker-like paths, found once per drawing (every plot of the page asks). */
function markerShapes(ctx: PlotContext): DrawnPath[] {
  let shapes = shapeCache.get(ctx.drawing);
  if (!shapes) {
    shapes = ctx.drawing.paths.filter(isMarkerShape);
    shapeCache.set(ctx.drawing, shapes);
  }
  return shapes;
}

const shapeCache = new WeakMap<PlotContext['drawing'], DrawnPath[]>();

/** Small closed shapes of about equal width and height. */
function isMarkerShape(path: DrawnPath): boolean {
  const w = width(path.bbox);
  const h = height(path.bbox);
  if (
    w < MARK.minMarkerPx ||
    h < MARK.minMarkerPx ||
    w > MAX_MARKER_PX ||
    h > MAX_MARKER_PX ||
    Math.max(w, h) > MARK.maxAspect * Math.min(w, h)
  )
    return false;
  return path.subpaths.length >= 1 && path.subpaths.every((s) => s.closed || s.curved || s.points.length >= MARK.minOpenPoints);
}

function overlaps(a: BBox, b: BBox): boolean {
  return a[0] <= b[2] && a[2] >= b[0] && a[1] <= b[3] && a[3] >= b[1];
}

function isLegendMark(ctx: PlotContext, box: BBox): boolean {
  return ctx.legend.some((e) => containsPoint(e.swatch, centerX(box), centerY(box), MARK.centreSlack));
}
