import { BACKGROUND, INK, type Segmentation } from './palette.ts';

/**
 * The plot area from the axes: long dark horizontal runs (the x axis is the lowest one) and long dark vertical runs
 * (the y axis is the leftmost one). Tick marks are the short dark stubs just outside (or inside) an axis.
 */
export interface PlotArea {
  left: number;
  top: number;
  right: number;
  /** The x axis row (bars stand on it). */
  bottom: number;
  hasXAxis: boolean;
  hasYAxis: boolean;
  /** Tick mark centres: y pixels along the left axis, x pixels along the bottom axis. */
  yTicks: number[];
  xTicks: number[];
}

interface Run {
  at: number;
  from: number;
  to: number;
}
/** A straight dark line: rows (or columns) `a0..a1` thick, spanning `from..to` along its length. */
interface Stroke {
  a0: number;
  a1: number;
  from: number;
  to: number;
}

/** Thresholds of the axis and tick finders; lengths in image px. */
const AXES = {
  /** Runs in neighbouring rows overlapping by this share of the shorter are one stroke (ratio). */
  strokeOverlap: 0.9,
  /** Stroke collection stops past this many strokes (count). */
  maxStrokes: 4000,
  /** A stroke is at most this many rows thick (px, counted as a1 - a0). */
  maxStrokeThickness: 8,
  /** An axis is at least the larger of this (px) and this share of the window's shorter side. */
  minAxisPx: 30,
  minAxisShare: 0.08,
  /** The axes may fall short of their corner by this much (px)... */
  cornerShort: 3,
  /** ...or overshoot it by this (px) plus this share of the other axis' length (tick marks). */
  cornerOver: 9,
  cornerOverShare: 0.03,
  /** A plot area is at least this wide and tall (px). */
  minPlotSide: 40,
  /** An area within this (px) of a kept bigger one lies inside it. */
  nestSlack: 3,
  /** Most plot areas per window (count). */
  maxAreas: 8,
  /** A tick stub is ink from this far to this far (px) from the axis line. */
  stubFrom: 3,
  stubTo: 5,
  /** Ticks are looked for from this far (px) past the axis corner along x (along y: 1). */
  tickStartX: 2,
  /** A run of stubs this long (px, last - first) or shorter is a tick; longer is a mark. */
  maxTickRun: 4,
} as const;

/** All ink runs at least `min` long along one row (horizontal) or column, allowing single-pixel gaps. */
function runsAlong(seg: Segmentation, at: number, horizontal: boolean, from: number, to: number, min: number): Run[] {
  const runs: Run[] = [];
  let start = -1,
    last = -1;
  for (let i = from; i <= to; i++) {
    const ink = i < to && seg.labels[horizontal ? at * seg.width + i : i * seg.width + at] === INK;
    if (ink) {
      if (start < 0) start = i;
      last = i;
      continue;
    }
    if (start >= 0 && i - last <= 1 && i < to) continue;
    if (start >= 0 && last - start + 1 >= min) runs.push({ at, from: start, to: last });
    start = -1;
  }
  return runs;
}

/** Runs in neighbouring rows (columns) that mostly overlap make one stroke (tick marks may lengthen a row). */
export function strokes(seg: Segmentation, window: [number, number, number, number], horizontal: boolean, min: number): Stroke[] {
  const [x0, y0, x1, y1] = window;
  const out: Stroke[] = [];
  const [a0, a1, b0, b1] = horizontal ? [y0, y1, x0, x1] : [x0, x1, y0, y1];
  for (let a = a0; a < a1; a++) {
    for (const r of runsAlong(seg, a, horizontal, b0, b1, min)) {
      const s = out.find(
        (q) =>
          q.a1 === a - 1 && Math.min(q.to, r.to) - Math.max(q.from, r.from) >= AXES.strokeOverlap * Math.min(q.to - q.from, r.to - r.from),
      );
      if (s) {
        s.a1 = a;
        s.from = Math.min(s.from, r.from);
        s.to = Math.max(s.to, r.to);
      } else out.push({ a0: a, a1: a, from: r.from, to: r.to });
      if (out.length > AXES.maxStrokes) return out;
    }
  }
  return out.filter((q) => q.a1 - q.a0 <= AXES.maxStrokeThickness);
}

/**
 * Plot areas: an x axis (a long dark horizontal line) whose left end meets the bottom of a y axis (a long dark
 * vertical line). The biggest areas win; areas inside a bigger one (dark grid cells) are dropped.
 */
export function findPlotAreas(seg: Segmentation, window: [number, number, number, number]): PlotArea[] {
  const [x0, y0, x1, y1] = window;
  const min = Math.max(AXES.minAxisPx, Math.round(AXES.minAxisShare * Math.min(x1 - x0, y1 - y0)));
  const hs = strokes(seg, window, true, min),
    vs = strokes(seg, window, false, min);
  const candidates: PlotArea[] = [];
  for (const h of hs) {
    for (const v of vs) {
      // Tick marks may prolong either axis past the corner by a few pixels.
      const meets =
        v.to >= h.a0 - AXES.cornerShort &&
        v.to <= h.a1 + AXES.cornerOver + AXES.cornerOverShare * (v.to - v.from) &&
        v.a0 >= h.from - AXES.cornerShort &&
        v.a0 <= h.from + AXES.cornerOver + AXES.cornerOverShare * (h.to - h.from);
      if (!meets) continue;
      const area: PlotArea = { left: v.a1, top: v.from, right: h.to, bottom: h.a0, hasXAxis: true, hasYAxis: true, yTicks: [], xTicks: [] };
      if (area.right - area.left >= AXES.minPlotSide && area.bottom - area.top >= AXES.minPlotSide) candidates.push(area);
    }
  }
  const size = (a: PlotArea) => (a.right - a.left) * (a.bottom - a.top);
  const kept: PlotArea[] = [];
  for (const a of candidates.sort((p, q) => size(q) - size(p))) {
    if (
      kept.some(
        (k) =>
          a.left >= k.left - AXES.nestSlack &&
          a.right <= k.right + AXES.nestSlack &&
          a.top >= k.top - AXES.nestSlack &&
          a.bottom <= k.bottom + AXES.nestSlack,
      )
    )
      continue;
    kept.push(a);
    if (kept.length >= AXES.maxAreas) break;
  }
  for (const a of kept) {
    a.yTicks = ticksAlong(seg, a, false);
    a.xTicks = ticksAlong(seg, a, true);
  }
  return kept;
}

/** Short perpendicular ink stubs 2..5 px beyond (outside) or within (inside) an axis line. */
function ticksAlong(seg: Segmentation, area: PlotArea, alongX: boolean): number[] {
  // Thin ticks are often only grey after anti-aliasing: anything but background counts.
  const ink = (x: number, y: number) => x >= 0 && y >= 0 && x < seg.width && y < seg.height && seg.labels[y * seg.width + x] !== BACKGROUND;
  const stubAt = (p: number, side: number) => {
    for (let k = AXES.stubFrom; k <= AXES.stubTo; k++) {
      const ok = alongX ? ink(p, area.bottom + side * k) : ink(area.left - side * k, p);
      if (!ok) return false;
    }
    return true;
  };
  const hits: number[] = [];
  const [from, to] = alongX ? [area.left + AXES.tickStartX, area.right - 1] : [area.top + 1, area.bottom - 1];
  for (let p = from; p <= to; p++) if (stubAt(p, 1) || stubAt(p, -1)) hits.push(p);
  // Centres of runs of consecutive hits; a run wider than a few pixels is a mark, not a tick.
  const centres: number[] = [];
  let start = -1;
  for (let i = 0; i <= hits.length; i++) {
    if (i < hits.length && start >= 0 && hits[i] === hits[i - 1] + 1) continue;
    if (start >= 0) {
      const a = hits[start],
        b = hits[i - 1];
      if (b - a <= AXES.maxTickRun) centres.push((a + b) / 2);
    }
    start = i;
  }
  return centres;
}
