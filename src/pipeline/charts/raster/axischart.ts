import type { RasterPage } from '../../drawing/mod.ts';
import { center, union } from '../../model/geometry.ts';
import type { BBox } from '../../model/types.ts';
import type { ChartFinding, ChartPoint, ChartSeries, ChartType, ItemPart } from '../types.ts';
import type { PlotArea } from './axes.ts';
import { findBars, type Bar, type BarSet } from './bars.ts';
import { findLegend, type LegendEntry } from './legend.ts';
import { findLines, findScatter } from './lines.ts';
import { hex, OTHER, type Component, type Segmentation } from './palette.ts';
import { fitScale, valueAt, type AxisScale } from './ticks.ts';
import {
  axisTitles,
  below,
  leftOf,
  printedNumbers,
  snap,
  titleAbove,
  xTickLabels,
  yTickLabels,
  type TextLabel,
  type TickLabel,
} from './text.ts';
import { matchPrinted, tidy, type Printed } from './values.ts';

/** Charts with axes: bars (vertical, horizontal, grouped, stacked), lines and scatter plots. */
export interface Context {
  seg: Segmentation;
  raster: RasterPage;
  labels: TextLabel[];
  comps: Component[];
  window: BBox;
}

/** Thresholds of the axis-chart reader; lengths in image px. */
const AXIS_CHART = {
  /** Marks inside the plot have at least this many pixels (count). */
  minMarkPixels: 4,
  /** The title is looked for within the larger of this (px) and this share of the plot's height above it. */
  titleReachMin: 40,
  titleReachShare: 0.4,
  /** A category label snaps to a tick this close (px). */
  catSnap: 6,
  /** A printed value belongs to a bar within this share of its thickness plus this (px). */
  barReachShare: 0.6,
  barReachPad: 18,
  /** A printed value agrees with a bar within the larger of this share of the axis range... */
  agreeRangeShare: 0.03,
  /** ...and this share of the geometric value (bars; lines). */
  barAgreeShare: 0.08,
  lineAgreeShare: 0.05,
  /** Bars at most this far apart (px) are one group when there are no category labels. */
  groupGap: 2,
  /** A printed value belongs to a line point within this distance (px). */
  pointReach: 30,
  /** Half the side of a point's box (px). */
  pointHalf: 3,
  /** A scale is trustworthy with this many tick labels (count)... */
  goodScaleTicks: 3,
  /** ...fitting within this many px. */
  goodScaleResidual: 2,
  /** Confidence of bars: base, bonus for a good scale, weight of printed values matched, loss without categories. */
  barBase: 0.45,
  scaleBonus: 0.15,
  matchedWeight: 0.2,
  noCategoryPenalty: 0.15,
  /** Confidence of lines and scatter plots: base values. */
  lineBase: 0.4,
  scatterBase: 0.35,
  /** Confidence is clamped to this range. */
  confidenceMin: 0.05,
  confidenceMax: 0.9,
} as const;

interface Read {
  chartType: ChartType;
  series: ChartSeries[];
  scale: AxisScale | null;
  parts: ItemPart[];
  used: Set<TextLabel>;
  confidence: number;
  legend: LegendEntry[];
}

export function readAxisChart(ctx: Context, area: PlotArea): ChartFinding | null {
  const inside = ctx.comps.filter(
    (c) => c.x0 > area.left && c.x1 < area.right + 1 && c.y0 > area.top && c.y1 < area.bottom + 1 && c.pixels >= AXIS_CHART.minMarkPixels,
  );
  const barSet = findBars(inside, area, ctx.seg, ctx.raster);
  const barComps = new Set(barSet?.bars.map((b) => b.comp) ?? []);
  const legend = findLegend(
    ctx.comps.filter((c) => !barComps.has(c)),
    ctx.labels,
  );
  // Legend swatches inside the plot must not be read as marks.
  for (const e of legend) blank(ctx.seg, e.swatch);
  const marks = inside.filter((c) => !legend.some((e) => e.swatch === c));
  const read = barSet ? readBars(ctx, area, barSet, legend) : readLinesOrScatter(ctx, area, marks, legend);
  if (!read || !read.series.length) return null;
  for (const e of legend) {
    read.used.add(e.label);
    read.parts.push({ bbox: e.bbox, label: 'legend' });
  }
  const title = titleAbove(
    ctx.labels,
    area.top,
    read.used,
    Math.max(AXIS_CHART.titleReachMin, AXIS_CHART.titleReachShare * (area.bottom - area.top)),
  );
  if (title) {
    read.used.add(title);
    read.parts.unshift({ bbox: title.bbox, label: 'chart_title' });
  }
  const titles = axisTitles(ctx.labels, area, read.used);
  for (const t of [titles.x, titles.y])
    if (t) {
      read.used.add(t);
      read.parts.push({ bbox: t.bbox, label: 'axis_label' });
    }
  if (read.series.length === 1 && !read.series[0].name) read.series[0].name = titles.y?.text ?? '';
  const boxes: BBox[] = [
    [area.left, area.top, area.right, area.bottom],
    ...[...read.used].map((l) => l.bbox),
    ...legend.map((e) => e.bbox),
  ];
  return {
    kind: 'chart',
    chartType: read.chartType,
    bbox: union(boxes),
    title: title?.text ?? '',
    axes: { x_label: titles.x?.text ?? '', y_label: titles.y?.text ?? '' },
    series: read.series,
    scale: read.scale?.kind ?? 'linear',
    insights: [],
    confidence: read.confidence,
    parts: read.parts,
    source: 'raster',
  };
}

function blank(seg: Segmentation, c: Component): void {
  for (let y = c.y0; y <= c.y1; y++)
    for (let x = c.x0; x <= c.x1; x++) if (seg.labels[y * seg.width + x] === c.cluster) seg.labels[y * seg.width + x] = OTHER;
}

const box = (c: Component): BBox => [c.x0, c.y0, c.x1 + 1, c.y1 + 1];

function seriesName(cluster: number, legend: LegendEntry[]): string {
  return legend.find((e) => e.cluster === cluster)?.name ?? '';
}

function readBars(ctx: Context, area: PlotArea, set: BarSet, legend: LegendEntry[]): Read | null {
  const vertical = set.orientation === 'vertical';
  const ticks: TickLabel[] = vertical ? yTickLabels(ctx.labels, area) : xTickLabels(ctx.labels, area);
  const tickLabels = new Set(ticks.map((t) => t.label));
  const cats = (vertical ? below(ctx.labels, area) : leftOf(ctx.labels, area)).filter(
    (l) => !tickLabels.has(l) && !legend.some((e) => e.label === l),
  );
  const posOfBar = (b: Bar) => (vertical ? (b.comp.x0 + b.comp.x1 + 1) / 2 : (b.comp.y0 + b.comp.y1 + 1) / 2);
  const posOfCat = (l: TextLabel) =>
    vertical ? snap(center(l.bbox)[0], area.xTicks, AXIS_CHART.catSnap) : snap(center(l.bbox)[1], area.yTicks, AXIS_CHART.catSnap);
  const groups = groupBars(set.bars, cats, posOfBar, posOfCat, vertical);
  let scale = fitScale(ticks);
  const printed = printedNumbers(ctx.labels, ctx.window, new Set([...tickLabels, ...cats]));
  const anchorOf = (b: Bar): [number, number] => (vertical ? [posOfBar(b), b.end] : [b.end, posOfBar(b)]);
  const reach = (b: Bar) =>
    AXIS_CHART.barReachShare * (vertical ? b.comp.x1 - b.comp.x0 + 1 : b.comp.y1 - b.comp.y0 + 1) + AXIS_CHART.barReachPad;
  if (!scale) scale = scaleFromPrinted(set.bars, printed, anchorOf, reach);
  // Without tick labels or printed values there is no value to report, and little to say it is a chart at all.
  if (!scale) return null;
  const range = scale ? Math.abs(valueAt(scale, vertical ? area.top : area.right) - valueAt(scale, vertical ? area.bottom : area.left)) : 0;
  const geometric = (b: Bar) => (scale ? valueAt(scale, b.end) - (b.under >= 0 ? valueAt(scale, b.base) : 0) : null);
  const matched = matchPrinted(
    set.bars.map((b) => ({ geometric: geometric(b), anchor: anchorOf(b), reach: reach(b) })),
    printed,
    (g) => Math.max(AXIS_CHART.agreeRangeShare * range, AXIS_CHART.barAgreeShare * Math.abs(g)),
  );
  // Series in legend order, then in the order their first bar appears along the axis.
  const rank = (cluster: number) => {
    const i = legend.findIndex((e) => e.cluster === cluster);
    return i >= 0 ? i : legend.length + Math.min(...set.bars.filter((b) => b.comp.cluster === cluster).map(posOfBar)) / 1e6;
  };
  const clusters = [...new Set(set.bars.map((b) => b.comp.cluster))].sort((a, b) => rank(a) - rank(b));
  const baseline = scale ? valueAt(scale, vertical ? area.bottom : area.left) : null;
  const used = new Set<TextLabel>([...tickLabels, ...groups.map((g) => g.label).filter((l): l is TextLabel => !!l)]);
  matched.forEach((m) => m && used.add(m.label));
  const parts: ItemPart[] = [];
  const series: ChartSeries[] = clusters.map((cluster) => ({
    name: seriesName(cluster, legend),
    color: hex(ctx.seg.clusters[cluster].rgb),
    points: groups.map((g): ChartPoint => {
      const text = g.label?.text ?? '';
      const bars = g.bars.filter((i) => set.bars[i].comp.cluster === cluster);
      if (!bars.length) return { label: text, x: text, y: baseline === null ? null : tidy(baseline, range) };
      const i = bars[0],
        p = matched[i],
        g0 = geometric(set.bars[i]);
      parts.push({ bbox: box(set.bars[i].comp), label: 'bar' });
      return { label: text, x: text, y: p ? p.value : g0 === null ? null : tidy(g0, range), bbox: box(set.bars[i].comp) };
    }),
  }));
  const stacked = set.bars.some((b) => b.under >= 0);
  const chartType: ChartType = stacked ? 'stacked_bar' : clusters.length > 1 ? 'grouped_bar' : vertical ? 'bar' : 'hbar';
  const share = matched.filter(Boolean).length / set.bars.length;
  let confidence =
    AXIS_CHART.barBase +
    (scale && scale.ticks.length >= AXIS_CHART.goodScaleTicks && scale.residualPx <= AXIS_CHART.goodScaleResidual
      ? AXIS_CHART.scaleBonus
      : 0) +
    AXIS_CHART.matchedWeight * share;
  if (!cats.length) confidence -= AXIS_CHART.noCategoryPenalty;
  return { chartType, series, scale, parts, used, confidence: round2(confidence), legend };
}

/** Bars go to the nearest category label along the axis; without labels, touching bars form a group. */
function groupBars(bars: Bar[], cats: TextLabel[], posOfBar: (b: Bar) => number, posOfCat: (l: TextLabel) => number, vertical: boolean) {
  const order = (a: number, b: number) => (vertical ? a - b : a - b);
  if (cats.length) {
    const sorted = [...cats].sort((a, b) => order(posOfCat(a), posOfCat(b)));
    const groups = sorted.map((label) => ({ label: label as TextLabel | null, bars: [] as number[] }));
    bars.forEach((b, i) => {
      let best = 0;
      sorted.forEach((c, k) => {
        if (Math.abs(posOfCat(c) - posOfBar(b)) < Math.abs(posOfCat(sorted[best]) - posOfBar(b))) best = k;
      });
      groups[best].bars.push(i);
    });
    return groups.filter((g) => g.bars.length);
  }
  const idx = bars.map((_, i) => i).sort((a, b) => posOfBar(bars[a]) - posOfBar(bars[b]));
  const groups: { label: TextLabel | null; bars: number[] }[] = [];
  let lastEnd = -Infinity;
  for (const i of idx) {
    const c = bars[i].comp;
    const [from, to] = vertical ? [c.x0, c.x1] : [c.y0, c.y1];
    if (from - lastEnd > AXIS_CHART.groupGap || !groups.length) groups.push({ label: null, bars: [] });
    groups[groups.length - 1].bars.push(i);
    lastEnd = Math.max(lastEnd, to);
  }
  return groups;
}

/** No readable tick labels: printed values on at least two bars define the scale. */
function scaleFromPrinted(
  bars: Bar[],
  printed: Printed[],
  anchorOf: (b: Bar) => [number, number],
  reach: (b: Bar) => number,
): AxisScale | null {
  const stackedFree = bars.filter((b) => b.under < 0);
  const m = matchPrinted(
    stackedFree.map((b) => ({ geometric: null, anchor: anchorOf(b), reach: reach(b) })),
    printed,
    () => Infinity,
  );
  const placed = stackedFree.flatMap((b, i) =>
    m[i] ? [{ value: m[i]!.value, pixel: b.end, bbox: m[i]!.label.bbox, line: m[i]!.label.line }] : [],
  );
  return fitScale(placed);
}

function readLinesOrScatter(ctx: Context, area: PlotArea, marks: Component[], legend: LegendEntry[]): Read | null {
  const yTicks = yTickLabels(ctx.labels, area);
  const yScale = fitScale(yTicks);
  if (!yScale) return null;
  const used = new Set<TextLabel>(yTicks.map((t) => t.label));
  const range = Math.abs(valueAt(yScale, area.top) - valueAt(yScale, area.bottom));
  const cats = below(ctx.labels, area)
    .filter((l) => !used.has(l))
    .sort((a, b) => a.bbox[0] - b.bbox[0]);
  const xs = cats.length
    ? cats.map((l) => snap(center(l.bbox)[0], area.xTicks, (l.bbox[2] - l.bbox[0]) / 2))
    : area.xTicks.map((t) => t + 0.5);
  // Lines are read at category positions; a series with no readable point is not kept.
  const lines = xs.length ? findLines(marks, area, ctx.seg, xs).filter((l) => l.points.some((p) => p.y !== null)) : [];
  const printed = printedNumbers(ctx.labels, ctx.window, new Set([...used, ...cats]));
  const parts: ItemPart[] = [];
  if (lines.length) {
    cats.forEach((c) => used.add(c));
    let matchedCount = 0,
      total = 0;
    const series = lines.map((line): ChartSeries => {
      const geo = line.points.map((p) => (p.y === null ? null : valueAt(yScale, p.y)));
      const m = matchPrinted(
        line.points.map((p, i) => ({
          geometric: geo[i],
          anchor: [p.x, p.y ?? 0] as [number, number],
          reach: p.y === null ? -1 : AXIS_CHART.pointReach,
        })),
        printed,
        (g) => Math.max(AXIS_CHART.agreeRangeShare * range, AXIS_CHART.lineAgreeShare * Math.abs(g)),
      );
      m.forEach((x) => x && used.add(x.label));
      const points = line.points.map((p, i): ChartPoint => {
        const text = cats[i]?.text ?? '';
        total++;
        if (m[i]) matchedCount++;
        const bbox: BBox | undefined =
          p.y === null
            ? undefined
            : [p.x - AXIS_CHART.pointHalf, p.y - AXIS_CHART.pointHalf, p.x + AXIS_CHART.pointHalf, p.y + AXIS_CHART.pointHalf];
        if (bbox) parts.push({ bbox, label: 'point' });
        return { label: text, x: text, y: m[i] ? m[i]!.value : geo[i] === null ? null : tidy(geo[i]!, range), bbox };
      });
      return { name: seriesName(line.cluster, legend), color: hex(ctx.seg.clusters[line.cluster].rgb), points };
    });
    const confidence =
      AXIS_CHART.lineBase +
      (yScale.ticks.length >= AXIS_CHART.goodScaleTicks && yScale.residualPx <= AXIS_CHART.goodScaleResidual ? AXIS_CHART.scaleBonus : 0) +
      AXIS_CHART.matchedWeight * (matchedCount / Math.max(1, total)) -
      (cats.length ? 0 : AXIS_CHART.noCategoryPenalty);
    return { chartType: 'line', series, scale: yScale, parts, used, confidence: round2(confidence), legend };
  }
  return readScatter(ctx, area, marks, legend, yScale, used, parts);
}

function readScatter(
  ctx: Context,
  area: PlotArea,
  marks: Component[],
  legend: LegendEntry[],
  yScale: AxisScale,
  used: Set<TextLabel>,
  parts: ItemPart[],
): Read | null {
  const xTicks = xTickLabels(ctx.labels, area);
  const xScale = fitScale(xTicks);
  if (!xScale) return null;
  xTicks.forEach((t) => used.add(t.label));
  const groups = findScatter(marks, area);
  if (!groups.length) return null;
  const xRange = Math.abs(valueAt(xScale, area.right) - valueAt(xScale, area.left));
  const yRange = Math.abs(valueAt(yScale, area.top) - valueAt(yScale, area.bottom));
  const series = groups.map(
    (g): ChartSeries => ({
      name: seriesName(g.cluster, legend),
      color: hex(ctx.seg.clusters[g.cluster].rgb),
      points: g.blobs
        .sort((a, b) => a.cx - b.cx)
        .map((b): ChartPoint => {
          parts.push({ bbox: box(b), label: 'point' });
          return { label: null, x: tidy(valueAt(xScale, b.cx + 0.5), xRange), y: tidy(valueAt(yScale, b.cy + 0.5), yRange), bbox: box(b) };
        }),
    }),
  );
  const confidence =
    AXIS_CHART.scatterBase +
    (xScale.ticks.length >= AXIS_CHART.goodScaleTicks && yScale.ticks.length >= AXIS_CHART.goodScaleTicks ? AXIS_CHART.scaleBonus : 0);
  return { chartType: 'scatter', series, scale: yScale, parts, used, confidence, legend };
}

const round2 = (v: number) => Math.round(Math.max(AXIS_CHART.confidenceMin, Math.min(AXIS_CHART.confidenceMax, v)) * 100) / 100;
