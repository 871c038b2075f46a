import type { BBox } from '../../model/types.ts';
import type { ChartPoint, ChartSeries, ItemPart } from '../types.ts';
import { near } from './primitives.ts';
import { seriesName, tidy, type MarkResult, type PlotContext } from './context.ts';
import { dataPolylines, markers, type Marker, type Polyline } from './marks.ts';
import { valueAt, type AxisScale, type TickLabel } from './ticks.ts';

/**
 * Line charts: each coloured polyline in the plot is a series. On a category axis the value is read where the
 * line crosses each category's tick (interpolated between vertices); on a numeric axis every vertex is a point.
 * Markers on the line give the points their boxes.
 */
const MAX_POINTS_PER_SERIES = 1000;

/** Thresholds of the line reader; lengths in page px (PDF points). */
const LINE = {
  /** Confidence: floor, starting value, loss per unit of scale misfit, loss when no x axis could be read. */
  confidenceFloor: 0.3,
  confidenceStart: 0.9,
  misfitPenalty: 5,
  noXAxisPenalty: 0.3,
  /** Markers this far (px) outside the line's box are not on it. */
  markerReach: 3,
  /** A vertex sits on a tick label within this distance (px); labels this far past the line's ends still count. */
  labelTol: 2,
  /** Vertices this close (px) repeat the previous one. */
  repeatTol: 0.01,
  /** A vertex this close (px) to x gives the line's y there. */
  vertexTol: 1,
  /** A marker this close (px) to the point is the point's; else a box of this half side (px). */
  markerTol: 2,
  pointHalf: 3,
} as const;

export function readLines(ctx: PlotContext): MarkResult | null {
  const yScale = ctx.yScale;
  if (!yScale) return null;
  const polylines = dataPolylines(ctx).filter((p) => p.points.length >= 2);
  if (polylines.length === 0) return null;
  const plotMarks = markers(ctx);
  const categorical = ctx.bottom.length > 0 && (!ctx.xScale || polylines.every((p) => verticesOnLabels(p, ctx.bottom)));
  const parts: ItemPart[] = [];
  const series: ChartSeries[] = polylines.map((line, i) => {
    const points = categorical
      ? categoryPoints(line, ctx.bottom, yScale, nearLine(plotMarks, line))
      : numericPoints(line, ctx.xScale!, yScale, nearLine(plotMarks, line));
    for (const p of points) if (p.bbox) parts.push({ bbox: p.bbox, label: 'point' });
    return { name: seriesName(ctx, line.color, i, polylines.length), color: line.color, points };
  });
  if (series.every((s) => s.points.length === 0)) return null;
  const confidence = Math.max(
    LINE.confidenceFloor,
    LINE.confidenceStart - yScale.misfit * LINE.misfitPenalty - (categorical || ctx.xScale ? 0 : LINE.noXAxisPenalty),
  );
  return { chartType: 'line', series, scale: yScale.scale, parts, confidence };
}

/** The markers within the line's reach (its box), so each point's lookup stays short. */
function nearLine(marks: Marker[], line: Polyline): Marker[] {
  let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const [x, y] of line.points) {
    x0 = Math.min(x0, x);
    x1 = Math.max(x1, x);
    y0 = Math.min(y0, y);
    y1 = Math.max(y1, y);
  }
  return marks.filter(
    (m) => m.x >= x0 - LINE.markerReach && m.x <= x1 + LINE.markerReach && m.y >= y0 - LINE.markerReach && m.y <= y1 + LINE.markerReach,
  );
}

/** Every vertex sits on a tick label's position: the x axis names categories even when the labels are numbers. */
function verticesOnLabels(line: Polyline, labels: TickLabel[]): boolean {
  return line.points.every((p) => labels.some((l) => near(l.pos, p[0], LINE.labelTol)));
}

function categoryPoints(line: Polyline, labels: TickLabel[], yScale: AxisScale, marks: Marker[]): ChartPoint[] {
  const first = line.points[0][0];
  const last = line.points[line.points.length - 1][0];
  const out: ChartPoint[] = [];
  for (const label of labels) {
    if (label.pos < first - LINE.labelTol || label.pos > last + LINE.labelTol) continue;
    const py = yAt(line.points, label.pos);
    if (py === null) continue;
    out.push({ label: label.text, x: label.text, y: tidy(valueAt(yScale, py), yScale), bbox: markBox(marks, line.color, label.pos, py) });
  }
  return out;
}

function numericPoints(line: Polyline, xScale: AxisScale, yScale: AxisScale, marks: Marker[]): ChartPoint[] {
  const step = Math.max(1, Math.ceil(line.points.length / MAX_POINTS_PER_SERIES));
  const out: ChartPoint[] = [];
  for (let i = 0; i < line.points.length; i += step) {
    const [px, py] = line.points[i];
    if (i > 0 && near(px, line.points[i - step][0], LINE.repeatTol) && near(py, line.points[i - step][1], LINE.repeatTol)) continue;
    out.push({
      label: null,
      x: tidy(valueAt(xScale, px), xScale),
      y: tidy(valueAt(yScale, py), yScale),
      bbox: markBox(marks, line.color, px, py),
    });
  }
  return out;
}

/** The line's y at pixel x, interpolated between the vertices either side. */
function yAt(points: [number, number][], x: number): number | null {
  for (let i = 0; i < points.length; i++) {
    if (near(points[i][0], x, LINE.vertexTol)) return points[i][1];
    if (i > 0 && points[i - 1][0] < x && points[i][0] > x) {
      const [x0, y0] = points[i - 1];
      const [x1, y1] = points[i];
      return y0 + ((x - x0) / (x1 - x0)) * (y1 - y0);
    }
  }
  return null;
}

/** The marker drawn at (x, y), preferring the line's colour; else a small box round the point. */
function markBox(marks: Marker[], color: string, x: number, y: number): BBox {
  const here = marks.filter((k) => near(k.x, x, LINE.markerTol) && near(k.y, y, LINE.markerTol));
  const m = here.find((k) => k.color === color) ?? here[0];
  return m ? m.box : [x - LINE.pointHalf, y - LINE.pointHalf, x + LINE.pointHalf, y + LINE.pointHalf];
}
