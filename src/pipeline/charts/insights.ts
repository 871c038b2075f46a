import type { ChartFinding, ChartPoint, ChartSeries, ChartType } from './types.ts';

/**
 * A chart's summary and insights, computed from its recovered data (deterministic, no model): the range and
 * where it peaks, totals and means where they mean something, the trend of a line, the largest share of a pie,
 * and which series leads a grouped chart. Numbers are printed at the precision the data carries.
 */
export interface ChartDescription {
  summary: string;
  insights: string[];
}

/** Thresholds of the insights. */
const INSIGHT = {
  /** A line that ends this many times higher than it starts is reported as a ratio, not a percentage. */
  ratioChange: 10,
  /** Ratios this large or larger are printed as whole numbers. */
  wholeRatio: 100,
  /** Pies of this many slices or more report the two largest together (count). */
  topTwoSlices: 3,
  /** Fewest points for a correlation (count). */
  correlationPoints: 3,
  /** |r| at least this is a strong correlation; at least the second, a moderate one. */
  strongCorrelation: 0.7,
  moderateCorrelation: 0.3,
} as const;

const TYPE_NAMES: Record<ChartType, string> = {
  bar: 'Bar chart',
  hbar: 'Horizontal bar chart',
  grouped_bar: 'Grouped bar chart',
  stacked_bar: 'Stacked bar chart',
  line: 'Line chart',
  scatter: 'Scatter plot',
  pie: 'Pie chart',
  area: 'Area chart',
  unknown: 'Chart',
};

interface Valued {
  series: string;
  label: string;
  y: number;
}

export function describeChart(f: ChartFinding): ChartDescription {
  try {
    const type = f.chartType ?? 'unknown';
    const series = f.series.filter((s) => s.points.some((p) => isNum(p.y)));
    const values = series.flatMap((s) =>
      s.points.filter((p) => isNum(p.y)).map((p) => ({ series: s.name, label: pointName(p), y: p.y as number })),
    );
    const name = TYPE_NAMES[type] ?? 'Chart';
    if (values.length === 0) return { summary: `${name}${f.title ? ` "${f.title}"` : ''}: no values could be read.`, insights: [] };
    const fmt = formatter(values.map((v) => v.y));
    if (type === 'pie') return describePie(f, values, fmt);
    if (type === 'scatter') return describeScatter(f, series, values, fmt);
    return describeCategorical(f, type, series, values, fmt);
  } catch {
    return { summary: '', insights: [] };
  }
}

const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

function pointName(p: ChartPoint): string {
  if (p.label) return p.label;
  if (p.x !== null && p.x !== undefined) return String(p.x);
  return '?';
}

/** Formats at about four significant digits of the largest magnitude, with thousands separators. */
function formatter(ys: number[]): (v: number) => string {
  const mag = Math.max(...ys.map((v) => Math.abs(v)));
  const decimals = mag > 0 ? Math.min(6, Math.max(0, 3 - Math.floor(Math.log10(mag)))) : 0;
  return (v: number) => v.toLocaleString('en-US', { minimumFractionDigits: 0, maximumFractionDigits: decimals });
}

function subject(f: ChartFinding, series: ChartSeries[]): string {
  const measure = series.length === 1 && series[0].name ? series[0].name : f.axes.y_label || f.title;
  const category = f.chartType === 'hbar' ? f.axes.y_label : f.axes.x_label;
  if (measure && category && measure !== category) return ` of ${measure} by ${category}`;
  if (measure) return ` of ${measure}`;
  return f.title ? ` "${f.title}"` : '';
}

function extremes(values: Valued[]): { max: Valued; min: Valued } {
  let max = values[0];
  let min = values[0];
  for (const v of values) {
    if (v.y > max.y) max = v;
    if (v.y < min.y) min = v;
  }
  return { max, min };
}

function where(v: Valued, multi: boolean): string {
  return multi ? `${v.series}, ${v.label}` : v.label;
}

function describeCategorical(
  f: ChartFinding,
  type: ChartType,
  series: ChartSeries[],
  values: Valued[],
  fmt: (v: number) => string,
): ChartDescription {
  const multi = series.length > 1;
  const categories = [...new Set(values.map((v) => v.label))];
  const { max, min } = extremes(values);
  const name = TYPE_NAMES[type];
  const seriesPart = multi ? `${series.length} series (${series.map((s) => s.name || 'unnamed').join(', ')}) over ` : '';
  const summary = `${name}${subject(f, series)}: ${seriesPart}${categories.length} ${categories.length === 1 ? 'category' : 'categories'}, from ${fmt(min.y)} (${where(min, multi)}) to ${fmt(max.y)} (${where(max, multi)}).`;
  const insights = [`Highest: ${fmt(max.y)} (${where(max, multi)}).`, `Lowest: ${fmt(min.y)} (${where(min, multi)}).`];
  for (const s of series) {
    const ys = s.points.map((p) => p.y).filter(isNum);
    if (ys.length < 2) continue;
    const total = ys.reduce((a, b) => a + b, 0);
    const text = type === 'line' ? trend(s, fmt) : `total ${fmt(total)}, mean ${fmt(total / ys.length)}.`;
    insights.push(multi ? `${s.name || 'unnamed'}: ${text}` : text.replace(/^./, (c) => c.toUpperCase()));
  }
  if (multi && type !== 'stacked_bar') {
    const leader = leadingSeries(series, categories);
    if (leader) insights.push(`${leader.name} leads in ${leader.wins} of ${categories.length} categories.`);
  }
  if (type === 'stacked_bar') {
    const totals = categories.map((c) => ({ c, t: values.filter((v) => v.label === c).reduce((a, v) => a + v.y, 0) }));
    const top = totals.reduce((a, b) => (b.t > a.t ? b : a));
    insights.push(`Largest stacked total: ${fmt(top.t)} (${top.c}).`);
  }
  return { summary, insights };
}

function trend(s: ChartSeries, fmt: (v: number) => string): string {
  const pts = s.points.filter((p) => isNum(p.y));
  const ys = pts.map((p) => p.y as number);
  const first = ys[0];
  const last = ys[ys.length - 1];
  const steps = ys.slice(1).map((y, i) => y - ys[i]);
  const direction = steps.every((d) => d >= 0) ? 'rising' : steps.every((d) => d <= 0) ? 'falling' : 'mixed';
  const ratio = first !== 0 ? last / first : NaN;
  const change = !Number.isFinite(ratio)
    ? ''
    : ratio >= INSIGHT.ratioChange
      ? ` (${fmtRatio(ratio)}x)`
      : ` (${last >= first ? '+' : ''}${(((last - first) / Math.abs(first)) * 100).toFixed(1)}%)`;
  return `trend ${direction}: from ${fmt(first)} (${pointName(pts[0])}) to ${fmt(last)} (${pointName(pts[pts.length - 1])})${change}.`;
}

const fmtRatio = (r: number) => (r >= INSIGHT.wholeRatio ? Math.round(r).toLocaleString('en-US') : r.toFixed(1));

function leadingSeries(series: ChartSeries[], categories: string[]): { name: string; wins: number } | null {
  const wins = new Map<string, number>();
  for (const c of categories) {
    let best: ChartSeries | null = null;
    let bestY = -Infinity;
    for (const s of series) {
      const y = s.points.find((p) => pointName(p) === c)?.y;
      if (isNum(y) && y > bestY) {
        bestY = y;
        best = s;
      }
    }
    if (best) wins.set(best.name || 'unnamed', (wins.get(best.name || 'unnamed') ?? 0) + 1);
  }
  const top = [...wins].sort((a, b) => b[1] - a[1])[0];
  return top ? { name: top[0], wins: top[1] } : null;
}

function describePie(f: ChartFinding, values: Valued[], fmt: (v: number) => string): ChartDescription {
  const sorted = [...values].sort((a, b) => b.y - a.y);
  const largest = sorted[0];
  const smallest = sorted[sorted.length - 1];
  const summary = `Pie chart${f.title ? ` of ${f.title}` : ''}: ${values.length} slices; the largest is ${largest.label} (${fmt(largest.y)}%).`;
  const insights = [
    `Largest share: ${largest.label} with ${fmt(largest.y)}%.`,
    `Smallest share: ${smallest.label} with ${fmt(smallest.y)}%.`,
  ];
  if (sorted.length >= INSIGHT.topTwoSlices) {
    const top2 = sorted[0].y + sorted[1].y;
    insights.push(`The two largest slices (${sorted[0].label}, ${sorted[1].label}) make up ${fmt(top2)}%.`);
  }
  return { summary, insights };
}

function describeScatter(f: ChartFinding, series: ChartSeries[], values: Valued[], fmt: (v: number) => string): ChartDescription {
  const pts = series.flatMap((s) => s.points.filter((p) => isNum(p.y)));
  const xs = pts.map((p) => p.x).filter(isNum);
  const { max, min } = extremes(values);
  const fx = xs.length ? formatter(xs) : fmt;
  const xRange = xs.length ? `, x from ${fx(Math.min(...xs))} to ${fx(Math.max(...xs))}` : '';
  const versus = f.axes.y_label && f.axes.x_label ? ` of ${f.axes.y_label} vs ${f.axes.x_label}` : subject(f, series);
  const summary = `Scatter plot${versus}: ${pts.length} points${xRange}, y from ${fmt(min.y)} to ${fmt(max.y)}.`;
  const insights = [`Highest y: ${fmt(max.y)} (at x = ${max.label}).`, `Lowest y: ${fmt(min.y)} (at x = ${min.label}).`];
  const pairs = pts.filter((p) => isNum(p.x)).map((p) => [p.x as number, p.y as number]);
  const r = correlation(pairs);
  if (r !== null && pairs.length >= INSIGHT.correlationPoints) {
    const sign = r >= 0 ? 'positive' : 'negative';
    const text =
      Math.abs(r) >= INSIGHT.strongCorrelation
        ? `Strong ${sign} correlation`
        : Math.abs(r) >= INSIGHT.moderateCorrelation
          ? `Moderate ${sign} correlation`
          : 'No clear correlation';
    insights.push(`${text} between x and y (r = ${r.toFixed(2)}).`);
  }
  return { summary, insights };
}

function correlation(pairs: number[][]): number | null {
  const n = pairs.length;
  if (n < 2) return null;
  const mx = pairs.reduce((s, p) => s + p[0], 0) / n;
  const my = pairs.reduce((s, p) => s + p[1], 0) / n;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (const [x, y] of pairs) {
    sxy += (x - mx) * (y - my);
    sxx += (x - mx) ** 2;
    syy += (y - my) ** 2;
  }
  return sxx > 0 && syy > 0 ? sxy / Math.sqrt(sxx * syy) : null;
}
