import type { BBox, Line } from '../../model/types.ts';
import type { PageDrawing } from '../../drawing/mod.ts';
import type { ChartSeries, ChartType, ItemPart } from '../types.ts';
import type { Segment } from './primitives.ts';
import type { LegendEntry } from './legend.ts';
import type { AxisScale, TickLabel } from './ticks.ts';

/** What the mark readers (bars, lines, scatter) know about one plot area. */
export interface PlotContext {
  plot: BBox;
  drawing: PageDrawing;
  lines: Line[];
  segments: Segment[];
  /** Tick labels left of the plot (vertical axis) and under it (horizontal axis). */
  left: TickLabel[];
  bottom: TickLabel[];
  yScale: AxisScale | null;
  xScale: AxisScale | null;
  legend: LegendEntry[];
  /** Name for a single series the legend does not name. */
  fallbackName: string;
}

/** The data a mark reader recovered from one plot. */
export interface MarkResult {
  chartType: ChartType;
  series: ChartSeries[];
  scale: 'linear' | 'log';
  parts: ItemPart[];
  confidence: number;
}

/** Legend name for a colour; a lone unnamed series takes the fallback name. */
export function seriesName(ctx: PlotContext, color: string, index: number, count: number): string {
  const entry = ctx.legend.find((e) => e.color === color);
  if (entry) return entry.name;
  if (count === 1) return ctx.fallbackName;
  return `Series ${index + 1}`;
}

/** The label nearest to `pos` along its axis, when it is closer than `maxDist`. */
export function nearestLabel(labels: TickLabel[], pos: number, maxDist: number): TickLabel | null {
  let best: TickLabel | null = null;
  let dist = maxDist;
  for (const l of labels) {
    const d = Math.abs(l.pos - pos);
    if (d <= dist) {
      dist = d;
      best = l;
    }
  }
  return best;
}

/** Values rounded to a precision finer than the axis can show, so 59.69999 reads 59.7. */
export function tidy(value: number, scale: AxisScale): number {
  // Linear: a thousandth of the value range per 1000 px; log: four significant digits of the value itself.
  const log = scale.scale === 'log';
  const magnitude = log ? Math.abs(value) : Math.abs(scale.b) * 1000;
  if (!Number.isFinite(magnitude) || magnitude === 0) return value;
  const decimals = Math.min(10, Math.max(0, (log ? 3 : 4) - Math.floor(Math.log10(magnitude))));
  const f = 10 ** decimals;
  return Math.round(value * f) / f;
}
