import type { PlotArea } from './axes.ts';
import type { Component } from './palette.ts';
import { numberOf, type TextLabel } from './text.ts';

/**
 * Charts drawn without dark axis lines (light grey or no axes, as many office and web styles draw them): the plot
 * area is inferred from bars that share a baseline (several same-height-base rectangles side by side) and from the
 * column of numeric tick labels beside them.
 */
/** Thresholds of the plot inferred without axes; lengths in image px. */
const INFER = {
  /** A bar is at least this wide and tall (px)... */
  minBarSide: 3,
  /** ...and fills this share of its box (ratio). */
  minFill: 0.8,
  /** Bars share an edge within this (px). */
  edgeTol: 2,
  /** Fewest bars on a common edge (count). */
  minBars: 2,
  /** Tick labels may reach this far (px) past the baseline. */
  labelSlack: 4,
  /** The plot extends this far (px) beyond its bars and labels. */
  margin: 2,
  /** Room past the last bar: the larger of this (px) and this share of the bars' extent. */
  endRoomMin: 4,
  endRoomShare: 0.02,
  /** Fewest aligned tick labels (count). */
  minTicks: 2,
  /** Tick labels line up within this (px) of their median edge. */
  alignTol: 6,
} as const;

function isBar(c: Component): boolean {
  const w = c.x1 - c.x0 + 1,
    h = c.y1 - c.y0 + 1;
  return w >= INFER.minBarSide && h >= INFER.minBarSide && c.pixels >= INFER.minFill * w * h;
}

/** The largest set of bars whose `key` edge agrees within 2 px. */
function commonEdge(bars: Component[], key: (c: Component) => number): Component[] {
  let best: Component[] = [];
  for (const b of bars) {
    const group = bars.filter((c) => Math.abs(key(c) - key(b)) <= INFER.edgeTol);
    if (group.length > best.length) best = group;
  }
  return best;
}

export function inferPlotArea(comps: Component[], labels: TextLabel[]): PlotArea | null {
  const bars = comps.filter(isBar);
  const onBottom = commonEdge(bars, (c) => c.y1);
  const onLeft = commonEdge(bars, (c) => c.x0);
  const numbers = labels.filter((l) => numberOf(l) !== null);
  if (onBottom.length >= INFER.minBars && onBottom.length >= onLeft.length) {
    const bottom = Math.max(...onBottom.map((c) => c.y1)) + 1;
    const x0 = Math.min(...onBottom.map((c) => c.x0)),
      x1 = Math.max(...onBottom.map((c) => c.x1));
    const ticks = aligned(
      numbers.filter((l) => l.bbox[2] < x0 && (l.bbox[1] + l.bbox[3]) / 2 <= bottom + INFER.labelSlack),
      2,
      (l) => -(l.bbox[1] + l.bbox[3]) / 2,
    );
    if (!ticks) return null;
    const top = Math.min(...onBottom.map((c) => c.y0), ...ticks.map((l) => l.bbox[1])) - INFER.margin;
    const left = Math.max(...ticks.map((l) => l.bbox[2])) + INFER.margin;
    return {
      left,
      top,
      right: x1 + Math.max(INFER.endRoomMin, INFER.endRoomShare * (x1 - x0)),
      bottom,
      hasXAxis: false,
      hasYAxis: false,
      xTicks: [],
      yTicks: [],
    };
  }
  if (onLeft.length >= INFER.minBars) {
    const left = Math.min(...onLeft.map((c) => c.x0)) - 1;
    const y0 = Math.min(...onLeft.map((c) => c.y0)),
      y1 = Math.max(...onLeft.map((c) => c.y1));
    const ticks = aligned(
      numbers.filter((l) => l.bbox[1] > y1 && (l.bbox[0] + l.bbox[2]) / 2 >= left - INFER.labelSlack),
      1,
      (l) => (l.bbox[0] + l.bbox[2]) / 2,
    );
    if (!ticks) return null;
    const bottom = Math.min(...ticks.map((l) => l.bbox[1])) - INFER.margin;
    const right = Math.max(...onLeft.map((c) => c.x1), ...ticks.map((l) => l.bbox[2]));
    return {
      left,
      top: y0 - Math.max(INFER.endRoomMin, INFER.endRoomShare * (y1 - y0)),
      right,
      bottom,
      hasXAxis: false,
      hasYAxis: false,
      xTicks: [],
      yTicks: [],
    };
  }
  return null;
}

/**
 * Tick labels line up (right edges of a y column, tops of an x row: `edge` is the bbox index) and their values grow
 * along the axis (`along`: position in the direction values grow). Returns the aligned labels, or null.
 */
function aligned(labels: TextLabel[], edge: number, along: (l: TextLabel) => number): TextLabel[] | null {
  if (labels.length < INFER.minTicks) return null;
  const edges = labels.map((l) => l.bbox[edge]).sort((a, b) => a - b);
  const median = edges[edges.length >> 1];
  const kept = labels.filter((l) => Math.abs(l.bbox[edge] - median) <= INFER.alignTol).sort((a, b) => along(a) - along(b));
  if (kept.length < INFER.minTicks) return null;
  const values = kept.map((l) => numberOf(l)!);
  return values.every((v, i) => i === 0 || v > values[i - 1]) ? kept : null;
}
