import type { ChartPoint, ChartSeries, ItemPart } from '../types.ts';
import { containsPoint, height, width } from '../../model/geometry.ts';
import { brightness, isNeutral, near, rectOf } from './primitives.ts';
import { seriesName, tidy, type MarkResult, type PlotContext } from './context.ts';
import { valueAt, type AxisScale } from './ticks.ts';

/**
 * Area charts: filled polygons (not rectangles) spanning much of the plot's width. A series' value at x is the
 * top edge of its polygon there; stacked areas therefore read as running totals. On a category axis the value
 * is read at each category's tick, else at every vertex of the top edge. Thin filled ribbons are lines whose
 * stroke was exported as an outline: their value is read on the ribbon's middle and the chart is a line chart.
 */
const MAX_AREAS = 20;
const MAX_VERTICES = 20_000;
const MAX_SAMPLES = 200;

/** Thresholds of the area reader; lengths in page px (PDF points). */
const AREA = {
  /** A category tick sits on a polygon vertex this close (px). */
  vertexTol: 2,
  /** Half the side of a point's box (px). */
  pointHalf: 3,
  /** Confidence: floor, starting value, loss per unit of scale misfit. */
  confidenceFloor: 0.3,
  confidenceStart: 0.85,
  misfitPenalty: 5,
  /** A fill this bright or brighter is background (0 black .. 1 white). */
  maxBrightness: 0.97,
  /** A grey fill covering this share of the plot's width and height is a backdrop (ratio). */
  backdropShare: 0.9,
  /** Fewest vertices of an area's outline (count). */
  minVertices: 4,
  /** An area spans at least this share of the plot's width (ratio). */
  minWidthShare: 0.3,
  /** Vertices may lie this far (px) outside the plot. */
  plotSlack: 2,
  /** A polygon starting this close (px) to a legend swatch is the swatch. */
  swatchSlack: 1,
  /** Coordinates this close (px) are the same (axis-aligned edges, vertical edges at x). */
  sameCoordTol: 0.5,
  /** Vertical thickness is sampled at this many steps across the outline (count). */
  ribbonSteps: 20,
} as const;

interface Area {
  color: string;
  /** The outline's pieces (one polygon each). */
  polys: [number, number][][];
  /** A stroke exported as a filled outline (a few px thick everywhere). */
  ribbon: boolean;
}

const RIBBON_PX = 6;

export function readAreas(ctx: PlotContext): MarkResult | null {
  const yScale = ctx.yScale;
  if (!yScale) return null;
  const areas = areaPolygons(ctx);
  if (areas.length === 0) return null;
  // Category ticks (even when they read as numbers, like years) sit on the polygons' vertices.
  const onVertices =
    ctx.bottom.length > 0 &&
    ctx.bottom.every((l) => areas.some((a) => a.polys.some((poly) => poly.some((p) => near(p[0], l.pos, AREA.vertexTol)))));
  const categorical = ctx.bottom.length > 0 && (!ctx.xScale || onVertices);
  if (!categorical && !ctx.xScale) return null;
  const parts: ItemPart[] = [];
  const series: ChartSeries[] = areas.map((a, i) => {
    const xs = categorical
      ? ctx.bottom.map((l) => l.pos)
      : sample([...new Set(a.polys.flat().map((p) => Math.round(p[0] * 10) / 10))].sort((p, q) => p - q));
    const points: ChartPoint[] = [];
    xs.forEach((x, k) => {
      const edge = a.ribbon ? midAt(a.polys, x) : topAt(a.polys, x);
      if (edge === null) return;
      const top = edge;
      const bbox: [number, number, number, number] = [x - AREA.pointHalf, top - AREA.pointHalf, x + AREA.pointHalf, top + AREA.pointHalf];
      const label = categorical ? ctx.bottom[k].text : null;
      points.push({
        label,
        x: label ?? tidy(valueAt(ctx.xScale as AxisScale, x), ctx.xScale as AxisScale),
        y: tidy(valueAt(yScale, top), yScale),
        bbox,
      });
      parts.push({ bbox, label: 'point' });
    });
    return { name: seriesName(ctx, a.color, i, areas.length), color: a.color, points };
  });
  if (series.every((s) => s.points.length === 0)) return null;
  return {
    chartType: areas.every((a) => a.ribbon) ? 'line' : 'area',
    series,
    scale: yScale.scale,
    parts,
    confidence: Math.max(AREA.confidenceFloor, AREA.confidenceStart - yScale.misfit * AREA.misfitPenalty),
  };
}

function areaPolygons(ctx: PlotContext): Area[] {
  const out: Area[] = [];
  const span = width(ctx.plot);
  for (const path of ctx.drawing.paths) {
    if (out.length >= MAX_AREAS) break;
    if (!path.fill || brightness(path.fill) > AREA.maxBrightness || rectOf(path)) continue;
    const polys = path.subpaths.map((sub) => sub.points).filter((pts) => pts.length >= 3);
    // Gridlines or bands painted as one path of rectangles, and grey backdrops filling the plot, are not data.
    if (polys.every(isAxisAlignedPolygon)) continue;
    if (isNeutral(path.fill) && width(path.bbox) >= span * AREA.backdropShare && height(path.bbox) >= height(ctx.plot) * AREA.backdropShare)
      continue;
    const count = polys.reduce((n, p) => n + p.length, 0);
    if (polys.length === 0 || count < AREA.minVertices || count > MAX_VERTICES || width(path.bbox) < span * AREA.minWidthShare) continue;
    if (!polys.every((pts) => pts.every((p) => containsPoint(ctx.plot, p[0], p[1], AREA.plotSlack)))) continue;
    if (ctx.legend.some((e) => containsPoint(e.swatch, polys[0][0][0], polys[0][0][1], AREA.swatchSlack))) continue;
    out.push({ color: path.fill, polys, ribbon: isRibbon(polys, path.bbox) });
  }
  return out;
}

function isAxisAlignedPolygon(pts: [number, number][]): boolean {
  return pts.every((p, i) => {
    const q = pts[(i + 1) % pts.length];
    return near(p[0], q[0], AREA.sameCoordTol) || near(p[1], q[1], AREA.sameCoordTol);
  });
}

/** At most MAX_SAMPLES x positions, evenly picked: each costs a pass over the outline. */
function sample(xs: number[]): number[] {
  if (xs.length <= MAX_SAMPLES) return xs;
  const step = xs.length / MAX_SAMPLES;
  return Array.from({ length: MAX_SAMPLES }, (_, i) => xs[Math.floor(i * step)]);
}

/** Thin everywhere: the median vertical thickness over a sample of x positions is a few px. */
function isRibbon(polys: [number, number][][], box: [number, number, number, number]): boolean {
  const spans: number[] = [];
  for (let i = 1; i < AREA.ribbonSteps; i++) {
    const ys = crossings(polys, box[0] + (i / AREA.ribbonSteps) * (box[2] - box[0]));
    if (ys.length) spans.push(Math.max(...ys) - Math.min(...ys));
  }
  if (spans.length === 0) return false;
  spans.sort((a, b) => a - b);
  return spans[Math.floor(spans.length / 2)] < RIBBON_PX;
}

/** The highest point (smallest y) where the polygon's outline crosses the vertical line at x. */
function topAt(polys: [number, number][][], x: number): number | null {
  const ys = crossings(polys, x);
  return ys.length ? Math.min(...ys) : null;
}

/** The middle of a ribbon at x: halfway between its upper and lower outline. */
function midAt(polys: [number, number][][], x: number): number | null {
  const ys = crossings(polys, x);
  return ys.length ? (Math.min(...ys) + Math.max(...ys)) / 2 : null;
}

/** Where the outline (each piece closed) crosses the vertical line at x. */
function crossings(polys: [number, number][][], x: number): number[] {
  const out: number[] = [];
  for (const points of polys) {
    for (let i = 0; i < points.length; i++) {
      const [x0, y0] = points[i];
      const [x1, y1] = points[(i + 1) % points.length];
      if (near(x0, x, AREA.sameCoordTol) && near(x1, x, AREA.sameCoordTol)) out.push(y0, y1);
      else if ((x0 - x) * (x1 - x) <= 0 && x0 !== x1) out.push(y0 + ((x - x0) / (x1 - x0)) * (y1 - y0));
    }
  }
  return out;
}
