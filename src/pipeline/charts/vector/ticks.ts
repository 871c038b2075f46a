import type { BBox, Line } from '../../model/types.ts';
import { centerX, centerY, height, width } from '../../model/geometry.ts';
import { near, type Segment } from './primitives.ts';
import { parseNumber, printedDecimals } from './numbers.ts';

/**
 * Tick labels around a plot and the axis scale they define. Labels left of the plot read the vertical axis,
 * labels under it the horizontal one. A label's position is its centre, snapped to the tick mark or gridline
 * it names when one is that close. The scale is value = a + b·px (or log10(value) = a + b·px) fitted by least
 * squares over the labels that parse as numbers.
 */
export interface TickLabel {
  line: Line;
  /** The text layer's line the label came from (several labels may share one when it was split). */
  source: Line;
  text: string;
  /** Pixel position along the axis (y for the vertical axis, x for the horizontal one). */
  pos: number;
  value: number | null;
}

export interface AxisScale {
  scale: 'linear' | 'log';
  a: number;
  b: number;
  /** Max misfit of a label, relative to the axis' value range (0 = every label on the line). */
  misfit: number;
  /** Most decimals printed on a tick label. */
  decimals: number;
  labels: TickLabel[];
}

/** Thresholds of the tick-label readers and the scale fit; lengths in page px (PDF points). */
const TICK = {
  /** A left label may end this far (px) right of the vertical axis... */
  leftOverlap: 4,
  /** ...and this far (px) left of it at most. */
  leftReach: 160,
  /** Labels' centres may lie this far (px) above or below the plot. */
  leftVerticalSlack: 12,
  /** Left labels end within this much (px) of the column nearest the axis. */
  leftColumnTol: 30,
  /** A label snaps to a tick within this share of its height (left) or width (bottom) (ratio). */
  snapShare: 0.3,
  /** Bottom labels start less than this far (px) under the plot. */
  bottomReach: 40,
  /** Bottom labels' centres may lie this far (px) left or right of the plot. */
  bottomSideSlack: 20,
  /** A bottom label must end this far (px) right of the vertical axis. */
  bottomPastAxis: 2,
  /** Bottom labels' centres lie within this share of their height of the top row (ratio). */
  bottomRowShare: 0.4,
  /** Smallest snapping distance for a bottom label (px). */
  bottomSnapMin: 3,
  /** Words of a joined line split when every gap is wider than this share of the font size (ratio). */
  wordSplitGap: 0.6,
  /** Tick marks and gridlines may be this much (px) longer than the plot... */
  tickSpanSlack: 20,
  /** ...and touch the axis within this distance (px). */
  tickTouchTol: 2,
  /** Fewest numeric labels for a scale (count)... */
  minNumeric: 3,
  /** ...and their least share of the labels (ratio). */
  minNumericShare: 0.6,
  /** Above this misfit (share of the value range) the worst label is dropped and the scale refitted... */
  refitMisfit: 0.02,
  /** ...when there are at least this many numeric labels (count). */
  refitMinLabels: 4,
  /** A log fit wins when its misfit is under this share of the linear one's... */
  logWinShare: 0.5,
  /** ...and the linear misfit is above this (share of the value range). */
  logMinLinearMisfit: 0.005,
} as const;

export function valueAt(axis: AxisScale, px: number): number {
  const t = axis.a + axis.b * px;
  return axis.scale === 'log' ? 10 ** t : t;
}

/** Labels in the column just left of the plot, top to bottom. */
export function leftLabels(lines: Line[], plot: BBox, segments: Segment[]): TickLabel[] {
  const cands = lines.filter(
    (l) =>
      l.rotation === 0 &&
      l.bbox[2] <= plot[0] + TICK.leftOverlap &&
      l.bbox[2] >= plot[0] - TICK.leftReach &&
      centerY(l.bbox) >= plot[1] - TICK.leftVerticalSlack &&
      centerY(l.bbox) <= plot[3] + TICK.leftVerticalSlack,
  );
  if (cands.length === 0) return [];
  // The column nearest the axis: prose further left is not a tick label.
  const nearest = Math.max(...cands.map((l) => l.bbox[2]));
  const column = cands.filter((l) => l.bbox[2] >= nearest - TICK.leftColumnTol);
  const ticks = tickPositions(segments, 'h', plot[0], width(plot));
  return column.map((l) => toLabel(l, snap(centerY(l.bbox), ticks, height(l.bbox) * TICK.snapShare))).sort((a, b) => a.pos - b.pos);
}

/** Labels in the first row under the plot, left to right. */
export function bottomLabels(lines: Line[], plot: BBox, segments: Segment[]): TickLabel[] {
  // A label ending at the vertical axis is that axis' lowest tick (its "0"), not one of the horizontal axis.
  const cands = lines.filter(
    (l) =>
      l.rotation === 0 &&
      centerY(l.bbox) > plot[3] &&
      l.bbox[1] < plot[3] + TICK.bottomReach &&
      centerX(l.bbox) >= plot[0] - TICK.bottomSideSlack &&
      centerX(l.bbox) <= plot[2] + TICK.bottomSideSlack &&
      l.bbox[2] > plot[0] + TICK.bottomPastAxis,
  );
  if (cands.length === 0) return [];
  const top = Math.min(...cands.map((l) => centerY(l.bbox)));
  const row = cands.filter((l) => centerY(l.bbox) <= top + height(l.bbox) * TICK.bottomRowShare);
  const ticks = tickPositions(segments, 'v', plot[3], height(plot));
  return splitWords(row)
    .map((l) => toLabel(l, snap(centerX(l.bbox), ticks, Math.max(width(l.bbox) * TICK.snapShare, TICK.bottomSnapMin))))
    .sort((a, b) => a.pos - b.pos);
}

/** Split word-lines back to the line they came from. */
const sources = new WeakMap<Line, Line>();

function toLabel(line: Line, pos: number): TickLabel {
  const text = line.text.trim();
  return { line, source: sources.get(line) ?? line, text, pos, value: parseNumber(text) };
}

/**
 * The text layer may join neighbouring tick labels into one line ("North South" when they sit close): split such
 * a line back into its words when every word alone is short and the words are far apart.
 */
function splitWords(row: Line[]): Line[] {
  const out: Line[] = [];
  for (const line of row) {
    const gaps = line.words.slice(1).map((w, i) => w.bbox[0] - line.words[i].bbox[2]);
    const wide = line.words.length > 1 && gaps.every((g) => g > line.font.size * TICK.wordSplitGap);
    if (!wide) {
      out.push(line);
      continue;
    }
    for (const w of line.words) {
      const part = { ...line, text: w.text, bbox: w.bbox, words: [w] };
      sources.set(part, line);
      out.push(part);
    }
  }
  return out;
}

/** Where short marks or gridlines leave the axis at `axisAt` (perpendicular segments touching it). */
function tickPositions(segments: Segment[], dir: 'h' | 'v', axisAt: number, span: number): number[] {
  return segments
    .filter(
      (s) =>
        s.dir === dir &&
        s.b - s.a <= span + TICK.tickSpanSlack &&
        (near(s.a, axisAt, TICK.tickTouchTol) || near(s.b, axisAt, TICK.tickTouchTol)),
    )
    .map((s) => s.at);
}

function snap(pos: number, ticks: number[], tol: number): number {
  let best = pos;
  let dist = tol;
  for (const t of ticks) {
    if (Math.abs(t - pos) <= dist) {
      dist = Math.abs(t - pos);
      best = t;
    }
  }
  return best;
}

const MAX_MISFIT = 0.05;

/** The numeric scale of an axis, or null when fewer than two labels are numbers or most labels are words. */
export function fitScale(labels: TickLabel[]): AxisScale | null {
  const numeric = labels.filter((l) => l.value !== null);
  // Three numbers at least, nearly on one line: a column of table figures is not an axis.
  if (numeric.length < TICK.minNumeric || numeric.length < labels.length * TICK.minNumericShare) return null;
  const decimals = Math.max(...numeric.map((l) => printedDecimals(l.text)));
  let pts = numeric.map((l) => ({ pos: l.pos, value: l.value as number }));
  let best = bestFit(pts);
  if (best && best.misfit > TICK.refitMisfit && pts.length >= TICK.refitMinLabels) {
    // One stray label (a unit, an axis-crossing number) should not bend the scale: drop the worst and refit.
    const worst = pts.reduce((w, p) => (residual(best!, p) > residual(best!, w) ? p : w), pts[0]);
    pts = pts.filter((p) => p !== worst);
    const again = bestFit(pts);
    if (again && again.misfit < best.misfit) best = again;
  }
  return best && best.misfit <= MAX_MISFIT ? { ...best, decimals, labels: numeric } : null;
}

type Fit = { scale: 'linear' | 'log'; a: number; b: number; misfit: number };

function bestFit(pts: { pos: number; value: number }[]): Fit | null {
  const linear = leastSquares(
    pts.map((p) => [p.pos, p.value]),
    'linear',
  );
  const positive = pts.every((p) => p.value > 0);
  const log = positive
    ? leastSquares(
        pts.map((p) => [p.pos, Math.log10(p.value)]),
        'log',
      )
    : null;
  if (!linear) return log;
  if (!log) return linear;
  return log.misfit < linear.misfit * TICK.logWinShare && linear.misfit > TICK.logMinLinearMisfit ? log : linear;
}

function leastSquares(xy: [number, number][], scale: 'linear' | 'log'): Fit | null {
  const n = xy.length;
  const mx = xy.reduce((s, p) => s + p[0], 0) / n;
  const my = xy.reduce((s, p) => s + p[1], 0) / n;
  let sxx = 0;
  let sxy = 0;
  for (const [x, y] of xy) {
    sxx += (x - mx) ** 2;
    sxy += (x - mx) * (y - my);
  }
  if (sxx < 1e-9 || Math.abs(sxy) < 1e-12) return null;
  const b = sxy / sxx;
  const a = my - b * mx;
  const ys = xy.map((p) => p[1]);
  const range = Math.max(...ys) - Math.min(...ys) || 1;
  const misfit = Math.max(...xy.map(([x, y]) => Math.abs(a + b * x - y))) / range;
  return { scale, a, b, misfit };
}

function residual(fit: Fit, p: { pos: number; value: number }): number {
  const v = fit.scale === 'log' ? Math.log10(Math.max(p.value, 1e-300)) : p.value;
  return Math.abs(fit.a + fit.b * p.pos - v);
}
