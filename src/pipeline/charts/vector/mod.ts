import type { Line } from '../../model/types.ts';
import type { ChartFinding, ItemPart, PageGraphicsInput } from '../types.ts';
import { describeChart } from '../insights.ts';
import { area, overlapArea, round2, union } from '../../model/geometry.ts';
import { axisSegments } from './primitives.ts';
import { findLegend } from './legend.ts';
import { findPlotAreas } from './regions.ts';
import { bottomLabels, fitScale, leftLabels } from './ticks.ts';
import { readBars } from './bars.ts';
import { readLines } from './lines.ts';
import { readScatter } from './scatter.ts';
import { readAreas } from './areas.ts';
import { findPies } from './pie.ts';
import { chartTexts } from './text.ts';
import type { MarkResult, PlotContext } from './context.ts';

/** Thresholds of the plot reader; lengths in page px (PDF points). */
const PLOT = {
  /** A text block of this many lines or more is a paragraph, never a chart's title (count). */
  paragraphMinLines: 3,
  /** The legend is looked for this far (px) left of and below the plot... */
  legendMargin: 10,
  /** ...this far (px) above it... */
  legendAbove: 120,
  /** ...and right of it by the larger of this (px)... */
  legendRightMin: 250,
  /** ...and this share of the plot's width. */
  legendRightShare: 0.5,
  /** A line belongs to a legend entry when this share of its area lies inside the entry (ratio). */
  legendLineCover: 0.5,
} as const;

/**
 * Charts drawn as vector graphics on a born-digital page: for each plot area (where axes meet) the tick labels
 * give the scales, the marks inside (bars, lines, filled areas, free markers) give the series, and the text around
 * it the title and axis titles; pies are found apart, from wedges sharing a centre. Total: a chart that cannot
 * be read is skipped, never thrown.
 */
export function findVectorCharts(input: PageGraphicsInput): ChartFinding[] {
  const drawing = input.drawing;
  if (!drawing || drawing.paths.length === 0) return [];
  try {
    const lines = input.page.lines.filter((l) => l.text.trim() !== '');
    const segments = axisSegments(drawing);
    const prose = proseLineIds(input.page);
    const findings: ChartFinding[] = [];
    for (const plot of findPlotAreas(segments)) {
      const finding = safely(() => readPlot({ plot, drawing, lines, segments }, prose));
      if (finding) findings.push(finding);
    }
    for (const pie of safely(() => findPies(drawing, lines)) ?? []) {
      if (findings.some((f) => overlapArea(f.bbox, pie.box) > 0)) continue;
      const finding = safely(() => pieFinding(pie, lines, prose));
      if (finding) findings.push(finding);
    }
    return findings;
  } catch {
    return [];
  }
}

/** Lines of paragraphs (three lines or more) and of running headers/footers: never a chart's title. */
function proseLineIds(page: PageGraphicsInput['page']): Set<string> {
  const ids = new Set<string>();
  for (const block of page.blocks ?? []) {
    const paragraph = (block.type === 'text' || block.type === 'list_item') && block.lines.length >= PLOT.paragraphMinLines;
    if (paragraph || block.type === 'page_header' || block.type === 'page_footer') for (const l of block.lines) ids.add(l.id);
  }
  return ids;
}

/** Printed text without control characters (some producers leave BEL/TAB codes in the text layer). */
function clean(text: string): string {
  return text
    .replace(/[\u0000-\u001f\u007f]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

function safely<T>(fn: () => T): T | null {
  try {
    return fn();
  } catch {
    return null;
  }
}

type PlotInput = Pick<PlotContext, 'plot' | 'drawing' | 'lines' | 'segments'>;

function readPlot(base: PlotInput, prose: Set<string>): ChartFinding | null {
  const { plot, lines, segments, drawing } = base;
  const left = leftLabels(lines, plot, segments);
  const bottom = bottomLabels(lines, plot, segments);
  const span = plot[2] - plot[0];
  const legend = findLegend(drawing, lines, [
    plot[0] - PLOT.legendMargin,
    plot[1] - PLOT.legendAbove,
    plot[2] + Math.max(PLOT.legendRightMin, span * PLOT.legendRightShare),
    plot[3] + PLOT.legendMargin,
  ]);
  const taken = new Set<Line>(lines.filter((l) => legend.some((e) => overlapArea(e.box, l.bbox) > PLOT.legendLineCover * area(l.bbox))));
  const texts = chartTexts(lines, plot, left, bottom, taken, prose);
  const title = clean(texts.title.map((l) => l.text).join(' '));
  const axes = { x_label: clean(texts.xLabel?.text ?? ''), y_label: clean(texts.yLabel?.text ?? '') };
  const ctx: PlotContext = {
    ...base,
    left,
    bottom,
    legend,
    yScale: fitScale(left),
    xScale: fitScale(bottom),
    fallbackName: '',
  };
  const result = readMarks(ctx, title, axes);
  if (!result) return null;
  const parts: ItemPart[] = [
    ...texts.title.map((l) => ({ bbox: l.bbox, label: 'chart_title' })),
    ...[texts.xLabel, texts.yLabel].filter((l): l is Line => l !== null).map((l) => ({ bbox: l.bbox, label: 'axis_label' })),
    ...legend.map((e) => ({ bbox: e.box, label: 'legend' })),
    ...result.parts,
  ];
  const around = [...left, ...bottom].map((t) => t.line.bbox);
  const bbox = union([plot, ...around, ...parts.map((p) => p.bbox)]);
  const finding: ChartFinding = {
    kind: 'chart',
    chartType: result.chartType,
    bbox,
    title,
    axes,
    series: result.series,
    scale: result.scale,
    insights: [],
    confidence: round2(result.confidence),
    parts,
    source: 'vector',
  };
  return withDescription(finding);
}

/** Bars first (their rectangles are unambiguous), then lines, then filled areas, then free markers. */
function readMarks(ctx: PlotContext, title: string, axes: { x_label: string; y_label: string }): MarkResult | null {
  const result = readBars(ctx) ?? readLines(ctx) ?? readAreas(ctx) ?? readScatter(ctx);
  if (!result) return null;
  // A lone series the legend does not name: its category axis is known only now (horizontal bars: the left one).
  const fallback = measureName(title, axes, result.chartType === 'hbar' ? 'y' : 'x');
  for (const s of result.series) if (!s.name) s.name = fallback;
  return result;
}

/**
 * The name of a lone series the legend does not name: a title of the form "<measure> by <category axis>" names
 * the measure ("Revenue by period"); else the value axis' title.
 */
function measureName(title: string, axes: { x_label: string; y_label: string }, categoryAxis: 'x' | 'y'): string {
  const category = categoryAxis === 'x' ? axes.x_label : axes.y_label;
  const value = categoryAxis === 'x' ? axes.y_label : axes.x_label;
  const m = /^(.+?)\s+(?:by|per|over|across)\s+(.+)$/i.exec(title);
  if (m && category && m[2].toLowerCase().startsWith(category.toLowerCase())) return m[1].trim();
  return value;
}

function pieFinding(pie: ReturnType<typeof findPies>[number], lines: Line[], prose: Set<string>): ChartFinding {
  const taken = new Set<Line>(lines.filter((l) => pie.legend.some((e) => overlapArea(e.box, l.bbox) > 0)));
  const texts = chartTexts(lines, pie.box, [], [], taken, prose);
  const title = clean(texts.title.map((l) => l.text).join(' '));
  const parts: ItemPart[] = [
    ...texts.title.map((l) => ({ bbox: l.bbox, label: 'chart_title' })),
    ...pie.legend.map((e) => ({ bbox: e.box, label: 'legend' })),
    ...pie.parts,
  ];
  const finding: ChartFinding = {
    kind: 'chart',
    chartType: 'pie',
    bbox: union([pie.box, ...parts.map((p) => p.bbox)]),
    title,
    axes: { x_label: '', y_label: '' },
    series: [{ name: title, points: pie.points.map((p) => ({ ...p, label: p.label ?? null, x: p.label ?? null })) }],
    insights: [],
    confidence: round2(pie.confidence),
    parts,
    source: 'vector',
  };
  return withDescription(finding);
}

function withDescription(f: ChartFinding): ChartFinding {
  const { summary, insights } = describeChart(f);
  return { ...f, summary, insights };
}
