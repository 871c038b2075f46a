import type { BBox } from '../../model/types.ts';
import type { ChartPoint, ChartSeries, ItemPart } from '../types.ts';
import { area, centerX, centerY, containsPoint, height, overlapArea, union, width } from '../../model/geometry.ts';
import { brightness, filledRects, near, type FilledRect } from './primitives.ts';
import { nearestLabel, seriesName, tidy, type MarkResult, type PlotContext } from './context.ts';
import { valueAt, type AxisScale, type TickLabel } from './ticks.ts';

/**
 * Bars: filled rectangles standing on a common baseline (vertical) or leaving one (horizontal). Bars of one
 * colour are one series; several colours side by side make a grouped chart, several colours on top of each
 * other a stacked one (each segment's value is its own length). A bar's value is read at its far edge.
 */
/** Thresholds of the bar reader; lengths in page px (PDF points). */
const BAR = {
  /** Bars must be at least this share of the coloured rectangles in the plot (ratio). */
  minBarShare: 0.5,
  /** A bar's category label lies within this share of the label spacing from its centre (ratio). */
  labelReachShare: 0.6,
  /** Confidence: floor, starting value, loss per unit of scale misfit, loss for an all-unlabelled chart. */
  confidenceFloor: 0.3,
  confidenceStart: 0.92,
  misfitPenalty: 5,
  unlabelledPenalty: 0.3,
  /** A rectangle this bright or brighter is background, not a bar (0 black .. 1 white). */
  maxBrightness: 0.97,
  /** A rectangle covering this share of the plot or more is its background (ratio). */
  maxPlotCover: 0.8,
  /** A bar's shorter side must exceed this (px). */
  minThickness: 2.5,
  /** A bar's centre may lie this far (px) outside the plot. */
  plotSlack: 1,
  /** A rectangle this much covered by a legend swatch is the swatch (share of its area). */
  swatchCover: 0.8,
  /** Bar edges this close (px) share a baseline, stack or touch their neighbour. */
  edgeTol: 1.5,
  /** A baseline this close (px) to the plot's edge stands on it. */
  plotEdgeTol: 2,
  /** Otherwise it must sit at zero: within this share of the axis' value span (linear axes). */
  zeroShare: 0.01,
  /** Bars whose sides are this close (px) are in the same column. */
  columnTol: 1,
} as const;

const MAX_BARS = 1000;

type Orientation = 'v' | 'h';

export function readBars(ctx: PlotContext): MarkResult | null {
  const rects = barCandidates(ctx);
  if (rects.length === 0) return null;
  const orientation = orientationOf(rects, ctx);
  const valueScale = orientation === 'v' ? ctx.yScale : ctx.xScale;
  if (!valueScale) return null;
  const baseline = baselineOf(rects, orientation);
  if (!plausibleBaseline(baseline, orientation, ctx.plot, valueScale)) return null;
  const bars = rects.filter((r) => onBaseline(r, orientation, baseline) || stackedOn(r, rects, orientation));
  // Most coloured rectangles in a bar chart are bars; square markers of a line chart mostly are not.
  if (bars.length === 0 || bars.length < rects.length * BAR.minBarShare) return null;
  const stacked = isStacked(bars, orientation);
  const groups = groupBars(bars, orientation, stacked);
  const labels = orientation === 'v' ? ctx.bottom : ctx.left;
  const colors = [...new Set(bars.map((b) => b.color))];
  const series: ChartSeries[] = colors.map((color, i) => ({ name: seriesName(ctx, color, i, colors.length), color, points: [] }));
  const parts: ItemPart[] = [];
  let unlabelled = 0;
  for (const group of groups) {
    const centre = orientation === 'v' ? centerX(union(group.map((r) => r.box))) : centerY(union(group.map((r) => r.box)));
    const spacing = labelSpacing(labels);
    const label = nearestLabel(labels, centre, spacing * BAR.labelReachShare);
    if (!label) unlabelled++;
    for (const bar of group) {
      const value = barValue(bar, orientation, baseline, valueScale, stacked);
      const point: ChartPoint = { label: label?.text ?? null, x: label?.text ?? null, y: tidy(value, valueScale), bbox: bar.box };
      series[colors.indexOf(bar.color)].points.push(point);
      parts.push({ bbox: bar.box, label: 'bar' });
    }
  }
  const chartType = stacked ? 'stacked_bar' : orientation === 'h' ? 'hbar' : colors.length > 1 ? 'grouped_bar' : 'bar';
  const confidence = Math.max(
    BAR.confidenceFloor,
    BAR.confidenceStart - valueScale.misfit * BAR.misfitPenalty - (unlabelled / groups.length) * BAR.unlabelledPenalty,
  );
  return { chartType, series, scale: valueScale.scale, parts, confidence };
}

/** Coloured rectangles inside the plot that are not its background, a legend swatch or a rule. */
function barCandidates(ctx: PlotContext): FilledRect[] {
  const plotArea = area(ctx.plot);
  return filledRects(ctx.drawing)
    .filter(
      (r) =>
        brightness(r.color) < BAR.maxBrightness &&
        area(r.box) < plotArea * BAR.maxPlotCover &&
        Math.min(width(r.box), height(r.box)) > BAR.minThickness,
    )
    .filter((r) => containsPoint(ctx.plot, centerX(r.box), centerY(r.box), BAR.plotSlack))
    .filter((r) => !ctx.legend.some((e) => overlapArea(e.swatch, r.box) > BAR.swatchCover * area(r.box)))
    .slice(0, MAX_BARS);
}

/** Vertical when more bars share a bottom/top edge than share a left/right edge; the axes break ties. */
function orientationOf(rects: FilledRect[], ctx: PlotContext): Orientation {
  const v = sharedEdgeCount(rects.flatMap((r) => [r.box[1], r.box[3]]));
  const h = sharedEdgeCount(rects.flatMap((r) => [r.box[0], r.box[2]]));
  if (v !== h) return v > h ? 'v' : 'h';
  if (ctx.yScale && !ctx.xScale) return 'v';
  if (ctx.xScale && !ctx.yScale) return 'h';
  const tall = rects.filter((r) => height(r.box) >= width(r.box)).length;
  return tall >= rects.length / 2 ? 'v' : 'h';
}

function sharedEdgeCount(edges: number[]): number {
  return densestEdge(edges, 'low').count;
}

/** The edge most bars share: the pixel of the baseline (ties: the lowest for columns, the leftmost for rows). */
function baselineOf(rects: FilledRect[], o: Orientation): number {
  const edges = rects.flatMap((r) => (o === 'v' ? [r.box[1], r.box[3]] : [r.box[0], r.box[2]]));
  return densestEdge(edges, o === 'v' ? 'high' : 'low').at;
}

/** The edge value with the most edges within 1.5 px of it, by a sliding window over the sorted edges. */
function densestEdge(edges: number[], prefer: 'low' | 'high'): { at: number; count: number } {
  const sorted = [...edges].sort((a, b) => a - b);
  let best = { at: sorted[0] ?? 0, count: 0 };
  let lo = 0;
  let hi = 0;
  for (const e of sorted) {
    while (sorted[lo] < e - BAR.edgeTol) lo++;
    while (hi < sorted.length && sorted[hi] <= e + BAR.edgeTol) hi++;
    const count = hi - lo;
    if (count > best.count || (count === best.count && prefer === 'high')) best = { at: e, count };
  }
  return best;
}

/** Bars stand on the plot's edge or on the value zero. */
function plausibleBaseline(baseline: number, o: Orientation, plot: BBox, scale: AxisScale): boolean {
  const edge = o === 'v' ? plot[3] : plot[0];
  if (near(baseline, edge, BAR.plotEdgeTol)) return true;
  const span = Math.abs(valueAt(scale, plot[o === 'v' ? 1 : 2]) - valueAt(scale, edge));
  return scale.scale === 'linear' && Math.abs(valueAt(scale, baseline)) <= span * BAR.zeroShare;
}

function onBaseline(r: FilledRect, o: Orientation, baseline: number): boolean {
  return o === 'v'
    ? near(r.box[3], baseline, BAR.edgeTol) || near(r.box[1], baseline, BAR.edgeTol)
    : near(r.box[0], baseline, BAR.edgeTol) || near(r.box[2], baseline, BAR.edgeTol);
}

/** A segment resting on another rectangle of the same column (stacked bars). */
function stackedOn(r: FilledRect, all: FilledRect[], o: Orientation): boolean {
  return all.some(
    (s) =>
      s !== r &&
      sameColumn(r, s, o) &&
      (o === 'v'
        ? near(r.box[3], s.box[1], BAR.edgeTol) || near(r.box[1], s.box[3], BAR.edgeTol)
        : near(r.box[0], s.box[2], BAR.edgeTol) || near(r.box[2], s.box[0], BAR.edgeTol)),
  );
}

function sameColumn(a: FilledRect, b: FilledRect, o: Orientation): boolean {
  return o === 'v'
    ? near(a.box[0], b.box[0], BAR.columnTol) && near(a.box[2], b.box[2], BAR.columnTol)
    : near(a.box[1], b.box[1], BAR.columnTol) && near(a.box[3], b.box[3], BAR.columnTol);
}

function isStacked(bars: FilledRect[], o: Orientation): boolean {
  return bars.some((a) => bars.some((b) => a !== b && a.color !== b.color && sameColumn(a, b, o)));
}

/** Bars of one category: a stacked column, or side-by-side bars of different colours with no gap between them. */
function groupBars(bars: FilledRect[], o: Orientation, stacked: boolean): FilledRect[][] {
  const lo = (r: FilledRect) => (o === 'v' ? r.box[0] : r.box[1]);
  const hi = (r: FilledRect) => (o === 'v' ? r.box[2] : r.box[3]);
  const sorted = [...bars].sort((a, b) => lo(a) - lo(b));
  const groups: FilledRect[][] = [];
  for (const bar of sorted) {
    const last = groups[groups.length - 1];
    const lastEnd = last ? Math.max(...last.map(hi)) : -Infinity;
    const joins =
      last && (stacked ? sameColumn(last[0], bar, o) : lo(bar) - lastEnd <= BAR.edgeTol && !last.some((b) => b.color === bar.color));
    if (joins) last.push(bar);
    else groups.push([bar]);
  }
  return groups;
}

function labelSpacing(labels: TickLabel[]): number {
  if (labels.length < 2) return Infinity;
  const gaps = labels
    .slice(1)
    .map((l, i) => l.pos - labels[i].pos)
    .filter((g) => g > 0);
  return gaps.length ? Math.min(...gaps) : Infinity;
}

function barValue(bar: FilledRect, o: Orientation, baseline: number, scale: AxisScale, stacked: boolean): number {
  const [a, b] = o === 'v' ? [bar.box[3], bar.box[1]] : [bar.box[0], bar.box[2]];
  if (stacked) return Math.abs(valueAt(scale, b) - valueAt(scale, a));
  const far = Math.abs(a - baseline) < Math.abs(b - baseline) ? b : a;
  return valueAt(scale, far);
}
